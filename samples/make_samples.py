#!/usr/bin/env python3
"""Generate pinrender's sample documents, calibration fixtures and pin sets.

Run from the repository root:

    python3 samples/make_samples.py

Python 3 standard library only, plus the `cjpeg` command (Debian package
libjpeg-turbo-progs) for JPEG encoding. The output is deterministic: the same
bytes on every run (no timestamps, no unseeded randomness).

Writes:
    samples/floorplan.pdf              4-page vector floor plan (hand-written PDF)
    samples/photo.jpg                  photo-like JPEG, EXIF Orientation 6
    samples/demo/floorplan.pdf         the same plan without the calibration targets
    samples/demo/photo.jpg             the same photo without the calibration targets
    samples/screenshot.png             750x1334 list screenshot
    samples/targets.json               where the magenta calibration targets are
    samples/pins/*.json                pin sets
    Tests/Fixtures/orientation-N.jpg   N = 1..8, EXIF orientation fixtures
"""

import json
import math
import os
import shutil
import struct
import subprocess
import sys
import zlib

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SAMPLES = os.path.join(ROOT, "samples")
# The drawings without their calibration targets, for `make demo` and the README's pictures.
DEMO = os.path.join(SAMPLES, "demo")
PINS_DIR = os.path.join(SAMPLES, "pins")
FIXTURES = os.path.join(ROOT, "Tests", "Fixtures")

# Calibration targets, in *displayed* normalized coordinates (top-left origin).
TARGETS = [(0.5, 0.5), (0.1, 0.1), (0.9, 0.15), (0.3, 0.85)]
MAGENTA = (255, 0, 255)
BLUE = (0, 0, 255)
PDF_TARGET_SIDE = 8.0     # points
PHOTO_TARGET_SIDE = 16    # pixels


# ---------------------------------------------------------------------------
# Small deterministic helpers
# ---------------------------------------------------------------------------

class Rng:
    """xorshift64*: tiny, deterministic on every Python version."""

    def __init__(self, seed):
        self.s = (seed * 0x9E3779B97F4A7C15 + 1) & 0xFFFFFFFFFFFFFFFF or 1

    def next(self):
        s = self.s
        s ^= (s >> 12)
        s ^= (s << 25) & 0xFFFFFFFFFFFFFFFF
        s ^= (s >> 27)
        self.s = s
        return (s * 0x2545F4914F6CDD1D) & 0xFFFFFFFFFFFFFFFF

    def random(self):
        return (self.next() >> 11) / float(1 << 53)

    def uniform(self, a, b):
        return a + (b - a) * self.random()

    def below(self, n):
        return self.next() % n

    def choice(self, seq):
        return seq[self.below(len(seq))]


def fmt(v):
    """A number for a PDF content stream: at most 3 decimals, no exponent."""
    s = "%.3f" % v
    s = s.rstrip("0").rstrip(".")
    return "0" if s in ("-0", "") else s


def write_bytes(path, data):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "wb") as f:
        f.write(data)


def write_json(path, obj):
    text = json.dumps(obj, ensure_ascii=False, indent=2) + "\n"
    write_bytes(path, text.encode("utf-8"))


# ---------------------------------------------------------------------------
# PDF: page geometry and the displayed -> user space mapping
# ---------------------------------------------------------------------------

PDF_PAGES = [
    # page 1: A3 landscape, CropBox written out and equal to the MediaBox.
    {"media": [0, 0, 1191, 842], "crop": [0, 0, 1191, 842], "rotate": 0, "writeCrop": True},
    # page 2: A4 portrait MediaBox shown landscape by /Rotate 90; no CropBox
    # entry, so the CropBox defaults to the MediaBox.
    {"media": [0, 0, 595, 842], "crop": [0, 0, 595, 842], "rotate": 90, "writeCrop": False},
    # page 3: CropBox offset inside the MediaBox; marks outside it are cut off.
    {"media": [0, 0, 842, 595], "crop": [60, 40, 782, 555], "rotate": 0, "writeCrop": True},
    # page 4: offset CropBox and /Rotate 270.
    {"media": [0, 0, 842, 1191], "crop": [30, 50, 812, 1141], "rotate": 270, "writeCrop": True},
]


def displayed_size(page):
    """Width and height of the page as a viewer shows it (CropBox after /Rotate)."""
    cx0, cy0, cx1, cy1 = page["crop"]
    w, h = cx1 - cx0, cy1 - cy0
    return (h, w) if page["rotate"] in (90, 270) else (w, h)


def displayed_to_user(page, xd, yd):
    """Map a point of the *displayed* page to PDF user space.

    Displayed space is what a viewer shows: the CropBox, turned *clockwise* by
    /Rotate, in points, origin at the top-left corner, y growing downwards.
    A normalized point (u, v) is displayed point (u * W, v * H), where W, H is
    displayed_size(page). User space is the unrotated PDF page space: origin
    bottom-left of the MediaBox coordinate system, y growing upwards.
    With CropBox = (cx0, cy0, cx1, cy1):

      /Rotate 0:   the CropBox as it is; only y is flipped.
                   x = cx0 + xd          y = cy1 - yd
      /Rotate 90:  turning the page 90 deg clockwise brings the CropBox's
                   bottom-left corner to the displayed top-left; displayed +x
                   runs up the page (+y), displayed +y runs right (+x).
                   x = cx0 + yd          y = cy0 + xd
      /Rotate 180: displayed top-left is the CropBox's bottom-right corner.
                   x = cx1 - xd          y = cy0 + yd
      /Rotate 270: displayed top-left is the CropBox's top-right corner;
                   displayed +x runs down the page (-y), displayed +y runs
                   left (-x).
                   x = cx1 - yd          y = cy1 - xd
    """
    cx0, cy0, cx1, cy1 = page["crop"]
    r = page["rotate"] % 360
    if r == 0:
        return (cx0 + xd, cy1 - yd)
    if r == 90:
        return (cx0 + yd, cy0 + xd)
    if r == 180:
        return (cx1 - xd, cy0 + yd)
    if r == 270:
        return (cx1 - yd, cy1 - xd)
    raise ValueError("Rotate must be a multiple of 90")


def drawing_matrix(page):
    """The `cm` matrix from "drawing space" to user space.

    Drawing space is the displayed page with a bottom-left origin and y up
    (X = xd, Y = H - yd), so text drawn in it reads upright in a viewer. It is
    derived from displayed_to_user() so the two can never disagree.
    """
    _, H = displayed_size(page)
    ox, oy = displayed_to_user(page, 0, H)          # X=0, Y=0
    ax, ay = displayed_to_user(page, 1, H)          # X=1, Y=0
    bx, by = displayed_to_user(page, 0, H - 1)      # X=0, Y=1
    return (ax - ox, ay - oy, bx - ox, by - oy, ox, oy)


def user_to_drawing(page, x, y):
    a, b, c, d, e, f = drawing_matrix(page)
    det = a * d - b * c
    x, y = x - e, y - f
    return ((d * x - c * y) / det, (-b * x + a * y) / det)


# ---------------------------------------------------------------------------
# PDF: content stream builder (drawing space, points)
# ---------------------------------------------------------------------------

# Helvetica and Helvetica-Bold advance widths (1/1000 em) for ASCII 32..126.
_HELV = [278, 278, 355, 556, 556, 889, 667, 191, 333, 333, 389, 584, 278, 333, 278, 278,
         556, 556, 556, 556, 556, 556, 556, 556, 556, 556, 278, 278, 584, 584, 584, 556,
         1015, 667, 667, 722, 722, 667, 611, 778, 722, 278, 500, 667, 556, 833, 722, 778,
         667, 778, 722, 667, 611, 722, 667, 944, 667, 667, 611, 278, 278, 278, 469, 556,
         333, 556, 556, 500, 556, 556, 278, 556, 556, 222, 222, 500, 222, 833, 556, 556,
         556, 556, 333, 500, 278, 556, 500, 722, 500, 500, 500, 334, 260, 334, 584]
_HELV_BOLD = [278, 333, 474, 556, 556, 889, 722, 238, 333, 333, 389, 584, 278, 333, 278, 278,
              556, 556, 556, 556, 556, 556, 556, 556, 556, 556, 333, 333, 584, 584, 584, 611,
              975, 722, 722, 722, 722, 667, 611, 778, 722, 278, 556, 722, 611, 833, 722, 778,
              667, 778, 722, 667, 611, 722, 667, 944, 667, 667, 611, 333, 278, 333, 584, 556,
              333, 556, 611, 556, 611, 556, 333, 611, 611, 278, 278, 556, 278, 889, 611, 611,
              611, 611, 389, 556, 333, 611, 556, 778, 556, 556, 500, 389, 280, 389, 584]
_WINANSI_EXTRA = {"\u00b2": 0xB2, "\u00b0": 0xB0, "\u00d7": 0xD7, "\u2013": 0x96}


def text_width(s, size, bold=False):
    table = _HELV_BOLD if bold else _HELV
    total = 0
    for ch in s:
        o = ord(ch)
        total += table[o - 32] if 32 <= o <= 126 else 556
    return total * size / 1000.0


def pdf_string(s):
    out = []
    for ch in s:
        o = ord(ch)
        if ch in "()\\":
            out.append("\\" + ch)
        elif 32 <= o <= 126:
            out.append(ch)
        elif ch in _WINANSI_EXTRA:
            out.append("\\%03o" % _WINANSI_EXTRA[ch])
        else:
            raise ValueError("not in WinAnsi: %r" % ch)
    return "(" + "".join(out) + ")"


