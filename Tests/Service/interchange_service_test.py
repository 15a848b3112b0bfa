"""Comments in and out of `pinrender serve` (issue 31, in the service), over a real socket
with service_test.py's Server helper:

    python3 -W ignore Tests/Service/interchange_service_test.py [--binary .build/debug/pinrender] [--postgres]

- `POST /v1/contents/{id}/import` with a PDF whose comments PyMuPDF made (rotated and cropped
  pages, replies, a review state), an XFDF written here by hand and a W3C AnnotationPage: the
  pins where PyMuPDF, the XFDF's rects and the selectors put them, the events of any create on
  the WebSocket, nothing new the second time; bad bodies are a 4xx with one line naming the
  annotation and field.
- `GET .../pins.xfdf` and `.../pins.jsonld`: the bytes `pinrender export` writes for the same
  pins and document.
- The W3C Web Annotation Protocol container at `/annotations/{id}/`, checked against the
  protocol's MUSTs and SHOULDs as web-platform-tests' annotation-protocol server checks list
  them (written here from what they check): headers, `Prefer`, paging, POST with `Slug`, PUT
  and DELETE with `If-Match`, HEAD, OPTIONS, CORS for a browser of another origin, by
  requests and by headless chromium's own fetch from a page of another origin; its Turtle
  (`Accept: text/turtle`) parsed with rdflib is the graph pyld makes of its JSON-LD.
"""
import contextlib
import functools
import http.server
import json
import pathlib
import shutil
import subprocess
import tempfile
import threading
import unittest

import pymupdf
import rdflib
import rdflib.compare
import requests
from pyld import jsonld
from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from websockets.sync.client import connect

import service_test
from service_test import SAMPLES, TIMEOUT, Server

W3C_CONTEXT = pathlib.Path(__file__).resolve().parents[1] / "Interchange/w3c-anno.jsonld"

ADMIN = "admin-token-0123456789"
READER = "reader-token-0123456789"
ANNO = "http://www.w3.org/ns/anno.jsonld"
LDP = "http://www.w3.org/ns/ldp#"
OA = "http://www.w3.org/ns/oa#"
PROFILE_TYPE = 'application/ld+json; profile="http://www.w3.org/ns/anno.jsonld"'


def bearer(token):
    return {"Authorization": f"Bearer {token}"}


def cli(*args):
    """`pinrender` with `args`: its standard output's bytes (it must succeed)."""
    done = subprocess.run([service_test.BINARY, *args], capture_output=True, timeout=TIMEOUT)
    assert done.returncode == 0, done.stderr.decode()
    return done.stdout


@contextlib.contextmanager
def scratch_server(*args):
    """A server of its own with `args`, in a data directory removed after it."""
    data = tempfile.mkdtemp(prefix="pinservice-")
    server = Server(data, *args)
    try:
        yield server
    finally:
        server.stop()
        shutil.rmtree(data, ignore_errors=True)


class ServerCase(unittest.TestCase):
    """A server of its own with tokens (the protocol's CORS is granted with tokens), the
    floor plan (4 pages) as `plan` and the screenshot as `shot`."""

    @classmethod
    def setUpClass(cls):
        cls.data = tempfile.mkdtemp(prefix="pinservice-")
        cls.dir = pathlib.Path(tempfile.mkdtemp(prefix="interchange-service-"))
        tokens = cls.dir / "tokens.json"
        tokens.write_text(json.dumps({"tokens": [
            {"token": ADMIN, "contents": ["*"], "role": "admin", "name": "ci-admin"},
            {"token": READER, "contents": ["*"], "role": "read", "name": "reader"},
        ]}))
        cls.server = Server(cls.data, "--tokens", str(tokens))
        cls.auth = bearer(ADMIN)
        for content_id, file in [("plan", "floorplan.pdf"), ("shot", "screenshot.png"), ("paged", "screenshot.png"),
                                 ("proto", "floorplan.pdf")]:
            answer = cls.server.put_file(content_id, SAMPLES / file, headers=cls.auth)
            assert answer.status_code in (200, 201), answer.text

    @classmethod
    def tearDownClass(cls):
        cls.server.stop()
        shutil.rmtree(cls.data, ignore_errors=True)
        shutil.rmtree(cls.dir, ignore_errors=True)

    def request(self, method, path, headers=None, **kw):
        return requests.request(method, self.server.url + path, headers={**self.auth, **(headers or {})}, timeout=TIMEOUT, **kw)

    def pins(self, content_id):
        answer = self.request("GET", f"/v1/contents/{content_id}/pins")
        self.assertEqual(answer.status_code, 200, answer.text)
        return {pin["id"]: pin for pin in answer.json()["pins"]}

    def cursor(self):
        return self.request("GET", "/v1/contents/plan/pins").json()["cursor"]

    def events_during(self, content_id, action, count):
        """The `count` live events of `content_id` that `action` causes, read from the events
        WebSocket (subscribed and ready before it runs), and what `action` returned."""
        url = f"{self.server.ws}/v1/contents/{content_id}/events?since={self.cursor()}&access_token={ADMIN}"
        with connect(url, open_timeout=TIMEOUT) as ws:
            while json.loads(ws.recv(TIMEOUT))["type"] != "ready":
                pass
            result = action()
            events = []
            while len(events) < count:
                event = json.loads(ws.recv(TIMEOUT))
                if event["type"] != "heartbeat":
                    events.append(event)
        return events, result


