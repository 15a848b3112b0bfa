#!/usr/bin/env python3
"""Revisions of the sample floor plan with known ground truth, for `pinrender carry`'s tests.

    python3 samples/make_revisions.py [--out DIR]     # default .build/revisions

Each pair is a folder of DIR: `old.pdf`, the new revision (`new.pdf`, or `new.jpg` for the
scan), `pins.json` (pins on the old one, in the app's format) and `truth.json`: per pin the
true point on the new page (normalized, of the page as displayed) and the verdicts allowed.
`index.json` lists the pairs. The drawing is Level 1 of samples/make_samples.py (its
functions draw it); the changes are made to a copy of its plan, and the placement on the new
sheet is a matrix, so the truth is that matrix or the shift of the content moved.

Pairs: `rescaled` (the plan 1.25 times larger on an A2 sheet, a new frame), `rotate-flag`
(the same sheet on a portrait MediaBox shown landscape by /Rotate 90), `rotate-content` (the
old sheet drawn sideways on a portrait page, the new one upright), `title-block` (the title
block redrawn as a strip on the right, the plan moved left and up), `wall-moved` (a wall and
the WC against it 0.25 m to the right), `room-deleted` (the bath and everything in it gone),
`renumbered` (every room number changed), `different` (an elevation by another office:
matches nothing) and `scan` (the room-deleted revision printed and scanned: rendered at
150 dpi by pdftoppm, turned 0.35 degrees, blurred, noised, cropped unevenly, JPEG).

Deterministic: the same bytes on every run (no dates, seeded noise). Needs pdftoppm
(poppler-utils), numpy, scikit-image and Pillow (the Makefile's PYTHON_PACKAGES).
"""
import argparse
import contextlib
import copy
import io
import json
import math
import os
import subprocess
import sys
import tempfile

import numpy
from PIL import Image
from skimage import filters, transform

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import make_samples as samples  # noqa: E402

ROOT = os.path.dirname(HERE)
DPI = 150
A3 = (1191.0, 842.0)
A2 = (1684.0, 1191.0)
# A pin closer than this (points of the old page) to changed content, without being on it, is
# left out of the pair: what is "under" it is ambiguous there.
MARGIN = 36.0
WALL_SHIFT = 0.25       # metres, the moved wall of `wall-moved`
SCAN_ANGLE = 0.35       # degrees, counter-clockwise as the scan is seen
SCAN_CROP = (37, 23, 61, 18)   # pixels cut off left, top, right, bottom
UNCHANGED = ["same", "moved"]
FLAGGED = ["changed", "gone"]


# ---------------------------------------------------------------------------
# Affine matrices (a, b, c, d, e, f): x' = a x + c y + e, y' = b x + d y + f
# ---------------------------------------------------------------------------

def multiply(m, n):
    """m after n."""
    a, b, c, d, e, f = n
    A, B, C, D, E, F = m
    return (A * a + C * b, B * a + D * b, A * c + C * d, B * c + D * d, A * e + C * f + E, B * e + D * f + F)


def invert(m):
    a, b, c, d, e, f = m
    det = a * d - b * c
    return (d / det, -b / det, -c / det, a / det, (c * f - d * e) / det, (b * e - a * f) / det)


def apply(m, x, y):
    a, b, c, d, e, f = m
    return a * x + c * y + e, b * x + d * y + f


def translate(x, y):
    return (1, 0, 0, 1, x, y)


def scale(s):
    return (s, 0, 0, s, 0, 0)


def flip(height):
    """Drawing space (y up) <-> displayed space (y down) of a page `height` tall."""
    return (1, 0, 0, -1, 0, height)


IDENTITY = (1, 0, 0, 1, 0, 0)


# ---------------------------------------------------------------------------
# The sheets: Level 1 of the sample plan, drawn with make_samples' functions
# ---------------------------------------------------------------------------