class Canvas:
    def __init__(self):
        self.ops = []

    def op(self, s):
        self.ops.append(s)

    # state
    def save(self):
        self.op("q")

    def restore(self):
        self.op("Q")

    def width(self, w):
        self.op(fmt(w) + " w")

    def stroke_gray(self, g):
        self.op(fmt(g) + " G")

    def fill_gray(self, g):
        self.op(fmt(g) + " g")

    def dash(self, pattern=None, phase=0):
        self.op("[" + " ".join(fmt(p) for p in (pattern or [])) + "] " + fmt(phase) + " d")

    # paths
    def line(self, x1, y1, x2, y2):
        self.op("%s %s m %s %s l S" % (fmt(x1), fmt(y1), fmt(x2), fmt(y2)))

    def polyline(self, pts, close=False, paint="S"):
        s = ["%s %s m" % (fmt(pts[0][0]), fmt(pts[0][1]))]
        s += ["%s %s l" % (fmt(x), fmt(y)) for x, y in pts[1:]]
        if close:
            s.append("h")
        s.append(paint)
        self.op(" ".join(s))

    def rect(self, x0, y0, x1, y1, paint="S"):
        x0, x1 = min(x0, x1), max(x0, x1)
        y0, y1 = min(y0, y1), max(y0, y1)
        self.op("%s %s %s %s re %s" % (fmt(x0), fmt(y0), fmt(x1 - x0), fmt(y1 - y0), paint))

    def _arc_path(self, cx, cy, r, a0, a1, move=True, ry=None):
        ry = r if ry is None else ry
        n = max(1, int(math.ceil(abs(a1 - a0) / (math.pi / 2) - 1e-9)))
        step = (a1 - a0) / n
        k = 4.0 / 3.0 * math.tan(step / 4)
        s = []
        if move:
            s.append("%s %s m" % (fmt(cx + r * math.cos(a0)), fmt(cy + ry * math.sin(a0))))
        for i in range(n):
            t0 = a0 + i * step
            t1 = t0 + step
            p1 = (cx + r * (math.cos(t0) - k * math.sin(t0)), cy + ry * (math.sin(t0) + k * math.cos(t0)))
            p2 = (cx + r * (math.cos(t1) + k * math.sin(t1)), cy + ry * (math.sin(t1) - k * math.cos(t1)))
            p3 = (cx + r * math.cos(t1), cy + ry * math.sin(t1))
            s.append("%s %s %s %s %s %s c" % (fmt(p1[0]), fmt(p1[1]), fmt(p2[0]), fmt(p2[1]),
                                              fmt(p3[0]), fmt(p3[1])))
        return s

    def arc(self, cx, cy, r, a0, a1):
        self.op(" ".join(self._arc_path(cx, cy, r, a0, a1) + ["S"]))

    def ellipse(self, cx, cy, rx, ry, paint="S"):
        self.op(" ".join(self._arc_path(cx, cy, rx, 0, 2 * math.pi, ry=ry) + ["h", paint]))

    def circle(self, cx, cy, r, paint="S"):
        self.ellipse(cx, cy, r, r, paint)

    # text
    def text(self, x, y, s, size, bold=False, align="left", angle=0, gray=0.0):
        w = text_width(s, size, bold)
        dx = {"left": 0.0, "center": -w / 2.0, "right": -w}[align]
        if angle == 0:
            m = (1, 0, 0, 1, x + dx, y)
        elif angle == 90:
            m = (0, 1, -1, 0, x, y + dx)
        else:
            raise ValueError(angle)
        self.op("BT /%s %s Tf %s g %s Tm %s Tj ET" % (
            "F2" if bold else "F1", fmt(size), fmt(gray), " ".join(fmt(v) for v in m), pdf_string(s)))

    def data(self):
        return ("\n".join(self.ops) + "\n").encode("latin-1")


# ---------------------------------------------------------------------------
# PDF: floor plans (model units are metres, x right, y up)
# ---------------------------------------------------------------------------
# walls:   ("h", y, x0, x1) or ("v", x, y0, y1): interior wall centre lines
# doors:   (orient, c, a, b, hinge "a"|"b", swing +1|-1 towards +/- normal)
# windows: (orient, c, a, b) on exterior walls
# rooms:   (name, x0, y0, x1, y1[, label_x, label_y])
# items:   furniture, see draw_item()

PLANS = [
    {   # Level 1
        "L": 14.0, "D": 9.0,
        "walls": [("v", 5, 0, 9), ("h", 5, 0, 5), ("v", 3, 0, 5), ("h", 2.5, 3, 5),
                  ("h", 3.5, 5, 14), ("v", 9.5, 0, 3.5)],
        "doors": [("h", 0, 0.9, 1.9, "a", +1), ("h", 5, 1.0, 1.9, "a", +1),
                  ("v", 3, 3.2, 3.9, "b", +1), ("v", 3, 0.8, 1.5, "a", +1),
                  ("v", 5, 6.0, 6.9, "a", +1), ("h", 3.5, 6.0, 6.9, "a", -1),
                  ("h", 3.5, 10.0, 10.8, "b", -1)],
        "windows": [("h", 9, 1.5, 3.5), ("h", 9, 7, 9.5), ("h", 9, 11, 13), ("v", 14, 5, 7.5),
                    ("v", 14, 1.2, 2.2), ("h", 0, 6.5, 8.5), ("v", 0, 6, 8), ("h", 0, 11.2, 12.4)],
        "rooms": [("Kitchen", 0, 5, 5, 9, 1.9, 7.0), ("Hall", 0, 0, 3, 5, 1.0, 3.3),
                  ("WC", 3, 2.5, 5, 5, 4.1, 3.4), ("Storage", 3, 0, 5, 2.5, 3.8, 1.9),
                  ("Living room", 5, 3.5, 14, 9, 7.6, 6.4), ("Bedroom 1", 5, 0, 9.5, 3.5, 6.6, 1.5),
                  ("Bath", 9.5, 0, 14, 3.5, 11.2, 2.0)],
        "items": [("counter", 0.15, 8.25, 4.85, 8.85), ("counter", 0.15, 5.9, 0.75, 8.25),
                  ("sink", 2.5, 8.55), ("hob", 4.2, 8.55), ("fridge", 0.15, 5.08, 0.85, 5.78),
                  ("table", 3.4, 6.3, 1.2, 0.8),
                  ("sofa", 10.0, 3.56, 12.6, 4.46, "N"), ("rect", 10.6, 5.0, 12.0, 5.6),
                  ("rect", 10.0, 8.45, 12.6, 8.85), ("armchair", 13.0, 4.8, 13.8, 5.6),
                  ("bed", 7.44, 0.9, 9.44, 2.5, "E"), ("wardrobe", 5.06, 0.2, 5.66, 2.4),
                  ("tub", 12.15, 0.15, 13.85, 0.9), ("wc", 9.56, 1.6, "E"), ("basin", 12.8, 3.44, "S"),
                  ("wc", 4.3, 4.94, "S"), ("basin", 4.94, 3.0, "W"),
                  ("shelves", 3.06, 0.15, 4.3, 0.5), ("rect", 0.15, 1.8, 0.55, 4.0),
                  ("stairs", 1.95, 1.2, 2.94, 4.9, "N", 12, "UP")],
    },
    {   # Level 2
        "L": 12.0, "D": 8.0,
        "walls": [("h", 3.5, 0, 12), ("h", 4.7, 0, 12), ("v", 4.5, 4.7, 8), ("v", 7, 4.7, 8),
                  ("v", 4, 0, 3.5), ("v", 6, 0, 3.5)],
        "doors": [("h", 4.7, 3.2, 4.1, "b", +1), ("h", 4.7, 5.2, 5.9, "a", +1),
                  ("h", 4.7, 7.4, 8.3, "a", +1), ("h", 3.5, 2.8, 3.7, "b", -1),
                  ("h", 3.5, 4.6, 5.3, "a", -1), ("h", 3.5, 6.5, 7.4, "a", -1)],
        "windows": [("h", 8, 1, 3), ("h", 8, 5.2, 6.2), ("h", 8, 8.5, 10.5), ("h", 0, 1, 3),
                    ("h", 0, 8, 10.5), ("v", 12, 5.5, 7), ("v", 12, 1, 2.5), ("v", 0, 1.6, 2.8)],
        "rooms": [("Bedroom 1", 0, 4.7, 4.5, 8, 2.4, 7.4), ("Bath", 4.5, 4.7, 7, 8, 5.6, 6.3),
                  ("Bedroom 2", 7, 4.7, 12, 8, 8.6, 6.2), ("Hall", 0, 3.5, 12, 4.7, 1.6, 4.05),
                  ("Bedroom 3", 0, 0, 4, 3.5, 2.3, 2.6), ("Laundry", 4, 0, 6, 3.5, 5.0, 1.8),
                  ("Study", 6, 0, 12, 3.5, 8.2, 2.2)],
        "items": [("bed", 0.15, 5.5, 2.15, 7.1, "W"), ("wardrobe", 3.84, 5.7, 4.44, 7.8),
                  ("tub", 5.0, 7.1, 6.94, 7.85), ("wc", 4.56, 6.0, "E"), ("basin", 6.94, 5.6, "W"),
                  ("bed", 9.85, 5.6, 11.85, 7.2, "E"), ("rect", 7.2, 7.3, 8.4, 7.85),
                  ("bed", 0.15, 0.4, 2.15, 1.3, "W"), ("wardrobe", 3.34, 0.15, 3.94, 2.0),
                  ("rect", 4.1, 0.15, 4.7, 0.75), ("rect", 4.8, 0.15, 5.4, 0.75),
                  ("rect", 8.1, 0.15, 10.4, 0.85), ("rect", 9.0, 1.0, 9.5, 1.5),
                  ("shelves", 11.45, 0.4, 11.85, 3.2),
                  ("stairs", 9.3, 3.56, 11.85, 4.64, "E", 9, "DN")],
    },
    {   # Level 3
        "L": 13.0, "D": 8.5,
        "walls": [("v", 4, 0, 8.5), ("v", 7, 0, 8.5), ("h", 4, 0, 4), ("h", 5.5, 4, 7),
                  ("h", 3.5, 7, 13), ("v", 10.5, 0, 3.5)],
        "doors": [("h", 0, 5.0, 6.0, "a", +1), ("v", 4, 4.6, 5.5, "a", -1),
                  ("v", 4, 2.8, 3.7, "b", -1), ("h", 5.5, 5.0, 5.8, "a", +1),
                  ("v", 7, 4.0, 5.2, "a", +1), ("v", 7, 1.0, 1.9, "a", +1),
                  ("v", 10.5, 1.0, 1.7, "a", +1)],
        "windows": [("v", 0, 5.5, 7.5), ("v", 0, 1, 3), ("h", 8.5, 5, 6), ("h", 8.5, 8, 12),
                    ("v", 13, 5, 7.5), ("h", 0, 8, 9.8), ("h", 0, 1, 3)],
        "rooms": [("Bedroom 1", 0, 4, 4, 8.5, 1.8, 5.3), ("Bedroom 2", 0, 0, 4, 4, 2.5, 1.6),
                  ("Hall", 4, 0, 7, 5.5, 5.4, 3.0), ("Bath", 4, 5.5, 7, 8.5, 5.6, 7.0),
                  ("Living room", 7, 3.5, 13, 8.5, 10.6, 5.9), ("Kitchen", 7, 0, 10.5, 3.5, 8.6, 2.4),
                  ("Pantry", 10.5, 0, 13, 3.5, 11.5, 1.7)],
        "items": [("bed", 1.2, 6.35, 2.8, 8.35, "N"), ("wardrobe", 3.34, 6.0, 3.94, 8.2),
                  ("bed", 0.4, 1.94, 1.3, 3.94, "N"), ("rect", 1.8, 0.15, 3.4, 0.75),
                  ("rect", 6.5, 2.4, 6.94, 3.9),
                  ("tub", 5.2, 7.6, 6.94, 8.35), ("wc", 4.06, 6.9, "E"), ("basin", 6.94, 6.3, "W"),
                  ("sofa", 9.0, 3.56, 11.4, 4.46, "N"), ("rect", 9.6, 4.9, 10.8, 5.4),
                  ("table", 8.2, 7.1, 1.4, 0.9),
                  ("counter", 7.06, 0.15, 10.44, 0.75), ("sink", 8.9, 0.45), ("hob", 7.7, 0.45),
                  ("fridge", 9.8, 2.75, 10.44, 3.44),
                  ("shelves", 12.4, 0.15, 12.85, 3.44), ("shelves", 10.56, 2.9, 12.4, 3.44)],
    },
    {   # Level 4
        "L": 16.0, "D": 10.0,
        "walls": [("h", 4.5, 0, 9), ("v", 9, 0, 10), ("h", 6.5, 9, 16), ("v", 4.5, 0, 4.5),
                  ("v", 13, 0, 6.5), ("h", 3, 13, 16)],
        "doors": [("h", 4.5, 3.2, 4.1, "b", -1), ("h", 4.5, 5.0, 5.9, "a", -1),
                  ("h", 0, 10.5, 11.6, "a", +1), ("v", 9, 5.0, 6.2, "b", -1),
                  ("h", 6.5, 10.0, 10.9, "a", +1), ("v", 13, 4.5, 5.2, "a", +1),
                  ("v", 13, 1.0, 1.9, "a", +1)],
        "windows": [("h", 10, 1.5, 4), ("h", 10, 5.5, 8), ("h", 10, 11, 14), ("v", 0, 6, 8.5),
                    ("v", 0, 1.5, 3), ("h", 0, 1.5, 3.5), ("h", 0, 5.5, 7.5), ("h", 0, 14, 15.5),
                    ("v", 16, 7.5, 9), ("v", 16, 4.2, 5.2), ("v", 16, 1, 2)],
        "rooms": [("Living room", 0, 4.5, 9, 10, 3.2, 8.3), ("Bedroom 1", 0, 0, 4.5, 4.5, 1.6, 3.6),
                  ("Bedroom 2", 4.5, 0, 9, 4.5, 6.6, 3.5), ("Kitchen", 9, 6.5, 16, 10, 10.4, 7.8),
                  ("Hall", 9, 0, 13, 6.5, 10.4, 3.4), ("Bath", 13, 3, 16, 6.5, 14.3, 4.0),
                  ("Bedroom 3", 13, 0, 16, 3, 14.7, 1.3)],
        "items": [("sofa", 0.6, 4.56, 3.0, 5.46, "N"), ("rect", 1.2, 6.0, 2.4, 6.6),
                  ("table", 6.5, 7.6, 1.8, 1.0),
                  ("counter", 10.8, 9.25, 15.85, 9.85), ("sink", 12.5, 9.55), ("hob", 14.6, 9.55),
                  ("fridge", 15.15, 8.5, 15.85, 9.2), ("rect", 11.5, 7.6, 14.0, 8.4),
                  ("rect", 9.06, 0.5, 9.5, 3.0), ("stairs", 11.8, 1.5, 12.94, 5.5, "N", 14, "UP"),
                  ("tub", 15.1, 4.6, 15.85, 6.35), ("wc", 14.0, 6.44, "S"), ("basin", 14.2, 3.06, "N"),
                  ("bed", 0.15, 1.2, 2.15, 2.8, "W"), ("wardrobe", 3.84, 0.2, 4.44, 2.8),
                  ("bed", 6.94, 1.2, 8.94, 2.8, "E"), ("rect", 4.8, 0.15, 6.4, 0.75),
                  ("bed", 13.85, 2.0, 15.85, 2.9, "E"), ("rect", 14.0, 0.15, 15.5, 0.65)],
    },
]