class ImportTests(ServerCase):
    def pymupdf_pdf(self):
        """The floor plan (page 2 turned 90 degrees, page 3 cropped, page 4 both) with
        PyMuPDF's comments: a note on each of pages 1 to 3 with a reply and a reply to it, a
        review state on page 1's; a square with a comment on page 4. Returns the file and
        where each note's point is, as fractions of its page as displayed."""
        doc = pymupdf.open(str(SAMPLES / "floorplan.pdf"))
        self.assertEqual([page.rotation for page in doc], [0, 90, 0, 270])
        self.assertNotEqual(doc[2].cropbox, doc[2].mediabox)
        expected, notes = {}, []
        for number, page in enumerate(doc, start=1):
            if number == 4:
                break
            point = pymupdf.Point(200 + 10 * number, 150 + 20 * number)
            note = page.add_text_annot(point, f"note {number} — Заметка 👍")
            note.set_info(title=f"Anna {number}", creationDate=f"D:2026110{number}091500Z")
            notes.append(note.xref)
            doc.xref_set_key(note.xref, "NM", f"(note-{number})")
            shown = point * page.rotation_matrix
            expected[f"note-{number}"] = (number, shown.x / page.rect.width, shown.y / page.rect.height)
            reply = page.add_text_annot(point, f"reply {number}")
            reply.set_info(title="Oleg", creationDate=f"D:2026110{number}120000Z")
            reply.set_irt_xref(note.xref)
            doc.xref_set_key(reply.xref, "NM", f"(reply-{number})")
            nested = page.add_text_annot(point, "re: re")
            nested.set_info(title="Anna", creationDate=f"D:2026110{number}130000Z")
            nested.set_irt_xref(reply.xref)
            doc.xref_set_key(nested.xref, "NM", f"(nested {number})")
        state = doc[0].add_text_annot((10, 10), "Completed")
        state.set_info(title="Oleg", creationDate="D:20261101140000Z", modDate="D:20261101140000Z")
        state.set_irt_xref(notes[0])
        doc.xref_set_key(state.xref, "State", "(Completed)")
        doc.xref_set_key(state.xref, "StateModel", "(Review)")
        doc.xref_set_key(state.xref, "NM", "(state-1)")
        square = doc[3].add_rect_annot(pymupdf.Rect(300, 200, 500, 400))
        square.set_info(content="a cloud with a note", title="Dmitri", creationDate="D:20261103080000Z")
        doc.xref_set_key(square.xref, "NM", "(square-4)")
        centre = pymupdf.Point(400, 300) * doc[3].rotation_matrix
        expected["square-4"] = (4, centre.x / doc[3].rect.width, centre.y / doc[3].rect.height)
        path = self.dir / "pymupdf.pdf"
        doc.save(str(path))
        return path, expected

    def test_a_pdfs_comments_become_pins_once_with_the_events_of_any_create(self):
        path, expected = self.pymupdf_pdf()
        body = path.read_bytes()
        events, answer = self.events_during("plan", lambda: self.request(
            "POST", "/v1/contents/plan/import", {"Content-Type": "application/pdf"}, data=body), 10)
        self.assertEqual(answer.status_code, 200, answer.text)
        report = answer.json()
        nested = [pin_id for pin_id in report["created"] if pin_id.startswith("nested_")]
        self.assertEqual(len(nested), 3)
        self.assertEqual(sorted(report["created"]), sorted(["note-1", "note-2", "note-3", "reply-1", "reply-2", "reply-3",
                                                           "square-4"] + nested))
        self.assertEqual(report["skipped"], [])
        self.assertEqual([event["type"] for event in events], ["pin.created"] * 10)
        self.assertEqual(sorted(event["pin"]["id"] for event in events), sorted(report["created"]))
        self.assertTrue(all(event["seq"] <= report["cursor"] for event in events))
        pins = self.pins("plan")
        for pin_id, (page, x, y) in expected.items():
            self.assertEqual(pins[pin_id]["page"], page, pin_id)
            self.assertAlmostEqual(pins[pin_id]["relativeX"], x, delta=1e-4, msg=pin_id)
            self.assertAlmostEqual(pins[pin_id]["relativeY"], y, delta=1e-4, msg=pin_id)
        self.assertEqual(pins["note-1"]["text"], "note 1 — Заметка 👍")
        self.assertEqual(pins["note-1"]["authorId"], "Anna 1")
        self.assertEqual(pins["note-1"]["createdAt"][:19], "2026-11-01T09:15:00")
        self.assertTrue(pins["note-1"]["resolved"])
        self.assertFalse(pins["note-2"]["resolved"])
        # A reply to a reply joins the root, as in the app.
        self.assertEqual(pins[nested[0]]["parentId"][:5], "note-")
        self.assertEqual(pins["reply-2"]["parentId"], "note-2")
        # The same pins as `pinrender import` reads from the same file.
        local = json.loads(cli("import", str(path), "--content-id", "plan", "-o", "-"))["pins"]
        for item in local:
            if item["id"] in pins and item.get("relativeX") is not None:
                self.assertAlmostEqual(pins[item["id"]]["relativeX"], item["relativeX"], delta=1e-9)
        # Twice: nothing new, no event.
        again = self.request("POST", "/v1/contents/plan/import", {"Content-Type": "application/pdf"}, data=body)
        self.assertEqual(again.status_code, 200, again.text)
        self.assertEqual(again.json()["created"], [])
        self.assertEqual(sorted(again.json()["skipped"]), sorted(report["created"]))
        self.assertEqual(again.json()["cursor"], report["cursor"])
        self.assertEqual(len(self.pins("plan")), len(pins))

    def test_an_xfdf_is_placed_on_the_contents_pages(self):
        xfdf = """<?xml version="1.0" encoding="UTF-8"?>
<xfdf xmlns="http://ns.adobe.com/xfdf/" xml:space="preserve">
<annots>
<text page="1" rect="300,500,320,520" name="x-note" title="Bea" creationdate="D:20261105100000Z"><contents>on page 2</contents></text>
<text page="1" rect="300,500,320,520" name="x-reply" title="Cy" creationdate="D:20261105110000Z" inreplyto="x-note" replyType="reply"><contents>a reply</contents></text>
<square page="0" rect="100,100,300,200" name="x-square" title="Bea" creationdate="D:20261105100000Z"><contents>a box</contents></square>
</annots>
</xfdf>
""".encode()
        events, answer = self.events_during("plan", lambda: self.request(
            "POST", "/v1/contents/plan/import", {"Content-Type": "application/vnd.adobe.xfdf"}, data=xfdf), 3)
        self.assertEqual(answer.status_code, 200, answer.text)
        self.assertEqual(answer.json()["created"], ["x-note", "x-square", "x-reply"])
        self.assertEqual([event["type"] for event in events], ["pin.created"] * 3)
        doc = pymupdf.open(str(SAMPLES / "floorplan.pdf"))
        turned, first = doc[1], doc[0]
        self.assertEqual((turned.rotation, tuple(turned.cropbox)), (90, tuple(turned.mediabox)))
        pins = self.pins("plan")
        # XFDF pages are numbered from 0; a note's point is its rect's upper-left corner in user
        # space (PDF's, y up), on page 2 turned a quarter: where PyMuPDF shows that point.
        self.assertEqual(pins["x-note"]["page"], 2)
        shown = pymupdf.Point(300, turned.mediabox.height - 520) * turned.rotation_matrix
        self.assertAlmostEqual(pins["x-note"]["relativeX"], shown.x / turned.rect.width, delta=1e-9)
        self.assertAlmostEqual(pins["x-note"]["relativeY"], shown.y / turned.rect.height, delta=1e-9)
        self.assertAlmostEqual(pins["x-square"]["relativeX"], 200 / first.rect.width, delta=1e-9)
        self.assertAlmostEqual(pins["x-square"]["relativeY"], (first.rect.height - 150) / first.rect.height, delta=1e-9)
        self.assertEqual(pins["x-reply"]["parentId"], "x-note")
        # Sent as XML: told from its bytes; twice: nothing new.
        again = self.request("POST", "/v1/contents/plan/import", {"Content-Type": "application/xml"}, data=xfdf)
        self.assertEqual((again.status_code, again.json()["created"], again.json()["skipped"]),
                         (200, [], ["x-note", "x-square", "x-reply"]))

    def test_a_w3c_page_on_an_image_and_an_id_changed_since(self):
        size = self.request("GET", "/v1/contents/shot").json()["pages"][0]
        page = {"@context": ANNO, "type": "AnnotationPage", "items": [
            {"id": "https://annotator.example/a/1", "type": "Annotation", "motivation": "commenting",
             "created": "2026-11-06T09:00:00Z", "creator": {"id": "https://annotator.example/u/ed", "name": "Ed"},
             "body": {"type": "TextualBody", "value": "<p>percent</p>", "format": "text/html"},
             "target": {"source": "https://annotator.example/shot.png",
                        "selector": {"type": "FragmentSelector", "value": "xywh=percent:10,20,0,0"}}},
            {"id": "https://annotator.example/a/2", "type": "Annotation", "created": "2026-11-06T09:01:00Z",
             "bodyValue": "pixels", "target": {"source": "https://annotator.example/shot.png",
                                               "selector": {"type": "PointSelector", "x": size["width"] / 4, "y": size["height"] / 2}}},
            {"id": "https://annotator.example/a/3", "type": "Annotation", "motivation": "replying", "created": "2026-11-06T09:02:00Z",
             "body": {"type": "TextualBody", "value": "a reply"}, "target": "https://annotator.example/a/1"},
        ]}
        events, answer = self.events_during("shot", lambda: self.request(
            "POST", "/v1/contents/shot/import?format=w3c", {"Content-Type": "application/json"}, json=page), 3)
        self.assertEqual(answer.status_code, 200, answer.text)
        created = answer.json()["created"]
        self.assertEqual(len(created), 3)
        self.assertTrue(all(pin_id.startswith("https___annotator.example_a_") for pin_id in created))
        self.assertEqual([event["pin"]["id"] for event in events], created)
        pins = self.pins("shot")
        first, second, third = (pins[pin_id] for pin_id in created)
        self.assertEqual((first["text"], first["authorName"]), ("percent", "Ed"))
        self.assertAlmostEqual(first["relativeX"], 0.1, delta=1e-9)
        self.assertAlmostEqual(second["relativeX"], 0.25, delta=1e-9)
        self.assertAlmostEqual(second["relativeY"], 0.5, delta=1e-9)
        self.assertEqual(third["parentId"], first["id"])
        # Changed since it was imported: kept as it is, said in a warning.
        self.request("PATCH", f"/v1/contents/shot/pins/{first['id']}", json={"version": first["version"], "text": "edited here"})
        page["items"][1]["bodyValue"] = "changed elsewhere"
        again = self.request("POST", "/v1/contents/shot/import", {"Content-Type": "application/ld+json"}, json=page).json()
        self.assertEqual(again["created"], [])
        self.assertEqual(again["skipped"], [third["id"]])
        self.assertEqual(again["warnings"], [f'"{first["id"]}": here already with another text; kept as it is',
                                             f'"{second["id"]}": here already with another text; kept as it is'])
        self.assertEqual(self.pins("shot")[first["id"]]["text"], "edited here")

    def test_bad_bodies_are_a_4xx_with_one_line_naming_the_annotation_and_field(self):
        bad_w3c = {"type": "AnnotationPage", "items": [
            {"type": "Annotation", "created": "2026-11-06T09:00:00Z", "bodyValue": "ok",
             "target": {"source": "x", "selector": {"type": "FragmentSelector", "value": "xywh=percent:1,2,3,4"}}},
            {"type": "Annotation", "created": "2026-11-06T09:00:00Z", "bodyValue": "bad",
             "target": {"source": "x", "selector": {"type": "FragmentSelector", "value": "xywh=percent:1,2,three,4"}}}]}
        cases = [
            ("application/ld+json", json.dumps(bad_w3c).encode(), 400, "body: items[1].target.selector.value: "),
            ("application/json", b'{"type": "AnnotationPage", "items": [', 400, "body: not valid JSON"),
            ("application/vnd.adobe.xfdf", b'<?xml version="1.0"?><!DOCTYPE x [<!ENTITY a "aaaa">]><xfdf/>', 400, "body: "),
            ("application/pdf", b"%PDF-1.7\nnot really a PDF", 400, "body: "),
            ("application/json", b"hello", 400, "body: is neither a PDF, XFDF nor W3C JSON-LD"),
            ("text/plain", b"hello", 415, "Content-Type"),
        ]
        before = len(self.pins("proto"))
        for content_type, body, status, start in cases:
            answer = self.request("POST", "/v1/contents/proto/import", {"Content-Type": content_type}, data=body)
            self.assertEqual(answer.status_code, status, (content_type, answer.text))
            message = answer.json()["error"]
            self.assertTrue(message.startswith(start), (content_type, message))
            self.assertNotIn("\n", message)
            self.assertNotIn(self.data, message)
        self.assertEqual(len(self.pins("proto")), before)
        self.assertEqual(self.request("POST", "/v1/contents/none/import", {"Content-Type": "application/json"},
                                      data=b"{}").status_code, 404)
        self.assertEqual(self.request("POST", "/v1/contents/proto/import?format=doc", {"Content-Type": "application/json"},
                                      data=b"{}").status_code, 400)
        reader = requests.post(f"{self.server.url}/v1/contents/proto/import", data=b"{}",
                               headers={**bearer(READER), "Content-Type": "application/json"}, timeout=TIMEOUT)
        self.assertEqual(reader.status_code, 403)

    def test_a_body_past_the_upload_limit_is_413(self):
        with scratch_server("--max-upload", "1000") as server:
            answer = requests.post(f"{server.url}/v1/contents/plan/import", data=b" " * 2000,
                                   headers={"Content-Type": "application/json"}, timeout=TIMEOUT)
            self.assertEqual(answer.status_code, 413)