@contextlib.contextmanager
def level1(plan=None, page=None):
    """make_samples' page 1 with `plan` (a changed copy of its plan) and `page` (another sheet)."""
    old_plan, old_page = samples.PLANS[0], samples.PDF_PAGES[0]
    samples.PLANS[0] = plan or old_plan
    samples.PDF_PAGES[0] = page or old_page
    try:
        yield
    finally:
        samples.PLANS[0], samples.PDF_PAGES[0] = old_plan, old_page


def page_box(size, rotate=0):
    """A page dict as make_samples has them, `size` as displayed."""
    w, h = size
    media = [0, 0, h, w] if rotate in (90, 270) else [0, 0, w, h]
    return {"media": media, "crop": list(media), "rotate": rotate, "writeCrop": False}


class Sheet:
    """One page of a revision: its box, and what is drawn on it, each part under a matrix
    from the base sheet's drawing space (make_samples' page 1, y up) to this page's."""

    def __init__(self, size, rotate=0):
        self.page = page_box(size, rotate)
        self.size = size
        self.canvas = samples.Canvas()
        self.canvas.save()
        self.canvas.op(" ".join(samples.fmt(v) for v in samples.drawing_matrix(self.page)) + " cm")
        self.canvas.op("1 J 0 j")
        self.finished = None

    def part(self, matrix, draw):
        self.canvas.save()
        if matrix != IDENTITY:
            self.canvas.op(" ".join(samples.fmt(v) for v in matrix) + " cm")
        draw(self.canvas)
        self.canvas.restore()

    def pdf(self):
        """The page as a one-page PDF, Helvetica as make_samples' sheets use it."""
        if self.finished is None:
            self.canvas.restore()
            self.finished = self.canvas.data()
        content = self.finished
        w, h = self.page["media"][2], self.page["media"][3]
        rotate = " /Rotate %d" % self.page["rotate"] if self.page["rotate"] else ""
        objects = [
            b"<< /Type /Catalog /Pages 2 0 R >>",
            b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
            ("<< /Type /Page /Parent 2 0 R /MediaBox [0 0 %s %s]%s /Resources << /Font << /F1 4 0 R /F2 5 0 R >> >> "
             "/Contents 6 0 R >>" % (samples.fmt(w), samples.fmt(h), rotate)).encode("ascii"),
            b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>",
            b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>",
            b"<< /Length %d >>\nstream\n" % len(content) + content + b"endstream",
        ]
        out = bytearray(b"%PDF-1.7\n%\xe2\xe3\xcf\xd3\n")
        offsets = []
        for number, body in enumerate(objects, 1):
            offsets.append(len(out))
            out += b"%d 0 obj\n%s\nendobj\n" % (number, body)
        xref = len(out)
        out += b"xref\n0 %d\n0000000000 65535 f \n" % (len(objects) + 1)
        out += b"".join(b"%010d 00000 n \n" % o for o in offsets)
        out += b"trailer\n<< /Size %d /Root 1 0 R >>\nstartxref\n%d\n%%%%EOF\n" % (len(objects) + 1, xref)
        return bytes(out)


def plan_drawer(plan=None):
    def draw(c):
        with level1(plan):
            samples.draw_plan(c, 0)
    return draw


def sheet_drawer(size=A3):
    """make_samples' frame, title block, notes, scale bar and north arrow on a sheet of `size`."""
    def draw(c):
        with level1(page=page_box(size)):
            samples.draw_sheet(c, 0)
    return draw