T_EXT = 0.30    # exterior wall thickness, m
T_INT = 0.12    # interior wall thickness, m
FRAME = 20.0    # sheet frame inset, pt
TITLE_H = 78.0  # title block height, pt
SCALES = [50, 75, 100, 125, 150, 200]
PT_PER_M_AT_1 = 72.0 / 0.0254   # points per metre at 1:1


def plan_layout(index):
    """Scale and origin of plan `index` on its page, in drawing space."""
    page = PDF_PAGES[index]
    plan = PLANS[index]
    W, H = displayed_size(page)
    left, right, bottom, top = 70.0, 40.0, 60.0, 40.0
    ax0 = FRAME + left
    ax1 = W - FRAME - right
    ay0 = FRAME + TITLE_H + 12 + bottom
    ay1 = H - FRAME - top
    for n in SCALES:
        s = PT_PER_M_AT_1 / n
        if plan["L"] * s <= ax1 - ax0 and plan["D"] * s <= ay1 - ay0:
            break
    ox = (ax0 + ax1) / 2.0 - plan["L"] * s / 2.0
    oy = (ay0 + ay1) / 2.0 - plan["D"] * s / 2.0
    return {"s": s, "scale": n, "ox": ox, "oy": oy, "W": W, "H": H}


def model_to_normalized(index, mx, my):
    """A plan point (metres) as a normalized displayed point, rounded for pins."""
    lay = plan_layout(index)
    X = lay["ox"] + mx * lay["s"]
    Y = lay["oy"] + my * lay["s"]
    return (round(X / lay["W"], 4), round((lay["H"] - Y) / lay["H"], 4))


def _subtract(a0, a1, cuts):
    segs = [(a0, a1)]
    for c0, c1 in sorted(cuts):
        nxt = []
        for s0, s1 in segs:
            if c1 <= s0 or c0 >= s1:
                nxt.append((s0, s1))
                continue
            if c0 > s0:
                nxt.append((s0, c0))
            if c1 < s1:
                nxt.append((c1, s1))
        segs = nxt
    return segs


def draw_plan(c, index):
    plan = PLANS[index]
    lay = plan_layout(index)
    s, ox, oy = lay["s"], lay["ox"], lay["oy"]
    L, D = plan["L"], plan["D"]

    def P(x, y):
        return (ox + x * s, oy + y * s)

    openings = [(o[0], o[1], o[2], o[3]) for o in plan["doors"]] + list(plan["windows"])

    # --- walls: dark poche, openings cut out
    walls = [("h", 0, 0, L, T_EXT), ("h", D, 0, L, T_EXT), ("v", 0, 0, D, T_EXT), ("v", L, 0, D, T_EXT)]
    walls += [(w[0], w[1], w[2], w[3], T_INT) for w in plan["walls"]]
    c.fill_gray(0.18)
    for orient, cc, a0, a1, t in walls:
        ext = T_EXT / 2.0
        cuts = [(o[2], o[3]) for o in openings if o[0] == orient and abs(o[1] - cc) < 1e-9]
        for s0, s1 in _subtract(a0 - ext, a1 + ext, cuts):
            if orient == "h":
                c.rect(*P(s0, cc - t / 2), *P(s1, cc + t / 2), paint="f")
            else:
                c.rect(*P(cc - t / 2, s0), *P(cc + t / 2, s1), paint="f")

    # --- windows: jambs, both wall faces and the glazing
    c.stroke_gray(0.0)
    for orient, cc, a, b in plan["windows"]:
        t = T_EXT
        c.width(0.5)
        for off in (-t / 2, t / 2):
            if orient == "h":
                c.line(*P(a, cc + off), *P(b, cc + off))
            else:
                c.line(*P(cc + off, a), *P(cc + off, b))
        c.width(1.0)
        for off in (-0.03, 0.03):
            if orient == "h":
                c.line(*P(a, cc + off), *P(b, cc + off))
            else:
                c.line(*P(cc + off, a), *P(cc + off, b))

    # --- doors: leaf and swing arc
    for orient, cc, a, b, hinge, swing in plan["doors"]:
        w = b - a
        hpos, other = (a, b) if hinge == "a" else (b, a)
        if orient == "h":
            hx, hy = P(hpos, cc)
            lx, ly = P(hpos, cc + swing * w)
            a_jamb = math.atan2(0, other - hpos)
            a_leaf = math.atan2(swing * w, 0)
        else:
            hx, hy = P(cc, hpos)
            lx, ly = P(cc + swing * w, hpos)
            a_jamb = math.atan2(other - hpos, 0)
            a_leaf = math.atan2(0, swing * w)
        c.width(1.4)
        c.line(hx, hy, lx, ly)
        c.width(0.4)
        da = a_jamb - a_leaf
        while da > math.pi:
            da -= 2 * math.pi
        while da < -math.pi:
            da += 2 * math.pi
        c.arc(hx, hy, w * s, a_leaf, a_leaf + da)

    # --- furniture and fixtures
    c.width(0.5)
    c.stroke_gray(0.35)
    for item in plan["items"]:
        draw_item(c, item, P, s)

    # --- room labels: number, name, area
    level = index + 1
    for i, room in enumerate(plan["rooms"]):
        name, x0, y0, x1, y1 = room[:5]
        lx, ly = (room[5], room[6]) if len(room) > 5 else ((x0 + x1) / 2, (y0 + y1) / 2)
        X, Y = P(lx, ly)
        area = (x1 - x0 - T_INT) * (y1 - y0 - T_INT)
        c.text(X, Y + 9, "%d.%02d" % (level, i + 1), 6.5, align="center", gray=0.35)
        c.text(X, Y - 1, name, 9.5, bold=True, align="center")
        c.text(X, Y - 10, "%.1f m\u00b2" % area, 7, align="center", gray=0.2)

    # --- dimension chains
    c.stroke_gray(0.0)

    def chain(vals, side, level_off):
        vals = sorted(set(round(v, 3) for v in vals))
        c.width(0.4)
        if side in ("bottom", "top"):
            face = oy - T_EXT / 2 * s if side == "bottom" else oy + (D + T_EXT / 2) * s
            sign = -1 if side == "bottom" else 1
            yl = face + sign * level_off
            c.line(ox + vals[0] * s - 6, yl, ox + vals[-1] * s + 6, yl)
            for v in vals:
                X = ox + v * s
                c.line(X, face + sign * 4, X, yl + sign * 4)
                c.width(0.9)
                c.line(X - 2.5, yl - 2.5, X + 2.5, yl + 2.5)
                c.width(0.4)
            for v0, v1 in zip(vals, vals[1:]):
                c.text(ox + (v0 + v1) / 2 * s, yl + 2.5, "%d" % round((v1 - v0) * 1000), 6.5, align="center")
        else:
            face = ox - T_EXT / 2 * s if side == "left" else ox + (L + T_EXT / 2) * s
            sign = -1 if side == "left" else 1
            xl = face + sign * level_off
            c.line(xl, oy + vals[0] * s - 6, xl, oy + vals[-1] * s + 6)
            for v in vals:
                Y = oy + v * s
                c.line(face + sign * 4, Y, xl + sign * 4, Y)
                c.width(0.9)
                c.line(xl - 2.5, Y - 2.5, xl + 2.5, Y + 2.5)
                c.width(0.4)
            for v0, v1 in zip(vals, vals[1:]):
                c.text(xl - 2.5, oy + (v0 + v1) / 2 * s, "%d" % round((v1 - v0) * 1000), 6.5,
                       align="center", angle=90)

    vwalls = [w for w in plan["walls"] if w[0] == "v"]
    hwalls = [w for w in plan["walls"] if w[0] == "h"]
    chain([0, L] + [w[1] for w in vwalls if w[2] == 0], "bottom", 22)
    chain([0, L], "bottom", 42)
    chain([0, L] + [w[1] for w in vwalls if w[3] == D], "top", 18)
    chain([0, D] + [w[1] for w in hwalls if w[2] == 0], "left", 22)
    chain([0, D], "left", 42)
    chain([0, D] + [w[1] for w in hwalls if w[3] == L], "right", 18)
    return lay


