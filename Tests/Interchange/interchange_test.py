#!/usr/bin/env python3
"""`pinrender import` and `pinrender export` against tools nobody here wrote (issue 31).

    python3 Tests/Interchange/interchange_test.py [--binary .build/debug/pinrender]

- PDFs whose comments PyMuPDF and pypdf made (sticky notes, replies through /IRT, review
  states, other markup, rotated and cropped pages) import exactly: the point each tool says,
  the ids, texts, authors, dates, threads and states.
- Round trips: pins -> review-export PDF -> import (rotated and cropped pages, the samples),
  pins -> XFDF -> import and pins -> W3C -> import give the same pins; the XFDF
  is read back by Python's own XML parser, the W3C page is expanded by a JSON-LD processor
  (pyld) against the model's context (w3c-anno.jsonld: http://www.w3.org/ns/anno.jsonld as
  the W3C publishes it, under the W3C Document License, served to pyld from this folder).
- Bad input: one line naming the file, the annotation and the field, exit status 2, nothing
  written; comments that cannot be placed are left out with a warning. Hostile XML (billion
  laughs, external entities, deep nesting) and huge files are refused at once.
"""
import json
import math
import os
import pathlib
import subprocess
import tempfile
import unittest
import xml.etree.ElementTree as ElementTree
from datetime import datetime, timezone

import pymupdf
import pypdf
from pypdf.annotations import FreeText, Text
from pypdf.generic import ArrayObject, FloatObject, NameObject, RectangleObject, TextStringObject
from pyld import jsonld

import test_binary

ROOT = pathlib.Path(__file__).resolve().parents[2]
HERE = pathlib.Path(__file__).resolve().parent
BINARY = str(ROOT / ".build/debug/pinrender")
TIMEOUT = 120

# Pages as (width, height, /Rotate, CropBox in PyMuPDF's top-left coordinates or None).
PAGES = [(595, 842, 0, None), (600, 800, 90, None), (600, 800, 0, (50, 100, 450, 700)),
         (600, 800, 270, (40, 60, 560, 700)), (500, 700, 180, (10, 20, 490, 690))]


def run(*arguments, stdin=None):
    return subprocess.run([BINARY, *arguments], capture_output=True, text=True, timeout=TIMEOUT, input=stdin)


def iso(text):
    return datetime.fromisoformat(text.replace("Z", "+00:00"))


class Scratch(unittest.TestCase):
    def setUp(self):
        self.folder = tempfile.TemporaryDirectory()
        self.dir = pathlib.Path(self.folder.name)

    def tearDown(self):
        self.folder.cleanup()

    def imported(self, *arguments):
        out = self.dir / "imported.json"
        result = run("import", *arguments, "-o", str(out))
        self.assertEqual(result.returncode, 0, result.stderr)
        return {pin["id"]: pin for pin in json.loads(out.read_text())["pins"]}, result.stderr

    def assertRefused(self, arguments, *words, stdin=None):
        out = self.dir / "refused.json"
        result = run(*arguments, "-o", str(out), stdin=stdin)
        self.assertEqual(result.returncode, 2, result.stderr)
        lines = result.stderr.strip().splitlines()
        self.assertEqual(len(lines), 1, result.stderr)
        for word in words:
            self.assertIn(word, lines[0])
        self.assertFalse(out.exists())
        return lines[0]

    def assertPoint(self, pin, x, y, places=4):
        self.assertAlmostEqual(pin["relativeX"], x, places=places, msg=pin)
        self.assertAlmostEqual(pin["relativeY"], y, places=places, msg=pin)