def title_strip(c):
    """The redrawn title block of `title-block`: a strip down the right side of an A3 sheet."""
    w, h = A3
    f = samples.FRAME
    x0, x1 = w - f - 4 - 170, w - f - 4
    c.stroke_gray(0)
    c.width(1.2)
    c.rect(f, f, w - f, h - f)
    c.width(0.9)
    c.rect(x0, f + 4, x1, h - f - 4)
    c.width(0.4)
    rows = [("PINRENDER SAMPLE PROJECT", 8, True), ("12 Example Street", 6.5, False),
            ("FLOOR PLAN LEVEL 1", 10, True), ("Sheet A-101", 9, True), ("Revision C", 8, False),
            ("Issued 2026-12-01", 6.5, False), ("Checked M. Jensen", 6.5, False), ("Scale 1:50", 6.5, False)]
    for i, (text, size, bold) in enumerate(rows):
        y = 200 - i * 22
        c.line(x0, y - 8, x1, y - 8)
        c.text(x0 + 8, y, text, size, bold=bold)
    notes = ["NOTES", "Dimensions in mm to axes.", "Do not scale.", "Verify on site."]
    for i, text in enumerate(notes):
        c.text(x0 + 8, h - f - 30 - i * 10, text, 6.5, bold=(i == 0))


def elevation(c):
    """A different drawing, by another office: a south elevation of another building."""
    w, h = A3
    c.stroke_gray(0)
    c.width(2.0)
    c.rect(14, 14, w - 14, h - 14)
    c.width(1.5)
    c.line(60, 140, w - 60, 140)
    c.width(0.8)
    for k in range(60, int(w) - 60, 14):
        c.line(k, 140, k - 10, 128)
    base, top = 140, 640
    c.width(1.2)
    c.polyline([(150, base), (150, top), (w / 2 - 120, top + 110), (w - 330, top), (w - 330, base)])
    c.width(0.5)
    for floor in range(5):
        y = base + 20 + floor * 100
        c.dash([4, 2])
        c.line(110, y - 20, w - 290, y - 20)
        c.dash()
        c.text(70, y - 17, "+%d.000" % (floor * 3), 7)
        for col in range(7):
            x = 190 + col * 92
            c.rect(x, y, x + 48, y + 62)
            c.line(x + 24, y, x + 24, y + 62)
    c.fill_gray(0.8)
    c.rect(w - 300, 40, w - 40, 110, paint="B")
    c.fill_gray(0)
    c.text(w - 290, 88, "NORDBAU ARCHITEKTEN", 12, bold=True)
    c.text(w - 290, 70, "Ansicht Sued / South elevation", 8)
    c.text(w - 290, 54, "Blatt E-02  Index 4", 8)
    c.text(w / 2 - 200, top + 150, "SOUTH ELEVATION  1:100", 14, bold=True)


# ---------------------------------------------------------------------------
# The changes, made to copies of the plan
# ---------------------------------------------------------------------------

BATH_WALL = ("v", 9.5, 0, 3.5)
BATH_WC = ("wc", 9.56, 1.6, "E")
BATH_DOOR = ("h", 3.5, 10.0, 10.8, "b", -1)


def plan_copy():
    return copy.deepcopy(samples.PLANS[0])


def wall_moved():
    plan = plan_copy()
    plan["walls"] = [("v", 9.5 + WALL_SHIFT, 0, 3.5) if w == BATH_WALL else w for w in plan["walls"]]
    plan["items"] = [("wc", 9.56 + WALL_SHIFT, 1.6, "E") if i == BATH_WC else i for i in plan["items"]]
    return plan


def room_deleted():
    """The bath gone: its wall, door, fixtures and label; the bedroom runs to the facade."""
    plan = plan_copy()
    plan["walls"].remove(BATH_WALL)
    plan["doors"].remove(BATH_DOOR)
    plan["rooms"] = [r for r in plan["rooms"] if r[0] != "Bath"]
    plan["items"] = [i for i in plan["items"] if not (i == BATH_WC or i[0] == "tub" or i[:2] == ("basin", 12.8))]
    return plan


def renumbered():
    """Every room with another number: draw_plan numbers the rooms in their order, so they
    come in another order (the same rooms in the same places)."""
    plan = plan_copy()
    plan["rooms"] = plan["rooms"][3:] + plan["rooms"][:3]
    return plan


# ---------------------------------------------------------------------------
# Pins on the plan's features (metres of Level 1) and what changes under them
# ---------------------------------------------------------------------------