def draw_item(c, item, P, s):
    kind = item[0]
    if kind in ("rect", "counter", "fridge", "wardrobe", "shelves"):
        x0, y0, x1, y1 = item[1:5]
        c.rect(*P(x0, y0), *P(x1, y1))
        if kind == "fridge":
            c.line(*P(x0, y0), *P(x1, y1))
            c.line(*P(x0, y1), *P(x1, y0))
        elif kind == "wardrobe":
            c.line(*P(x0, y0), *P(x1, y1))
        elif kind == "shelves":
            if x1 - x0 < y1 - y0:
                c.line(*P((x0 + x1) / 2, y0), *P((x0 + x1) / 2, y1))
            else:
                c.line(*P(x0, (y0 + y1) / 2), *P(x1, (y0 + y1) / 2))
    elif kind == "sink":
        cx, cy = item[1:3]
        c.rect(*P(cx - 0.35, cy - 0.22), *P(cx + 0.35, cy + 0.22))
        c.rect(*P(cx - 0.3, cy - 0.17), *P(cx + 0.05, cy + 0.17))
        X, Y = P(cx + 0.18, cy)
        c.circle(X, Y, 0.05 * s)
    elif kind == "hob":
        cx, cy = item[1:3]
        c.rect(*P(cx - 0.3, cy - 0.26), *P(cx + 0.3, cy + 0.26))
        for dx, dy, r in ((-0.14, -0.12, 0.09), (0.14, -0.12, 0.07), (-0.14, 0.12, 0.07), (0.14, 0.12, 0.09)):
            X, Y = P(cx + dx, cy + dy)
            c.circle(X, Y, r * s)
    elif kind == "table":
        cx, cy, w, h = item[1:5]
        c.rect(*P(cx - w / 2, cy - h / 2), *P(cx + w / 2, cy + h / 2))
        n = max(1, int(round(w / 0.6)))
        for i in range(n):
            x = cx - w / 2 + (i + 0.5) * w / n
            for side in (-1, 1):
                y = cy + side * (h / 2 + 0.08)
                c.rect(*P(x - 0.2, y), *P(x + 0.2, y + side * 0.4))
    elif kind in ("sofa", "armchair"):
        x0, y0, x1, y1 = item[1:5]
        c.rect(*P(x0, y0), *P(x1, y1))
        arm = 0.18
        if kind == "sofa":
            c.rect(*P(x0, y0), *P(x1, y0 + 0.22))
            c.rect(*P(x0, y0), *P(x0 + arm, y1))
            c.rect(*P(x1 - arm, y0), *P(x1, y1))
            m = (x0 + x1) / 2
            c.line(*P(m, y0 + 0.22), *P(m, y1))
        else:
            c.rect(*P(x0 + arm, y0 + arm), *P(x1 - arm, y1 - arm))
    elif kind == "bed":
        x0, y0, x1, y1, head = item[1:6]
        c.rect(*P(x0, y0), *P(x1, y1))
        horizontal = head in ("E", "W")
        width = (y1 - y0) if horizontal else (x1 - x0)
        n = 2 if width > 1.2 else 1
        for i in range(n):
            a = (y0 if horizontal else x0) + 0.08 + i * (width - 0.08) / n
            b = a + (width - 0.08) / n - 0.08
            if head == "E":
                c.rect(*P(x1 - 0.45, a), *P(x1 - 0.1, b))
            elif head == "W":
                c.rect(*P(x0 + 0.1, a), *P(x0 + 0.45, b))
            elif head == "N":
                c.rect(*P(a, y1 - 0.45), *P(b, y1 - 0.1))
            else:
                c.rect(*P(a, y0 + 0.1), *P(b, y0 + 0.45))
        if head == "E":
            c.line(*P(x1 - 0.7, y0), *P(x1 - 0.7, y1))
        elif head == "W":
            c.line(*P(x0 + 0.7, y0), *P(x0 + 0.7, y1))
        elif head == "N":
            c.line(*P(x0, y1 - 0.7), *P(x1, y1 - 0.7))
        else:
            c.line(*P(x0, y0 + 0.7), *P(x1, y0 + 0.7))
    elif kind == "tub":
        x0, y0, x1, y1 = item[1:5]
        c.rect(*P(x0, y0), *P(x1, y1))
        X0, Y0 = P(x0, y0)
        X1, Y1 = P(x1, y1)
        c.ellipse((X0 + X1) / 2, (Y0 + Y1) / 2, abs(X1 - X0) / 2 - 0.08 * s, abs(Y1 - Y0) / 2 - 0.08 * s)
    elif kind in ("wc", "basin"):
        x, y, facing = item[1:4]
        d = {"E": (1, 0), "W": (-1, 0), "N": (0, 1), "S": (0, -1)}[facing]
        if kind == "wc":
            # tank against the wall at (x, y), bowl towards `facing`
            tx, ty = x + d[0] * 0.1, y + d[1] * 0.1
            if d[0]:
                c.rect(*P(x, y - 0.22), *P(x + d[0] * 0.2, y + 0.22))
                X, Y = P(tx + d[0] * 0.3, ty)
                c.ellipse(X, Y, 0.22 * s, 0.18 * s)
            else:
                c.rect(*P(x - 0.22, y), *P(x + 0.22, y + d[1] * 0.2))
                X, Y = P(tx, ty + d[1] * 0.3)
                c.ellipse(X, Y, 0.18 * s, 0.22 * s)
        else:
            X, Y = P(x + d[0] * 0.22, y + d[1] * 0.22)
            if d[0]:
                c.rect(*P(x, y - 0.3), *P(x + d[0] * 0.45, y + 0.3))
                c.ellipse(X, Y, 0.15 * s, 0.22 * s)
            else:
                c.rect(*P(x - 0.3, y), *P(x + 0.3, y + d[1] * 0.45))
                c.ellipse(X, Y, 0.22 * s, 0.15 * s)
    elif kind == "stairs":
        x0, y0, x1, y1, direction, n, label = item[1:8]
        c.rect(*P(x0, y0), *P(x1, y1))
        for i in range(1, n):
            if direction in ("N", "S"):
                y = y0 + (y1 - y0) * i / n
                c.line(*P(x0, y), *P(x1, y))
            else:
                x = x0 + (x1 - x0) * i / n
                c.line(*P(x, y0), *P(x, y1))
        c.width(0.7)
        if direction == "N":
            a, b = P((x0 + x1) / 2, y0 + 0.2), P((x0 + x1) / 2, y1 - 0.2)
        else:
            a, b = P(x0 + 0.2, (y0 + y1) / 2), P(x1 - 0.2, (y0 + y1) / 2)
        c.line(*a, *b)
        ang = math.atan2(b[1] - a[1], b[0] - a[0])
        for da in (2.6, -2.6):
            c.line(b[0], b[1], b[0] + 5 * math.cos(ang + da), b[1] + 5 * math.sin(ang + da))
        c.width(0.5)
        c.text(a[0] + (6 if direction == "N" else 0), a[1] + (0 if direction == "N" else 4), label, 6,
               bold=True, gray=0.2)


def draw_sheet(c, index):
    """Frame, title block, notes, north arrow and scale bar of sheet `index`."""
    page = PDF_PAGES[index]
    W, H = displayed_size(page)
    lay = plan_layout(index)
    level = index + 1
    c.stroke_gray(0)
    c.width(1.2)
    c.rect(FRAME, FRAME, W - FRAME, H - FRAME)
    c.width(0.4)
    c.rect(FRAME + 4, FRAME + 4, W - FRAME - 4, H - FRAME - 4)

    # title block, bottom right
    tw = 300.0 if W > 900 else 250.0
    x0, y0 = W - FRAME - 4 - tw, FRAME + 4
    x1, y1 = W - FRAME - 4, FRAME + 4 + TITLE_H
    c.width(0.9)
    c.rect(x0, y0, x1, y1)
    c.width(0.4)
    c.line(x0, y0 + 52, x1, y0 + 52)
    c.line(x0, y0 + 18, x1, y0 + 18)
    cells = ["Scale 1:%d" % lay["scale"], "Date 2026-11-02", "Drawn A. Ivanova", "Rev. B"]
    cw = tw / len(cells)
    for i, t in enumerate(cells):
        if i:
            c.line(x0 + i * cw, y0, x0 + i * cw, y0 + 18)
        c.text(x0 + i * cw + cw / 2, y0 + 6, t, 6.5, align="center")
    c.text(x0 + 6, y0 + 64, "PINRENDER SAMPLE PROJECT", 8, bold=True)
    c.text(x0 + 6, y0 + 55.5, "Residential building, 12 Example Street", 6.5, gray=0.25)
    c.text(x0 + 6, y0 + 30, "Floor plan - Level %d - Sheet %d/4" % (level, level), 11.5, bold=True)
    c.text(x1 - 6, y0 + 64, "A-10%d" % level, 8, bold=True, align="right")

    # general notes, bottom left
    notes = ["GENERAL NOTES", "1. All dimensions in millimetres, to wall axes.",
             "2. Do not scale from this drawing.", "3. Verify all dimensions on site."]
    for i, t in enumerate(notes):
        c.text(FRAME + 12, FRAME + 4 + TITLE_H - 12 - i * 9, t, 6.5, bold=(i == 0))

    # scale bar, left of the title block: 0-1-2-3-4-5 m
    s = lay["s"]
    bx, by = x0 - 16 - 5 * s, y0 + 10
    for i in range(5):
        c.fill_gray(0 if i % 2 == 0 else 1)
        c.rect(bx + i * s, by, bx + (i + 1) * s, by + 4, paint="B")
    for i in range(6):
        c.text(bx + i * s, by + 7, "%d" % i, 6, align="center")
    c.text(bx + 5 * s + 4, by + 7, "m", 6)
    c.fill_gray(0)

    # north arrow, top right
    nx, ny = W - FRAME - 36, H - FRAME - 40
    c.width(0.6)
    c.circle(nx, ny, 14)
    c.polyline([(nx, ny + 14), (nx + 6, ny - 10), (nx, ny - 5), (nx - 6, ny - 10)], close=True, paint="f")
    c.text(nx, ny + 18, "N", 9, bold=True, align="center")


