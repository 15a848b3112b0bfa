#!/usr/bin/env python3
"""`pinrender import` against pdf.js (issue 31): Debian's pdf.js (`libjs-pdf`) in headless
chromium reads each PDF's comments with `page.getAnnotations()`, and what it shows (every
comment with its `inReplyTo`, state, title, text and rect, placed by pdf.js's own viewport)
must be what `pinrender import` gives for the same file: the same ids, parents, texts,
authors, dates, review states, pages and points (within 1e-4 of the page).

    python3 Tests/Interchange/pdfjs_test.py [--binary .build/debug/pinrender]

The PDFs: pinrender's own review exports (threads with replies and resolved threads, rotated
pages, an image), comments made with PyMuPDF and pypdf, and fixtures shaped like pdf.js's own
test PDFs (pdfjs_fixtures.py). Where pdf.js lists a comment that a pin cannot be made of (no
date; a point outside the page as displayed), pinrender leaves it out with a warning.
"""
import json
import pathlib
import subprocess
import sys
import tempfile
import unittest
from datetime import datetime

import pymupdf
import pypdf
from pypdf.annotations import FreeText, Text
from pypdf.generic import NameObject, RectangleObject, TextStringObject

HERE = pathlib.Path(__file__).resolve().parent
ROOT = HERE.parents[1]
sys.path.insert(0, str(HERE))
import pdfjs_fixtures  # noqa: E402
from pdfjs_comments import names_of_objects, shown_pins  # noqa: E402
from pdfjs_reader import PDFJS  # noqa: E402
import test_binary  # noqa: E402

BINARY = str(ROOT / ".build/debug/pinrender")
TIMEOUT = 120


def run(*arguments):
    return subprocess.run([BINARY, *arguments], capture_output=True, text=True, timeout=TIMEOUT)


class ReadByPDFJS(unittest.TestCase):
    """One pdf.js for every test; each test's PDFs in a folder it serves."""

    compared = 0

    @classmethod
    def setUpClass(cls):
        cls.folder = tempfile.TemporaryDirectory()
        cls.dir = pathlib.Path(cls.folder.name)
        cls.pdfjs = PDFJS(cls.dir)

    @classmethod
    def tearDownClass(cls):
        cls.pdfjs.close()
        cls.folder.cleanup()
        print(f"\n{cls.__name__}: {cls.compared} comments compared with pdf.js", file=sys.stderr)

    def listed(self, pdf):
        pages = self.pdfjs.annotations(pdf.name)
        self.assertIsInstance(pages, list, pages)
        return pages

    def assertSameAsPDFJS(self, pdf, expected_count):
        """pinrender's pins of `pdf` are what pdf.js shows; returns both, by id."""
        pages = self.listed(pdf)
        shown, left_out = shown_pins(pages, names_of_objects(pdf))
        self.assertEqual(len(shown), expected_count, sorted(shown))
        result = run("import", str(pdf), "-o", "-")
        self.assertEqual(result.returncode, 0, result.stderr)
        pins = {pin["id"]: pin for pin in json.loads(result.stdout)["pins"]}
        self.assertEqual(set(pins), set(shown))
        for identifier, want in shown.items():
            pin = pins[identifier]
            with self.subTest(pin=identifier, subtype=want["subtype"]):
                self.assertEqual(pin.get("parentId"), want["parent"])
                self.assertEqual(pin["page"], want["page"])
                self.assertEqual(pin["text"], want["text"])
                self.assertEqual(pin["authorId"], want["author"])
                self.assertEqual(datetime.fromisoformat(pin["createdAt"].replace("Z", "+00:00")), want["created"])
                self.assertEqual(pin.get("subtype", "Text"), want["subtype"])
                if want["parent"] is None:
                    self.assertEqual(pin["resolved"], want["resolved"])
                    self.assertEqual(pin.get("reviewState", {}).get("state"), want.get("state"))
                    self.assertAlmostEqual(pin["relativeX"], want["point"][0], places=4)
                    self.assertAlmostEqual(pin["relativeY"], want["point"][1], places=4)
        for identifier in left_out:
            self.assertNotIn(identifier, pins)
        type(self).compared += len(shown)
        return shown, pins, left_out, result.stderr