LAYOUT = samples.plan_layout(0)


def plan_point(mx, my):
    """A plan point (metres) in the base sheet's drawing space (points, y up)."""
    return LAYOUT["ox"] + mx * LAYOUT["s"], LAYOUT["oy"] + my * LAYOUT["s"]


def room_label(name, line):
    """Where a room's number (line 0), name (1) or area (2) is written, drawing space."""
    room = next(r for r in samples.PLANS[0]["rooms"] if r[0] == name)
    x, y = plan_point(room[5], room[6])
    return x, y + {0: 9 + 2.3, 1: -1 + 3.4, 2: -10 + 2.5}[line]


FEATURES = [
    # id, drawing-space point, what it is
    ("p1", plan_point(0.9, 0.0), "Entrance door: the hinge side needs a stop."),
    ("p2", plan_point(2.68, 8.55), "Sink: move the tap 100 mm to the left."),
    ("p3", plan_point(4.2, 8.55), "Hob: the extractor is missing on the plan."),
    ("p4", plan_point(3.4, 6.3), "Dining table: 6 seats, not 4."),
    ("p5", room_label("Living room", 1), "Living room: oak parquet, not tiles."),
    ("p6", plan_point(11.3, 4.01), "Sofa against the wall: socket behind it."),
    ("p7", plan_point(13.4, 5.2), "Armchair: reading light here."),
    ("p8", plan_point(8.44, 1.7), "Bed: 1800 wide, check the clearance."),
    ("p9", plan_point(5.36, 1.3), "Wardrobe doors: sliding."),
    ("p10", plan_point(13.0, 0.86), "Bath tub: 1700, drain on the left."),
    ("p11", plan_point(9.96, 1.6), "WC: wall-hung, the frame needs 150 mm."),
    ("p12", plan_point(12.8, 3.22), "Basin: mixer tap, chrome."),
    ("p13", plan_point(9.5, 3.0), "Partition: 100 mm studs, acoustic insulation."),
    ("p14", room_label("Kitchen", 0), "Room number: check against the schedule."),
    ("p15", room_label("Bedroom 1", 0), "Room number of the bedroom."),
    ("p16", plan_point(14.0, 6.25), "Window: opening casement, not fixed."),
    ("p17", room_label("Hall", 1), "Hall: coat hooks by the door."),
    ("p18", plan_point(1.95, 4.9), "Top of the stairs: balustrade 1100."),
    ("p19", plan_point(6.45, 3.5), "Door to the living room: 900 clear."),
    # the revision cell of the title block ("Rev. B"), where make_samples' draw_sheet writes it
    ("p23", (A3[0] - samples.FRAME - 4 - 300 / 8, samples.FRAME + 4 + 8.3), "Revision letter: bump it."),
]
REPLIES = [("p20", "p2", "Tap moved in rev. C."), ("p21", "p8", "Clearance is 700, fine."),
           ("p22", "p20", "Confirmed on site.")]


def boxes_of_rooms(names):
    out = []
    for r in samples.PLANS[0]["rooms"]:
        if r[0] in names:
            (x0, y0), (x1, y1) = plan_point(r[1], r[2]), plan_point(r[3], r[4])
            out.append((x0, y0, x1, y1))
    return out


def number_boxes():
    """The room numbers' text boxes (drawing space)."""
    out = []
    for r in samples.PLANS[0]["rooms"]:
        x, y = room_label(r[0], 0)
        out.append((x - 9, y - 3, x + 9, y + 3))
    return out


def near(point, box, margin):
    x, y = point
    x0, y0, x1, y1 = box
    return x0 - margin <= x <= x1 + margin and y0 - margin <= y <= y1 + margin


# ---------------------------------------------------------------------------
# The pairs
# ---------------------------------------------------------------------------