class PyMuPDFComments(Scratch):
    """Comments made with PyMuPDF: where PyMuPDF says each one is, on every kind of page."""

    def make(self):
        doc = pymupdf.open()
        expected = {}
        for index, (width, height, rotation, crop) in enumerate(PAGES):
            page = doc.new_page(width=width, height=height)
            if crop:
                page.set_cropbox(pymupdf.Rect(*crop))
            page.set_rotation(rotation)
            box = page.rect  # the displayed page

            def displayed(point):
                shown = pymupdf.Point(point) * page.rotation_matrix
                return shown.x / box.width, shown.y / box.height

            number = index + 1
            note = page.add_text_annot((100, 150), f"Заметка {number} 👍 مرحبا")
            note.set_info(title=f"Анна {number}", creationDate=f"D:2026110{number}091500+02'00'",
                          modDate=f"D:2026110{number}101500Z")
            doc.xref_set_key(note.xref, "NM", f"(note-{number})")
            expected[f"note-{number}"] = dict(page=number, point=displayed((100, 150)), author=f"Анна {number}",
                                             text=f"Заметка {number} 👍 مرحبا",
                                             created=datetime(2026, 11, number, 7, 15, tzinfo=timezone.utc))
            reply = page.add_text_annot((100, 150), f"reply {number}")
            reply.set_info(title="Олег", creationDate=f"D:2026110{number}120000Z")
            reply.set_irt_xref(note.xref)
            doc.xref_set_key(reply.xref, "NM", f"(reply-{number})")
            # A reply to the reply joins the root.
            nested = page.add_text_annot((100, 150), "re: re")
            nested.set_info(title="Анна", creationDate=f"D:2026110{number}130000Z")
            nested.set_irt_xref(reply.xref)
            doc.xref_set_key(nested.xref, "NM", f"(nested-{number})")
            shape = page.add_rect_annot(pymupdf.Rect(200, 300, 300, 360))
            shape.set_info(content=f"cloud {number}", title="Дмитрий", creationDate="D:20261103080000Z")
            doc.xref_set_key(shape.xref, "NM", f"(shape-{number})")
            expected[f"shape-{number}"] = dict(page=number, point=displayed((250, 330)), subtype="Square")
            free = page.add_freetext_annot(pymupdf.Rect(120, 400, 220, 440), f"free {number}")
            free.set_info(title="Дмитрий", creationDate="D:20261103080000Z")
            doc.xref_set_key(free.xref, "NM", f"(free-{number})")
            expected[f"free-{number}"] = dict(page=number, point=displayed((170, 420)), subtype="FreeText")
            page.add_circle_annot(pymupdf.Rect(10, 10, 40, 40))  # no comment: not a pin
            if number % 2 == 1:
                state = page.add_text_annot((100, 150), "Completed set by Олег")
                state.set_info(title="Олег", creationDate=f"D:2026110{number}140000Z", modDate=f"D:2026110{number}140000Z")
                state.set_irt_xref(note.xref)
                doc.xref_set_key(state.xref, "State", "(Completed)")
                doc.xref_set_key(state.xref, "StateModel", "(Review)")
                doc.xref_set_key(state.xref, "NM", f"(state-{number})")
            else:
                marked = page.add_text_annot((100, 150), "")
                marked.set_irt_xref(note.xref)
                marked.set_info(creationDate=f"D:2026110{number}140000Z")
                doc.xref_set_key(marked.xref, "State", "(Marked)")
                doc.xref_set_key(marked.xref, "StateModel", "(Marked)")
        path = self.dir / "pymupdf.pdf"
        doc.save(str(path))
        return path, expected

    def test_every_comment_where_pymupdf_put_it(self):
        path, expected = self.make()
        pins, _ = self.imported(str(path))
        for number in range(1, len(PAGES) + 1):
            note = pins[f"note-{number}"]
            want = expected[f"note-{number}"]
            self.assertEqual(note["page"], number)
            self.assertPoint(note, *want["point"])
            self.assertEqual(note["authorId"], want["author"])
            self.assertEqual(note["text"], want["text"])
            self.assertEqual(iso(note["createdAt"]), want["created"])
            self.assertEqual(iso(note["modifiedAt"]), datetime(2026, 11, number, 10, 15, tzinfo=timezone.utc))
            self.assertNotIn("subtype", note)
            self.assertEqual(pins[f"reply-{number}"]["parentId"], f"note-{number}")
            self.assertEqual(pins[f"nested-{number}"]["parentId"], f"note-{number}")
            self.assertNotIn("relativeX", pins[f"reply-{number}"])
            self.assertEqual(pins[f"reply-{number}"]["page"], number)
            for kind in ("shape", "free"):
                pin = pins[f"{kind}-{number}"]
                self.assertEqual(pin["subtype"], expected[f"{kind}-{number}"]["subtype"])
                self.assertPoint(pin, *expected[f"{kind}-{number}"]["point"])
                self.assertIsNone(pin.get("parentId"))
            # Review states resolve; /StateModel /Marked does not; neither is a pin.
            self.assertEqual(note["resolved"], number % 2 == 1)
            self.assertNotIn(f"state-{number}", pins)
            if number % 2 == 1:
                self.assertEqual(note["reviewState"], {"state": "Completed", "author": "Олег",
                                                       "date": f"2026-11-0{number}T14:00:00Z"})
            else:
                self.assertNotIn("reviewState", note)
        # Five pins a page: note, reply, nested reply, shape, free text (no circle, no state).
        self.assertEqual(len(pins), 5 * len(PAGES))

    def test_the_pins_render(self):
        path, _ = self.make()
        out = self.dir / "pins.json"
        self.assertEqual(run("import", str(path), "-o", str(out)).returncode, 0)
        result = run("render", str(path), "--pins", str(out), "--pages", "1-5", "--dpi", "20", "-o", str(self.dir / "r.png"))
        self.assertEqual(result.returncode, 0, result.stderr)