class ExportTests(ServerCase):
    def test_exports_are_the_clis_bytes_for_the_same_pins_and_document(self):
        xfdf = """<?xml version="1.0" encoding="UTF-8"?><xfdf xmlns="http://ns.adobe.com/xfdf/"><annots>
<text page="0" rect="100,700,120,720" name="e1" title="Bea" creationdate="D:20261105100000Z"><contents>one &amp; "two"</contents></text>
<text page="2" rect="500,300,520,320" name="e2" title="Cy" creationdate="D:20261105100500Z"><contents>three</contents></text>
<text page="2" rect="500,300,520,320" name="e3" title="Bea" creationdate="D:20261105110000Z" inreplyto="e2" replyType="reply"><contents>re</contents></text>
</annots></xfdf>""".encode()
        self.assertEqual(self.request("POST", "/v1/contents/proto/import", {"Content-Type": "application/xml"},
                                      data=xfdf).status_code, 200)
        self.request("PATCH", "/v1/contents/proto/pins/e2", json={"version": 1, "resolved": True})
        pins = self.request("GET", "/v1/contents/proto/pins").json()["pins"]
        self.assertEqual(len(pins), 3)
        pins_file = self.dir / "proto-pins.json"
        pins_file.write_text(json.dumps({"pins": pins}))
        document = pathlib.Path(self.data) / "contents" / "proto.pdf"
        served = self.request("GET", "/v1/contents/proto/pins.xfdf")
        self.assertEqual(served.status_code, 200)
        self.assertEqual(served.headers["Content-Type"], "application/vnd.adobe.xfdf")
        self.assertEqual(served.content, cli("export", str(pins_file), "--format", "xfdf", "--document", str(document), "-o", "-"))
        self.assertIn(b'<f href="proto.pdf"/>', served.content)
        self.assertIn(b'state="Completed"', served.content)
        jsonld = self.request("GET", "/v1/contents/proto/pins.jsonld")
        self.assertEqual(jsonld.status_code, 200)
        self.assertEqual(jsonld.headers["Content-Type"], PROFILE_TYPE)
        self.assertEqual(jsonld.content, cli("export", str(pins_file), "--format", "w3c", "--base-url", self.server.url, "-o", "-"))
        self.assertEqual(jsonld.json()["id"], f"{self.server.url}/annotations/proto/")
        # The protocol's container lists the same annotations.
        container = self.request("GET", "/annotations/proto/").json()
        self.assertEqual(container["first"]["items"], [dict(item, **{"@context": jsonld.json()["@context"]})
                                                       for item in jsonld.json()["items"]])
        self.assertEqual(self.request("GET", "/v1/contents/shot/pins.xfdf").status_code, 422)
        self.assertEqual(self.request("GET", "/v1/contents/none/pins.jsonld").status_code, 404)
        self.assertEqual(requests.get(f"{self.server.url}/v1/contents/proto/pins.jsonld", timeout=TIMEOUT).status_code, 401)