class Pair:
    """An old sheet and a new one, and what happened between them.

    old_placement / new_placement: base drawing space -> each page's drawing space (y up),
    for the plan; `changed`: boxes of base drawing space whose content changed or went;
    `moved`: (box, dx, dy) content that moved by (dx, dy) points of base drawing space;
    `left_out`: boxes whose content went elsewhere than the plan (no pin there)."""

    def __init__(self, name, old, new, old_placement, new_placement, changed=(), moved=(), left_out=(),
                 match=True, about=""):
        self.name, self.old, self.new = name, old, new
        self.old_placement, self.new_placement = old_placement, new_placement
        self.changed, self.moved, self.left_out = list(changed), list(moved), list(left_out)
        self.match, self.about = match, about

    def _new_displayed(self, base, nh):
        x, y = apply(self.new_placement, *base)
        return x, nh - y

    def pin_truth(self, base):
        """(verdicts, new base point) of a pin at `base`, or None to leave it out."""
        if any(near(base, box, MARGIN) for box in self.left_out):
            return None
        for box, dx, dy in self.moved:
            if near(base, box, 0):
                return UNCHANGED, (base[0] + dx, base[1] + dy)
            if near(base, box, MARGIN) or near(base, (box[0] + dx, box[1] + dy, box[2] + dx, box[3] + dy), MARGIN):
                return None
        for box in self.changed:
            if near(base, box, 0):
                return FLAGGED, None
            if near(base, box, MARGIN):
                return None
        return (UNCHANGED, base) if self.match else (["gone"], None)


def pairs():
    base_old = (A3, IDENTITY)

    def sheet(size, placement, plan=None, frame=None, rotate=0):
        s = Sheet(size, rotate)
        if frame is not None:
            s.part(placement if frame == "with-plan" else IDENTITY, sheet_drawer(A3 if frame == "with-plan" else size))
        s.part(placement, plan_drawer(plan))
        return s

    def old():
        return sheet(*base_old, frame="with-plan")

    rescale = multiply(translate(842 - 1.25 * 595.5, 640 - 1.25 * 480), scale(1.25))
    sideways = (0, 1, -1, 0, A3[1], 0)     # the landscape sheet turned a quarter counter-clockwise
    shifted = translate(-60, 30)
    bath = boxes_of_rooms(["Bath"])[0]
    bath_inner = (bath[0] - 4, bath[1], bath[2] - 8, bath[3] - 4)
    door = plan_point(10.0, 2.6) + plan_point(10.8, 3.6)
    wall_box = plan_point(9.44, 0.15) + plan_point(10.2, 3.44)
    old_title = (A3[0] - samples.FRAME - 4 - 300, samples.FRAME + 4, A3[0] - samples.FRAME - 4,
                 samples.FRAME + 4 + samples.TITLE_H)
    notes = (samples.FRAME, samples.FRAME, 220, samples.FRAME + 4 + samples.TITLE_H)
    bottom_chain = plan_point(6, -1.4) + plan_point(13, -0.15)
    scale_bar = (old_title[0] - 310, samples.FRAME, old_title[0], samples.FRAME + 40)
    north = (A3[0] - samples.FRAME - 56, A3[1] - samples.FRAME - 60, A3[0] - samples.FRAME - 16,
             A3[1] - samples.FRAME - 10)

    title = Sheet(A3)
    title.part(IDENTITY, title_strip)
    title.part(shifted, plan_drawer())
    different = Sheet(A3)
    different.part(IDENTITY, elevation)

    rotated_old = Sheet((A3[1], A3[0]))
    rotated_old.part(sideways, sheet_drawer())
    rotated_old.part(sideways, plan_drawer())
    return [
        Pair("rescaled", old(), sheet(A2, rescale, frame="own"), IDENTITY, rescale, left_out=[old_title],
             about="the plan 1.25 times larger on an A2 sheet with its own frame"),
        Pair("rotate-flag", old(), sheet(A3, IDENTITY, frame="with-plan", rotate=90), IDENTITY, IDENTITY,
             about="the same sheet on a portrait MediaBox shown landscape by /Rotate 90"),
        Pair("rotate-content", rotated_old, old(), sideways, IDENTITY,
             about="the old sheet drawn sideways on a portrait page, the new one upright"),
        Pair("title-block", old(), title, IDENTITY, shifted, changed=[old_title, notes, scale_bar, north],
             about="the title block redrawn as a strip on the right, the plan moved 60 pt left, 30 pt up"),
        Pair("wall-moved", old(), sheet(A3, IDENTITY, wall_moved(), frame="with-plan"), IDENTITY, IDENTITY,
             changed=[bottom_chain], moved=[(wall_box, WALL_SHIFT * LAYOUT["s"], 0)],
             about="the bath's partition and the WC against it 0.25 m to the right"),
        Pair("room-deleted", old(), sheet(A3, IDENTITY, room_deleted(), frame="with-plan"), IDENTITY, IDENTITY,
             changed=[bath_inner, wall_box, door, bottom_chain],
             about="the bath, its partition, door, fixtures and label gone"),
        Pair("renumbered", old(), sheet(A3, IDENTITY, renumbered(), frame="with-plan"), IDENTITY, IDENTITY,
             changed=number_boxes(), about="every room number changed (the rooms numbered in another order)"),
        Pair("different", old(), different, IDENTITY, IDENTITY, match=False,
             about="an elevation of another building by another office"),
    ]