class RichText(Scratch):
    def test_rich_text_without_its_markup(self):
        doc = pymupdf.open()
        page = doc.new_page()
        note = page.add_text_annot((50, 50), "x")
        doc.xref_set_key(note.xref, "Contents", "()")
        doc.xref_set_key(note.xref, "CreationDate", "(D:20261101)")
        doc.xref_set_key(note.xref, "RC", '(<body xmlns="http://www.w3.org/1999/xhtml"><p>rich <b>text</b></p><p>two</p></body>)')
        big = page.add_text_annot((80, 80), "y")
        doc.xref_set_key(big.xref, "CreationDate", "(D:20261101)")
        path = self.dir / "rich.pdf"
        doc.save(str(path))
        pins, _ = self.imported(str(path))
        self.assertEqual(pins["fitz-A0"]["text"], "rich text\ntwo")
        # A rich text stream of more than 64 KiB (before decoding) is refused, not decoded.
        doc = pymupdf.open(str(path))
        stream = doc.get_new_xref()
        doc.update_object(stream, "<<>>")
        doc.update_stream(stream, os.urandom(70_000), compress=False)
        doc.xref_set_key(big.xref, "Contents", "()")
        doc.xref_set_key(big.xref, "RC", f"{stream} 0 R")
        bomb = self.dir / "bomb.pdf"
        doc.save(str(bomb))
        self.assertRefused(["import", str(bomb)], str(bomb), f"object {big.xref} 0", "/RC", "64 KiB")


class PyPDFComments(Scratch):
    """Comments made with pypdf, whose /Rect is written in PDF user space as given."""

    def test_notes_replies_states_and_stable_ids(self):
        writer = pypdf.PdfWriter()
        page = writer.add_blank_page(612, 792)
        page.cropbox = RectangleObject([36, 72, 576, 756])
        rotated = writer.add_blank_page(612, 792)
        rotated.rotation = 90
        root = Text(rect=(136, 600, 156, 620), text="pypdf note ✓")
        root[NameObject("/NM")] = TextStringObject("py-root")
        root[NameObject("/T")] = TextStringObject("Zoë")
        root[NameObject("/CreationDate")] = TextStringObject("D:20261105083000-05'00'")
        root = writer.add_annotation(page_number=0, annotation=root)
        reply = Text(rect=(136, 600, 156, 620), text="pypdf reply")
        reply[NameObject("/NM")] = TextStringObject("py-reply")
        reply[NameObject("/T")] = TextStringObject("Ömer")
        reply[NameObject("/M")] = TextStringObject("D:20261105090000Z")
        reply[NameObject("/IRT")] = root.indirect_reference
        writer.add_annotation(page_number=0, annotation=reply)
        state = Text(rect=(136, 600, 156, 620), text="Accepted")
        state[NameObject("/IRT")] = root.indirect_reference
        state[NameObject("/State")] = TextStringObject("Accepted")
        state[NameObject("/StateModel")] = TextStringObject("Review")
        state[NameObject("/T")] = TextStringObject("Ömer")
        state[NameObject("/M")] = TextStringObject("D:20261105100000Z")
        writer.add_annotation(page_number=0, annotation=state)
        # Grouped with the root (/RT /Group): a part of the root's comment, not a pin.
        grouped = Text(rect=(300, 300, 320, 320), text="grouped")
        grouped[NameObject("/IRT")] = root.indirect_reference
        grouped[NameObject("/RT")] = NameObject("/Group")
        grouped[NameObject("/CreationDate")] = TextStringObject("D:20261106")
        writer.add_annotation(page_number=0, annotation=grouped)
        unnamed = Text(rect=(300, 300, 320, 320), text="no /NM")
        unnamed[NameObject("/CreationDate")] = TextStringObject("D:20261106")
        unnamed = writer.add_annotation(page_number=0, annotation=unnamed)
        free = FreeText(text="free on a turned page", rect=(100, 500, 200, 540))
        free[NameObject("/NM")] = TextStringObject("py-free")
        free[NameObject("/CreationDate")] = TextStringObject("D:20261107120000Z")
        writer.add_annotation(page_number=1, annotation=free)
        path = self.dir / "pypdf.pdf"
        with open(path, "wb") as f:
            writer.write(f)

        pins, _ = self.imported(str(path), "--content-id", "plan")
        self.assertEqual(set(pins), {"py-root", "py-reply", f"pdf-p1-{unnamed.indirect_reference.idnum}-0", "py-free"})
        note = pins["py-root"]
        # The icon's upper-left corner (136, 620) in the CropBox [36 72 576 756], unrotated.
        self.assertPoint(note, (136 - 36) / 540, (756 - 620) / 684)
        self.assertEqual((note["authorId"], note["text"], note["contentId"]), ("Zoë", "pypdf note ✓", "plan"))
        self.assertEqual(note["createdAt"], "2026-11-05T13:30:00Z")
        self.assertTrue(note["resolved"])
        self.assertEqual(note["reviewState"], {"state": "Accepted", "author": "Ömer", "date": "2026-11-05T10:00:00Z"})
        self.assertEqual(pins["py-reply"]["parentId"], "py-root")
        self.assertEqual(pins["py-reply"]["createdAt"], "2026-11-05T09:00:00Z")  # /M when there is no /CreationDate
        # No /NM: a stable id from the object; a date of only a day.
        self.assertEqual(pins[f"pdf-p1-{unnamed.indirect_reference.idnum}-0"]["createdAt"], "2026-11-06T00:00:00Z")
        # /Rotate 90 (clockwise) of a 612 x 792 page: the centre (150, 520), 272 from the top
        # unrotated, is displayed 272 from the right edge of the 792 wide page, 150 down.
        free = pins["py-free"]
        self.assertEqual((free["page"], free["subtype"]), (2, "FreeText"))
        self.assertPoint(free, (792 - 272) / 792, 150 / 612)
        # The same as PyMuPDF reads the file.
        shown = pymupdf.open(str(path))[1]
        centre = pymupdf.Point(150, 792 - 520) * shown.rotation_matrix
        self.assertPoint(free, centre.x / shown.rect.width, centre.y / shown.rect.height)


