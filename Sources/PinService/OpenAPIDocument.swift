// Generated from docs/openapi.json by `make openapi`; edit that file, not this one.

/// The API's OpenAPI 3.1 document, served at `/v1/openapi.json`.
public enum OpenAPIDocument {
    public static let json = #"""
{
  "openapi": "3.1.0",
  "info": {
    "title": "pinrender pin service",
    "version": "1.0.0",
    "description": "Comment pins of review apps (normalized 0..1 coordinates, threads one level deep, resolved flag) stored per content, with a change sequence for offline sync, live events over a WebSocket, and renders made by the same engine as `pinrender render`. Started with `pinrender serve`. Every change gets the next global sequence number `seq`; a cursor is the last `seq` a client has seen. Errors are `{\"status\", \"error\"}` with one line naming the field and index at fault; a conflict (409) and a deleted pin (410) add `current`. Authentication: `Authorization: Bearer TOKEN` (or `?access_token=` where a browser cannot send headers) when the server was started with `--tokens FILE`; without it, everyone may do everything and the server listens on loopback only."
  },
  "servers": [{"url": "http://127.0.0.1:8080"}],
  "security": [{"bearer": []}, {"accessToken": []}, {}],
  "paths": {
    "/health": {
      "get": {
        "operationId": "health",
        "summary": "Liveness and counters",
        "security": [],
        "responses": {"200": {"description": "Running", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Health"}}}}}
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
          "401": {"$ref": "#/components/responses/Error"}
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
          "403": {"$ref": "#/components/responses/Error"}, "404": {"$ref": "#/components/responses/Error"}
        }
      },
      "put": {
        "operationId": "uploadContent",
        "summary": "Upload (or replace) the PDF, PNG or JPEG of a content (role admin)",
        "description": "The body is the file itself, with a Content-Length (411 without one), at most --max-upload bytes (413), written to disk as it arrives (507 when the disk is full). The kind is read from the bytes. Replacing a content keeps its pins.",
        "requestBody": {"required": true, "content": {"application/pdf": {"schema": {"type": "string", "contentMediaType": "application/pdf"}}, "image/png": {"schema": {"type": "string", "contentMediaType": "image/png"}}, "image/jpeg": {"schema": {"type": "string", "contentMediaType": "image/jpeg"}}, "application/octet-stream": {"schema": {"type": "string"}}}},
        "responses": {
          "200": {"description": "Replaced", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Content"}}}},
          "201": {"description": "Created", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Content"}}}},
          "400": {"$ref": "#/components/responses/Error"}, "401": {"$ref": "#/components/responses/Error"},
          "403": {"$ref": "#/components/responses/Error"}, "411": {"$ref": "#/components/responses/Error"},
          "413": {"$ref": "#/components/responses/Error"}, "507": {"$ref": "#/components/responses/Error"}
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
          "403": {"$ref": "#/components/responses/Error"}, "404": {"$ref": "#/components/responses/Error"}
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
          "413": {"$ref": "#/components/responses/Error"}
        }
      }
    },
    "/v1/contents/{contentId}/pins/{pinId}": {
      "parameters": [{"$ref": "#/components/parameters/contentId"}, {"name": "pinId", "in": "path", "required": true, "schema": {"type": "string", "minLength": 1}}],
      "get": {
        "operationId": "getPin",
        "summary": "One pin",
        "responses": {
          "200": {"description": "The pin", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/StoredPin"}}}},
          "400": {"$ref": "#/components/responses/Error"}, "401": {"$ref": "#/components/responses/Error"},
          "403": {"$ref": "#/components/responses/Error"}, "404": {"$ref": "#/components/responses/Error"},
          "410": {"$ref": "#/components/responses/Error"}
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
          "411": {"$ref": "#/components/responses/Error"}, "413": {"$ref": "#/components/responses/Error"}
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
          "409": {"$ref": "#/components/responses/Error"}
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
          "403": {"$ref": "#/components/responses/Error"}, "404": {"$ref": "#/components/responses/Error"}
        }
      }
    },
    "/v1/contents/{contentId}/events": {
      "parameters": [{"$ref": "#/components/parameters/contentId"}],
      "get": {
        "operationId": "events",
        "summary": "WebSocket of the content's changes: replay after since, then ready, then live",
        "description": "Upgrade to a WebSocket. Text messages are Event objects: the changes after `since` (each pin once, as it is now), then `{\"type\": \"ready\", \"cursor\"}`, then every change as it happens (`pin.created`, `pin.updated`, `pin.resolved`, `pin.deleted`), each with its `seq`, and `heartbeat` messages. No event is missed or repeated between the replay and the live ones. A client that leaves more than the server's backlog limit (1 MiB by default) unread is closed with code 4000 (resync): it reloads the pins or the changes after its last seq, and reconnects with since = that seq. Messages from the client are ignored. With `batch=true` every message is instead a JSON array of these Event objects, in order: all those ready when the server wrote (a busy content's changes, a page of the replay), one write instead of one per event.",
        "parameters": [{"$ref": "#/components/parameters/since"},
          {"name": "batch", "in": "query", "required": false, "description": "true: each message is an array of events", "schema": {"type": "boolean", "default": false}}],
        "responses": {
          "101": {"description": "Switching to the WebSocket protocol"},
          "400": {"$ref": "#/components/responses/Error"}, "401": {"$ref": "#/components/responses/Error"},
          "403": {"$ref": "#/components/responses/Error"}, "404": {"$ref": "#/components/responses/Error"}
        }
      }
    },
    "/v1/contents/{contentId}/render.png": {
      "parameters": [{"$ref": "#/components/parameters/contentId"}],
      "get": {
        "operationId": "renderPNG",
        "summary": "A page with its current pins, as `pinrender render ... -o page.png` draws it with the same options",
        "parameters": [
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
          "422": {"$ref": "#/components/responses/Error"}, "503": {"$ref": "#/components/responses/Error"}
        }
      }
    },
    "/v1/contents/{contentId}/render.pdf": {
      "parameters": [{"$ref": "#/components/parameters/contentId"}],
      "get": {
        "operationId": "renderPDF",
        "summary": "The review export with the current pins, as `pinrender render ... -o review.pdf`",
        "parameters": [
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
          "422": {"$ref": "#/components/responses/Error"}, "503": {"$ref": "#/components/responses/Error"}
        }
      }
    },
    "/v1/sync": {
      "post": {
        "operationId": "sync",
        "summary": "Apply an offline client's batch of changes on one content; answer with the server's changes after its cursor (role comment)",
        "description": "Each change is applied or refused on its own, in order, with a reason. A changeId seen before gets its first outcome again (replayed: true) and changes nothing, so a batch is safe to send again whole. 400 only when the batch itself cannot be read.",
        "requestBody": {"required": true, "content": {"application/json": {"schema": {"$ref": "#/components/schemas/SyncRequest"}}}},
        "responses": {
          "200": {"description": "Outcomes and changes", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/SyncAnswer"}}}},
          "400": {"$ref": "#/components/responses/Error"}, "401": {"$ref": "#/components/responses/Error"},
          "403": {"$ref": "#/components/responses/Error"}, "404": {"$ref": "#/components/responses/Error"},
          "411": {"$ref": "#/components/responses/Error"}, "413": {"$ref": "#/components/responses/Error"}
        }
      }
    }
  },
  "components": {
    "securitySchemes": {
      "bearer": {"type": "http", "scheme": "bearer"},
      "accessToken": {"type": "apiKey", "in": "query", "name": "access_token"}
    },
    "parameters": {
      "contentId": {"name": "contentId", "in": "path", "required": true, "schema": {"type": "string", "pattern": "^[A-Za-z0-9_-][A-Za-z0-9._-]{0,99}$"}},
      "since": {"name": "since", "in": "query", "required": false, "description": "a cursor: the seq of the last change seen (0: from the start)", "schema": {"type": "integer", "minimum": 0, "default": 0}}
    },
    "responses": {
      "Error": {"description": "An error", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}}}
    },
    "schemas": {
      "Error": {
        "type": "object", "required": ["status", "error"],
        "properties": {
          "status": {"type": "integer"},
          "error": {"type": "string", "description": "one line; names the field and index at fault (changes[3].pin.relativeX: ...)"},
          "current": {"$ref": "#/components/schemas/StoredPin"}
        }
      },
      "Health": {
        "type": "object", "required": ["status", "seq", "eventClients", "resyncClosed", "rendersQueued"],
        "properties": {
          "status": {"const": "ok"}, "seq": {"type": "integer"}, "eventClients": {"type": "integer"},
          "resyncClosed": {"type": "integer"}, "rendersQueued": {"type": "integer"}
        }
      },
      "Content": {
        "type": "object", "required": ["id", "kind", "bytes", "unit", "pageCount", "pages", "updatedAt"],
        "properties": {
          "id": {"type": "string"}, "kind": {"enum": ["pdf", "png", "jpeg"]}, "bytes": {"type": "integer"},
          "unit": {"enum": ["pt", "px"], "description": "pt: PDF points (72 per inch); px: image pixels"},
          "pageCount": {"type": "integer", "minimum": 1},
          "pages": {"type": "array", "items": {"type": "object", "required": ["page", "width", "height"], "properties": {"page": {"type": "integer"}, "width": {"type": "number"}, "height": {"type": "number"}}}},
          "updatedAt": {"type": "string"}
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
          "id": {"type": "string", "minLength": 1}, "contentId": {"type": "string"},
          "page": {"type": "integer", "minimum": 1},
          "relativeX": {"type": "number", "minimum": 0, "maximum": 1}, "relativeY": {"type": "number", "minimum": 0, "maximum": 1},
          "authorId": {"type": "string"}, "authorName": {"type": "string"},
          "createdAt": {"type": "string", "description": "ISO 8601"}, "text": {"type": "string"},
          "resolved": {"type": "boolean"}, "parentId": {"type": ["string", "null"]},
          "number": {"type": "integer", "minimum": 0}, "kind": {"enum": ["text", "voice"]},
          "audio": {"$ref": "#/components/schemas/Audio"}
        }
      },
      "PinEdit": {
        "type": "object", "required": ["version"], "additionalProperties": false,
        "properties": {
          "version": {"type": "integer", "minimum": 1, "description": "the version the client edited"},
          "text": {"type": "string"}, "relativeX": {"type": "number", "minimum": 0, "maximum": 1},
          "relativeY": {"type": "number", "minimum": 0, "maximum": 1}, "page": {"type": "integer", "minimum": 1},
          "resolved": {"type": "boolean"}
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
          {"type": "object", "required": ["changeId", "op", "pin"], "properties": {"changeId": {"type": "string", "minLength": 1, "maxLength": 200}, "op": {"const": "create"}, "pin": {"$ref": "#/components/schemas/PinInput"}}},
          {"type": "object", "required": ["changeId", "op", "id", "version", "set"], "properties": {"changeId": {"type": "string", "minLength": 1, "maxLength": 200}, "op": {"const": "update"}, "id": {"type": "string"}, "version": {"type": "integer", "minimum": 1}, "set": {"type": "object"}}},
          {"type": "object", "required": ["changeId", "op", "id", "version"], "properties": {"changeId": {"type": "string", "minLength": 1, "maxLength": 200}, "op": {"const": "delete"}, "id": {"type": "string"}, "version": {"type": "integer", "minimum": 1}}}
        ]
      },
      "SyncRequest": {
        "type": "object", "required": ["contentId", "changes"],
        "properties": {
          "contentId": {"type": "string", "pattern": "^[A-Za-z0-9_-][A-Za-z0-9._-]{0,99}$"},
          "cursor": {"type": "integer", "minimum": 0, "description": "the seq of the last change the client saw"},
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
      "Event": {
        "type": "object", "required": ["type", "contentId"],
        "properties": {
          "type": {"enum": ["pin.created", "pin.updated", "pin.resolved", "pin.deleted", "ready", "heartbeat"]},
          "seq": {"type": "integer"}, "contentId": {"type": "string"}, "cursor": {"type": "integer"},
          "pin": {"$ref": "#/components/schemas/StoredPin"}
        }
      }
    }
  }
}
"""#
}