# ---------------------------------------------------------------------------
# The scan
# ---------------------------------------------------------------------------

def scan(pdf_bytes, size):
    """The sheet printed and scanned: JPEG bytes, and the map from the sheet's displayed
    points to the scan's pixels (continuous coordinates, the top-left corner of the image
    at 0, 0), as a matrix."""
    with tempfile.TemporaryDirectory() as scratch:
        path = os.path.join(scratch, "sheet.pdf")
        with open(path, "wb") as f:
            f.write(pdf_bytes)
        subprocess.run(["pdftoppm", "-r", str(DPI), "-png", "-singlefile", path, os.path.join(scratch, "r")],
                       check=True)
        raster = numpy.asarray(Image.open(os.path.join(scratch, "r.png")).convert("L"), dtype=numpy.float64) / 255
    h, w = raster.shape
    theta = math.radians(SCAN_ANGLE)
    cos, sin = math.cos(theta), math.sin(theta)
    cx, cy = w / 2, h / 2
    # Forward, in continuous pixels (y down): the sheet turned counter-clockwise by theta as seen.
    turn = multiply(translate(cx, cy), multiply((cos, -sin, sin, cos, 0, 0), translate(-cx, -cy)))
    back = invert(turn)

    def inverse_map(coords):   # output pixel centres (col, row) -> input pixel centres
        x, y = coords[:, 0] + 0.5, coords[:, 1] + 0.5
        a, b, c, d, e, f = back
        return numpy.stack([a * x + c * y + e - 0.5, b * x + d * y + f - 0.5], axis=1)

    turned = transform.warp(raster, inverse_map, order=3, mode="constant", cval=1.0)
    left, top, right, bottom = SCAN_CROP
    cropped = turned[top:h - bottom, left:w - right]
    blurred = filters.gaussian(cropped, sigma=0.7)
    paper = 0.94 * blurred + 0.03
    noise = numpy.random.default_rng(32).normal(0, 0.035, paper.shape)
    pixels = numpy.clip((paper + noise) * 255 + 0.5, 0, 255).astype(numpy.uint8)
    out = io.BytesIO()
    Image.fromarray(numpy.stack([pixels] * 3, axis=2)).save(out, "JPEG", quality=72)
    to_scan = multiply(translate(-left, -top), multiply(turn, scale(DPI / 72)))
    return out.getvalue(), (w - left - right, h - top - bottom), to_scan


# ---------------------------------------------------------------------------