PINS = [
    {"id": "p1", "contentId": "plan", "page": 1, "relativeX": 0.25, "relativeY": 0.125, "authorId": "u-anna",
     "createdAt": "2026-11-10T09:00:00Z", "text": "Розетки: нужно 4 шт. 👍\nвторая строка", "resolved": True},
    {"id": "p2", "contentId": "plan", "page": 2, "relativeX": 0.9, "relativeY": 0.05, "authorId": "u-oleg",
     "createdAt": "2026-11-10T09:40:00.750Z", "text": "مرحبا <b>&amp;</b> \"quoted\"", "resolved": False},
    {"id": "p 3/é", "contentId": "plan", "page": 4, "relativeX": 0.001, "relativeY": 0.999, "authorId": "u-zoë",
     "createdAt": "2026-11-11T10:00:00+03:00", "text": "", "resolved": False},
    {"id": "p4", "contentId": "plan", "page": 5, "relativeX": 0.5, "relativeY": 0.5, "authorId": "u-anna",
     "createdAt": "2026-11-12T08:00:00Z", "text": "turned half", "resolved": True},
    {"id": "r1", "contentId": "plan", "parentId": "p1", "authorId": "u-oleg", "createdAt": "2026-11-10T10:00:00Z",
     "text": "ответ ✅", "resolved": False},
    {"id": "r2", "contentId": "plan", "parentId": "r1", "authorId": "u-anna", "createdAt": "2026-11-10T11:00:00Z",
     "text": "reply to a reply joins p1", "resolved": False},
    {"id": "r3", "contentId": "plan", "parentId": "p2", "authorId": "u-zoë", "createdAt": "2026-11-10T12:00:00Z",
     "text": "\ttabbed\r\nwindows line", "resolved": False},
]