def draw_outside_crop(c, index):
    """Printer's marks in the part of the MediaBox that the CropBox cuts off."""
    page = PDF_PAGES[index]
    W, H = displayed_size(page)
    mx0, my0, mx1, my1 = page["media"]
    xs, ys = zip(*[user_to_drawing(page, x, y) for x, y in ((mx0, my0), (mx1, my1))])
    X0, X1, Y0, Y1 = min(xs), max(xs), min(ys), max(ys)
    if X0 > -10 and Y0 > -10 and X1 < W + 10 and Y1 < H + 10:
        return
    c.stroke_gray(0)
    c.width(0.5)
    for cx, cy, sx, sy in ((0, 0, -1, -1), (W, 0, 1, -1), (0, H, -1, 1), (W, H, 1, 1)):
        c.line(cx + sx * 4, cy, cx + sx * 24, cy)
        c.line(cx, cy + sy * 4, cx, cy + sy * 24)
    for cx, cy in ((W / 2, Y0 / 2), (W / 2, H + (Y1 - H) / 2), (X0 / 2, H / 2), (W + (X1 - W) / 2, H / 2)):
        c.circle(cx, cy, 6)
        c.line(cx - 10, cy, cx + 10, cy)
        c.line(cx, cy - 10, cx, cy + 10)
    for i in range(8):
        c.fill_gray(i / 7.0)
        c.rect(40 + i * 10, H + 4, 50 + i * 10, H + 14, paint="B")
    c.fill_gray(0)
    c.text(W / 2 + 30, Y0 / 2 - 2.5, "PRINT MARGIN - OUTSIDE THE CROPBOX - MUST NOT BE VISIBLE", 7)
    # a heavy bar that straddles the crop edge: only its inner half may show
    c.rect(W * 0.62, -12, W * 0.62 + 60, 6, paint="f")


def draw_targets(c, index):
    """Magenta calibration squares, drawn straight in user space (after Q)."""
    page = PDF_PAGES[index]
    W, H = displayed_size(page)
    c.op("1 0 1 rg")
    half = PDF_TARGET_SIDE / 2
    centers = []
    for u, v in TARGETS:
        x, y = displayed_to_user(page, u * W, v * H)
        centers.append([round(x, 3), round(y, 3)])
        c.rect(x - half, y - half, x + half, y + half, paint="f")
    return centers


def make_pdf(path, targets):
    """Writes the floor plan to `path`, with the calibration targets when `targets`;
    returns each page's geometry and targets."""
    objs = {}
    objs[1] = b"<< /Type /Catalog /Pages 2 0 R >>"
    objs[3] = b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>"
    objs[4] = b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>"
    objs[5] = b"<< /Title (pinrender sample floor plan) /Producer (pinrender samples/make_samples.py) >>"
    kids = []
    page_info = []
    for i, page in enumerate(PDF_PAGES):
        page_obj, content_obj = 6 + 2 * i, 7 + 2 * i
        kids.append(page_obj)
        c = Canvas()
        c.save()
        c.op(" ".join(fmt(v) for v in drawing_matrix(page)) + " cm")
        c.op("1 J 0 j")
        draw_outside_crop(c, i)
        draw_sheet(c, i)
        draw_plan(c, i)
        c.restore()
        centers = draw_targets(c, i) if targets else []
        data = c.data()
        objs[content_obj] = b"<< /Length %d >>\nstream\n" % len(data) + data + b"endstream"
        d = "<< /Type /Page /Parent 2 0 R /MediaBox [%s]" % " ".join(fmt(v) for v in page["media"])
        if page["writeCrop"]:
            d += " /CropBox [%s]" % " ".join(fmt(v) for v in page["crop"])
        if page["rotate"]:
            d += " /Rotate %d" % page["rotate"]
        d += " /Resources << /Font << /F1 3 0 R /F2 4 0 R >> >> /Contents %d 0 R >>" % content_obj
        objs[page_obj] = d.encode("ascii")
        W, H = displayed_size(page)
        page_info.append({
            "page": i + 1, "mediaBox": page["media"], "cropBox": page["crop"],
            "rotate": page["rotate"], "displayedWidth": W, "displayedHeight": H,
            "targets": [list(t) for t in TARGETS],
            "targetsUserSpace": centers,
        })
    objs[2] = ("<< /Type /Pages /Kids [%s] /Count %d >>" % (
        " ".join("%d 0 R" % k for k in kids), len(kids))).encode("ascii")

    out = bytearray(b"%PDF-1.7\n%\xe2\xe3\xcf\xd3\n")
    n = max(objs) + 1
    offsets = [0] * n
    for num in range(1, n):
        offsets[num] = len(out)
        out += b"%d 0 obj\n" % num + objs[num] + b"\nendobj\n"
    xref = len(out)
    out += b"xref\n0 %d\n" % n
    out += b"0000000000 65535 f \n"
    for num in range(1, n):
        out += b"%010d 00000 n \n" % offsets[num]
    out += b"trailer\n<< /Size %d /Root 1 0 R /Info 5 0 R >>\nstartxref\n%d\n%%%%EOF\n" % (n, xref)
    write_bytes(path, bytes(out))
    return page_info


# ---------------------------------------------------------------------------
# Raster drawing (RGB, 8 bit, top-left origin, anti-aliased by coverage)
# ---------------------------------------------------------------------------

class Raster:
    def __init__(self, w, h, bg=(255, 255, 255)):
        self.w, self.h = w, h
        self.px = bytearray(bytes(bg) * (w * h))

    def fill_rect(self, x0, y0, x1, y1, color):
        """Integer pixel rectangle [x0, x1) x [y0, y1), no anti-aliasing."""
        x0, x1 = max(0, int(x0)), min(self.w, int(x1))
        y0, y1 = max(0, int(y0)), min(self.h, int(y1))
        if x1 <= x0:
            return
        row = bytes(color) * (x1 - x0)
        for y in range(y0, y1):
            i = (y * self.w + x0) * 3
            self.px[i:i + len(row)] = row

    def blend(self, x, y, color, a):
        i = (y * self.w + x) * 3
        p = self.px
        if a >= 1.0:
            p[i], p[i + 1], p[i + 2] = color
        else:
            p[i] = int(p[i] + (color[0] - p[i]) * a + 0.5)
            p[i + 1] = int(p[i + 1] + (color[1] - p[i + 1]) * a + 0.5)
            p[i + 2] = int(p[i + 2] + (color[2] - p[i + 2]) * a + 0.5)

    def fill_sdf(self, bbox, sdf, color, alpha=1.0):
        """Fill where the signed distance sdf(x, y) (pixels, <0 inside) says."""
        x0, y0, x1, y1 = bbox
        for y in range(max(0, int(y0) - 1), min(self.h, int(math.ceil(y1)) + 1)):
            for x in range(max(0, int(x0) - 1), min(self.w, int(math.ceil(x1)) + 1)):
                cov = 0.5 - sdf(x + 0.5, y + 0.5)
                if cov > 0:
                    self.blend(x, y, color, min(1.0, cov) * alpha)

    def fill_circle(self, cx, cy, r, color, alpha=1.0):
        self.fill_sdf((cx - r, cy - r, cx + r, cy + r),
                      lambda x, y: math.hypot(x - cx, y - cy) - r, color, alpha)

    def stroke_circle(self, cx, cy, r, width, color):
        self.fill_sdf((cx - r - width, cy - r - width, cx + r + width, cy + r + width),
                      lambda x, y: abs(math.hypot(x - cx, y - cy) - r) - width / 2, color)

    def fill_ellipse(self, cx, cy, rx, ry, color, alpha=1.0):
        m = min(rx, ry)

        def sdf(x, y):
            return (math.hypot((x - cx) / rx, (y - cy) / ry) - 1) * m
        self.fill_sdf((cx - rx, cy - ry, cx + rx, cy + ry), sdf, color, alpha)

    def fill_round_rect(self, x0, y0, x1, y1, r, color):
        cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
        hx, hy = (x1 - x0) / 2 - r, (y1 - y0) / 2 - r

        def sdf(x, y):
            qx, qy = abs(x - cx) - hx, abs(y - cy) - hy
            return math.hypot(max(qx, 0), max(qy, 0)) + min(max(qx, qy), 0) - r
        self.fill_sdf((x0, y0, x1, y1), sdf, color)

    def fill_convex(self, pts, color):
        """Convex polygon, points in clockwise order on screen (y down)."""
        edges = []
        n = len(pts)
        for i in range(n):
            (ax, ay), (bx, by) = pts[i], pts[(i + 1) % n]
            ln = math.hypot(bx - ax, by - ay)
            edges.append((ax, ay, (by - ay) / ln, -(bx - ax) / ln))   # outward normal

        def sdf(x, y):
            return max((x - ax) * nx + (y - ay) * ny for ax, ay, nx, ny in edges)
        xs = [p[0] for p in pts]
        ys = [p[1] for p in pts]
        self.fill_sdf((min(xs), min(ys), max(xs), max(ys)), sdf, color)

    def thick_line(self, ax, ay, bx, by, width, color):
        dx, dy = bx - ax, by - ay
        ln2 = dx * dx + dy * dy

        def sdf(x, y):
            t = max(0.0, min(1.0, ((x - ax) * dx + (y - ay) * dy) / ln2))
            return math.hypot(x - ax - t * dx, y - ay - t * dy) - width / 2
        self.fill_sdf((min(ax, bx) - width, min(ay, by) - width, max(ax, bx) + width, max(ay, by) + width),
                      sdf, color)

    def get(self, x, y):
        i = (y * self.w + x) * 3
        return tuple(self.px[i:i + 3])

    def ppm(self):
        return b"P6\n%d %d\n255\n" % (self.w, self.h) + bytes(self.px)


# ---------------------------------------------------------------------------
# EXIF orientation
# ---------------------------------------------------------------------------
# The EXIF Orientation tag (0x0112) says how the *stored* pixels must be
# transformed for display (TIFF 6.0 / EXIF 2.3 definitions):
#   1 = as stored (top-left)
#   2 = mirror horizontal (left <-> right)
#   3 = rotate 180 deg
#   4 = mirror vertical (top <-> bottom)
#   5 = transpose: mirror across the top-left/bottom-right diagonal
#       (= mirror horizontal, then rotate 90 deg counter-clockwise)
#   6 = rotate 90 deg clockwise
#   7 = transverse: mirror across the top-right/bottom-left diagonal
#       (= mirror horizontal, then rotate 90 deg clockwise)
#   8 = rotate 90 deg counter-clockwise (= 270 deg clockwise)
# For 5..8 the stored width and height are the displayed height and width.