class ReviewExports(ReadByPDFJS):
    """pinrender's review exports, read back by pdf.js and by `pinrender import`."""

    def export(self, document, pins, name):
        out = self.dir / name
        result = run("render", str(ROOT / document), "--pins", str(ROOT / pins), "-o", str(out))
        self.assertEqual(result.returncode, 0, result.stderr)
        return out

    def test_threads_replies_and_resolved_threads(self):
        pdf = self.export("samples/demo/floorplan.pdf", "samples/pins/threads.json", "threads.pdf")
        data = json.loads((ROOT / "samples/pins/threads.json").read_text())["pins"]
        shown, pins, _, _ = self.assertSameAsPDFJS(pdf, len(data))
        # pdf.js lists each reply with its root in `inReplyTo` and a review state per
        # resolved thread: the original threads, as pdf.js reads them.
        listed = [a for page in self.listed(pdf) for a in page["annotations"]]
        by_object = {a["id"]: a for a in listed}
        for original in data:
            pin = pins[original["id"]]
            self.assertEqual(pin["text"], original["text"])
            if original.get("parentId"):
                self.assertEqual(by_object[shown[original["id"]]["object"]]["replyType"], "R")
        states = [a for a in listed if a["state"] is not None]
        self.assertEqual({(a["state"], a["stateModel"]) for a in states}, {("Completed", "Review")})
        self.assertEqual(len(states), sum(1 for p in data if p.get("resolved") and not p.get("parentId")))
        self.assertTrue(all(pin["resolved"] for pin in pins.values() if pin.get("reviewState")))

    def test_each_note_points_at_its_pin(self):
        pdf = self.export("samples/demo/floorplan.pdf", "samples/pins/threads.json", "threads-points.pdf")
        shown, _ = shown_pins(self.listed(pdf), names_of_objects(pdf))
        for original in json.loads((ROOT / "samples/pins/threads.json").read_text())["pins"]:
            if not original.get("parentId"):
                with self.subTest(pin=original["id"]):
                    self.assertLessEqual(abs(shown[original["id"]]["point"][0] - original["relativeX"]), 0.01)
                    self.assertLessEqual(abs(shown[original["id"]]["point"][1] - original["relativeY"]), 0.01)

    def test_few_pins_on_several_pages(self):
        pdf = self.export("samples/demo/floorplan.pdf", "samples/pins/floorplan-few.json", "few.pdf")
        self.assertSameAsPDFJS(pdf, len(json.loads((ROOT / "samples/pins/floorplan-few.json").read_text())["pins"]))

    def test_an_image(self):
        pdf = self.export("samples/demo/photo.jpg", "samples/pins/photo.json", "photo.pdf")
        self.assertSameAsPDFJS(pdf, len(json.loads((ROOT / "samples/pins/photo.json").read_text())["pins"]))