class RoundTrips(Scratch):
    """pins -> the review export, XFDF or W3C -> import: the same pins."""

    def setUp(self):
        super().setUp()
        doc = pymupdf.open()
        for width, height, rotation, crop in PAGES:
            page = doc.new_page(width=width, height=height)
            if crop:
                page.set_cropbox(pymupdf.Rect(*crop))
            page.set_rotation(rotation)
        self.pdf = self.dir / "plan.pdf"
        doc.save(str(self.pdf))
        self.pins = self.dir / "pins.json"
        self.pins.write_text(json.dumps({"pins": PINS}, ensure_ascii=False))

    def assertSamePins(self, pins, originals=PINS, content="plan"):
        """`pins` (imported, by id) are `originals`: the author as shown (`authorName`, else
        `authorId`) comes back as `authorId`, which is the same for PINS."""
        self.assertEqual(set(pins), {pin["id"] for pin in originals})
        for original in originals:
            pin = pins[original["id"]]
            with self.subTest(pin=original["id"]):
                self.assertEqual(pin["text"], original["text"])
                self.assertEqual(pin["contentId"], content)
                self.assertEqual(iso(pin["createdAt"]).replace(microsecond=0), iso(original["createdAt"]).replace(microsecond=0))
                root = original
                while root.get("parentId"):
                    root = next(p for p in originals if p["id"] == root["parentId"])
                self.assertEqual(pin.get("parentId"), None if root is original else root["id"])
                self.assertEqual(pin["page"], root.get("page", 1))  # an image's pins name none
                if root is original:
                    self.assertLessEqual(abs(pin["relativeX"] - original["relativeX"]), 0.01)
                    self.assertLessEqual(abs(pin["relativeY"] - original["relativeY"]), 0.01)
                    self.assertEqual(pin["resolved"], original["resolved"])
                self.assertEqual(pin["authorId"], original.get("authorName", original["authorId"]))

    def assertReviewExportImportsAs(self, document, pins_file, originals, content):
        """pins -> `pinrender render ... -o x.pdf` (the review export) -> `pinrender import`."""
        pdf = self.dir / "review.pdf"
        result = run("render", str(document), "--pins", str(pins_file), "-o", str(pdf))
        self.assertEqual(result.returncode, 0, result.stderr)
        pins, warnings = self.imported(str(pdf), "--content-id", content)
        self.assertNotIn("warning", warnings)
        self.assertSamePins(pins, originals, content)
        return pins

    def test_review_export(self):
        # Rotated (90, 270, 180) and cropped pages, a pin at a corner of its page (its marker
        # leans in), a reply to a reply, resolved threads.
        pins = self.assertReviewExportImportsAs(self.pdf, self.pins, PINS, "plan")
        self.assertEqual(pins["p1"]["reviewState"]["state"], "Completed")

    def test_review_exports_of_the_samples(self):
        # The floor plan's page 2 is rotated, its page 4 cropped and rotated; the threads have
        # replies, a reply to a reply, resolved threads and a voice comment; the edges' pins
        # lean in from the page's edges or are clustered there; the photo is an image.
        for document, name in [("floorplan.pdf", "floorplan-few"), ("floorplan.pdf", "threads"),
                               ("floorplan.pdf", "floorplan-edges"), ("photo.jpg", "photo")]:
            with self.subTest(sample=name):
                path = ROOT / "samples/pins" / (name + ".json")
                data = json.loads(path.read_text())
                originals = data["pins"] if isinstance(data, dict) else data
                self.assertReviewExportImportsAs(ROOT / "samples" / document, path, originals, originals[0]["contentId"])

    def test_xfdf(self):
        xfdf = self.dir / "plan.xfdf"
        result = run("export", str(self.pins), "--format", "xfdf", "--document", str(self.pdf), "-o", str(xfdf))
        self.assertEqual(result.returncode, 0, result.stderr)
        # Python's own parser: XFDF's namespace, <f href>, the PDF's /ID, 0-based pages.
        namespace = "{http://ns.adobe.com/xfdf/}"
        tree = ElementTree.parse(xfdf).getroot()
        self.assertEqual(tree.tag, namespace + "xfdf")
        self.assertEqual(tree.find(namespace + "f").get("href"), "plan.pdf")
        ids = pypdf.PdfReader(str(self.pdf)).trailer["/ID"]
        # pypdf gives a string of bytes, or of text when the bytes happen to decode as text.
        original = ids[0].original_bytes if hasattr(ids[0], "original_bytes") else bytes(ids[0])
        self.assertEqual(tree.find(namespace + "ids").get("original"), original.hex().upper())
        notes = tree.find(namespace + "annots").findall(namespace + "text")
        self.assertEqual(len(notes), len(PINS) + 2)  # and a review state per resolved thread
        by_name = {note.get("name"): note for note in notes}
        self.assertEqual(by_name["p2"].get("page"), "1")
        self.assertEqual(by_name["p2"].find(namespace + "contents").text, PINS[1]["text"])
        self.assertEqual(by_name["r3"].find(namespace + "contents").text, PINS[6]["text"])
        self.assertEqual((by_name["p1-resolved"].get("state"), by_name["p1-resolved"].get("statemodel"),
                          by_name["p1-resolved"].get("inreplyto")), ("Completed", "Review", "p1"))
        # Read back without --document: <f href> names the PDF beside it.
        pins, _ = self.imported(str(xfdf))
        self.assertSamePins(pins)
        self.assertEqual(pins["p1"]["reviewState"]["state"], "Completed")

    def test_w3c(self):
        page = self.dir / "plan.jsonld"
        result = run("export", str(self.pins), "--format", "w3c", "-o", str(page))
        self.assertEqual(result.returncode, 0, result.stderr)
        document = json.loads(page.read_text())
        self.assertEqual(document["type"], "AnnotationPage")
        self.assertEqual(document["items"][0]["id"], "urn:pinrender:pin:plan/p1")
        # The published context is the one each export carries.
        published = json.loads((ROOT / "docs/ns/pinrender.jsonld").read_text())["@context"]
        self.assertEqual(document["@context"][1], published)
        expanded = jsonld.expand(document, {"documentLoader": loader})
        annotations = expanded[0]["http://www.w3.org/ns/activitystreams#items"][0]["@list"]
        self.assertEqual(len(annotations), len(PINS))
        for annotation in annotations:
            self.assertEqual(annotation["@type"], ["http://www.w3.org/ns/oa#Annotation"])
            self.assertIn("http://www.w3.org/ns/oa#hasTarget", annotation)
            self.assertEqual(annotation["http://purl.org/dc/terms/created"][0]["@type"], "http://www.w3.org/2001/XMLSchema#dateTime")
        roots = [a for a in annotations if a["http://www.w3.org/ns/oa#motivatedBy"][0]["@id"].endswith("#commenting")]
        self.assertEqual(sorted(a["urn:pinrender:ns:resolved"][0]["@value"] for a in roots), [False, False, True, True])
        replies = [a for a in annotations if a["http://www.w3.org/ns/oa#motivatedBy"][0]["@id"].endswith("#replying")]
        self.assertEqual({a["http://www.w3.org/ns/oa#hasTarget"][0]["@id"] for a in replies},
                         {"urn:pinrender:pin:plan/p1", "urn:pinrender:pin:plan/p2"})
        pins, _ = self.imported(str(page))
        self.assertSamePins(pins)

    def test_w3c_under_a_base_url_with_names_and_voice(self):
        pins = [dict(PINS[0], authorName="Анна"),
                dict(PINS[1], kind="voice", audio={"url": "https://example.org/a.m4a", "durationMs": 4200})]
        self.pins.write_text(json.dumps(pins, ensure_ascii=False))
        page = self.dir / "plan.jsonld"
        self.assertEqual(run("export", str(self.pins), "--format", "w3c", "--base-url", "https://pins.example/",
                             "-o", str(page)).returncode, 0)
        self.assertEqual(json.loads(page.read_text())["items"][0]["id"], "https://pins.example/annotations/plan/p1")
        # The voice body's class, `Sound` as the model names it, reaches a JSON-LD processor as
        # dctypes:Sound (anno.jsonld defines only `Audio` for it: erratum w3c/web-annotation#455).
        expanded = jsonld.expand(json.loads(page.read_text()), {"documentLoader": loader})
        voice = expanded[0]["http://www.w3.org/ns/activitystreams#items"][0]["@list"][1]
        bodies = voice["http://www.w3.org/ns/oa#hasBody"]
        self.assertEqual([b.get("@type") for b in bodies if b.get("@id") == "https://example.org/a.m4a"],
                         [["http://purl.org/dc/dcmitype/Sound"]])
        back, _ = self.imported(str(page), "--base-url", "https://pins.example/")
        self.assertEqual(back["p1"]["authorName"], "Анна")
        self.assertEqual((back["p2"]["kind"], back["p2"]["audio"]), ("voice", pins[1]["audio"]))
        self.assertEqual(back["p1"]["contentId"], "plan")


