// Generated from docs/openapi.json by `make openapi`; edit that file, not this one.

/// The API's OpenAPI 3.1 document, served at `/v1/openapi.json`.
public enum OpenAPIDocument {
    public static let json = #"""
{
  "openapi": "3.1.0",
  "info": {
    "title": "pinrender pin service",
    "version": "1.0.0",
    "description": "Comment pins of review apps (normalized 0..1 coordinates, threads one level deep, resolved flag) stored per content, with a change sequence for offline sync, live events over a WebSocket, and renders made by the same engine as `pinrender render`. Started with `pinrender serve`. Every change gets the next global sequence number `seq`; a cursor is the last `seq` a client has seen. Errors are `{\"status\", \"error\"}` with one line naming the field and index at fault; a conflict (409) and a deleted pin (410) add `current`. A failure of the server's own is a 500 whose error is `internal error ID` only: the server logged its details under that id (a JSON line on its standard error), never in the answer. Authentication: `Authorization: Bearer TOKEN` when the server was started with `--tokens FILE`, or `?access_token=` on the routes a browser reaches without headers (the events WebSocket, the renders) and no other (401); without tokens, everyone may do everything and the server listens on loopback only. Request bodies: a JSON body (a pin, an edit, a sync batch) is sent as `Content-Type: application/json` with a Content-Length and is at most 4 MiB (4194304 bytes; 413 past it, 411 without a length); an upload is sent as its document's type, `application/pdf`, `image/png` or `image/jpeg`, at most `--max-upload` bytes (64 MiB by default). Any other type is refused with 415, so that the requests a web page can make a browser send to any site without asking it first (forms, `text/plain`) never write. Browsers and CORS: the API grants no other origin (no `Access-Control-Allow-Origin`; a preflight `OPTIONS` is answered 405), so a page of another origin can read no answer; it may show renders in an `<img>`. The one exception is the W3C Web Annotation Protocol under `/annotations/`, for browser annotation clients: on a server with tokens its answers carry `Access-Control-Allow-Origin: *` and expose ETag, Link, Location, Allow and Vary, and its preflight is answered (the bearer token stays the check: a page cannot send a token it does not know). An import's body is sent as its type (`application/pdf`, `application/vnd.adobe.xfdf`, `application/ld+json`, or `application/xml`, `text/xml`, `application/json`), at most `--max-upload` bytes; an annotation as `application/ld+json` (or `application/json`), at most 4 MiB. Without tokens, every request must also be addressed to a loopback address or `localhost` (`Host`) and, when a browser sends `Origin`, come from the server's own origin (`http://` and that `Host`), else 403: no other site's page, nor a name of its own that resolves to 127.0.0.1 (DNS rebinding), reaches the API. A proxy in front passes `Host` on. Content and pin ids are 1 to 100 of `A-Z a-z 0-9 . _ -`, not starting with a dot, so that every id is one path segment as it is."
  },
  "servers": [{"url": "http://127.0.0.1:8080"}],
  "security": [{"bearer": []}, {}],
  "paths": {
    "/health": {
      "get": {
        "operationId": "health",
        "summary": "Whether the server takes changes, and counters",
        "description": "200 and status ok while the store takes writes: each call makes one (a counter of these probes), so a full disk, a read-only database or one that cannot be reached shows here before a client's change fails. Otherwise 503 with status store-unwritable (it may pass: space freed, the database back; the next call tells) or store-lost (with SQLite: pins.db or its WAL is no longer the file the server opened, deleted or replaced; nothing is saved until it is restored and the server restarted), and problem saying why. The server logs each change of that state on its standard error (a JSON line).",
        "security": [],
        "responses": {
          "200": {"description": "Running, the store takes writes", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Health"}}}},
          "503": {"description": "The store takes no writes: status and problem say why", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Health"}}}}
        }
      }
    },
    "/healthz": {
      "get": {
        "operationId": "healthz",
        "summary": "Liveness: the server's loop answers",
        "description": "200 and `ok` whenever the server's event loop answers, whatever the store does: a liveness probe (Kubernetes `livenessProbe`), which restarts a server only when it no longer answers at all.",
        "security": [],
        "responses": {
          "200": {"description": "The loop answers", "content": {"text/plain": {"schema": {"type": "string"}}}}
        }
      }
    },
    "/readyz": {
      "get": {
        "operationId": "readyz",
        "summary": "Readiness: the server takes work",
        "description": "200 and `ready` while the store takes writes (one is made, as /health does), a render worker can be started and no drain is under way; else 503 with one line per reason: `store-unwritable: ...` or `store-lost: ...` (see /health), `no render worker: ...`, `draining: ...` (after SIGTERM, on a connection opened before it). A readiness probe (Kubernetes `readinessProbe`, a load balancer's health check): a server that is not ready is sent no traffic, and is not restarted for it.",
        "security": [],
        "responses": {
          "200": {"description": "Ready", "content": {"text/plain": {"schema": {"type": "string"}}}},
          "503": {"description": "Not ready: a line per reason", "content": {"text/plain": {"schema": {"type": "string"}}}}
        }
      }
    },
    "/metrics": {
      "get": {
        "operationId": "metrics",
        "summary": "Metrics in Prometheus' text format",
        "description": "Prometheus' text exposition format, version 0.0.4 (`# HELP`, `# TYPE`, counters ending in `_total`, histograms as `_bucket{le=...}`, `_sum` and `_count`), since the server started: `pinrender_http_requests_total{route, method, status}` (route: the path template of this document, such as `/v1/contents/{contentId}/pins`, or `unmatched`), `pinrender_http_request_duration_seconds{route}` (from the headers to the end of the answer), `pinrender_event_clients`, `pinrender_events_sent_total`, `pinrender_render_queue_depth` (waiting or running), `pinrender_renders_running`, `pinrender_render_duration_seconds{kind}` (render or check, in the worker), `pinrender_store_operation_seconds{kind}` (read or write, a whole transaction), `pinrender_store_commits_total` (write transactions committed: writes waiting together commit in one), `pinrender_store_round_trips_total` (requests the writer sent to PostgreSQL and waited for). Open to all, as /health is: it tells counts and times, never an id, a path or a token.",
        "security": [],
        "responses": {
          "200": {"description": "The metrics", "content": {"text/plain": {"schema": {"type": "string"}}}}
        }
      }
    },
    "/v1/openapi.json": {
      "get": {
        "operationId": "openapi",
        "summary": "This document",
        "security": [],
        "responses": {"200": {"description": "The OpenAPI document", "content": {"application/json": {"schema": {"type": "object"}}}}}
      }
    },
    "/v1/contents": {
      "get": {
        "operationId": "listContents",
        "summary": "The contents the token may read",
        "responses": {
          "200": {"description": "Contents", "content": {"application/json": {"schema": {"type": "object", "required": ["contents"], "properties": {"contents": {"type": "array", "items": {"$ref": "#/components/schemas/Content"}}}}}}},
          "401": {"$ref": "#/components/responses/Error"},
          "503": {"$ref": "#/components/responses/Unavailable"}
        }
      }
    },
    "/v1/contents/{contentId}": {
      "parameters": [{"$ref": "#/components/parameters/contentId"}],
      "get": {
        "operationId": "getContent",
        "summary": "A content's metadata: kind, pages and their displayed sizes",
        "responses": {
          "200": {"description": "The content", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Content"}}}},
          "400": {"$ref": "#/components/responses/Error"}, "401": {"$ref": "#/components/responses/Error"},
          "403": {"$ref": "#/components/responses/Error"}, "404": {"$ref": "#/components/responses/Error"},
          "503": {"$ref": "#/components/responses/Unavailable"}
        }
      },
      "put": {
        "operationId": "uploadContent",
        "summary": "Upload (or replace) the PDF, PNG or JPEG of a content (role admin)",
        "description": "The body is the file itself, sent as its type (415 for any other), with a Content-Length (411 without one), at most --max-upload bytes (413), written to disk as it arrives (507 when the disk is full). The kind is read from the bytes. Before it is kept, a render worker checks it within the limits of one render (serve --render-max-memory, --render-timeout): it opens as a render opens it (a PDF with Poppler and qpdf, with at least one page), and every row of an image decodes (shrunk while decoding); 400 when it cannot be read (a PNG or JPEG cut short, an image of more than 400000000 pixels), 422 when reading it takes more memory or time than one render may, each naming the problem. Replacing a content keeps its pins and starts its render counts again.",
        "requestBody": {"required": true, "content": {"application/pdf": {"schema": {"type": "string", "contentMediaType": "application/pdf"}}, "image/png": {"schema": {"type": "string", "contentMediaType": "image/png"}}, "image/jpeg": {"schema": {"type": "string", "contentMediaType": "image/jpeg"}}}},
        "responses": {
          "200": {"description": "Replaced", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Content"}}}},
          "201": {"description": "Created", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Content"}}}},
          "400": {"$ref": "#/components/responses/Error"}, "401": {"$ref": "#/components/responses/Error"},
          "403": {"$ref": "#/components/responses/Error"}, "411": {"$ref": "#/components/responses/Error"},
          "413": {"$ref": "#/components/responses/Error"}, "415": {"$ref": "#/components/responses/Error"}, "422": {"$ref": "#/components/responses/Error"},
          "503": {"$ref": "#/components/responses/Unavailable"},
          "507": {"$ref": "#/components/responses/Error"}
        }
      }
    },
    "/v1/contents/{contentId}/pins": {
      "parameters": [{"$ref": "#/components/parameters/contentId"}],
      "get": {
        "operationId": "listPins",
        "summary": "The live pins, and the cursor to ask for changes after them",
        "responses": {
          "200": {"description": "Pins", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/PinList"}}}},
          "400": {"$ref": "#/components/responses/Error"}, "401": {"$ref": "#/components/responses/Error"},
          "403": {"$ref": "#/components/responses/Error"}, "404": {"$ref": "#/components/responses/Error"},
          "503": {"$ref": "#/components/responses/Unavailable"}
        }
      },
      "post": {
        "operationId": "createPin",
        "summary": "Create a pin or a reply (role comment); idempotent by the client's id",
        "description": "A pin with an id that exists already is answered with the stored pin and 200 (a retried create). A reply to a reply is attached to the root, and takes its page. contentId and createdAt may be left out (the URL's; now), resolved too (false).",
        "requestBody": {"required": true, "content": {"application/json": {"schema": {"$ref": "#/components/schemas/PinInput"}}}},
        "responses": {
          "200": {"description": "The pin existed: as stored", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/StoredPin"}}}},
          "201": {"description": "Created", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/StoredPin"}}}},
          "400": {"$ref": "#/components/responses/Error"}, "401": {"$ref": "#/components/responses/Error"},
          "403": {"$ref": "#/components/responses/Error"}, "404": {"$ref": "#/components/responses/Error"},
          "410": {"$ref": "#/components/responses/Error"}, "411": {"$ref": "#/components/responses/Error"},
          "413": {"$ref": "#/components/responses/Error"}, "415": {"$ref": "#/components/responses/Error"},
          "503": {"$ref": "#/components/responses/Unavailable"}
        }
      }
    },
    "/v1/contents/{contentId}/pins/{pinId}": {
      "parameters": [{"$ref": "#/components/parameters/contentId"}, {"$ref": "#/components/parameters/pinId"}],
      "get": {
        "operationId": "getPin",
        "summary": "One pin",
        "responses": {
          "200": {"description": "The pin", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/StoredPin"}}}},
          "400": {"$ref": "#/components/responses/Error"}, "401": {"$ref": "#/components/responses/Error"},
          "403": {"$ref": "#/components/responses/Error"}, "404": {"$ref": "#/components/responses/Error"},
          "410": {"$ref": "#/components/responses/Error"},
          "503": {"$ref": "#/components/responses/Unavailable"}
        }
      },
      "patch": {
        "operationId": "editPin",
        "summary": "Edit text, point, page or resolved, with the version the client saw (role comment)",
        "requestBody": {"required": true, "content": {"application/json": {"schema": {"$ref": "#/components/schemas/PinEdit"}}}},
        "responses": {
          "200": {"description": "The edited pin (version + 1)", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/StoredPin"}}}},
          "400": {"$ref": "#/components/responses/Error"}, "401": {"$ref": "#/components/responses/Error"},
          "403": {"$ref": "#/components/responses/Error"}, "404": {"$ref": "#/components/responses/Error"},
          "409": {"$ref": "#/components/responses/Error"}, "410": {"$ref": "#/components/responses/Error"},
          "411": {"$ref": "#/components/responses/Error"}, "413": {"$ref": "#/components/responses/Error"}, "415": {"$ref": "#/components/responses/Error"},
          "503": {"$ref": "#/components/responses/Unavailable"}
        }
      },
      "delete": {
        "operationId": "deletePin",
        "summary": "Delete a pin and, for a root, its replies (role comment); tombstones stay in the changes",
        "parameters": [{"name": "version", "in": "query", "required": false, "description": "Refuse (409) unless the pin is at this version", "schema": {"type": "integer", "minimum": 1}}],
        "responses": {
          "200": {"description": "The tombstones (none when it was deleted already)", "content": {"application/json": {"schema": {"type": "object", "required": ["deleted"], "properties": {"deleted": {"type": "array", "items": {"$ref": "#/components/schemas/StoredPin"}}}}}}},
          "400": {"$ref": "#/components/responses/Error"}, "401": {"$ref": "#/components/responses/Error"},
          "403": {"$ref": "#/components/responses/Error"}, "404": {"$ref": "#/components/responses/Error"},
          "409": {"$ref": "#/components/responses/Error"},
          "503": {"$ref": "#/components/responses/Unavailable"}
        }
      }
    },
    "/v1/contents/{contentId}/changes": {
      "parameters": [{"$ref": "#/components/parameters/contentId"}],
      "get": {
        "operationId": "listChanges",
        "summary": "Pins and tombstones changed after a cursor, each once as it is now, oldest change first",
        "parameters": [
          {"$ref": "#/components/parameters/since"},
          {"name": "limit", "in": "query", "required": false, "schema": {"type": "integer", "minimum": 1, "maximum": 10000, "default": 1000}}
        ],
        "responses": {
          "200": {"description": "Changes; ask again with cursor while more is true", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/ChangeList"}}}},
          "400": {"$ref": "#/components/responses/Error"}, "401": {"$ref": "#/components/responses/Error"},
          "403": {"$ref": "#/components/responses/Error"}, "404": {"$ref": "#/components/responses/Error"},
          "503": {"$ref": "#/components/responses/Unavailable"}
        }
      }
    },
    "/v1/contents/{contentId}/events": {
      "parameters": [{"$ref": "#/components/parameters/contentId"}],
      "get": {
        "operationId": "events",
        "security": [{"bearer": []}, {"accessToken": []}, {}],
        "summary": "WebSocket of the content's changes: replay after since, then ready, then live",
        "description": "Upgrade to a WebSocket. Text messages are Event objects: the changes after `since` (each pin once, as it is now), then `{\"type\": \"ready\", \"cursor\"}`, then every change as it happens (`pin.created`, `pin.updated`, `pin.resolved`, `pin.moved` (a new revision moved it: its `carry` says how), `pin.deleted`), each with its `seq`, and `heartbeat` messages. No event is missed or repeated between the replay and the live ones. A client that leaves more than the server's backlog limit (1 MiB by default) unread is closed with code 4000 (resync): it reloads the pins or the changes after its last seq, and reconnects with since = that seq. The socket is one way: a client's messages are dropped, and it may send 100 at once, then 10 a second (pongs, pings, its close), each at most 4 KiB; past that it is closed with 1008 (policy) or 1009 (too big). A since past the newest change is refused before the upgrade, with 400 naming the newest cursor: the client reloads the pins and goes on from their cursor. Everything queued for a client counts against its backlog, the answers to its pings included. A page of another origin is refused (403) on a server without tokens; under `--tokens` a browser passes the token as `access_token`. With `batch=true` every message is instead a JSON array of these Event objects, in order: all those ready when the server wrote (a busy content's changes, a page of the replay), one write instead of one per event.",
        "parameters": [{"$ref": "#/components/parameters/since"},
          {"name": "batch", "in": "query", "required": false, "description": "true: each message is an array of events", "schema": {"type": "boolean", "default": false}}],
        "responses": {
          "101": {"description": "Switching to the WebSocket protocol"},
          "400": {"$ref": "#/components/responses/Error"}, "401": {"$ref": "#/components/responses/Error"},
          "403": {"$ref": "#/components/responses/Error"}, "404": {"$ref": "#/components/responses/Error"},
          "503": {"$ref": "#/components/responses/Unavailable"}
        }
      }
    },
    "/v1/contents/{contentId}/render.png": {
      "parameters": [{"$ref": "#/components/parameters/contentId"}],
      "get": {
        "operationId": "renderPNG",
        "security": [{"bearer": []}, {"accessToken": []}, {}],
        "summary": "A page with its current pins, as `pinrender render ... -o page.png` draws it with the same options",
        "description": "The options are those of pinrender render, by their keys. Drawn by one of the service's render workers (serve --render-workers, 2 by default: long-lived processes of their own, one render at a time each; with --render-workers 0 and --db, by render-worker --db processes on any machine), within the service's limits for one render: past serve --render-max-memory (resident memory, default 1 GiB) or serve --render-timeout (default 120 s) the answer is a 422 naming the limit; a worker that ends without answering is a 500; the service goes on either way. A bad option is a 400 naming it (a device screen larger than 32767 pixels a side, or than 400000000 pixels, included). Failures other than 400 are counted in the content's `renders`. Identical requests in flight are drawn once; answers are cached (serve --render-cache) by content, its upload, its pins' last change and the options, which the ETag is made of. Past serve --render-queue renders waiting for a worker, a 503 with Retry-After (seconds).",
        "parameters": [
          {"name": "revision", "in": "query", "description": "an older revision of the document (GET .../revisions), drawn with each pin where it was on that revision (the places its later carry reports read; a pin created on a later revision is not drawn); default the latest", "schema": {"type": "integer", "minimum": 1}},
          {"name": "page", "in": "query", "schema": {"type": "integer", "minimum": 1, "default": 1}},
          {"name": "dpi", "in": "query", "schema": {"type": "number", "exclusiveMinimum": 0}},
          {"name": "scale", "in": "query", "schema": {"type": "number", "exclusiveMinimum": 0}},
          {"name": "width", "in": "query", "schema": {"type": "integer", "minimum": 1}},
          {"name": "height", "in": "query", "schema": {"type": "integer", "minimum": 1}},
          {"name": "device", "in": "query", "description": "a device preset (pinrender devices), NAME@landscape or WxH@S", "schema": {"type": "string"}},
          {"name": "zoom", "in": "query", "schema": {"type": "number", "minimum": 1}},
          {"name": "offset", "in": "query", "description": "X,Y", "schema": {"type": "string"}},
          {"name": "focus", "in": "query", "description": "a pin id to center", "schema": {"type": "string"}},
          {"name": "safeArea", "in": "query", "schema": {"type": "boolean"}},
          {"name": "tooltips", "in": "query", "schema": {"type": "string", "enum": ["auto", "all", "margin", "none"]}},
          {"name": "cluster", "in": "query", "schema": {"type": "string", "enum": ["auto", "off"]}},
          {"name": "include", "in": "query", "schema": {"type": "string", "enum": ["open", "resolved", "all"]}},
          {"name": "timezone", "in": "query", "schema": {"type": "string"}},
          {"name": "If-None-Match", "in": "header", "schema": {"type": "string"}}
        ],
        "responses": {
          "200": {"description": "The PNG", "headers": {"ETag": {"schema": {"type": "string"}}}, "content": {"image/png": {"schema": {"type": "string", "contentMediaType": "image/png"}}}},
          "304": {"description": "The client's copy is current"},
          "400": {"$ref": "#/components/responses/Error"}, "401": {"$ref": "#/components/responses/Error"},
          "403": {"$ref": "#/components/responses/Error"}, "404": {"$ref": "#/components/responses/Error"},
          "422": {"$ref": "#/components/responses/Error"}, "500": {"$ref": "#/components/responses/Error"},
          "503": {"$ref": "#/components/responses/Error"}
        }
      }
    },
    "/v1/contents/{contentId}/render.pdf": {
      "parameters": [{"$ref": "#/components/parameters/contentId"}],
      "get": {
        "operationId": "renderPDF",
        "security": [{"bearer": []}, {"accessToken": []}, {}],
        "summary": "The review export with the current pins, as `pinrender render ... -o review.pdf`",
        "description": "Every page unless `page` picks one. Drawn by one of the service's render workers (serve --render-workers, 2 by default: long-lived processes of their own, one render at a time each; with --render-workers 0 and --db, by render-worker --db processes on any machine), within the service's limits for one render: past serve --render-max-memory (resident memory, default 1 GiB) or serve --render-timeout (default 120 s) the answer is a 422 naming the limit; a worker that ends without answering is a 500; the service goes on either way. A bad option is a 400 naming it (a device screen larger than 32767 pixels a side, or than 400000000 pixels, included). Failures other than 400 are counted in the content's `renders`. Identical requests in flight are drawn once; answers are cached (serve --render-cache) by content, its upload, its pins' last change and the options, which the ETag is made of. Past serve --render-queue renders waiting for a worker, a 503 with Retry-After (seconds).",
        "parameters": [
          {"name": "revision", "in": "query", "description": "an older revision of the document (GET .../revisions), drawn with each pin where it was on that revision (the places its later carry reports read; a pin created on a later revision is not drawn); default the latest", "schema": {"type": "integer", "minimum": 1}},
          {"name": "page", "in": "query", "description": "one page (default: all)", "schema": {"type": "integer", "minimum": 1}},
          {"name": "tooltips", "in": "query", "schema": {"type": "string", "enum": ["auto", "all", "none"]}},
          {"name": "cluster", "in": "query", "schema": {"type": "string", "enum": ["auto", "off"]}},
          {"name": "include", "in": "query", "schema": {"type": "string", "enum": ["open", "resolved", "all"]}},
          {"name": "timezone", "in": "query", "schema": {"type": "string"}},
          {"name": "If-None-Match", "in": "header", "schema": {"type": "string"}}
        ],
        "responses": {
          "200": {"description": "The PDF", "headers": {"ETag": {"schema": {"type": "string"}}}, "content": {"application/pdf": {"schema": {"type": "string", "contentMediaType": "application/pdf"}}}},
          "304": {"description": "The client's copy is current"},
          "400": {"$ref": "#/components/responses/Error"}, "401": {"$ref": "#/components/responses/Error"},
          "403": {"$ref": "#/components/responses/Error"}, "404": {"$ref": "#/components/responses/Error"},
          "422": {"$ref": "#/components/responses/Error"}, "500": {"$ref": "#/components/responses/Error"},
          "503": {"$ref": "#/components/responses/Error"}
        }
      }
    },
    "/v1/contents/{contentId}/viewport": {
      "parameters": [{"$ref": "#/components/parameters/contentId"}],
      "get": {
        "operationId": "viewport",
        "summary": "Where render.png with the same query puts the page on a device screen, in points",
        "description": "The Viewport of the render (aspect fit in the screen less its safe area with `safeArea`, zoom, centering inset, the offset asked for or the one centering `focus`, clamped): the live page maps a click on a device render to normalized coordinates with it. Read by the render's option parser; the render's other options may be given and change nothing here. A bad option, a query without `device`, or a `focus` that is no root pin on the page (among those `include` keeps) is a 400 naming it.",
        "parameters": [
          {"name": "device", "in": "query", "required": true, "description": "a device preset (pinrender devices), NAME@landscape or WxH@S", "schema": {"type": "string"}},
          {"name": "revision", "in": "query", "description": "an older revision of the document (GET .../revisions): its page, as render.png?revision=N draws it; default the latest", "schema": {"type": "integer", "minimum": 1}},
          {"name": "page", "in": "query", "schema": {"type": "integer", "minimum": 1, "default": 1}},
          {"name": "zoom", "in": "query", "schema": {"type": "number", "minimum": 1}},
          {"name": "offset", "in": "query", "description": "X,Y", "schema": {"type": "string"}},
          {"name": "focus", "in": "query", "description": "a pin id to center", "schema": {"type": "string"}},
          {"name": "safeArea", "in": "query", "schema": {"type": "boolean"}},
          {"name": "include", "in": "query", "schema": {"type": "string", "enum": ["open", "resolved", "all"]}}
        ],
        "responses": {
          "200": {"description": "The screen and where the page lies on it", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Viewport"}}}},
          "400": {"$ref": "#/components/responses/Error"}, "401": {"$ref": "#/components/responses/Error"},
          "403": {"$ref": "#/components/responses/Error"}, "404": {"$ref": "#/components/responses/Error"},
          "503": {"$ref": "#/components/responses/Unavailable"}
        }
      }
    },
    "/v1/contents/{contentId}/import": {
      "parameters": [{"$ref": "#/components/parameters/contentId"}],
      "post": {
        "operationId": "importComments",
        "summary": "Create pins from a PDF's comments, an XFDF or a W3C Web Annotation document (role comment)",
        "description": "The body is read as `pinrender import` reads a file (docs/INTERCHANGE.md), by a worker within the time and memory of one render (--render-timeout, --render-max-memory; 422 past them): a PDF's comments placed on its own pages, an XFDF or W3C document placed on the content's document (its page boxes and rotation). The format is `format`, else the body's type (application/pdf, application/vnd.adobe.xfdf, application/ld+json), else its first bytes (application/xml, text/xml, application/json). At most --max-upload bytes (413), with a Content-Length (411). The pins are created as any create is, with its checks and events (pin.created), in steps of 50 between which other writes go. Idempotent by the imported ids (an id that is no pin id is made one: its other characters as `_` and 12 hex digits of its SHA-256): a comment whose id is here with the same text, author, date, place, thread and resolved is `skipped`; one whose pin differs (edited here since, or elsewhere) is kept as it is and named in `warnings`; a deleted pin is not brought back. A body that cannot be read is a 400 naming the annotation and field (`body: items[2].target.selector.value: ...`); a comment that cannot be placed is left out with a warning.",
        "parameters": [
          {"name": "format", "in": "query", "schema": {"type": "string", "enum": ["pdf", "xfdf", "w3c"]}}
        ],
        "requestBody": {
          "required": true,
          "content": {
            "application/pdf": {"schema": {"type": "string", "contentMediaType": "application/pdf"}},
            "application/vnd.adobe.xfdf": {"schema": {"type": "string"}},
            "application/xml": {"schema": {"type": "string"}},
            "text/xml": {"schema": {"type": "string"}},
            "application/ld+json": {"schema": {"type": "object"}},
            "application/json": {"schema": {"type": "object"}}
          }
        },
        "responses": {
          "200": {"description": "What was created, skipped and left out", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/ImportAnswer"}}}},
          "400": {"$ref": "#/components/responses/Error"}, "401": {"$ref": "#/components/responses/Error"},
          "403": {"$ref": "#/components/responses/Error"}, "404": {"$ref": "#/components/responses/Error"},
          "411": {"$ref": "#/components/responses/Error"}, "413": {"$ref": "#/components/responses/Error"},
          "415": {"$ref": "#/components/responses/Error"}, "422": {"$ref": "#/components/responses/Error"},
          "507": {"$ref": "#/components/responses/Error"},
          "503": {"$ref": "#/components/responses/Unavailable"}
        }
      }
    },
    "/v1/contents/{contentId}/pins.xfdf": {
      "parameters": [{"$ref": "#/components/parameters/contentId"}],
      "get": {
        "operationId": "exportXFDF",
        "summary": "The live pins as XFDF: the bytes `pinrender export --format xfdf --document` writes for them and the content's PDF",
        "description": "`<f href>` is the content's file name (`CONTENT.pdf`), `<ids>` its /ID. An image has no XFDF: 422.",
        "parameters": [
          {"name": "revision", "in": "query", "description": "an older revision of the document (GET .../revisions): its file's pages and /ID, with each pin where it was on that revision; default the latest", "schema": {"type": "integer", "minimum": 1}}
        ],
        "responses": {
          "200": {"description": "XFDF", "content": {"application/vnd.adobe.xfdf": {"schema": {"type": "string"}}}},
          "400": {"$ref": "#/components/responses/Error"}, "401": {"$ref": "#/components/responses/Error"},
          "403": {"$ref": "#/components/responses/Error"}, "404": {"$ref": "#/components/responses/Error"},
          "422": {"$ref": "#/components/responses/Error"},
          "503": {"$ref": "#/components/responses/Unavailable"}
        }
      }
    },
    "/v1/contents/{contentId}/pins.jsonld": {
      "parameters": [{"$ref": "#/components/parameters/contentId"}],
      "get": {
        "operationId": "exportW3C",
        "summary": "The live pins as a W3C AnnotationPage: the bytes `pinrender export --format w3c --base-url http://HOST` writes for them",
        "description": "The ids are this server's protocol IRIs (`http://HOST/annotations/CONTENT/PIN`, HOST the request's Host).",
        "parameters": [
          {"name": "revision", "in": "query", "description": "an older revision of the document (GET .../revisions): its pins, with each pin where it was on that revision; default the latest", "schema": {"type": "integer", "minimum": 1}}
        ],
        "responses": {
          "200": {"description": "An AnnotationPage", "content": {"application/ld+json": {"schema": {"$ref": "#/components/schemas/AnnotationPage"}}}},
          "400": {"$ref": "#/components/responses/Error"}, "401": {"$ref": "#/components/responses/Error"},
          "403": {"$ref": "#/components/responses/Error"}, "404": {"$ref": "#/components/responses/Error"},
          "503": {"$ref": "#/components/responses/Unavailable"}
        }
      }
    },
    "/v1/contents/{contentId}/revisions": {
      "parameters": [{"$ref": "#/components/parameters/contentId"}],
      "get": {
        "operationId": "listRevisions",
        "summary": "The revisions of a content's document, oldest first (1: the first upload)",
        "description": "Until a revision is posted, the content's file alone is revision 1.",
        "responses": {
          "200": {"description": "The revisions", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/RevisionList"}}}},
          "400": {"$ref": "#/components/responses/Error"}, "401": {"$ref": "#/components/responses/Error"},
          "403": {"$ref": "#/components/responses/Error"}, "404": {"$ref": "#/components/responses/Error"},
          "503": {"$ref": "#/components/responses/Unavailable"}
        }
      },
      "post": {
        "operationId": "uploadRevision",
        "summary": "Upload a new revision of the document and carry the pins to it, as `pinrender carry` does (role admin)",
        "description": "The body is the new file, as an upload's (its type, a Content-Length, at most --max-upload bytes, checked by a render worker: 400 when it cannot be read, 422 past a render's limits). A render worker then carries the content's live pins from its latest revision to the new one within the limits of one render, as `pinrender carry OLD NEW` does (docs/CARRY.md): each root pin mapped through its page's transform and refined on the content under it, with a verdict `same`, `moved`, `changed` (a person should look) or `gone` (a gone pin keeps its point). In one transaction the file becomes the content's (renders show it; the one before stays, at ?revision=N), the revision is numbered and its report kept, and every root pin whose place or verdict changed is edited: its new page and point and its `carry` (`same` leaves none), each edit an event, `pin.moved` when its place changed. Replies follow their root. Edits made while the carry ran are kept: a pin whose place is the one the carry read gets the carried place on top of them (its text, resolved); a root pin moved or created meanwhile (on the old revision) keeps that place, flagged `changed` with confidence 0 and `from` that place, and the report lists it under `meanwhile`. A revision that matches nothing is no error: every pin is `gone` (report `match: false`).",
        "requestBody": {"required": true, "content": {"application/pdf": {"schema": {"type": "string", "contentMediaType": "application/pdf"}}, "image/png": {"schema": {"type": "string", "contentMediaType": "image/png"}}, "image/jpeg": {"schema": {"type": "string", "contentMediaType": "image/jpeg"}}}},
        "responses": {
          "201": {"description": "The revision, the content, the carry's report and the pins edited", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/RevisionAnswer"}}}},
          "400": {"$ref": "#/components/responses/Error"}, "401": {"$ref": "#/components/responses/Error"},
          "403": {"$ref": "#/components/responses/Error"}, "404": {"$ref": "#/components/responses/Error"},
          "411": {"$ref": "#/components/responses/Error"}, "413": {"$ref": "#/components/responses/Error"},
          "415": {"$ref": "#/components/responses/Error"}, "422": {"$ref": "#/components/responses/Error"},
          "500": {"$ref": "#/components/responses/Error"},
          "503": {"$ref": "#/components/responses/Unavailable"},
          "507": {"$ref": "#/components/responses/Error"}
        }
      }
    },
    "/v1/contents/{contentId}/revisions/{number}": {
      "parameters": [{"$ref": "#/components/parameters/contentId"},
        {"name": "number", "in": "path", "required": true, "schema": {"type": "integer", "minimum": 1}}],
      "get": {
        "operationId": "getRevision",
        "summary": "One revision and the report of the carry that brought the pins to it (null for revision 1)",
        "responses": {
          "200": {"description": "The revision", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/RevisionReport"}}}},
          "400": {"$ref": "#/components/responses/Error"}, "401": {"$ref": "#/components/responses/Error"},
          "403": {"$ref": "#/components/responses/Error"}, "404": {"$ref": "#/components/responses/Error"},
          "503": {"$ref": "#/components/responses/Unavailable"}
        }
      }
    },
    "/annotations/{contentId}/": {
      "parameters": [{"$ref": "#/components/parameters/contentId"}],
      "get": {
        "operationId": "annotationContainer",
        "summary": "The W3C Web Annotation Protocol's container of a content (LDP BasicContainer and AnnotationCollection), or one of its pages",
        "description": "Without `page`: the container, `total`, `first` and `last`, its first page embedded with the annotations' descriptions (the default, or `Prefer: return=representation; include=\"http://www.w3.org/ns/oa#PreferContainedDescriptions\"`), with their IRIs (`oa#PreferContainedIRIs`, or `iris=1`), or only linked (`ldp#PreferMinimalContainer`); `Preference-Applied` says a preference was read; the representations with descriptions and with IRIs have IRIs of their own (`?iris=0`, `?iris=1`, in Content-Location). With `page` (from 0): an AnnotationPage of at most 100 annotations with `partOf`, `startIndex`, `next`, `prev`; a page past the last is a 404. Each thread's root, then its replies, in the order of pins.jsonld. ETag of the representation, 304 for If-None-Match; a refusal of the container (not of a page) carries the container's current ETag too. JSON-LD, or the same RDF as Turtle for an Accept that prefers text/turtle (quality values respected; JSON-LD on a tie or without Accept; 406 for an Accept that takes neither; Vary: Accept), each with an ETag of its own. docs/INTERCHANGE.md lists the protocol's MUSTs and SHOULDs met.",
        "parameters": [
          {"name": "page", "in": "query", "schema": {"type": "integer", "minimum": 0}},
          {"name": "iris", "in": "query", "description": "1: the representation with the annotations' IRIs; 0: with their descriptions (default: as Prefer asks)", "schema": {"type": "integer", "enum": [0, 1]}},
          {"name": "Prefer", "in": "header", "schema": {"type": "string"}}
        ],
        "responses": {
          "200": {"description": "The container or a page", "headers": {"ETag": {"$ref": "#/components/headers/ETag"}, "Link": {"description": "the container's type and constraints (a page, not a container, has none)", "schema": {"type": "string"}}, "Allow": {"$ref": "#/components/headers/Allow"}, "Vary": {"$ref": "#/components/headers/Vary"}}, "content": {"application/ld+json": {"schema": {"oneOf": [{"$ref": "#/components/schemas/AnnotationContainer"}, {"$ref": "#/components/schemas/AnnotationPage"}]}}, "text/turtle": {"schema": {"type": "string", "description": "the same RDF as the JSON-LD"}}}},
          "304": {"description": "Not modified"},
          "400": {"$ref": "#/components/responses/Error"}, "401": {"$ref": "#/components/responses/Error"},
          "403": {"$ref": "#/components/responses/Error"}, "404": {"$ref": "#/components/responses/Error"},
          "406": {"$ref": "#/components/responses/Error"},
          "503": {"$ref": "#/components/responses/Unavailable"}
        }
      },
      "post": {
        "operationId": "createAnnotation",
        "summary": "Create an annotation: a pin, or a reply when its motivation is replying and its target an annotation of the container (role comment)",
        "description": "Mapped as an import maps a W3C annotation: its point from a FragmentSelector (page=N, xywh=percent: or xywh=pixel:), a PointSelector or an SvgSelector; its text from the TextualBody; `resolved` pinrender's term. The id is `Slug` when that is a pin id no pin of the content has, else a new one; the body's own `id` is not kept but copied to `via` (when it is an IRI; else a given `via` is kept), and `canonical` is kept unchanged (other bodies and targets are not kept); either, when not an absolute IRI of at most 2048 characters, is a 400 naming it. Created at `created` (else now), by `creator` (else the token's name, or anonymous). 201 with Location and the annotation as stored; the pin has the events of any create. An annotation that cannot be placed is a 400 naming its target.",
        "parameters": [{"name": "Slug", "in": "header", "schema": {"type": "string"}}],
        "requestBody": {"required": true, "content": {"application/ld+json": {"schema": {"$ref": "#/components/schemas/AnnotationInput"}}, "application/json": {"schema": {"$ref": "#/components/schemas/AnnotationInput"}}}},
        "responses": {
          "201": {"description": "Created", "headers": {"ETag": {"$ref": "#/components/headers/ETag"}, "Link": {"$ref": "#/components/headers/Link"}, "Allow": {"$ref": "#/components/headers/Allow"}, "Vary": {"$ref": "#/components/headers/Vary"}}, "content": {"application/ld+json": {"schema": {"$ref": "#/components/schemas/Annotation"}}, "text/turtle": {"schema": {"type": "string", "description": "the same RDF as the JSON-LD"}}}},
          "400": {"$ref": "#/components/responses/Error"}, "401": {"$ref": "#/components/responses/Error"},
          "403": {"$ref": "#/components/responses/Error"}, "404": {"$ref": "#/components/responses/Error"},
          "406": {"$ref": "#/components/responses/Error"}, "410": {"$ref": "#/components/responses/Error"},
          "411": {"$ref": "#/components/responses/Error"}, "413": {"$ref": "#/components/responses/Error"},
          "415": {"$ref": "#/components/responses/Error"},
          "503": {"$ref": "#/components/responses/Unavailable"}
        }
      },
      "options": {
        "operationId": "annotationContainerOptions",
        "summary": "The container's methods; a browser's CORS preflight (with --tokens)",
        "security": [],
        "responses": {
          "200": {"description": "Allow (and, for a preflight on a server with tokens, the Access-Control-Allow headers); the container's ETag for a client that may read it", "headers": {"Allow": {"$ref": "#/components/headers/Allow"}, "ETag": {"$ref": "#/components/headers/ETag"}}},
          "400": {"$ref": "#/components/responses/Error"}, "403": {"$ref": "#/components/responses/Error"}
        }
      }
    },
    "/annotations/{contentId}/{pinId}": {
      "parameters": [{"$ref": "#/components/parameters/contentId"}, {"$ref": "#/components/parameters/pinId"}],
      "get": {
        "operationId": "getAnnotation",
        "summary": "One pin as a W3C annotation",
        "description": "ETag: the seq of the pin's last change (with -ttl for the Turtle; 304 for If-None-Match; If-Match takes either); a deleted pin is a 410. JSON-LD, or Turtle for an Accept that prefers text/turtle (406 for one that takes neither).",
        "responses": {
          "200": {"description": "The annotation", "headers": {"ETag": {"$ref": "#/components/headers/ETag"}, "Link": {"$ref": "#/components/headers/Link"}, "Allow": {"$ref": "#/components/headers/Allow"}, "Vary": {"$ref": "#/components/headers/Vary"}}, "content": {"application/ld+json": {"schema": {"$ref": "#/components/schemas/Annotation"}}, "text/turtle": {"schema": {"type": "string", "description": "the same RDF as the JSON-LD"}}}},
          "304": {"description": "Not modified"},
          "400": {"$ref": "#/components/responses/Error"}, "401": {"$ref": "#/components/responses/Error"},
          "403": {"$ref": "#/components/responses/Error"}, "404": {"$ref": "#/components/responses/Error"},
          "406": {"$ref": "#/components/responses/Error"}, "410": {"$ref": "#/components/responses/Error"},
          "503": {"$ref": "#/components/responses/Unavailable"}
        }
      },
      "put": {
        "operationId": "replaceAnnotation",
        "summary": "Replace an annotation (role comment): its text, and for a root its place and resolved (kept when absent)",
        "description": "The pin is edited as a PATCH edits it (pin.updated or pin.resolved); its author, date and thread stay, and so do `canonical` and `via` once set: left out they are kept, one not set yet is taken, a changed one is a 409 naming it (with `current`). If-Match other than its ETag (or *) is a 412; a body whose id is another annotation's, or that makes a root a reply or a reply a root, is a 400.",
        "parameters": [{"name": "If-Match", "in": "header", "schema": {"type": "string"}}],
        "requestBody": {"required": true, "content": {"application/ld+json": {"schema": {"$ref": "#/components/schemas/AnnotationInput"}}, "application/json": {"schema": {"$ref": "#/components/schemas/AnnotationInput"}}}},
        "responses": {
          "200": {"description": "As stored now", "headers": {"ETag": {"$ref": "#/components/headers/ETag"}, "Link": {"$ref": "#/components/headers/Link"}, "Allow": {"$ref": "#/components/headers/Allow"}, "Vary": {"$ref": "#/components/headers/Vary"}}, "content": {"application/ld+json": {"schema": {"$ref": "#/components/schemas/Annotation"}}, "text/turtle": {"schema": {"type": "string", "description": "the same RDF as the JSON-LD"}}}},
          "400": {"$ref": "#/components/responses/Error"}, "401": {"$ref": "#/components/responses/Error"},
          "403": {"$ref": "#/components/responses/Error"}, "404": {"$ref": "#/components/responses/Error"},
          "406": {"$ref": "#/components/responses/Error"}, "409": {"$ref": "#/components/responses/Error"},
          "410": {"$ref": "#/components/responses/Error"}, "411": {"$ref": "#/components/responses/Error"},
          "412": {"$ref": "#/components/responses/Error"}, "413": {"$ref": "#/components/responses/Error"},
          "415": {"$ref": "#/components/responses/Error"},
          "503": {"$ref": "#/components/responses/Unavailable"}
        }
      },
      "delete": {
        "operationId": "deleteAnnotation",
        "summary": "Delete an annotation (role comment); a root's replies go with it (pin.deleted)",
        "parameters": [{"name": "If-Match", "in": "header", "schema": {"type": "string"}}],
        "responses": {
          "204": {"description": "Deleted"},
          "400": {"$ref": "#/components/responses/Error"}, "401": {"$ref": "#/components/responses/Error"},
          "403": {"$ref": "#/components/responses/Error"}, "404": {"$ref": "#/components/responses/Error"},
          "409": {"$ref": "#/components/responses/Error"}, "410": {"$ref": "#/components/responses/Error"},
          "412": {"$ref": "#/components/responses/Error"},
          "503": {"$ref": "#/components/responses/Unavailable"}
        }
      },
      "options": {
        "operationId": "annotationOptions",
        "summary": "The annotation's methods; a browser's CORS preflight (with --tokens)",
        "security": [],
        "responses": {
          "200": {"description": "Allow (and, for a preflight on a server with tokens, the Access-Control-Allow headers)", "headers": {"Allow": {"$ref": "#/components/headers/Allow"}}},
          "400": {"$ref": "#/components/responses/Error"}, "403": {"$ref": "#/components/responses/Error"}
        }
      }
    },
    "/v1/sync": {
      "post": {
        "operationId": "sync",
        "summary": "Apply an offline client's batch of changes on one content; answer with the server's changes after its cursor (role comment)",
        "description": "Each change is applied or refused on its own, in order, with a reason. A changeId is the client's own on the content (the client: its bearer token; everyone is one client without --tokens): one the same client sent before on the same content gets its first outcome again (replayed: true) and changes nothing, so a batch is safe to send again whole; another client's or another content's is another change. 400 only when the batch itself cannot be read: a change without its changeId or op, a changeId twice in the batch (the error names both indexes), a cursor past the newest change (the error names the newest); nothing of such a batch is applied. A 503 may come after some changes were applied: send the batch again whole.",
        "requestBody": {"required": true, "content": {"application/json": {"schema": {"$ref": "#/components/schemas/SyncRequest"}}}},
        "responses": {
          "200": {"description": "Outcomes and changes", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/SyncAnswer"}}}},
          "400": {"$ref": "#/components/responses/Error"}, "401": {"$ref": "#/components/responses/Error"},
          "403": {"$ref": "#/components/responses/Error"}, "404": {"$ref": "#/components/responses/Error"},
          "411": {"$ref": "#/components/responses/Error"}, "413": {"$ref": "#/components/responses/Error"}, "415": {"$ref": "#/components/responses/Error"},
          "503": {"$ref": "#/components/responses/Unavailable"}
        }
      }
    }
  },
  "components": {
    "securitySchemes": {
      "bearer": {"type": "http", "scheme": "bearer"},
      "accessToken": {"type": "apiKey", "in": "query", "name": "access_token", "description": "the bearer token in the query, for what a browser reaches without headers: the events WebSocket and the renders only"}
    },
    "parameters": {
      "contentId": {"name": "contentId", "in": "path", "required": true, "schema": {"type": "string", "pattern": "^[A-Za-z0-9_-][A-Za-z0-9._-]{0,99}$"}},
      "pinId": {"name": "pinId", "in": "path", "required": true, "schema": {"type": "string", "pattern": "^[A-Za-z0-9_-][A-Za-z0-9._-]{0,99}$"}},
      "since": {"name": "since", "in": "query", "required": false, "description": "a cursor: the seq of the last change seen (0: from the start); one past the newest change is no cursor of this store (made up, another store's, or this one's before it was replaced): 400, whose error names the newest", "schema": {"type": "integer", "minimum": 0, "default": 0}}
    },
    "responses": {
      "Error": {"description": "An error", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}}},
      "Unavailable": {"description": "The store takes no change now (a full disk, a read-only or unreachable database; with SQLite its file deleted or replaced): nothing was changed; /health says why", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}}}
    },
    "headers": {
      "ETag": {"required": true, "schema": {"type": "string"}},
      "Link": {"required": true, "description": "the resource's LDP type (ldp:BasicContainer, ldp:Resource) and, on a container, ldp:constrainedBy the protocol", "schema": {"type": "string"}},
      "Allow": {"required": true, "schema": {"type": "string"}},
      "Vary": {"required": true, "schema": {"type": "string"}}
    },
    "schemas": {
      "Carry": {
        "type": "object", "additionalProperties": false, "required": ["verdict", "confidence", "from"],
        "description": "What carrying a root pin to the latest revision said of it (docs/CARRY.md): `changed` and `gone` ask a person to look; cleared when a person accepts it (PATCH with carry: null) or moves the pin",
        "properties": {
          "verdict": {"enum": ["same", "moved", "changed", "gone"]}, "confidence": {"type": "number", "minimum": 0, "maximum": 1},
          "from": {"type": "object", "additionalProperties": false, "required": ["page", "x", "y"], "description": "its place on the revision before",
                   "properties": {"page": {"type": "integer", "minimum": 1}, "x": {"type": "number"}, "y": {"type": "number"}}}
        }
      },
      "Revision": {
        "type": "object", "additionalProperties": false, "required": ["contentId", "number", "kind", "createdAt"],
        "properties": {"contentId": {"type": "string"}, "number": {"type": "integer", "minimum": 1}, "kind": {"enum": ["pdf", "png", "jpeg"]}, "createdAt": {"type": "string"}}
      },
      "RevisionList": {
        "type": "object", "additionalProperties": false, "required": ["revisions"],
        "properties": {"revisions": {"type": "array", "items": {"$ref": "#/components/schemas/Revision"}}}
      },
      "CarryReport": {
        "type": "object", "required": ["version", "old", "new", "match", "pages", "pins", "counts"],
        "description": "REPORT.json of `pinrender carry` (docs/CARRY.md), the files named `revision N`; with `meanwhile` when pins were placed on the old revision while the carry ran",
        "properties": {
          "meanwhile": {"type": "array", "description": "the root pins moved or created while the carry ran: each keeps that place, flagged `changed`",
            "items": {"type": "object", "additionalProperties": false, "required": ["id", "edit", "page", "x", "y"],
              "properties": {"id": {"type": "string"}, "edit": {"type": "string", "enum": ["moved", "created"]}, "page": {"type": "integer", "minimum": 1},
                             "x": {"type": "number", "minimum": 0, "maximum": 1}, "y": {"type": "number", "minimum": 0, "maximum": 1}}}},
          "version": {"const": 1}, "old": {"type": "string"}, "new": {"type": "string"}, "match": {"type": "boolean"},
          "pages": {"type": "array", "items": {"type": "object"}}, "pins": {"type": "array", "items": {"type": "object"}}, "counts": {"type": "object"}
        }
      },
      "RevisionReport": {
        "type": "object", "additionalProperties": false, "required": ["revision", "report"],
        "properties": {"revision": {"$ref": "#/components/schemas/Revision"}, "report": {"oneOf": [{"$ref": "#/components/schemas/CarryReport"}, {"type": "null"}]}}
      },
      "RevisionAnswer": {
        "type": "object", "additionalProperties": false, "required": ["revision", "content", "report", "edited", "cursor"],
        "properties": {
          "revision": {"$ref": "#/components/schemas/Revision"}, "content": {"$ref": "#/components/schemas/Content"},
          "report": {"$ref": "#/components/schemas/CarryReport"},
          "edited": {"type": "array", "items": {"$ref": "#/components/schemas/StoredPin"}, "description": "the pins the carry moved or flagged, each an event"},
          "cursor": {"type": "integer", "description": "the store's last change after the revision"}
        }
      },
      "ImportAnswer": {
        "type": "object", "additionalProperties": false, "required": ["contentId", "created", "skipped", "warnings", "cursor"],
        "properties": {
          "contentId": {"type": "string"},
          "created": {"type": "array", "items": {"type": "string"}, "description": "the ids of the pins created, in commit order"},
          "skipped": {"type": "array", "items": {"type": "string"}, "description": "the ids here already with the same comment"},
          "warnings": {"type": "array", "items": {"type": "string"}, "description": "a line per comment left out or kept as it was"},
          "cursor": {"type": "integer", "description": "the store's last change after the import"}
        }
      },
      "AnnotationInput": {
        "type": "object", "required": ["type"],
        "description": "A W3C Web Annotation (https://www.w3.org/TR/annotation-model/), read as docs/INTERCHANGE.md says",
        "properties": {
          "@context": {}, "id": {"type": "string"}, "type": {}, "motivation": {}, "created": {"type": "string"}, "modified": {"type": "string"},
          "creator": {}, "body": {}, "bodyValue": {"type": "string"}, "target": {}, "resolved": {"type": "boolean"},
          "canonical": {"type": "string", "maxLength": 2048}, "via": {"type": "string", "maxLength": 2048}
        }
      },
      "Annotation": {
        "type": "object", "required": ["id", "type", "motivation", "created", "creator", "body", "target"],
        "description": "A pin as a W3C annotation; `@context` on an annotation answered on its own and in a container's pages",
        "properties": {
          "@context": {"type": "array"}, "id": {"type": "string"}, "type": {"const": "Annotation"},
          "motivation": {"enum": ["commenting", "replying"]}, "created": {"type": "string"}, "creator": {"type": "object"},
          "body": {}, "target": {}, "resolved": {"type": "boolean"},
          "canonical": {"type": "string", "description": "the IRI of the authoritative copy, as it was given"},
          "via": {"type": "string", "description": "the IRI of the annotation this one was copied from (the id it was POSTed or imported with)"}
        }
      },
      "AnnotationPage": {
        "type": "object", "required": ["id", "type", "items"],
        "properties": {
          "@context": {"type": "array"}, "id": {"type": "string"}, "type": {"const": "AnnotationPage"}, "partOf": {"oneOf": [{"type": "string"}, {"type": "object"}], "description": "the container: its IRI in an embedded page, its id, type (AnnotationCollection) and total in a page on its own"},
          "startIndex": {"type": "integer"}, "next": {"type": "string"}, "prev": {"type": "string"},
          "items": {"type": "array", "items": {"oneOf": [{"type": "string"}, {"$ref": "#/components/schemas/Annotation"}]}}
        }
      },
      "AnnotationContainer": {
        "type": "object", "required": ["@context", "id", "type", "total", "first", "last"],
        "properties": {
          "@context": {"type": "array"}, "id": {"type": "string"}, "type": {"type": "array", "items": {"enum": ["BasicContainer", "AnnotationCollection"]}},
          "label": {"type": "string"}, "total": {"type": "integer"},
          "first": {"oneOf": [{"type": "string"}, {"$ref": "#/components/schemas/AnnotationPage"}]}, "last": {"type": "string"}
        }
      },
      "Error": {
        "type": "object", "required": ["status", "error"],
        "properties": {
          "status": {"type": "integer"},
          "error": {"type": "string", "description": "one line; names the field and index at fault (changes[3].pin.relativeX: ...)"},
          "current": {"$ref": "#/components/schemas/StoredPin"}
        }
      },
      "Health": {
        "type": "object", "required": ["status", "eventClients", "resyncClosed", "rendersQueued"],
        "properties": {
          "status": {"enum": ["ok", "store-unwritable", "store-lost"]},
          "problem": {"type": "string", "description": "why the store takes no writes (absent when ok)"},
          "seq": {"type": "integer", "description": "the last change's seq (absent when the store cannot be read)"}, "eventClients": {"type": "integer"},
          "resyncClosed": {"type": "integer"}, "rendersQueued": {"type": "integer"}
        }
      },
      "Content": {
        "type": "object", "required": ["id", "kind", "bytes", "unit", "pageCount", "pages", "updatedAt", "renders"],
        "properties": {
          "id": {"type": "string"}, "kind": {"enum": ["pdf", "png", "jpeg"]}, "bytes": {"type": "integer"},
          "unit": {"enum": ["pt", "px"], "description": "pt: PDF points (72 per inch); px: image pixels"},
          "pageCount": {"type": "integer", "minimum": 1},
          "pages": {"type": "array", "items": {"type": "object", "required": ["page", "width", "height"], "properties": {"page": {"type": "integer"}, "width": {"type": "number"}, "height": {"type": "number"}}}},
          "updatedAt": {"type": "string"},
          "renders": {"$ref": "#/components/schemas/RenderCounts"}
        }
      },
      "RenderCounts": {
        "type": "object", "required": ["rendered", "failed", "peakMemory", "running", "shared"],
        "description": "How the content's renders went on this server since it started or the content was last uploaded (not stored: each server counts its own). Answers from the cache are not counted.",
        "properties": {
          "rendered": {"type": "integer", "minimum": 0, "description": "renders drawn and answered 200"},
          "failed": {"type": "integer", "minimum": 0, "description": "renders that failed with the document, a limit or the worker at fault (422, 500); a bad option (400) is not counted"},
          "lastFailure": {"type": "object", "required": ["status", "error"], "description": "the last of those failures", "properties": {"status": {"type": "integer"}, "error": {"type": "string"}}},
          "peakMemory": {"type": "integer", "minimum": 0, "description": "the most resident memory a render worker of this content took for one render, in bytes"},
          "running": {"type": "integer", "minimum": 0, "description": "renders a worker of this server is drawing now"},
          "shared": {"type": "integer", "minimum": 0, "description": "requests answered by the render of an identical request already in flight"}
        }
      },
      "Audio": {
        "type": "object", "required": ["url", "durationMs"],
        "properties": {"url": {"type": "string"}, "durationMs": {"type": "integer", "minimum": 0}}
      },
      "PinInput": {
        "type": "object", "required": ["id", "authorId", "text"],
        "anyOf": [{"required": ["relativeX", "relativeY"]}, {"required": ["parentId"], "properties": {"parentId": {"type": "string"}}}],
        "description": "The app's pin fields (see the brief). A root needs relativeX and relativeY; a reply names parentId and has no point of its own. Unknown fields are ignored.",
        "properties": {
          "id": {"type": "string", "pattern": "^[A-Za-z0-9_-][A-Za-z0-9._-]{0,99}$"}, "contentId": {"type": "string"},
          "page": {"type": "integer", "minimum": 1},
          "relativeX": {"type": "number", "minimum": 0, "maximum": 1}, "relativeY": {"type": "number", "minimum": 0, "maximum": 1},
          "authorId": {"type": "string"}, "authorName": {"type": "string"},
          "createdAt": {"type": "string", "description": "ISO 8601, from 1970-01-01T00:00:00Z to 9999-12-31T23:59:59Z"}, "text": {"type": "string"},
          "resolved": {"type": "boolean"}, "parentId": {"type": ["string", "null"], "pattern": "^[A-Za-z0-9_-][A-Za-z0-9._-]{0,99}$"},
          "number": {"type": "integer", "minimum": 0}, "kind": {"enum": ["text", "voice"]},
          "audio": {"$ref": "#/components/schemas/Audio"}, "carry": {"$ref": "#/components/schemas/Carry"},
          "canonical": {"type": "string", "maxLength": 2048, "description": "an absolute IRI: the comment's authoritative copy (a W3C annotation's canonical); fixed once set"},
          "via": {"type": "string", "maxLength": 2048, "description": "an absolute IRI: the comment it was copied from (a W3C annotation's via); fixed once set"}
        }
      },
      "PinEdit": {
        "type": "object", "required": ["version"], "additionalProperties": false,
        "properties": {
          "version": {"type": "integer", "minimum": 1, "description": "the version the client edited"},
          "text": {"type": "string"}, "relativeX": {"type": "number", "minimum": 0, "maximum": 1},
          "relativeY": {"type": "number", "minimum": 0, "maximum": 1}, "page": {"type": "integer", "minimum": 1},
          "resolved": {"type": "boolean"},
          "carry": {"type": "null", "description": "accepts a carried pin: clears its carry verdict (moving the pin clears it too)"}
        }
      },
      "StoredPin": {
        "type": "object", "required": ["id", "contentId", "parentId", "version", "updatedAt", "seq"],
        "description": "A pin with the server's fields; a tombstone has only id, contentId, parentId, the server's fields and deleted: true.",
        "properties": {
          "id": {"type": "string"}, "contentId": {"type": "string"}, "page": {"type": "integer"},
          "relativeX": {"type": "number"}, "relativeY": {"type": "number"},
          "authorId": {"type": "string"}, "authorName": {"type": "string"}, "createdAt": {"type": "string"},
          "text": {"type": "string"}, "resolved": {"type": "boolean"}, "parentId": {"type": ["string", "null"]},
          "number": {"type": "integer"}, "kind": {"enum": ["text", "voice"]}, "audio": {"$ref": "#/components/schemas/Audio"},
          "carry": {"$ref": "#/components/schemas/Carry"}, "canonical": {"type": "string"}, "via": {"type": "string"},
          "version": {"type": "integer", "minimum": 1}, "updatedAt": {"type": "string"},
          "seq": {"type": "integer", "minimum": 1}, "deleted": {"const": true}
        }
      },
      "PinList": {
        "type": "object", "required": ["contentId", "cursor", "pins"],
        "properties": {"contentId": {"type": "string"}, "cursor": {"type": "integer"}, "pins": {"type": "array", "items": {"$ref": "#/components/schemas/StoredPin"}}}
      },
      "ChangeList": {
        "type": "object", "required": ["contentId", "cursor", "more", "changes"],
        "properties": {"contentId": {"type": "string"}, "cursor": {"type": "integer"}, "more": {"type": "boolean"}, "changes": {"type": "array", "items": {"$ref": "#/components/schemas/StoredPin"}}}
      },
      "SyncChange": {
        "oneOf": [
          {"type": "object", "required": ["changeId", "op", "pin"], "properties": {"changeId": {"type": "string", "minLength": 1, "maxLength": 200, "description": "the client's id of the change, one per change of a batch"}, "op": {"const": "create"}, "pin": {"$ref": "#/components/schemas/PinInput"}}},
          {"type": "object", "required": ["changeId", "op", "id", "version", "set"], "properties": {"changeId": {"type": "string", "minLength": 1, "maxLength": 200, "description": "the client's id of the change, one per change of a batch"}, "op": {"const": "update"}, "id": {"type": "string"}, "version": {"type": "integer", "minimum": 1}, "set": {"type": "object"}}},
          {"type": "object", "required": ["changeId", "op", "id", "version"], "properties": {"changeId": {"type": "string", "minLength": 1, "maxLength": 200, "description": "the client's id of the change, one per change of a batch"}, "op": {"const": "delete"}, "id": {"type": "string"}, "version": {"type": "integer", "minimum": 1}}}
        ]
      },
      "SyncRequest": {
        "type": "object", "required": ["contentId", "changes"],
        "properties": {
          "contentId": {"type": "string", "pattern": "^[A-Za-z0-9_-][A-Za-z0-9._-]{0,99}$"},
          "cursor": {"type": "integer", "minimum": 0, "description": "the seq of the last change the client saw; past the newest change: 400"},
          "changes": {"type": "array", "maxItems": 1000, "items": {"$ref": "#/components/schemas/SyncChange"}}
        }
      },
      "SyncAnswer": {
        "type": "object", "required": ["results", "contentId", "cursor", "more", "changes"],
        "properties": {
          "results": {"type": "array", "items": {"type": "object", "required": ["changeId", "pinId", "status", "replayed"], "properties": {"changeId": {"type": "string"}, "pinId": {"type": "string"}, "status": {"enum": ["applied", "refused"]}, "reason": {"type": "string"}, "replayed": {"type": "boolean"}}}},
          "contentId": {"type": "string"}, "cursor": {"type": "integer"}, "more": {"type": "boolean"},
          "changes": {"type": "array", "items": {"$ref": "#/components/schemas/StoredPin"}}
        }
      },
      "Viewport": {
        "type": "object", "required": ["page", "width", "height", "scale", "safeArea", "zoomScale", "contentOffset", "content"],
        "properties": {
          "page": {"type": "integer", "minimum": 1},
          "width": {"type": "number", "description": "the screen in points"},
          "height": {"type": "number"},
          "scale": {"type": "number", "description": "pixels per point"},
          "safeArea": {"type": "object", "required": ["top", "left", "bottom", "right"], "description": "insets in points the content keeps clear of (zero without safeArea)",
                       "properties": {"top": {"type": "number"}, "left": {"type": "number"}, "bottom": {"type": "number"}, "right": {"type": "number"}}},
          "zoomScale": {"type": "number", "minimum": 1},
          "contentOffset": {"type": "object", "required": ["x", "y"], "description": "the scroll position, clamped, in points of the zoomed content",
                            "properties": {"x": {"type": "number"}, "y": {"type": "number"}}},
          "content": {"type": "object", "required": ["x", "y", "width", "height"], "description": "the whole page on the screen, in points (past the screen's edges when zoomed)",
                      "properties": {"x": {"type": "number"}, "y": {"type": "number"}, "width": {"type": "number"}, "height": {"type": "number"}}}
        }
      },
      "Event": {
        "type": "object", "required": ["type", "contentId"],
        "properties": {
          "type": {"enum": ["pin.created", "pin.updated", "pin.resolved", "pin.moved", "pin.deleted", "ready", "heartbeat"]},
          "seq": {"type": "integer"}, "contentId": {"type": "string"}, "cursor": {"type": "integer"},
          "pin": {"$ref": "#/components/schemas/StoredPin"}
        }
      }
    }
  }
}
"""#
}