class OtherTools(ReadByPDFJS):
    """Comments made with PyMuPDF and pypdf, on rotated and cropped pages."""

    def test_pymupdf(self):
        doc = pymupdf.open()
        count = 0
        for number, (width, height, rotation, crop) in enumerate([(595, 842, 0, None), (600, 800, 90, (50, 100, 450, 700)),
                                                                  (600, 800, 180, None), (500, 700, 270, (10, 20, 490, 690))], 1):
            page = doc.new_page(width=width, height=height)
            if crop:
                page.set_cropbox(pymupdf.Rect(*crop))
            page.set_rotation(rotation)
            note = page.add_text_annot((120, 150), f"note {number} ✓")
            note.set_info(title="Анна", creationDate=f"D:2026110{number}091500+02'00'")
            reply = page.add_text_annot((120, 150), "reply")
            reply.set_info(title="Олег", creationDate=f"D:2026110{number}101500Z")
            reply.set_irt_xref(note.xref)
            nested = page.add_text_annot((120, 150), "re: re")
            nested.set_info(title="Анна", creationDate=f"D:2026110{number}111500Z")
            nested.set_irt_xref(reply.xref)
            state = page.add_text_annot((120, 150), "Rejected")
            state.set_info(title="Олег", creationDate=f"D:2026110{number}121500Z")
            state.set_irt_xref(note.xref)
            doc.xref_set_key(state.xref, "State", "(Rejected)")
            doc.xref_set_key(state.xref, "StateModel", "(Review)")
            # PyMuPDF's points are in the page as displayed (at most 600 x 400 here).
            for shape in (page.add_rect_annot(pymupdf.Rect(200, 300, 300, 360)), page.add_ink_annot([[(150, 200), (200, 250)]]),
                          page.add_polygon_annot([(100, 250), (160, 270), (130, 300)]),
                          page.add_freetext_annot(pymupdf.Rect(60, 320, 200, 360), "free text"),
                          page.add_line_annot((250, 200), (350, 250))):
                shape.set_info(content=f"{shape.type[1]} {number}", title="Дмитрий", creationDate="D:20261103080000Z")
            count += 3 + 5
        path = self.dir / "pymupdf.pdf"
        doc.save(str(path))
        shown, pins, _, _ = self.assertSameAsPDFJS(path, count)
        # PyMuPDF names every page's annotations fitz-A0, fitz-A1...: each page's replies and
        # review state stay with that page's note.
        self.assertEqual(sorted(pin["id"] for pin in pins.values() if pin.get("reviewState")),
                         ["fitz-A0", "fitz-A0~2", "fitz-A0~3", "fitz-A0~4"])
        self.assertEqual({pins[f"fitz-A2~{n}"]["parentId"] for n in (2, 3, 4)}, {"fitz-A0~2", "fitz-A0~3", "fitz-A0~4"})

    def test_pypdf(self):
        writer = pypdf.PdfWriter()
        writer.add_blank_page(612, 792).cropbox = RectangleObject([36, 72, 576, 756])
        writer.add_blank_page(612, 792).rotation = 270

        def add(number, annotation, **entries):
            for key, item in entries.items():
                annotation[NameObject("/" + key)] = item if key == "IRT" else TextStringObject(item)
            return writer.add_annotation(page_number=number, annotation=annotation)

        for number in (0, 1):
            note = (136, 600, 156, 620)
            root = add(number, Text(rect=note, text=f"pypdf note {number}"), NM=f"py-{number}", T="Zoë",
                       CreationDate="D:20261105083000-05'00'").indirect_reference
            add(number, Text(rect=note, text="pypdf reply"), IRT=root, M="D:20261105090000Z")
            add(number, Text(rect=note, text="Cancelled"), IRT=root, State="Cancelled", StateModel="Review",
                M="D:20261105100000Z")
            add(number, FreeText(text="free", rect=(100, 300, 200, 340)), CreationDate="D:20261107120000Z")
        path = self.dir / "pypdf.pdf"
        with open(path, "wb") as f:
            writer.write(f)
        self.assertSameAsPDFJS(path, 6)


class PDFJSShapes(ReadByPDFJS):
    """Fixtures shaped like pdf.js's own test PDFs (pdfjs_fixtures.py)."""

    def test_what_pdfjs_shows(self):
        path = self.dir / "shapes.pdf"
        counts = pdfjs_fixtures.write(path)
        shown, pins, left_out, warnings = self.assertSameAsPDFJS(path, sum(counts) - 1)
        # Popups, review states, marks and a group's subordinate are not comments.
        listed = [a for page in self.listed(path) for a in page["annotations"]]
        popups = [a["id"] for a in listed if a["subtype"] == "Popup"]
        self.assertGreater(len(popups), 0)
        self.assertFalse({pin["object"] for pin in shown.values()} & set(popups))
        self.assertEqual({pins[f"note-{n}"]["reviewState"]["state"] for n in range(1, 6)}, {"Accepted"})
        self.assertEqual({pins[f"nested-{n}"]["parentId"] for n in range(1, 6)}, {f"note-{n}" for n in range(1, 6)})
        self.assertFalse(any(pin["id"].startswith("grouped") for pin in pins.values()))
        grouped = [a for a in listed if a["replyType"] == "Group" and a["subtype"] == "Polygon"]
        self.assertEqual({(a["title"], a["contents"]) for a in grouped}, {("Jonas Ö", f"Sticky note {n} — заметка") for n in range(1, 6)})
        # The stamp of the cropped page lies outside its CropBox: pdf.js lists it, no one sees it.
        self.assertEqual(left_out, {"stamp-2"})
        self.assertIn("stamp-2", shown_pins(self.listed(path), names_of_objects(path))[1])
        self.assertIn("is outside page 2; left out", warnings)

    def test_undated_comments_are_left_out_with_a_warning(self):
        writer = pypdf.PdfWriter()
        writer.add_blank_page(612, 792)
        note = Text(rect=(100, 100, 120, 120), text="no date")
        writer.add_annotation(page_number=0, annotation=note)
        path = self.dir / "undated.pdf"
        with open(path, "wb") as f:
            writer.write(f)
        _, pins, left_out, warnings = self.assertSameAsPDFJS(path, 0)
        self.assertEqual(len(left_out), 1)
        self.assertIn("1 comment without a date", warnings)


if __name__ == "__main__":
    test_binary.main(globals())