class W3CPointsDrawn(Scratch):
    """The W3C export's selectors, read by a JSON-LD processor (pyld), are points that
    pinrender draws where it drew the original pins: the pins imported back from the
    export render to the same pixels, and each marker covers the pixel its selector names."""

    def selector_points(self, path):
        """(page, x, y) normalized, of each root annotation, read from the expanded graph:
        RFC 3778's `page=N` refined by a Media Fragment `xywh=percent:` or `xywh=pixel:`."""
        oa = "http://www.w3.org/ns/oa#"
        expanded = jsonld.expand(json.loads(path.read_text()), {"documentLoader": loader})
        annotations = expanded[0]["http://www.w3.org/ns/activitystreams#items"][0]["@list"]
        points = {}
        for annotation in annotations:
            if not annotation[oa + "motivatedBy"][0]["@id"].endswith("#commenting"):
                continue
            selector = annotation[oa + "hasTarget"][0][oa + "hasSelector"][0]
            page = int(selector["http://www.w3.org/1999/02/22-rdf-syntax-ns#value"][0]["@value"].removeprefix("page="))
            fragment = selector[oa + "refinedBy"][0]["http://www.w3.org/1999/02/22-rdf-syntax-ns#value"][0]["@value"]
            unit, numbers = fragment.removeprefix("xywh=").split(":")
            self.assertEqual(unit, "percent", fragment)
            x, y, width, height = (float(n) for n in numbers.split(","))
            self.assertEqual((width, height), (0, 0), "a pin is a point")
            points[annotation["@id"].rsplit("/", 1)[1]] = (page, x / 100, y / 100)
        return points

    def render(self, document, pins, name, page):
        out = self.dir / f"{name}.png"
        size = ["--dpi", "50"] if document.suffix == ".pdf" else ["--width", "600"]
        result = run("render", str(document), "--pins", str(pins), "--page", str(page), *size, "--cluster", "off",
                     "--tooltips", "none", "-o", str(out))
        self.assertEqual(result.returncode, 0, result.stderr)
        return out

    def test_selectors_are_drawn_where_the_pins_were(self):
        empty = self.dir / "none.json"
        empty.write_text('{"pins": []}')
        for document, name in [("floorplan.pdf", "floorplan-few"), ("photo.jpg", "photo")]:
            document = ROOT / "samples" / document
            originals = ROOT / "samples/pins" / (name + ".json")
            exported = self.dir / f"{name}.jsonld"
            result = run("export", str(originals), "--format", "w3c", "--document", str(document), "-o", str(exported))
            self.assertEqual(result.returncode, 0, result.stderr)
            points = self.selector_points(exported)
            back = self.dir / f"{name}-back.json"
            self.assertEqual(run("import", str(exported), "--document", str(document), "-o", str(back)).returncode, 0)
            for page in sorted({page for page, _, _ in points.values()}):
                with self.subTest(sample=name, page=page):
                    drawn = self.render(document, originals, f"{name}-{page}", page).read_bytes()
                    again = self.render(document, back, f"{name}-{page}-back", page).read_bytes()
                    self.assertEqual(drawn, again, "the imported selectors drawn elsewhere than the pins")
                    pinned = pymupdf.Pixmap(self.dir / f"{name}-{page}.png")
                    bare = pymupdf.Pixmap(self.render(document, empty, f"{name}-{page}-bare", page))
                    for pin, (_, x, y) in ((p, v) for p, v in points.items() if v[0] == page):
                        # The marker is a disc centred on its point, 13 px in radius here: the
                        # pixels of its fill's colour (read 8 px left of the point, clear of the
                        # label and the badges at its corners) reach as far either way of the
                        # point along its row and along its column.
                        cx, cy = x * pinned.width, y * pinned.height
                        row, column = int(cy), int(cx)
                        fill = pinned.pixel(column - 8, row)
                        self.assertNotEqual(fill, bare.pixel(column - 8, row), f"{pin}: no marker at its point")
                        across = [px for px in range(max(column - 24, 0), min(column + 25, pinned.width))
                                  if pinned.pixel(px, row) == fill]
                        down = [py for py in range(max(row - 24, 0), min(row + 25, pinned.height))
                                if pinned.pixel(column, py) == fill]
                        mx, my = (across[0] + across[-1] + 1) / 2, (down[0] + down[-1] + 1) / 2
                        self.assertGreater(across[-1] - across[0], 16, f"{pin}: no disc at its point")
                        self.assertLess(math.hypot(mx - cx, my - cy), 1, f"{pin}: marker at ({mx:.1f}, {my:.1f}), "
                                        f"the selector says ({cx:.1f}, {cy:.1f})")