def root(pid, point, text, size, day):
    w, h = size
    return samples.root_pin(pid, "floorplan", round(point[0] / w, 5), round((h - point[1]) / h, 5),
                            ["u-anna", "u-oleg", "u-mark", "u-lea"][day % 4], samples.iso(20, 9 * 60 + day * 7),
                            text, page=1)


def write(folder, name, data):
    os.makedirs(folder, exist_ok=True)
    with open(os.path.join(folder, name), "wb") as f:
        f.write(data)


def json_bytes(value):
    return (json.dumps(value, ensure_ascii=False, indent=2) + "\n").encode("utf-8")


def build_pair(pair, folder, new_name="new.pdf", new_bytes=None, new_size=None, to_new_pixels=None):
    """Writes one pair; `to_new_pixels` maps the new sheet's displayed points to the new
    file's displayed units (the scan's pixels), when the new file is not the sheet itself."""
    old_size = pair.old.size
    size = new_size or pair.new.size
    pins, truth = [], {}
    for n, (pid, base, text) in enumerate(FEATURES):
        verdict = pair.pin_truth(base)
        if verdict is None:
            continue
        allowed, moved_to = verdict
        x, y = apply(pair.old_placement, *base)
        pin = root(pid, (x, y), text, old_size, n)
        pins.append(pin)
        xd, yd = pin["relativeX"] * old_size[0], pin["relativeY"] * old_size[1]
        entry = {"verdicts": allowed, "from": {"page": 1, "x": pin["relativeX"], "y": pin["relativeY"]}}
        if moved_to is not None:
            # the pin's own (rounded) point, plus the shift of the content under it
            bx, by = apply(invert(pair.old_placement), xd, old_size[1] - yd)
            nx, ny = pair._new_displayed((bx + moved_to[0] - base[0], by + moved_to[1] - base[1]), pair.new.size[1])
            if to_new_pixels is not None:
                nx, ny = apply(to_new_pixels, nx, ny)
            entry["to"] = {"page": 1, "x": round(nx / size[0], 7), "y": round(ny / size[1], 7)}
        truth[pid] = entry
    ids = {p["id"] for p in pins}
    for n, (pid, parent, text) in enumerate(REPLIES):
        if parent in ids:
            pins.append(samples.reply_pin(pid, "floorplan", parent, "u-dmitry", samples.iso(21, 10 * 60 + n), text))
            ids.add(pid)
    write(folder, "old.pdf", pair.old.pdf())
    write(folder, new_name, new_bytes if new_bytes is not None else pair.new.pdf())
    write(folder, "pins.json", json_bytes({"pins": pins}))
    matrix = multiply(flip(pair.new.size[1]), multiply(pair.new_placement, multiply(invert(pair.old_placement),
                                                                                    flip(old_size[1]))))
    if to_new_pixels is not None:
        matrix = multiply(to_new_pixels, matrix)
    write(folder, "truth.json", json_bytes({
        "pair": os.path.basename(folder), "about": pair.about, "old": "old.pdf", "new": new_name,
        "kind": "scan" if to_new_pixels is not None else "vector", "toleranceAt150dpi": 3 if to_new_pixels else 1,
        "match": pair.match, "oldSize": list(old_size), "newSize": list(size),
        "matrix": [round(v, 7) for v in matrix] if pair.match else None,
        "pins": truth}))


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--out", default=os.path.join(ROOT, ".build", "revisions"))
    options = parser.parse_args()
    names = []
    for pair in pairs():
        build_pair(pair, os.path.join(options.out, pair.name))
        names.append(pair.name)
        if pair.name == "room-deleted":
            jpeg, size, to_scan = scan(pair.new.pdf(), pair.new.size)
            pair.about = "the room-deleted revision printed and scanned"
            build_pair(pair, os.path.join(options.out, "scan"), "new.jpg", jpeg, size, to_scan)
            names.append("scan")
    write(options.out, "index.json", json_bytes({"pairs": names}))


if __name__ == "__main__":
    main()