def stored_to_displayed(orientation, sx, sy, sw, sh):
    """Displayed pixel that stored pixel (sx, sy) lands on (sw x sh stored)."""
    if orientation == 1:
        return sx, sy
    if orientation == 2:
        return sw - 1 - sx, sy
    if orientation == 3:
        return sw - 1 - sx, sh - 1 - sy
    if orientation == 4:
        return sx, sh - 1 - sy
    if orientation == 5:
        return sy, sx
    if orientation == 6:
        return sh - 1 - sy, sx
    if orientation == 7:
        return sh - 1 - sy, sw - 1 - sx
    if orientation == 8:
        return sy, sw - 1 - sx
    raise ValueError(orientation)


def to_stored(displayed, orientation):
    """The stored raster that displays as `displayed` under `orientation`."""
    W, H = displayed.w, displayed.h
    sw, sh = (H, W) if orientation >= 5 else (W, H)
    out = Raster(sw, sh)
    src, dst = displayed.px, out.px
    for sy in range(sh):
        for sx in range(sw):
            dx, dy = stored_to_displayed(orientation, sx, sy, sw, sh)
            i = (dy * W + dx) * 3
            j = (sy * sw + sx) * 3
            dst[j:j + 3] = src[i:i + 3]
    return out


def tiff_ifd0(entries, byte_order):
    """A TIFF header plus IFD0 holding `entries` = [(tag, type, value)]."""
    e = ">" if byte_order == "MM" else "<"
    sizes = {2: 1, 3: 2, 4: 4, 5: 8}
    entries = sorted(entries)
    data_off = 8 + 2 + 12 * len(entries) + 4
    table, extra = b"", b""
    for tag, typ, value in entries:
        if typ == 2:
            raw, count = value.encode("ascii") + b"\0", len(value) + 1
        elif typ == 3:
            raw, count = struct.pack(e + "H", value), 1
        elif typ == 4:
            raw, count = struct.pack(e + "I", value), 1
        elif typ == 5:
            raw, count = struct.pack(e + "II", *value), 1
        assert len(raw) == sizes[typ] * count
        if len(raw) <= 4:
            field = raw + b"\0" * (4 - len(raw))   # left-justified in the field
        else:
            field = struct.pack(e + "I", data_off + len(extra))
            extra += raw + (b"\0" if len(raw) % 2 else b"")
        table += struct.pack(e + "HHI", tag, typ, count) + field
    header = (b"MM" if byte_order == "MM" else b"II") + struct.pack(e + "HI", 42, 8)
    return header + struct.pack(e + "H", len(entries)) + table + struct.pack(e + "I", 0) + extra


def exif_app1(entries, byte_order):
    payload = b"Exif\0\0" + tiff_ifd0(entries, byte_order)
    return b"\xff\xe1" + struct.pack(">H", len(payload) + 2) + payload


def encode_jpeg(raster, quality, extra_args=()):
    if shutil.which("cjpeg") is None:
        sys.exit("make_samples.py: cjpeg not found; install it with: apt-get install -y libjpeg-turbo-progs")
    cmd = ["cjpeg", "-quality", str(quality), "-optimize"] + list(extra_args)
    return subprocess.run(cmd, input=raster.ppm(), stdout=subprocess.PIPE, check=True).stdout


def with_exif(jpeg, app1):
    assert jpeg[:2] == b"\xff\xd8"
    return jpeg[:2] + app1 + jpeg[2:]     # APP1 right after SOI, before JFIF APP0


# ---------------------------------------------------------------------------
# photo.jpg
# ---------------------------------------------------------------------------

PHOTO_W, PHOTO_H = 1200, 800
HOUSE = {"x0": 430, "x1": 610, "wall_top": 522, "base": 632, "peak": (520, 440)}


def make_photo():
    W, H = PHOTO_W, PHOTO_H
    img = Raster(W, H)
    px = img.px

    def far_hill(x):
        return 468 - 52 * math.sin(x / 170.0 + 0.5) - 26 * math.sin(x / 63.0 + 1.3) - 8 * math.sin(x / 21.0)

    def near_hill(x):
        return 575 - 45 * math.sin(x / 230.0 + 2.0) - 18 * math.sin(x / 90.0) - 5 * math.sin(x / 31.0 + 0.7)

    def meadow(x):
        return 690 - 14 * math.sin(x / 300.0 + 1.0)

    far = [far_hill(x) for x in range(W)]
    near = [near_hill(x) for x in range(W)]
    mead = [meadow(x) for x in range(W)]
    sun_x, sun_y = 930.0, 150.0
    for y in range(H):
        t = min(1.0, y / 500.0)
        sky = (58 + (205 - 58) * t ** 1.4, 110 + (222 - 110) * t ** 1.2, 190 + (242 - 190) * t)
        row = (y * W) * 3
        for x in range(W):
            if y < far[x]:
                d = math.hypot(x - sun_x, y - sun_y)
                g = max(0.0, 1 - d / 260.0) ** 2 * 0.55
                r, gg, b = (sky[0] + (255 - sky[0]) * g, sky[1] + (246 - sky[1]) * g, sky[2] + (220 - sky[2]) * g)
            elif y < near[x]:
                k = (y - far[x]) / 90.0
                r, gg, b = 112 - 18 * k, 142 - 10 * k, 150 - 25 * k
            elif y < mead[x]:
                k = (y - near[x]) / 140.0
                r, gg, b = 78 - 20 * k, 138 - 25 * k, 62 - 15 * k
            else:
                k = (y - mead[x]) / 110.0
                r, gg, b = 96 + 10 * k, 156 - 8 * k, 58 - 6 * k
            i = row + x * 3
            px[i] = int(r)
            px[i + 1] = int(gg)
            px[i + 2] = int(b)

    # sun and a few soft clouds
    img.fill_circle(sun_x, sun_y, 34, (255, 248, 222))
    for cx, cy, rx, ry in ((260, 190, 90, 22), (330, 175, 70, 26), (700, 110, 110, 20),
                           (780, 100, 60, 18), (1040, 260, 80, 16)):
        img.fill_ellipse(cx, cy, rx, ry, (246, 248, 252), alpha=0.75)

    # a path from the door to the bottom edge
    img.fill_convex([(512, 632), (528, 632), (640, 800), (560, 800)], (176, 156, 118))

    # the house
    h = HOUSE
    img.fill_rect(h["x0"], h["wall_top"], h["x1"], h["base"], (226, 212, 182))
    img.fill_rect(h["x0"], h["wall_top"], h["x0"] + 8, h["base"], (200, 186, 158))
    img.fill_rect(575, 430, 595, 500, (120, 70, 60))                     # chimney
    img.fill_convex([(410, 526), h["peak"], (630, 526)], (142, 52, 42))  # roof
    img.fill_convex([(520, 448), (622, 524), (520, 524)], (122, 44, 36))  # shaded half
    img.fill_rect(500, 575, 540, h["base"], (104, 68, 42))                # door
    img.fill_circle(533, 604, 2.2, (210, 190, 120))
    for wx in (448, 560):
        img.fill_rect(wx - 3, 549, wx + 35, 591, (250, 250, 246))
        img.fill_rect(wx, 552, wx + 32, 588, (150, 186, 210))
        img.fill_rect(wx + 15, 552, wx + 17, 588, (250, 250, 246))
        img.fill_rect(wx, 569, wx + 32, 571, (250, 250, 246))

    # trees: trunk, crown, highlight
    rng = Rng(7)
    for tx, base, size in ((150, 600, 1.0), (228, 612, 0.8), (705, 640, 1.15), (790, 618, 0.9),
                           (1010, 590, 0.7), (1080, 606, 0.85), (330, 560, 0.55), (880, 548, 0.5)):
        tw = 10 * size
        img.fill_rect(tx - tw / 2, base - 70 * size, tx + tw / 2, base, (92, 64, 40))
        for _ in range(5):
            cx = tx + rng.uniform(-22, 22) * size
            cy = base - 95 * size + rng.uniform(-25, 20) * size
            img.fill_circle(cx, cy, rng.uniform(24, 34) * size, (38 + rng.below(12), 92 + rng.below(20), 40))
        img.fill_circle(tx - 10 * size, base - 112 * size, 14 * size, (70, 128, 60), alpha=0.6)

    # film-grain-like noise, deterministic
    rng = Rng(42)
    noise = [rng.below(11) - 5 for _ in range(65521)]
    k = 0
    for i in range(0, len(px), 3):
        n = noise[k % 65521]
        k += 1
        for j in (i, i + 1, i + 2):
            v = px[j] + n
            px[j] = 0 if v < 0 else (255 if v > 255 else v)

    app1 = exif_app1([(0x010F, 2, "pinrender"), (0x0110, 2, "sample generator"), (0x0112, 3, 6),
                      (0x011A, 5, (72, 1)), (0x011B, 5, (72, 1)), (0x0128, 3, 2)], "MM")
    write_bytes(os.path.join(DEMO, "photo.jpg"), with_exif(encode_jpeg(to_stored(img, 6), 85), app1))

    # calibration targets (pure magenta, after the noise)
    half = PHOTO_TARGET_SIDE // 2
    for u, v in TARGETS:
        cx, cy = int(round(u * W)), int(round(v * H))
        img.fill_rect(cx - half, cy - half, cx + half, cy + half, MAGENTA)

    stored = to_stored(img, 6)
    write_bytes(os.path.join(SAMPLES, "photo.jpg"), with_exif(encode_jpeg(stored, 85), app1))
    return {"file": "samples/photo.jpg", "exifOrientation": 6,
            "storedWidth": stored.w, "storedHeight": stored.h,
            "displayedWidth": W, "displayedHeight": H,
            "targetSidePx": PHOTO_TARGET_SIDE, "targets": [list(t) for t in TARGETS]}


# ---------------------------------------------------------------------------
# Tests/Fixtures/orientation-N.jpg
# ---------------------------------------------------------------------------

FIX_W, FIX_H = 96, 64
FIX_MAGENTA_CENTER = (20, 16)
FIX_BLUE_CENTER = (70, 44)


def make_orientation_fixtures():
    disp = Raster(FIX_W, FIX_H)
    for (cx, cy), color in ((FIX_MAGENTA_CENTER, MAGENTA), (FIX_BLUE_CENTER, BLUE)):
        disp.fill_rect(cx - 5, cy - 5, cx + 5, cy + 5, color)
    out = []
    for o in range(1, 9):
        stored = to_stored(disp, o)
        # Odd orientations use Intel ("II"), even ones Motorola ("MM") byte order,
        # so readers are exercised with both.
        order = "II" if o % 2 else "MM"
        jpeg = encode_jpeg(stored, 95, ["-sample", "1x1"])
        name = "orientation-%d.jpg" % o
        write_bytes(os.path.join(FIXTURES, name), with_exif(jpeg, exif_app1([(0x0112, 3, o)], order)))
        out.append({"file": "Tests/Fixtures/" + name, "exifOrientation": o, "byteOrder": order,
                    "storedWidth": stored.w, "storedHeight": stored.h,
                    "displayedWidth": FIX_W, "displayedHeight": FIX_H,
                    "magentaCenterPx": list(FIX_MAGENTA_CENTER), "blueCenterPx": list(FIX_BLUE_CENTER),
                    "targets": [[round(FIX_MAGENTA_CENTER[0] / FIX_W, 6), round(FIX_MAGENTA_CENTER[1] / FIX_H, 6)],
                                [round(FIX_BLUE_CENTER[0] / FIX_W, 6), round(FIX_BLUE_CENTER[1] / FIX_H, 6)]]})
    return out