def loader(url, options=None):
    if url.rstrip("/") == "http://www.w3.org/ns/anno.jsonld":
        return {"contentType": "application/ld+json", "contextUrl": None, "documentUrl": url,
                "document": json.loads((HERE / "w3c-anno.jsonld").read_text())}
    raise ValueError(f"no network in the tests: {url}")


class BadInput(Scratch):
    def test_xfdf_field_named(self):
        xfdf = self.dir / "bad.xfdf"
        xfdf.write_text('<xfdf xmlns="http://ns.adobe.com/xfdf/"><annots><text page="0" rect="1,2,3,4" name="a"/>'
                        '<text page="one" rect="1,2,3,4"/></annots></xfdf>')
        self.assertRefused(["import", str(xfdf), "--document", str(ROOT / "samples/floorplan.pdf")],
                           str(xfdf), "/xfdf/annots/text[2]/@page")

    def test_pdf_field_named(self):
        doc = pymupdf.open()
        page = doc.new_page()
        note = page.add_text_annot((50, 50), "x")
        doc.xref_set_key(note.xref, "M", "(yesterday)")
        path = self.dir / "bad-date.pdf"
        doc.save(str(path))
        self.assertRefused(["import", str(path)], str(path), f"object {note.xref} 0", "/M")

    def test_w3c_field_named(self):
        page = self.dir / "bad.jsonld"
        page.write_text(json.dumps({"type": "AnnotationPage", "items": [
            {"id": "a", "type": "Annotation", "created": "2026-11-01T00:00:00Z", "target": "urn:x"},
            {"id": "b", "type": "Annotation", "created": "soon", "target": "urn:x"}]}))
        self.assertRefused(["import", str(page)], str(page), "items[1].created")

    def test_unplaceable_comments_are_left_out_with_a_warning(self):
        xfdf = self.dir / "far.xfdf"
        xfdf.write_text('<xfdf xmlns="http://ns.adobe.com/xfdf/"><annots>'
                        '<text page="0" rect="100,100,120,120" name="kept" creationdate="D:20261101"/>'
                        '<text page="40" rect="100,100,120,120" name="no-page" creationdate="D:20261101"/>'
                        '<square page="0" rect="9000,9000,9100,9100" name="outside" creationdate="D:20261101"><contents>x</contents></square>'
                        '</annots></xfdf>')
        pins, warnings = self.imported(str(xfdf), "--document", str(ROOT / "samples/floorplan.pdf"))
        self.assertEqual(set(pins), {"kept"})
        self.assertIn("/xfdf/annots/text[2]: page 41 is not in the document", warnings)
        self.assertIn("/xfdf/annots/square: its point", warnings)

    def test_an_existing_output_is_left_as_it_was(self):
        out = self.dir / "pins.json"
        out.write_text("before")
        bad = self.dir / "bad.jsonld"
        bad.write_text('{"type": "Annotation", "id": "a", "resolved": "yes", "target": "urn:x"}')
        result = run("import", str(bad), "-o", str(out))
        self.assertEqual(result.returncode, 2, result.stderr)
        self.assertIn("bad.jsonld: resolved: expected true or false", result.stderr)
        self.assertEqual(out.read_text(), "before")
        self.assertEqual(sorted(p.name for p in self.dir.iterdir()), ["bad.jsonld", "pins.json"])

    def test_standard_input_and_output(self):
        xfdf = '<xfdf xmlns="http://ns.adobe.com/xfdf/"><annots><text page="1" rect="100,100,120,120" name="n" creationdate="D:20261101"/></annots></xfdf>'
        result = run("import", "-", "--document", str(ROOT / "samples/floorplan.pdf"), "--content-id", "plan", "-o", "-", stdin=xfdf)
        self.assertEqual(result.returncode, 0, result.stderr)
        self.assertEqual(json.loads(result.stdout)["pins"][0]["page"], 2)
        result = run("export", "-", "--format", "w3c", "-o", "-", stdin=json.dumps({"pins": PINS}))
        self.assertEqual(result.returncode, 0, result.stderr)
        self.assertEqual(len(json.loads(result.stdout)["items"]), len(PINS))

    def test_xfdf_without_its_pdf(self):
        xfdf = self.dir / "lost.xfdf"
        xfdf.write_text('<xfdf xmlns="http://ns.adobe.com/xfdf/"><f href="gone.pdf"/><annots/></xfdf>')
        self.assertRefused(["import", str(xfdf)], str(xfdf), "gone.pdf", "--document")