class ProtocolTests(ServerCase):
    """What a client of the W3C Web Annotation Protocol relies on, MUST and SHOULD."""

    def annotation(self, text="I like this page!", x=25, y=50, **fields):
        return {"@context": ANNO, "type": "Annotation", "body": {"type": "TextualBody", "value": text},
                "target": {"source": f"{self.server.url}/contents/proto",
                           "selector": {"type": "FragmentSelector", "value": f"page=2&xywh=percent:{x},{y},0,0"}}, **fields}

    def post(self, body, headers=None):
        return self.request("POST", "/annotations/proto/", {"Content-Type": "application/ld+json", **(headers or {})}, json=body)

    def test_the_container_answers_as_the_protocol_says(self):
        self.post(self.annotation())
        answer = self.request("GET", "/annotations/proto/")
        self.assertEqual(answer.status_code, 200)
        headers = answer.headers
        for method in ("GET", "HEAD", "OPTIONS", "POST"):
            self.assertIn(method, headers["Allow"])
        self.assertEqual(headers["Content-Type"], PROFILE_TYPE)
        self.assertIn(f'<{LDP}BasicContainer>; rel="type"', headers["Link"])
        self.assertIn(f'<http://www.w3.org/TR/annotation-protocol/>; rel="{LDP}constrainedBy"', headers["Link"])
        self.assertTrue(headers["ETag"].startswith('"'))
        self.assertEqual(headers["Vary"], "Accept, Prefer")
        self.assertEqual(headers["Accept-Post"], PROFILE_TYPE)
        body = answer.json()
        self.assertEqual(headers["Content-Location"], body["id"])
        # The representation with descriptions has an IRI of its own (the one with IRIs another).
        self.assertEqual(body["id"], f"{self.server.url}/annotations/proto/?iris=0")
        self.assertEqual(body["type"], ["BasicContainer", "AnnotationCollection"])
        self.assertIn(ANNO, body["@context"])
        self.assertEqual(body["total"], len(self.pins("proto")))
        self.assertEqual(body["first"]["type"], "AnnotationPage")
        self.assertTrue(all("@context" in item and item["type"] == "Annotation" for item in body["first"]["items"]))
        self.assertEqual(body["last"], body["first"]["id"])
        self.assertEqual(body["first"]["partOf"], body["id"])
        # Any answer of the container has its Link, a refusal too.
        self.assertIn(f"<{LDP}BasicContainer>", self.request("POST", "/annotations/proto/", {"Content-Type": "application/ld+json"},
                                                             data=b"[]").headers["Link"])
        # The content links to its container (the protocol's discovery).
        self.assertEqual(self.request("GET", "/v1/contents/proto").headers["Link"],
                         f'<{self.server.url}/annotations/proto/>; rel="{OA}annotationService"')
        # The same representation again has the same ETag; If-None-Match is a 304.
        self.assertEqual(self.request("GET", "/annotations/proto/").headers["ETag"], headers["ETag"])
        self.assertEqual(self.request("GET", "/annotations/proto/", {"If-None-Match": headers["ETag"]}).status_code, 304)
        head = self.request("HEAD", "/annotations/proto/")
        self.assertEqual((head.status_code, head.content, head.headers["ETag"]), (200, b"", headers["ETag"]))
        options = self.request("OPTIONS", "/annotations/proto/")
        self.assertEqual(options.status_code, 200)
        self.assertEqual(options.headers["Allow"], "GET, HEAD, OPTIONS, POST")
        # A container's IRI ends with a slash.
        moved = self.request("GET", "/annotations/proto", allow_redirects=False)
        self.assertEqual((moved.status_code, moved.headers["Location"]), (308, "/annotations/proto/"))
        self.assertEqual(self.request("GET", "/annotations/proto/", {"Accept": "image/png"}).status_code, 406)
        self.assertEqual(self.request("GET", "/annotations/none/").status_code, 404)
        self.assertEqual(self.request("PATCH", "/annotations/proto/").status_code, 405)

    def test_every_answer_of_the_container_has_its_etag(self):
        self.post(self.annotation())
        etag = self.request("GET", "/annotations/proto/").headers["ETag"]
        self.assertEqual(self.request("OPTIONS", "/annotations/proto/").headers.get("ETag"), etag)
        # Refusals too, with the container's current ETag.
        for answer, status in [
            (self.request("GET", "/annotations/proto/", {"Accept": "image/png"}), 406),
            (self.request("HEAD", "/annotations/proto/", {"Accept": "image/png"}), 406),
            (self.request("GET", "/annotations/proto/?iris=yes"), 400),
            (self.post({"type": "AnnotationPage", "items": []}), 400),
            (self.post(self.annotation(), {"Accept": "image/png"}), 406),
        ]:
            self.assertEqual((answer.status_code, answer.headers.get("ETag")), (status, etag), answer.text)
        self.assertEqual(self.post(self.annotation()).status_code, 201)
        moved = self.request("OPTIONS", "/annotations/proto/").headers["ETag"]
        self.assertNotEqual(moved, etag)
        self.assertEqual(self.request("GET", "/annotations/proto/").headers["ETag"], moved)
        # None for a client without access (a preflight sends no token), nor where there is no container.
        url = f"{self.server.url}/annotations/proto/"
        self.assertNotIn("ETag", requests.options(url, headers={"Origin": "https://annotator.example",
                                                                "Access-Control-Request-Method": "POST"}, timeout=TIMEOUT).headers)
        self.assertNotIn("ETag", requests.get(url, timeout=TIMEOUT).headers)
        self.assertNotIn("ETag", self.request("GET", "/annotations/none/").headers)

    def test_prefer_asks_for_the_minimal_container_or_iris(self):
        self.post(self.annotation())
        minimal = self.request("GET", "/annotations/proto/",
                               {"Prefer": f'return=representation;include="{LDP}PreferMinimalContainer"'})
        body = minimal.json()
        self.assertNotIn("items", body)
        self.assertNotIn("ldp:contains", body)
        self.assertNotIn("contains", body)
        self.assertIsInstance(body["first"], str)
        self.assertIn("last", body)
        self.assertIn("total", body)
        self.assertIn("Prefer", minimal.headers["Vary"])
        self.assertNotIn("Prefer", minimal.headers)
        self.assertEqual(minimal.headers["Preference-Applied"], "return=representation")
        first = self.request("GET", body["first"].replace(self.server.url, "")).json()
        self.assertTrue(first["items"] and all("@context" in item for item in first["items"]))
        self.assertEqual(first["partOf"]["id"], body["id"])
        container = f"{self.server.url}/annotations/proto/"
        iris = self.request("GET", "/annotations/proto/", {"Prefer": f'return=representation;include="{OA}PreferContainedIRIs"'})
        self.assertEqual(iris.json()["id"], container + "?iris=1")
        self.assertEqual(iris.headers["Content-Location"], container + "?iris=1")
        items = iris.json()["first"]["items"]
        self.assertTrue(items and all(isinstance(item, str) and item.startswith(container) for item in items))
        self.assertNotEqual(iris.headers["ETag"], minimal.headers["ETag"])
        descriptions = self.request("GET", "/annotations/proto/",
                                    {"Prefer": f'return=representation;include="{OA}PreferContainedDescriptions"'}).json()
        self.assertEqual([item["id"] for item in descriptions["first"]["items"]], items)
        # Minimal and IRIs: the linked pages follow the IRIs preference.
        both = self.request("GET", "/annotations/proto/", {
            "Prefer": f'return=representation;include="{LDP}PreferMinimalContainer {OA}PreferContainedIRIs"'}).json()
        self.assertEqual(both["first"], container + "?iris=1&page=0")
        self.assertEqual(self.request("GET", "/annotations/proto/?iris=1&page=0").json()["items"], items)

    def test_pages_link_next_prev_and_their_container(self):
        size = self.request("GET", "/v1/contents/paged").json()["pages"][0]
        items = [{"id": f"urn:test:{n}", "type": "Annotation", "created": "2026-11-07T00:00:00Z", "bodyValue": f"n{n}",
                  "target": {"source": "urn:x", "selector": {"type": "PointSelector", "x": n % size["width"], "y": 1}}}
                 for n in range(205)]
        imported = self.request("POST", "/v1/contents/paged/import", {"Content-Type": "application/ld+json"},
                                json={"type": "AnnotationPage", "items": items})
        self.assertEqual(len(imported.json()["created"]), 205, imported.text)
        container = self.request("GET", "/annotations/paged/",
                                 {"Prefer": f'return=representation;include="{LDP}PreferMinimalContainer"'}).json()
        self.assertEqual(container["total"], 205)
        seen, url, pages = [], container["first"], []
        while url:
            page = self.request("GET", url.replace(self.server.url, ""))
            self.assertEqual(page.status_code, 200)
            self.assertEqual(page.headers["Content-Location"], url)
            self.assertNotIn("Link", page.headers)
            page = page.json()
            pages.append(page)
            self.assertEqual(page["type"], "AnnotationPage")
            self.assertEqual(page["partOf"]["id"], container["id"])
            self.assertEqual(page["startIndex"], len(seen))
            self.assertLessEqual(len(page["items"]), 100)
            seen += [item["id"] for item in page["items"]]
            url = page.get("next")
        self.assertEqual([len(page["items"]) for page in pages], [100, 100, 5])
        self.assertNotIn("prev", pages[0])
        self.assertEqual(pages[1]["prev"], pages[0]["id"])
        self.assertEqual(pages[2]["id"], container["last"])
        self.assertEqual(len(set(seen)), 205)
        self.assertEqual(self.request("GET", "/annotations/paged/?page=3").status_code, 404)
        self.assertEqual(self.request("GET", "/annotations/paged/?page=-1").status_code, 400)
        iris = self.request("GET", "/annotations/paged/?iris=1&page=1").json()
        self.assertEqual(iris["items"], seen[100:200])
        self.assertEqual(self.request("GET", "/annotations/paged/?iris=yes").status_code, 400)

    def test_post_creates_a_pin_with_its_events_and_slug(self):
        events, created = self.events_during("proto", lambda: self.post(self.annotation(
            "from an annotation client", canonical="urn:uuid:1b0f7a3e"), {"Slug": "from-client"}), 1)
        self.assertEqual(created.status_code, 201, created.text)
        body = created.json()
        container = f"{self.server.url}/annotations/proto/"
        self.assertEqual(body["id"], container + "from-client")
        self.assertEqual(created.headers["Location"], body["id"])
        self.assertEqual(created.headers["Content-Type"], PROFILE_TYPE)
        self.assertIn(f"<{LDP}BasicContainer>", created.headers["Link"])
        self.assertEqual(body["creator"]["id"], "urn:pinrender:author:ci-admin")
        self.assertEqual((events[0]["type"], events[0]["pin"]["id"]), ("pin.created", "from-client"))
        pin = self.pins("proto")["from-client"]
        self.assertEqual((pin["page"], pin["relativeX"], pin["relativeY"], pin["text"]), (2, 0.25, 0.5, "from an annotation client"))
        # Quoted, as the protocol's example sends it.
        quoted = self.post(self.annotation(), {"Slug": '"quoted_slug"'}).json()
        self.assertEqual(quoted["id"], container + "quoted_slug")
        # The Slug taken: another id, in the container.
        again = self.post(self.annotation(), {"Slug": "from-client"}).json()
        self.assertTrue(again["id"].startswith(container) and again["id"] != body["id"])
        # A reply: replying, its target the annotation.
        reply = self.post({"@context": ANNO, "type": "Annotation", "motivation": "replying", "bodyValue": "a reply",
                           "target": body["id"]})
        self.assertEqual(reply.status_code, 201, reply.text)
        self.assertEqual(reply.json()["target"], body["id"])
        self.assertEqual(self.pins("proto")[reply.json()["id"].rsplit("/", 1)[1]]["parentId"], "from-client")
        got = self.request("GET", "/annotations/proto/from-client")
        self.assertEqual(got.status_code, 200)
        for method in ("GET", "HEAD", "OPTIONS", "PUT", "DELETE"):
            self.assertIn(method, got.headers["Allow"])
        self.assertEqual(got.headers["Vary"], "Accept")
        self.assertEqual(got.headers["Link"], f'<{LDP}Resource>; rel="type"')
        self.assertEqual(got.headers["Content-Type"], PROFILE_TYPE)
        self.assertEqual(got.json(), body)
        self.assertEqual(self.request("HEAD", "/annotations/proto/from-client").status_code, 200)
        self.assertEqual(self.request("OPTIONS", "/annotations/proto/from-client").status_code, 200)

    def test_put_and_delete_take_if_match(self):
        created = self.post(self.annotation("to edit"), {"Slug": "edited"})
        etag = created.headers["ETag"]
        changed = dict(created.json(), body={"type": "TextualBody", "value": "edited text"}, resolved=True)
        stale = self.request("PUT", "/annotations/proto/edited", {"Content-Type": "application/ld+json", "If-Match": '"1"'},
                             json=changed)
        self.assertEqual(stale.status_code, 412)
        self.assertIn("If-Match", stale.json()["error"])
        events, put = self.events_during("proto", lambda: self.request(
            "PUT", "/annotations/proto/edited", {"Content-Type": "application/ld+json", "If-Match": etag}, json=changed), 1)
        self.assertEqual(put.status_code, 200, put.text)
        self.assertEqual((put.json()["body"]["value"], put.json()["resolved"]), ("edited text", True))
        self.assertNotEqual(put.headers["ETag"], etag)
        self.assertEqual(events[0]["type"], "pin.resolved")
        self.assertEqual(self.pins("proto")["edited"]["text"], "edited text")
        other = dict(changed, id=f"{self.server.url}/annotations/proto/someone-else")
        self.assertEqual(self.request("PUT", "/annotations/proto/edited", {"Content-Type": "application/ld+json"},
                                      json=other).status_code, 400)
        self.assertEqual(self.request("DELETE", "/annotations/proto/edited", {"If-Match": etag}).status_code, 412)
        events, deleted = self.events_during("proto", lambda: self.request(
            "DELETE", "/annotations/proto/edited", {"If-Match": put.headers["ETag"]}), 1)
        self.assertEqual(deleted.status_code, 204)
        self.assertEqual(events[0]["type"], "pin.deleted")
        self.assertEqual(self.request("GET", "/annotations/proto/edited").status_code, 410)
        self.assertNotIn("edited", self.pins("proto"))

    def test_canonical_is_kept_a_given_id_goes_to_via_and_a_put_changes_neither(self):
        given, canonical = "https://elsewhere.example/annotations/41", "urn:uuid:1b0f7a3e-5c1d-4c39-9a7e-canonical"
        created = self.post(self.annotation("copied here", id=given, canonical=canonical), {"Slug": "copied"})
        self.assertEqual(created.status_code, 201, created.text)
        body = created.json()
        self.assertEqual(body["id"], f"{self.server.url}/annotations/proto/copied")
        self.assertEqual((body["canonical"], body["via"]), (canonical, given))
        self.assertEqual(self.request("GET", "/annotations/proto/copied").json(), body)
        pin = self.pins("proto")["copied"]
        self.assertEqual((pin["canonical"], pin["via"]), (canonical, given))
        # Without an id, a given via is kept.
        self.assertEqual(self.post(self.annotation(via="https://older.example/7")).json()["via"], "https://older.example/7")
        # A PUT with them unchanged, or without them, keeps them; one that changes either is a 409.
        for fields in (dict(body), {key: value for key, value in body.items() if key not in ("canonical", "via")}):
            fields["body"] = {"type": "TextualBody", "value": "edited, " + str(len(fields))}
            put = self.request("PUT", "/annotations/proto/copied", {"Content-Type": "application/ld+json"}, json=fields)
            self.assertEqual(put.status_code, 200, put.text)
            self.assertEqual((put.json()["canonical"], put.json()["via"]), (canonical, given))
        for field in ("canonical", "via"):
            changed = self.request("PUT", "/annotations/proto/copied", {"Content-Type": "application/ld+json"},
                                   json=dict(body, **{field: "urn:uuid:another"}))
            self.assertEqual(changed.status_code, 409, changed.text)
            self.assertTrue(changed.json()["error"].startswith(f'{field}: "urn:uuid:another" is not the annotation'), changed.text)
            self.assertNotIn("\n", changed.json()["error"])
            self.assertEqual(changed.json()["current"]["id"], "copied")
        self.assertEqual(self.pins("proto")["copied"]["canonical"], canonical)
        # One that is no IRI is a 400 naming it; the pins API cannot change them.
        bad = self.post(self.annotation(canonical="not an IRI"))
        self.assertEqual(bad.status_code, 400)
        self.assertTrue(bad.json()["error"].startswith("canonical: expected an absolute IRI"), bad.text)
        patch = self.request("PATCH", "/v1/contents/proto/pins/copied", json={"version": pin["version"], "via": "urn:x"})
        self.assertEqual(patch.status_code, 400)
        self.assertTrue(patch.json()["error"].startswith("via: cannot be changed"), patch.text)

    def test_bad_annotations_are_400_with_one_line(self):
        cases = [
            (b'{"type": "Annotation", "bodyValue": "x", "target": ', "target: not valid JSON: line 1, column 52"),
            (json.dumps({"type": "Annotation", "bodyValue": "nowhere", "target": "http://www.example.com/index.html"}).encode(),
             "target: no place on a page"),
            (json.dumps({"type": "AnnotationPage", "items": []}).encode(), "type: needs \"Annotation\""),
            (json.dumps(self.annotation(x="ten")).encode(), "target.selector.value: "),
            (json.dumps(self.annotation(created="yesterday")).encode(), "created: expected an ISO 8601 date-time"),
        ]
        for body, start in cases:
            answer = self.request("POST", "/annotations/proto/", {"Content-Type": "application/ld+json"}, data=body)
            self.assertEqual(answer.status_code, 400, answer.text)
            self.assertTrue(answer.json()["error"].startswith(start), answer.json()["error"])
            self.assertNotIn("\n", answer.json()["error"])
        self.assertEqual(self.request("POST", "/annotations/proto/", {"Content-Type": "text/plain"}, data=b"{}").status_code, 415)
        reader = requests.post(f"{self.server.url}/annotations/proto/", json=self.annotation(),
                               headers={**bearer(READER), "Content-Type": "application/ld+json"}, timeout=TIMEOUT)
        self.assertEqual(reader.status_code, 403)
        self.assertEqual(requests.get(f"{self.server.url}/annotations/proto/", timeout=TIMEOUT).status_code, 401)

    def test_cors_lets_a_browser_client_of_another_origin_in(self):
        origin = {"Origin": "https://annotator.example"}
        preflight = requests.options(f"{self.server.url}/annotations/proto/some-pin", timeout=TIMEOUT, headers={
            **origin, "Access-Control-Request-Method": "PUT", "Access-Control-Request-Headers": "authorization, content-type, if-match"})
        self.assertEqual(preflight.status_code, 200)
        self.assertEqual(preflight.headers["Access-Control-Allow-Origin"], "*")
        self.assertIn("PUT", preflight.headers["Access-Control-Allow-Methods"])
        allowed = preflight.headers["Access-Control-Allow-Headers"].lower()
        for header in ("authorization", "content-type", "if-match", "prefer", "slug"):
            self.assertIn(header, allowed)
        got = self.request("GET", "/annotations/proto/", origin)
        self.assertEqual(got.headers["Access-Control-Allow-Origin"], "*")
        exposed = got.headers["Access-Control-Expose-Headers"]
        for header in ("ETag", "Link", "Location", "Allow", "Vary"):
            self.assertIn(header, exposed)
        # A refusal is readable too: the client learns it needs a token.
        refused = requests.get(f"{self.server.url}/annotations/proto/", headers=origin, timeout=TIMEOUT)
        self.assertEqual((refused.status_code, refused.headers.get("Access-Control-Allow-Origin")), (401, "*"))
        # The rest of the API grants no other origin.
        self.assertNotIn("Access-Control-Allow-Origin", self.request("GET", "/v1/contents/proto/pins", origin).headers)