# ---------------------------------------------------------------------------
# screenshot.png
# ---------------------------------------------------------------------------

SHOT_W, SHOT_H = 750, 1334
LIST_TOP, ROW_H, ROWS = 212, 102, 10
TAB_TOP = 1236


def write_png(path, raster):
    w, h = raster.w, raster.h
    stride = w * 3
    raw = b"".join(b"\x00" + bytes(raster.px[y * stride:(y + 1) * stride]) for y in range(h))

    def chunk(tag, data):
        return struct.pack(">I", len(data)) + tag + data + struct.pack(">I", zlib.crc32(tag + data) & 0xFFFFFFFF)
    png = (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, 8, 2, 0, 0, 0))
           + chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b""))
    write_bytes(path, png)


def make_screenshot():
    img = Raster(SHOT_W, SHOT_H)
    blue = (0, 122, 255)
    bar_bg = (247, 247, 247)
    # status bar + navigation bar
    img.fill_rect(0, 0, SHOT_W, 128, bar_bg)
    img.fill_round_rect(345, 12, 405, 30, 6, (20, 20, 20))               # "9:41"
    for i in range(4):
        img.fill_rect(18 + i * 9, 28 - 4 * (i + 1), 24 + i * 9, 28, (20, 20, 20))
    img.fill_round_rect(672, 12, 718, 30, 5, (20, 20, 20))
    img.fill_round_rect(674, 14, 716, 28, 4, bar_bg)
    img.fill_round_rect(676, 16, 706, 26, 3, (20, 20, 20))
    img.fill_rect(719, 18, 722, 24, (20, 20, 20))
    img.thick_line(44, 84, 30, 70, 5, blue)                                 # back chevron
    img.thick_line(30, 70, 44, 56, 5, blue)
    img.fill_round_rect(56, 62, 150, 78, 8, blue)                            # "Back"
    img.fill_round_rect(285, 60, 465, 82, 11, (28, 28, 30))                  # title
    img.fill_rect(692, 57, 697, 87, blue)                                    # "+"
    img.fill_rect(680, 69, 709, 74, blue)
    img.fill_rect(0, 127, SHOT_W, 128, (200, 200, 204))
    # search field
    img.fill_round_rect(24, 142, 726, 198, 18, (229, 229, 234))
    img.stroke_circle(58, 166, 10, 3, (142, 142, 147))
    img.thick_line(65, 173, 74, 182, 3, (142, 142, 147))
    img.fill_round_rect(88, 162, 260, 178, 8, (174, 174, 178))
    # list rows
    palette = [(255, 149, 0), (52, 199, 89), (0, 122, 255), (255, 59, 48), (90, 200, 250),
               (255, 204, 0), (88, 86, 214), (48, 176, 199), (162, 132, 94), (142, 142, 147)]
    rng = Rng(11)
    rows = []
    for r in range(ROWS):
        top = LIST_TOP + r * ROW_H
        mid = top + ROW_H // 2
        img.fill_circle(72, mid, 34, palette[r])
        img.fill_round_rect(58, mid - 4, 86, mid + 4, 4, (255, 255, 255))   # initials
        tw = 170 + rng.below(200)
        img.fill_round_rect(130, mid - 28, 130 + tw, mid - 10, 9, (34, 34, 36))
        img.fill_round_rect(620, mid - 26, 690, mid - 14, 6, (160, 160, 166))
        sw = 260 + rng.below(260)
        img.fill_round_rect(130, mid + 2, 130 + sw, mid + 16, 7, (150, 150, 156))
        if r % 3 != 1:
            img.fill_round_rect(130, mid + 24, 130 + sw // 2, mid + 36, 6, (190, 190, 194))
        if r in (0, 2, 5):
            img.fill_circle(700, mid + 10, 9, blue)                           # unread
        img.thick_line(718, mid - 9, 726, mid, 3, (196, 196, 200))           # chevron
        img.thick_line(726, mid, 718, mid + 9, 3, (196, 196, 200))
        img.fill_rect(130, top + ROW_H - 1, SHOT_W, top + ROW_H, (220, 220, 224))
        rows.append({"row": r + 1, "top": top, "mid": mid, "titleWidth": tw})
    # tab bar
    img.fill_rect(0, TAB_TOP, SHOT_W, SHOT_H, (248, 248, 248))
    img.fill_rect(0, TAB_TOP, SHOT_W, TAB_TOP + 1, (200, 200, 204))
    for i, cx in enumerate((94, 281, 469, 656)):
        color = blue if i == 0 else (142, 142, 147)
        if i % 2 == 0:
            img.fill_round_rect(cx - 22, 1252, cx + 22, 1292, 9, color)
        else:
            img.fill_circle(cx, 1272, 21, color)
        img.fill_round_rect(cx - 30, 1302, cx + 30, 1314, 6, color)
    write_png(os.path.join(SAMPLES, "screenshot.png"), img)
    return rows


# ---------------------------------------------------------------------------
# Pin sets
# ---------------------------------------------------------------------------

AUTHORS = {
    "u-anna": "Anna Ivanova",
    "u-dmitry": "Дмитрий Соколов",
    "u-oleg": "Олег Петров",
    "u-mark": "Mark Jensen",
    "u-lea": "Léa Martin",
    "u-noa": "נועה כהן",
    "u-karim": "كريم حداد",
}


def iso(day, minute_of_day):
    return "2026-11-%02dT%02d:%02d:00Z" % (day, minute_of_day // 60, minute_of_day % 60)


def root_pin(pid, content, x, y, author, created, text, page=None, resolved=False, name=True, **extra):
    p = {"id": pid, "contentId": content}
    if page is not None:
        p["page"] = page
    p.update({"relativeX": x, "relativeY": y, "authorId": author})
    if name:
        p["authorName"] = AUTHORS[author]
    p.update({"createdAt": created, "text": text, "resolved": resolved, "parentId": None})
    p.update(extra)
    return p


def reply_pin(pid, content, parent, author, created, text, name=True, **extra):
    # A reply has no coordinates and no page of its own; whether a thread is
    # resolved is said by its root, so replies here always carry false.
    p = {"id": pid, "contentId": content, "authorId": author}
    if name:
        p["authorName"] = AUTHORS[author]
    p.update({"createdAt": created, "text": text, "resolved": False, "parentId": parent})
    p.update(extra)
    return p


def pins_floorplan_few():
    F = "floorplan"
    x1, y1 = model_to_normalized(0, 1.4, 0.0)        # entrance door, level 1
    x2, y2 = model_to_normalized(0, 2.5, 9.0)        # kitchen window, level 1
    x3, y3 = model_to_normalized(1, 5.55, 5.1)       # bath door, level 2
    x4, y4 = model_to_normalized(2, 8.75, -0.85)     # kitchen dimension, level 3
    x5, y5 = model_to_normalized(3, 14.5, 4.75)      # bath, level 4
    x6, y6 = model_to_normalized(3, 12.0, 8.9)       # kitchen, level 4
    return [
        root_pin("p1", F, x1, y1, "u-anna", iso(2, 9 * 60 + 15),
                 "Entrance door swings into the coat rack. Flip the hinge to the right or move the rack 300 mm.",
                 page=1),
        root_pin("p2", F, x2, y2, "u-dmitry", iso(2, 9 * 60 + 32),
                 "Проверить высоту подоконника на кухне: по ТЗ 900 мм, на чертеже 850.", page=1),
        root_pin("p3", F, x3, y3, "u-mark", iso(3, 8 * 60 + 40),
                 "Bath door must open outward (accessibility). Please revise the swing.", page=2, resolved=True),
        root_pin("p4", F, x4, y4, "u-dmitry", iso(3, 10 * 60 + 5),
                 "Размер 3500 между осями не сходится с разбивкой на листе АР-3. Уточнить у конструкторов.",
                 page=3, name=False),
        root_pin("p5", F, x5, y5, "u-mark", iso(4, 13 * 60 + 20),
                 "Add a floor drain in the bath, floor slope 1% towards it; waterproofing 200 mm up the walls.",
                 page=4),
        root_pin("p6", F, x6, y6, "u-oleg", iso(4, 15 * 60 + 45),
                 "Вентканал кухни на этом уровне не показан. Добавить по разделу ОВ.", page=4),
        reply_pin("p7", F, "p2", "u-oleg", iso(2, 11 * 60 + 5),
                  "Проверил на объекте: 900 мм. Исправлю на листе в ред. C."),
        reply_pin("p8", F, "p3", "u-anna", iso(3, 14 * 60 + 20),
                  "Done in rev. C: the door now swings into the hall."),
    ]


LONG_TEXTS = [
    "Corner check: the sheet frame and the title block must stay readable under the pin. The tooltip for "
    "this comment has to open towards the inside of the page, never past the edge, and it must not cover "
    "the pin it belongs to. If there is no room on the preferred side, flip it; if there is no room at all, "
    "shrink it and wrap the text.",
    "Проверка края листа: всплывающая подсказка должна открываться внутрь страницы и не выходить за её "
    "границы. Текст длинный специально, чтобы его пришлось переносить на несколько строк: кириллица, "
    "числа 1200 × 2100 мм, скобки (см. лист А-102) и длинные слова вроде «гидроизоляция» и "
    "«звукоизоляционный».",
    "Edge of the sheet, middle: the dimension chain here runs to the frame. Please confirm with the "
    "structural engineer that the 14000 mm overall length is measured to the wall axes and not to the "
    "finished faces, because the precast panels are ordered to axis dimensions and a 300 mm difference "
    "would be expensive to fix on site.",
    "Отметка у самого края: проверяем, что подсказка не обрезается ни сверху, ни снизу. Заодно вопрос по "
    "существу — в узле примыкания наружной стены к перекрытию не показан утеплитель, а в спецификации он "
    "есть (минвата 150 мм). Добавить на разрез 2-2 и сюда выноску.",
    "Near-corner pin at 3% from the edges: far enough in to look like a real tap, close enough that a "
    "naive tooltip placement would still overflow the page. The text is long on purpose (around three "
    "hundred characters) so that the tooltip needs several lines and a real height to place.",
    "Comment at 97%: the renderer must keep this tooltip inside the page as well, and it should not hide "
    "the neighbouring pins either. Site note: the scaffold on this side stays until the facade anchors "
    "are tested; do not schedule the window installation before the test report is signed.",
]


def pins_floorplan_edges():
    spots = [(0, 0), (1, 0), (0, 1), (1, 1),
             (0.5, 0), (1, 0.5), (0.5, 1), (0, 0.5),
             (0.03, 0.03), (0.97, 0.03), (0.03, 0.97), (0.97, 0.97),
             (0.03, 0.5), (0.97, 0.5), (0.5, 0.03), (0.5, 0.97)]
    authors = ["u-anna", "u-dmitry", "u-mark", "u-oleg"]
    pins = []
    for i, (x, y) in enumerate(spots):
        text = LONG_TEXTS[i % len(LONG_TEXTS)]
        assert 200 <= len(text) <= 400, (len(text), text)
        pins.append(root_pin("p%d" % (i + 1), "floorplan", x, y, authors[i % 4],
                             iso(5, 8 * 60 + 7 * i), text, page=1, resolved=(i % 5 == 4)))
    return pins


SHORT_TEXTS = [
    "Check the socket height here.", "Crack in the screed, 0.5 mm.", "Missing skirting board.",
    "Paint touch-up needed.", "Trim the door frame.", "Silicone joint is not finished.",
    "Проверить уклон.", "Нет заглушки на розетке.", "Отслоение штукатурки.", "Зазор у порога 8 мм.",
    "Перепроверить отметку пола.", "Повреждена плитка.", "Tile lippage over 1 mm.",
    "Radiator bracket loose.", "Window sill scratched.", "Light switch is crooked.",
    "Не закреплён карниз.", "Следы клея на стекле.", "Low water pressure at the tap.",
    "Ceiling hatch does not close.",
]


def pins_floorplan_crowd():
    rng = Rng(2026)
    groups = [((2.5, 8.5), 8), ((1.4, 0.3), 6), ((11.8, 1.8), 10), ((8.2, 8.9), 5), ((7.2, 1.6), 7)]
    points = []
    for (mx, my), n in groups:
        gx, gy = model_to_normalized(0, mx, my)
        for _ in range(n):
            points.append((gx + rng.uniform(-0.009, 0.009), gy + rng.uniform(-0.009, 0.009)))
    while len(points) < 60:
        points.append((rng.uniform(0.08, 0.92), rng.uniform(0.08, 0.9)))
    authors = list(AUTHORS)[:5]
    pins = []
    for i, (x, y) in enumerate(points):
        a = authors[i % 5]
        pins.append(root_pin("p%d" % (i + 1), "floorplan", round(min(1, max(0, x)), 4),
                             round(min(1, max(0, y)), 4), a, iso(6 + i // 20, 8 * 60 + (i % 20) * 17),
                             rng.choice(SHORT_TEXTS), page=1, resolved=(rng.below(10) < 3), name=(i % 7 != 3)))
    replies = [("p3", "Fixed, see photo."), ("p3", "Подтверждаю, исправлено."), ("p12", "Will check tomorrow."),
               ("p20", "Ок."), ("p27", "Not our scope, electrician."), ("p41", "Сделано."),
               ("p41", "Still visible at the corner."), ("p55", "Done.")]
    for j, (parent, text) in enumerate(replies):
        pins.append(reply_pin("p%d" % (61 + j), "floorplan", parent, authors[(j + 2) % 5],
                              iso(9, 9 * 60 + j * 23), text))
    return pins


def pins_threads():
    F = "floorplan"
    kx, ky = model_to_normalized(0, 2.5, 8.4)      # kitchen counter
    wx, wy = model_to_normalized(0, 8.25, 8.9)     # living room window
    bx, by = model_to_normalized(0, 12.9, 0.6)     # bath tub
    sx, sy = model_to_normalized(0, 2.45, 3.0)     # stairs in the hall
    rx, ry = model_to_normalized(0, 5.4, 1.3)      # bedroom 1 wardrobe
    return [
        root_pin("p1", F, kx, ky, "u-oleg", iso(10, 9 * 60),
                 "Розетки над столешницей: нужно 4 шт., на плане только 2.", page=1, resolved=True),
        root_pin("p2", F, wx, wy, "u-dmitry", iso(10, 9 * 60 + 40),
                 "Окно в гостиной 🚧 — поставщик сдвинул поставку на 3 недели.", page=1),
        root_pin("p3", F, bx, by, "u-noa", iso(10, 10 * 60 + 10),
                 "יש לבדוק את השיפוע בחדר הרחצה לפני הריצוף (1%).", page=1),
        root_pin("p4", F, sx, sy, "u-oleg", iso(10, 11 * 60),
                 "Лестница: проступь 280, подъём 175 — всё по проекту, перила ставим в пятницу.",
                 page=1, kind="voice", audio={"url": "https://example.invalid/a.m4a", "durationMs": 42000}),
        root_pin("p5", F, rx, ry, "u-lea", iso(10, 12 * 60 + 30),
                 "Niche by the wardrobe: plaster is still wet 🚧, paint next week.", page=1, resolved=True),
        reply_pin("p6", F, "p1", "u-anna", iso(10, 9 * 60 + 20), "Добавлю две у мойки 👍"),
        reply_pin("p7", F, "p6", "u-dmitry", iso(10, 9 * 60 + 26), "Только не ближе 600 мм к мойке!"),
        reply_pin("p8", F, "p1", "u-anna", iso(10, 14 * 60 + 5), "Ок, сдвинула на 650 мм. Закрываю ✅"),
        reply_pin("p9", F, "p2", "u-anna", iso(10, 10 * 60), "Можно пока закрыть проём плёнкой?"),
        reply_pin("p10", F, "p2", "u-dmitry", iso(10, 10 * 60 + 12),
                  "Да, плёнка + утепление откосов, фото пришлю 📷"),
        reply_pin("p11", F, "p3", "u-karim", iso(10, 10 * 60 + 45), "تم التحقق من الميل، كل شيء سليم 👍"),
        reply_pin("p12", F, "p3", "u-noa", iso(10, 11 * 60 + 2), "תודה! ממשיכים לריצוף."),
        reply_pin("p13", F, "p4", "u-anna", iso(10, 11 * 60 + 30), "Принято, спасибо!", name=False),
        reply_pin("p14", F, "p5", "u-mark", iso(11, 9 * 60), "OK 👍"),
        reply_pin("p15", F, "p5", "u-oleg", iso(11, 9 * 60 + 15), "Проверю в пятницу."),
        reply_pin("p16", F, "p5", "u-lea", iso(13, 16 * 60), "Painted, two coats ✅"),
        reply_pin("p17", F, "p5", "u-oleg", iso(13, 17 * 60 + 10), "Принято 👍🏻"),
    ]


def pins_photo():
    P = "photo"
    px, py = HOUSE["peak"]
    return [
        root_pin("p1", P, 0.9, 0.15, "u-anna", iso(14, 9 * 60),
                 "Calibration: this pin sits exactly on the magenta square at (0.9, 0.15)."),
        root_pin("p2", P, round(px / PHOTO_W, 4), round(py / PHOTO_H, 4), "u-mark", iso(14, 9 * 60 + 12),
                 "Roof ridge: two tiles missing near the top, replace before the rain."),
        root_pin("p3", P, round(585 / PHOTO_W, 4), round(465 / PHOTO_H, 4), "u-oleg", iso(14, 9 * 60 + 30),
                 "Дымоход: трещина в кладке, нужен осмотр.", resolved=True),
        root_pin("p4", P, round(580 / PHOTO_W, 4), round(740 / PHOTO_H, 4), "u-lea", iso(14, 10 * 60),
                 "Path edging: stones loose over the last two metres."),
    ]


def pins_screenshot(rows):
    S = "screenshot"

    def n(x, y):
        return round(x / SHOT_W, 4), round(y / SHOT_H, 4)
    r = {row["row"]: row for row in rows}
    x1, y1 = n(72, r[2]["mid"])
    x2, y2 = n(130 + r[4]["titleWidth"] / 2, r[4]["mid"] - 19)
    x3, y3 = n(722, r[5]["mid"])
    x4, y4 = n(400, r[7]["mid"] + 9)
    x5, y5 = n(655, r[9]["mid"] - 20)
    return [
        root_pin("p1", S, x1, y1, "u-lea", iso(16, 10 * 60), "Avatar: use initials when there is no photo."),
        root_pin("p2", S, x2, y2, "u-mark", iso(16, 10 * 60 + 5), "Title truncates too early on iPhone SE."),
        root_pin("p3", S, x3, y3, "u-anna", iso(16, 10 * 60 + 9), "Chevron is too light, contrast below 3:1.",
                 resolved=True),
        root_pin("p4", S, x4, y4, "u-dmitry", iso(16, 10 * 60 + 14), "Подзаголовок: две строки максимум.",
                 number=7),
        root_pin("p5", S, x5, y5, "u-oleg", iso(16, 10 * 60 + 20), "Время: формат «вчера» вместо даты."),
    ]


def make_pins(rows):
    sets = {
        "floorplan-few.json": pins_floorplan_few(),
        "floorplan-edges.json": pins_floorplan_edges(),
        "floorplan-crowd.json": pins_floorplan_crowd(),
        "threads.json": pins_threads(),
        "photo.json": pins_photo(),
        "screenshot.json": pins_screenshot(rows),
    }
    for name, pins in sets.items():
        ids = [p["id"] for p in pins]
        assert len(ids) == len(set(ids)), name
        for p in pins:
            if p["parentId"] is None:
                assert 0 <= p["relativeX"] <= 1 and 0 <= p["relativeY"] <= 1, (name, p["id"])
            else:
                assert p["parentId"] in ids and "relativeX" not in p, (name, p["id"])
        write_json(os.path.join(PINS_DIR, name), {"pins": pins})


# ---------------------------------------------------------------------------

def main():
    for d in (SAMPLES, DEMO, PINS_DIR, FIXTURES):
        os.makedirs(d, exist_ok=True)
    pages = make_pdf(os.path.join(SAMPLES, "floorplan.pdf"), targets=True)
    make_pdf(os.path.join(DEMO, "floorplan.pdf"), targets=False)
    photo = make_photo()
    fixtures = make_orientation_fixtures()
    rows = make_screenshot()
    make_pins(rows)
    write_json(os.path.join(SAMPLES, "targets.json"), {
        "note": "Magenta (255,0,255) calibration targets. targets are normalized displayed points "
                "(top-left origin): for a PDF page the CropBox after /Rotate, for a JPEG the image "
                "after its EXIF orientation. targetsUserSpace are the same centers in unrotated PDF "
                "user space (points).",
        "floorplan": {"file": "samples/floorplan.pdf", "targetSidePt": PDF_TARGET_SIDE, "pages": pages},
        "photo": photo,
        "orientationFixtures": fixtures,
        "screenshot": {"file": "samples/screenshot.png", "width": SHOT_W, "height": SHOT_H, "targets": []},
    })


if __name__ == "__main__":
    main()