class HostileInput(Scratch):
    def test_billion_laughs(self):
        laughs = "".join(f'<!ENTITY l{i} "{"&l%d;" % (i - 1) * 10 if i else "lol"}">' for i in range(10))
        path = self.dir / "laughs.xfdf"
        path.write_text(f'<?xml version="1.0"?><!DOCTYPE xfdf [{laughs}]>'
                        '<xfdf><annots><text page="0" rect="1,1,2,2"><contents>&l9;</contents></text></annots></xfdf>')
        self.assertRefused(["import", str(path), "--document", str(ROOT / "samples/floorplan.pdf")], str(path), "document type")

    def test_external_entity(self):
        path = self.dir / "external.xfdf"
        path.write_text('<?xml version="1.0"?><!DOCTYPE xfdf [<!ENTITY secret SYSTEM "file:///etc/passwd">]>'
                        '<xfdf><annots><text page="0" rect="1,1,2,2"><contents>&secret;</contents></text></annots></xfdf>')
        line = self.assertRefused(["import", str(path), "--document", str(ROOT / "samples/floorplan.pdf")], str(path))
        self.assertNotIn("root:", line)

    def test_deep_nesting(self):
        path = self.dir / "deep.xfdf"
        path.write_text("<xfdf><annots>" + "<p>" * 100_000 + "</p>" * 100_000 + "</annots></xfdf>")
        self.assertRefused(["import", str(path), "--document", str(ROOT / "samples/floorplan.pdf")], str(path), "nested")
        deep = self.dir / "deep.jsonld"
        deep.write_text("[" * 100_000 + "]" * 100_000)
        self.assertRefused(["import", str(deep)], str(deep), "nested")

    def test_huge_file(self):
        path = self.dir / "huge.xfdf"
        with open(path, "wb") as f:
            f.truncate((256 << 20) + 1)  # sparse: refused by its size, never read
        self.assertRefused(["import", str(path), "--format", "xfdf"], str(path), "256 MiB")

    def test_not_xml(self):
        path = self.dir / "broken.xfdf"
        path.write_text("<xfdf><annots><text page='0'></annots>")
        self.assertRefused(["import", str(path), "--document", str(ROOT / "samples/floorplan.pdf")], str(path), "not well-formed")


if __name__ == "__main__":
    test_binary.main(globals())