def offline_loader(url, options=None):
    """The model's context from Tests/Interchange (as the W3C publishes it); no other."""
    if url.rstrip("/") == ANNO:
        return {"contentType": "application/ld+json", "contextUrl": None, "documentUrl": url,
                "document": json.loads(W3C_CONTEXT.read_text())}
    raise ValueError(f"no network in the tests: {url}")


class TurtleTests(ServerCase):
    """The protocol's Turtle (a SHOULD): the RDF of the JSON-LD, by content negotiation."""

    def test_turtle_is_the_same_graph_as_the_json_ld(self):
        self.assertIn(self.server.put_file("rdf", SAMPLES / "floorplan.pdf", headers=self.auth).status_code, (200, 201))
        text = 'Трещина — здесь 🏗️ "quoted"\nsecond line \\ עברית'
        root = self.request("POST", "/annotations/rdf/", {"Content-Type": "application/ld+json", "Slug": "root"}, json={
            "@context": ANNO, "type": "Annotation", "canonical": "urn:uuid:7d3f-canonical",
            "creator": {"id": "urn:pinrender:author:anna", "name": "Анна"}, "body": {"type": "TextualBody", "value": text},
            "target": {"source": f"{self.server.url}/contents/rdf",
                       "selector": {"type": "FragmentSelector", "value": "page=3&xywh=percent:12.5,40,0,0"}}})
        self.assertEqual(root.status_code, 201, root.text)
        reply = self.request("POST", "/annotations/rdf/", {"Content-Type": "application/ld+json", "Slug": "reply"}, json={
            "@context": ANNO, "type": "Annotation", "motivation": "replying", "bodyValue": "ответ ✓", "target": root.json()["id"]})
        self.assertEqual(reply.status_code, 201, reply.text)
        # Resolved by a PUT whose If-Match is the Turtle's ETag (either representation's names the state).
        turtle = self.request("GET", "/annotations/rdf/root", {"Accept": "text/turtle"})
        self.assertNotEqual(turtle.headers["ETag"], root.headers["ETag"])
        resolved = self.request("PUT", "/annotations/rdf/root", {"Content-Type": "application/ld+json", "If-Match": turtle.headers["ETag"]},
                                json=dict(root.json(), resolved=True))
        self.assertEqual(resolved.status_code, 200, resolved.text)
        for path in ("/annotations/rdf/root", "/annotations/rdf/reply", "/annotations/rdf/?page=0", "/annotations/rdf/?iris=1&page=0"):
            ld = self.request("GET", path)
            ttl = self.request("GET", path, {"Accept": "text/turtle"})
            self.assertEqual((ttl.status_code, ttl.headers["Content-Type"]), (200, "text/turtle; charset=utf-8"), ttl.text)
            self.assertIn("Accept", ttl.headers["Vary"])
            self.assertNotEqual(ttl.headers["ETag"], ld.headers["ETag"])
            self.assertEqual(self.request("GET", path, {"Accept": "text/turtle", "If-None-Match": ttl.headers["ETag"]}).status_code, 304)
            self.assertEqual(self.request("GET", path, {"If-None-Match": ttl.headers["ETag"]}).status_code, 200)
            expected = rdflib.Graph().parse(data=jsonld.to_rdf(ld.json(), {"format": "application/n-quads",
                                                                         "documentLoader": offline_loader}), format="nt")
            graph = rdflib.Graph().parse(data=ttl.text, format="turtle")
            self.assertGreater(len(graph), 5, path)
            self.assertTrue(rdflib.compare.isomorphic(graph, expected), f"{path}:\n{ttl.text}\n---\n"
                            + "\n".join(sorted(line for line in expected.serialize(format="nt").splitlines())))
        graph = rdflib.Graph().parse(data=self.request("GET", "/annotations/rdf/root", {"Accept": "text/turtle"}).text, format="turtle")
        iri = rdflib.URIRef(root.json()["id"])
        self.assertIn((iri, rdflib.URIRef("urn:pinrender:ns:resolved"), rdflib.Literal(True)), graph)
        self.assertIn((iri, rdflib.URIRef(OA + "canonical"), rdflib.URIRef("urn:uuid:7d3f-canonical")), graph)
        self.assertIn(text, [str(value) for value in graph.objects(None, rdflib.RDF.value)])
        # The container (its JSON-LD also names LDP's context, which the tests do not hold): its type, total and first page.
        container = rdflib.Graph().parse(data=self.request("GET", "/annotations/rdf/", {"Accept": "text/turtle"}).text, format="turtle")
        node = rdflib.URIRef(f"{self.server.url}/annotations/rdf/?iris=0")
        self.assertIn((node, rdflib.RDF.type, rdflib.URIRef(LDP + "BasicContainer")), container)
        self.assertEqual(container.value(node, rdflib.URIRef("http://www.w3.org/ns/activitystreams#totalItems")).toPython(), 2)

    def test_accept_and_its_quality_values_choose_the_representation(self):
        for accept, kind in [("text/turtle", "text/turtle"), ("application/ld+json;q=0.5, text/turtle", "text/turtle"),
                             ("text/turtle;q=0.5, application/ld+json", "application/ld+json"), ("text/turtle;q=0.5, */*", "application/ld+json"),
                             ("*/*;q=0.1, text/*", "text/turtle"), (None, "application/ld+json")]:
            answer = self.request("GET", "/annotations/proto/", {"Accept": accept} if accept else {})
            self.assertEqual(answer.status_code, 200, accept)
            self.assertTrue(answer.headers["Content-Type"].startswith(kind), f"{accept}: {answer.headers['Content-Type']}")
            self.assertEqual(answer.headers["Vary"], "Accept, Prefer")
        for accept in ("image/png", "text/turtle;q=0, application/ld+json;q=0", "text/html"):
            refused = self.request("GET", "/annotations/proto/", {"Accept": accept})
            self.assertEqual(refused.status_code, 406, accept)
            self.assertIn("text/turtle", refused.json()["error"])
        # A POST and a PUT answer in the representation asked for, too.
        created = self.request("POST", "/annotations/proto/", {"Content-Type": "application/ld+json", "Accept": "text/turtle"},
                               json={"type": "Annotation", "bodyValue": "as Turtle", "target": {
                                   "source": f"{self.server.url}/contents/proto",
                                   "selector": {"type": "FragmentSelector", "value": "xywh=percent:5,5,0,0"}}})
        self.assertEqual((created.status_code, created.headers["Content-Type"]), (201, "text/turtle; charset=utf-8"), created.text)
        graph = rdflib.Graph().parse(data=created.text, format="turtle")
        self.assertIn((rdflib.URIRef(created.headers["Location"]), rdflib.RDF.type, rdflib.URIRef(OA + "Annotation")), graph)
        head = self.request("HEAD", "/annotations/proto/", {"Accept": "text/turtle"})
        self.assertEqual((head.status_code, head.content), (200, b""))
        self.assertEqual(head.headers["ETag"], self.request("GET", "/annotations/proto/", {"Accept": "text/turtle"}).headers["ETag"])


class BrowserTests(ServerCase):
    """Headless chromium, on a page of another origin (another port), uses the protocol with
    fetch: its preflights, the headers it may read, a refusal it can tell."""

    def test_a_browser_client_of_another_origin_creates_edits_and_reads(self):
        folder = tempfile.mkdtemp(prefix="origin-")
        pathlib.Path(folder, "index.html").write_text("<!doctype html><title>annotator</title>")
        site = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(http.server.SimpleHTTPRequestHandler,
                                                                                      directory=folder))
        threading.Thread(target=site.serve_forever, daemon=True).start()
        options = webdriver.ChromeOptions()
        options.binary_location = shutil.which("chromium") or "/usr/bin/chromium"
        for argument in ["--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu",
                         "--proxy-server=direct://", "--proxy-bypass-list=*"]:
            options.add_argument(argument)
        driver = webdriver.Chrome(service=Service(shutil.which("chromedriver") or "/usr/bin/chromedriver"), options=options)
        driver.set_script_timeout(TIMEOUT)
        try:
            driver.get(f"http://127.0.0.1:{site.server_address[1]}/index.html")
            result = driver.execute_async_script("""
                const [server, token, done] = arguments;
                const auth = {"Authorization": "Bearer " + token};
                (async () => {
                  const created = await fetch(server + "/annotations/proto/", {method: "POST", headers: {...auth,
                      "Content-Type": "application/ld+json", "Slug": "from-browser"}, body: JSON.stringify({
                      type: "Annotation", bodyValue: "from a browser", target: {source: server + "/contents/proto",
                      selector: {type: "FragmentSelector", value: "page=1&xywh=percent:40,60,0,0"}}})});
                  const etag = created.headers.get("ETag");
                  const body = await created.json();
                  body.body = {type: "TextualBody", value: "edited in a browser"};
                  const put = await fetch(body.id, {method: "PUT", headers: {...auth, "Content-Type": "application/ld+json",
                      "If-Match": etag}, body: JSON.stringify(body)});
                  const stale = await fetch(body.id, {method: "DELETE", headers: {...auth, "If-Match": etag}});
                  const container = await fetch(server + "/annotations/proto/", {headers: {...auth, "Prefer":
                      'return=representation;include="http://www.w3.org/ns/oa#PreferContainedIRIs"'}});
                  const refused = await fetch(server + "/annotations/proto/");
                  let other = "read";
                  try { await fetch(server + "/v1/contents/proto/pins", {headers: auth}); } catch (error) { other = "blocked"; }
                  done({status: created.status, location: created.headers.get("Location"), id: body.id, etag,
                        link: created.headers.get("Link"), put: put.status, text: (await put.json()).body.value,
                        stale: stale.status, vary: container.headers.get("Vary"), allow: container.headers.get("Allow"),
                        items: (await container.json()).first.items, refused: refused.status, other});
                })().catch(error => done({error: String(error)}));
            """, self.server.url, ADMIN)
        finally:
            driver.quit()
            site.shutdown()
            shutil.rmtree(folder, ignore_errors=True)
        self.assertNotIn("error", result)
        container = f"{self.server.url}/annotations/proto/"
        self.assertEqual((result["status"], result["location"], result["id"]), (201, container + "from-browser", container + "from-browser"))
        self.assertTrue(result["etag"] and "BasicContainer" in result["link"])
        self.assertEqual((result["put"], result["text"], result["stale"]), (200, "edited in a browser", 412))
        self.assertEqual((result["vary"], result["allow"]), ("Accept, Prefer", "GET, HEAD, OPTIONS, POST"))
        self.assertIn(container + "from-browser", result["items"])
        self.assertEqual(result["refused"], 401)
        # The rest of the API grants the page nothing: the browser does not hand it the answer.
        self.assertEqual(result["other"], "blocked")
        self.assertEqual(self.pins("proto")["from-browser"]["text"], "edited in a browser")


class OpenServerTests(unittest.TestCase):
    """Without tokens the server answers its own pages only: no CORS on the protocol either."""

    def test_another_origin_is_refused_without_tokens(self):
        with scratch_server() as server:
            self.assertEqual(server.put_file("plan", SAMPLES / "floorplan.pdf").status_code, 201)
            preflight = requests.options(f"{server.url}/annotations/plan/", timeout=TIMEOUT, headers={
                "Origin": "https://annotator.example", "Access-Control-Request-Method": "POST"})
            self.assertEqual(preflight.status_code, 403)
            self.assertNotIn("Access-Control-Allow-Origin", preflight.headers)
            own = requests.get(f"{server.url}/annotations/plan/", headers={"Origin": server.url}, timeout=TIMEOUT)
            self.assertEqual(own.status_code, 200)
            created = requests.post(f"{server.url}/annotations/plan/", timeout=TIMEOUT, json={
                "type": "Annotation", "bodyValue": "open", "target": {"source": "x", "selector": {
                    "type": "FragmentSelector", "value": "xywh=percent:50,50,0,0"}}},
                headers={"Content-Type": "application/ld+json"})
            self.assertEqual(created.status_code, 201, created.text)
            self.assertEqual(created.json()["creator"]["id"], "urn:pinrender:author:anonymous")


if __name__ == "__main__":
    service_test.main()
