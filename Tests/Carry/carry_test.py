#!/usr/bin/env python3
"""`pinrender carry` against revisions with known ground truth (issue 32).

    python3 Tests/Carry/carry_test.py [--binary .build/debug/pinrender]

samples/make_revisions.py writes the revisions into a scratch folder (the floor plan
rescaled onto A2, turned by /Rotate and in its content, a new title block, a wall moved, a
room deleted, the rooms renumbered, a different drawing and a scan), each with the true
point of every pin on the new page and the verdicts allowed. The goals:
- on the vector revisions every `same`/`moved` pin within 1 px of its true point at 150 dpi,
  on the scan within 3 px; every pin on deleted or changed content `changed` or `gone`, no
  pin on unchanged content flagged; `same` only for a pin that did not move;
- the pins file kept whole: every pin in its order, replies unchanged, `carry.from` the old
  point; the report's pages, pins, counts and page transform as the truth says;
- a different drawing: `match: false`, no partner page, every pin `gone`, exit status 0;
- the pixels: `pinrender render` of the carried pins on the new revision puts each marker on
  the features the old marker covers on the old one (normalized correlation of the page
  around the markers, found in the PNGs by their colour); the overlay is red where only the
  old revision has ink, cyan where only the new one has, dark where both have;
- the registration agrees with scikit-image's phase_cross_correlation on a shifted pair;
- bad input (a damaged PDF, a truncated JPEG, bad --pages, bad pins) is one line, exit
  status 2, nothing written; the same input gives the same bytes.
The generator itself is checked first (the same bytes twice; every true point on the same
features as the old one, in pdftoppm's rasters), so a failure below is the engine's.
A summary of the figures (worst error per pair, flags) is printed at the end.
"""
import argparse
import json
import math
import pathlib
import subprocess
import sys
import tempfile
import unittest

import numpy
from PIL import Image
from skimage.registration import phase_cross_correlation

ROOT = pathlib.Path(__file__).resolve().parents[2]
GENERATOR = ROOT / "samples" / "make_revisions.py"
BINARY = str(ROOT / ".build/debug/pinrender")
TIMEOUT = 300
DPI = 150
PX = DPI / 72          # raster pixels per point at 150 dpi
FLAGS = {"changed", "gone"}
VERDICTS = {"same", "moved", "changed", "gone"}

WORK = None            # the scratch folder: revisions/, and what the tests write
FIGURES = {}           # pair -> summary line, printed at the end


def setUpModule():
    global WORK
    WORK = tempfile.TemporaryDirectory(prefix="carry-test-")
    generate(pathlib.Path(WORK.name) / "revisions")


def tearDownModule():
    if FIGURES:
        print("\ncarry figures (px at 150 dpi):", file=sys.stderr)
        for name in sorted(FIGURES):
            print(f"  {name:15} {FIGURES[name]}", file=sys.stderr)
    WORK.cleanup()


def generate(folder):
    subprocess.run([sys.executable, str(GENERATOR), "--out", str(folder)], check=True, timeout=TIMEOUT)


def revisions():
    return pathlib.Path(WORK.name) / "revisions"


def pair_names():
    return json.loads((revisions() / "index.json").read_text())["pairs"]


def truth(name):
    return json.loads((revisions() / name / "truth.json").read_text())


def run(*arguments):
    return subprocess.run([BINARY, *map(str, arguments)], capture_output=True, timeout=TIMEOUT)


# ---------------------------------------------------------------------------
# Rasters and patches (numpy)
# ---------------------------------------------------------------------------

def gray(path):
    """An image file as gray levels 0..1, 1 white."""
    return numpy.asarray(Image.open(path).convert("L"), dtype=numpy.float64) / 255


def raster(path):
    """A pair's file as displayed, at 150 dpi for a PDF (pdftoppm), as is for an image;
    and pixels per unit of its displayed space (points for a PDF, pixels for an image)."""
    path = pathlib.Path(path)
    if path.suffix != ".pdf":
        return gray(path), 1.0
    png = path.with_name(path.stem + "-pdftoppm.png")
    if not png.exists():
        subprocess.run(["pdftoppm", "-r", str(DPI), "-gray", "-png", "-singlefile", str(path), str(png.with_suffix(""))],
                       check=True, timeout=TIMEOUT)
    return gray(png), PX


def sample(image, xs, ys):
    """Bilinear samples of `image` at continuous pixel coordinates (pixel (0, 0) covers
    [0, 1) x [0, 1)); white outside."""
    h, w = image.shape
    padded = numpy.pad(image, 1, constant_values=1.0)
    x = numpy.clip(xs - 0.5 + 1, 0, w)
    y = numpy.clip(ys - 0.5 + 1, 0, h)
    x0, y0 = numpy.floor(x).astype(int), numpy.floor(y).astype(int)
    x1, y1 = numpy.minimum(x0 + 1, w + 1), numpy.minimum(y0 + 1, h + 1)
    fx, fy = x - x0, y - y0
    top = padded[y0, x0] * (1 - fx) + padded[y0, x1] * fx
    bottom = padded[y1, x0] * (1 - fx) + padded[y1, x1] * fx
    return top * (1 - fy) + bottom * fy


def patch(image, center, linear=(1, 0, 0, 1), radius=40):
    """The square of `image` around `center` (pixels), its offsets mapped by `linear` (a, b,
    c, d as in the report's matrix): what lies around a point, seen as on another page."""
    a, b, c, d = linear
    u, v = numpy.meshgrid(numpy.arange(-radius, radius + 1.0), numpy.arange(-radius, radius + 1.0))
    return sample(image, center[0] + a * u + c * v, center[1] + b * u + d * v)


def blurred(values, sigma=1.5):
    """A separable Gaussian blur: correlation that forgives a pixel of rasterization."""
    k = numpy.arange(-3 * int(sigma + 1), 3 * int(sigma + 1) + 1)
    kernel = numpy.exp(-k * k / (2 * sigma * sigma))
    kernel /= kernel.sum()
    rows = numpy.apply_along_axis(lambda r: numpy.convolve(r, kernel, mode="same"), 1, values)
    return numpy.apply_along_axis(lambda c: numpy.convolve(c, kernel, mode="same"), 0, rows)


def correlation(first, second):
    """Normalized cross-correlation of two patches of the same shape (-1..1); 0 for a flat one."""
    a, b = first - first.mean(), second - second.mean()
    norm = math.sqrt((a * a).sum() * (b * b).sum())
    return float((a * b).sum() / norm) if norm > 1e-9 else 0.0


def linear_part(matrix, old_scale, new_scale):
    """The report's matrix's linear part, from old raster pixels to new raster pixels."""
    a, b, c, d = matrix[:4]
    k = new_scale / old_scale
    return (a * k, b * k, c * k, d * k)


def apply(matrix, x, y):
    a, b, c, d, e, f = matrix
    return a * x + c * y + e, b * x + d * y + f


# ---------------------------------------------------------------------------
# The engine's runs, one per pair, kept for every test that reads them
# ---------------------------------------------------------------------------

class Carried:
    """One run of `pinrender carry` on a pair: the result, the carried pins, the report."""

    def __init__(self, name):
        self.name = name
        self.folder = revisions() / name
        self.truth = truth(name)
        self.old = self.folder / self.truth["old"]
        self.new = self.folder / self.truth["new"]
        self.out = pathlib.Path(WORK.name) / "runs" / name
        self.out.mkdir(parents=True, exist_ok=True)
        self.carried_path, self.report_path = self.out / "carried.json", self.out / "report.json"
        self.overlay_path = self.out / "overlay.png"
        self.result = run("carry", self.old, self.new, "--pins", self.folder / "pins.json", "-o", self.carried_path,
                          "--report", self.report_path, "--overlay", self.overlay_path)
        self.ok = self.result.returncode == 0
        self.pins = json.loads((self.folder / "pins.json").read_text())["pins"]
        if self.ok:
            self.carried = json.loads(self.carried_path.read_text())["pins"]
            self.report = json.loads(self.report_path.read_text())
        scale = 1.0 if self.truth["kind"] == "scan" else PX
        self.new_units_to_px = scale   # a scan is at 150 dpi, one pixel a unit

    def failure(self):
        return (f"pinrender carry on {self.name} failed with status {self.result.returncode}: "
                f"{self.result.stderr.decode(errors='replace').strip()[:500]}")

    def root(self, pid):
        return next(p for p in self.carried if p["id"] == pid)

    def error_px(self, pid):
        """The distance of the carried pin from its true point, in pixels at 150 dpi."""
        pin, expected = self.root(pid), self.truth["pins"][pid]["to"]
        w, h = self.truth["newSize"]
        dx = (pin["relativeX"] - expected["x"]) * w
        dy = (pin["relativeY"] - expected["y"]) * h
        return math.hypot(dx, dy) * self.new_units_to_px

    def true_shift_px(self, pid):
        """How far the pin's true point is from its old point on the page, px at 150 dpi."""
        t = self.truth["pins"][pid]
        w, h = self.truth["newSize"]
        ow, oh = self.truth["oldSize"]
        if (w, h) != (ow, oh) or self.truth["kind"] == "scan":
            return math.inf
        return math.hypot((t["to"]["x"] - t["from"]["x"]) * w, (t["to"]["y"] - t["from"]["y"]) * h) * PX


RUNS = {}


def carried(name):
    if name not in RUNS:
        RUNS[name] = Carried(name)
    return RUNS[name]


class EngineTest(unittest.TestCase):
    def carried(self, name):
        run_ = carried(name)
        if not run_.ok:
            self.fail(run_.failure())
        return run_


# ---------------------------------------------------------------------------
# The fixtures themselves (no engine)
# ---------------------------------------------------------------------------

class GroundTruthTests(unittest.TestCase):
    def test_the_generator_writes_the_same_bytes_twice(self):
        with tempfile.TemporaryDirectory() as again:
            generate(pathlib.Path(again))
            first = sorted(p.relative_to(revisions()) for p in revisions().rglob("*") if p.is_file()
                           and "pdftoppm" not in p.name)
            second = sorted(p.relative_to(again) for p in pathlib.Path(again).rglob("*") if p.is_file())
            self.assertEqual(first, second)
            for path in first:
                self.assertEqual((revisions() / path).read_bytes(), (pathlib.Path(again) / path).read_bytes(), path)

    def test_every_true_point_is_on_the_features_of_the_old_point(self):
        """The truth is right: around each true point, the new revision's raster shows what
        the old one shows around the old point (the page turned and scaled as the truth's
        matrix says); around the points of changed content it does not."""
        for name in pair_names():
            t = truth(name)
            if not t["match"]:
                continue
            old, old_scale = raster(revisions() / name / t["old"])
            new, new_scale = raster(revisions() / name / t["new"])
            linear = linear_part(t["matrix"], old_scale, new_scale)
            ow, oh = t["oldSize"]
            nw, nh = t["newSize"]
            for pid, pin in t["pins"].items():
                at_old = (pin["from"]["x"] * ow * old_scale, pin["from"]["y"] * oh * old_scale)
                before = blurred(patch(old, at_old, radius=30))
                with self.subTest(pair=name, pin=pid):
                    if "to" in pin:
                        at_new = (pin["to"]["x"] * nw * new_scale, pin["to"]["y"] * nh * new_scale)
                        score = correlation(before, blurred(patch(new, at_new, linear, radius=30)))
                        self.assertGreater(score, 0.8 if t["kind"] == "scan" else 0.95, (name, pid))
                    else:
                        mapped = apply(t["matrix"], pin["from"]["x"] * ow, pin["from"]["y"] * oh)
                        at_new = (mapped[0] * new_scale, mapped[1] * new_scale)
                        small_before = patch(old, at_old, radius=20)
                        small_after = patch(new, at_new, linear, radius=20)
                        self.assertGreater(numpy.abs(small_before - small_after).max(), 0.3, (name, pid))


# ---------------------------------------------------------------------------
# The goals
# ---------------------------------------------------------------------------

class PointsAndVerdictsTests(EngineTest):
    def test_pins_land_on_their_true_points_with_the_verdicts_allowed(self):
        for name in pair_names():
            with self.subTest(pair=name):
                c = self.carried(name)
                tolerance = c.truth["toleranceAt150dpi"]
                errors, flagged, missed, false_flags, wrong = [], [], [], [], []
                for pid, expected in c.truth["pins"].items():
                    verdict = c.root(pid)["carry"]["verdict"]
                    if verdict not in expected["verdicts"]:
                        wrong.append(f"{pid}: {verdict}, expected {'/'.join(expected['verdicts'])}")
                        if set(expected["verdicts"]) <= FLAGS:
                            missed.append(pid)
                        elif verdict in FLAGS:
                            false_flags.append(pid)
                    if verdict in FLAGS:
                        flagged.append(pid)
                    if "to" in expected and verdict not in FLAGS:
                        errors.append((c.error_px(pid), pid))
                worst = max(errors) if errors else (0.0, "-")
                FIGURES[name] = (f"worst {worst[0]:.2f} px ({worst[1]}) of {len(errors)} carried, tolerance "
                                 f"{tolerance}; flagged {len(flagged)} {sorted(flagged)}; missed flags {missed}; "
                                 f"false flags {false_flags}")
                far = [f"{pid}: {e:.2f} px" for e, pid in sorted(errors, reverse=True) if e > tolerance]
                self.assertEqual(wrong, [], f"{name}: verdicts not allowed by the truth")
                self.assertEqual(far, [], f"{name}: pins farther than {tolerance} px at 150 dpi from their true points")

    def test_a_pin_said_to_be_the_same_did_not_move(self):
        for name in pair_names():
            with self.subTest(pair=name):
                c = self.carried(name)
                for pid, expected in c.truth["pins"].items():
                    if c.root(pid)["carry"]["verdict"] == "same" and "to" in expected:
                        self.assertLessEqual(c.true_shift_px(pid), 1.0,
                                             f"{name}: {pid} is 'same' but its content moved on the page")

    def test_a_different_drawing_matches_nothing_and_every_pin_is_gone(self):
        c = self.carried("different")
        self.assertIs(c.report["match"], False)
        self.assertTrue(c.report["pages"])
        for page in c.report["pages"]:
            self.assertIsNone(page["new"], page)
            self.assertIsNone(page["transform"], page)
        roots = [p for p in c.carried if p.get("parentId") is None]
        self.assertEqual({p["carry"]["verdict"] for p in roots}, {"gone"})
        for old, new in zip(c.pins, c.carried):
            if old.get("parentId") is None:
                self.assertEqual((new["page"], new["relativeX"], new["relativeY"]),
                                 (old["page"], old["relativeX"], old["relativeY"]), "a gone pin keeps its old point")
        self.assertEqual(c.report["counts"], {"same": 0, "moved": 0, "changed": 0, "gone": len(roots)})


class PinsFileTests(EngineTest):
    def test_every_pin_is_kept_in_its_order_and_replies_are_unchanged(self):
        for name in pair_names():
            with self.subTest(pair=name):
                c = self.carried(name)
                self.assertEqual([p["id"] for p in c.carried], [p["id"] for p in c.pins])
                for old, new in zip(c.pins, c.carried):
                    if old.get("parentId") is not None:
                        self.assertEqual(new, old, f"{name}: reply {old['id']} changed")
                        continue
                    carry = new["carry"]
                    self.assertIn(carry["verdict"], VERDICTS)
                    self.assertTrue(0 <= carry["confidence"] <= 1, carry)
                    self.assertEqual(carry["from"], {"page": old["page"], "x": old["relativeX"], "y": old["relativeY"]})
                    kept = {k: v for k, v in new.items() if k not in ("page", "relativeX", "relativeY", "carry")}
                    self.assertEqual(kept, {k: v for k, v in old.items() if k not in ("page", "relativeX", "relativeY")})
                    self.assertTrue(0 <= new["relativeX"] <= 1 and 0 <= new["relativeY"] <= 1, new)

    def test_the_report_says_what_the_pins_file_says(self):
        for name in pair_names():
            with self.subTest(pair=name):
                c = self.carried(name)
                r = c.report
                self.assertEqual(r["version"], 1)
                self.assertEqual(pathlib.Path(r["old"]).name, c.old.name)
                self.assertEqual(pathlib.Path(r["new"]).name, c.new.name)
                self.assertIs(r["match"], c.truth["match"])
                roots = [p for p in c.carried if p.get("parentId") is None]
                self.assertEqual([p["id"] for p in r["pins"]], [p["id"] for p in roots])
                for entry, pin in zip(r["pins"], roots):
                    self.assertEqual(entry["verdict"], pin["carry"]["verdict"])
                    self.assertEqual(entry["from"], pin["carry"]["from"])
                    self.assertEqual(entry["to"]["page"], pin["page"])
                    self.assertAlmostEqual(entry["to"]["x"], pin["relativeX"], places=6)
                    self.assertAlmostEqual(entry["to"]["y"], pin["relativeY"], places=6)
                counts = {v: sum(1 for p in roots if p["carry"]["verdict"] == v) for v in VERDICTS}
                self.assertEqual(r["counts"], counts)

    def test_the_page_transform_is_the_true_one(self):
        """The report's matrix maps the old plan where the truth's does: within the pair's
        tolerance at the corners of the region the pins span."""
        for name in pair_names():
            c = carried(name)
            if not c.truth["match"]:
                continue
            with self.subTest(pair=name):
                c = self.carried(name)
                page = c.report["pages"][0]
                self.assertEqual((page["old"], page["new"]), (1, 1))
                self.assertIn(page["pairedBy"], ("option", "label", "text", "order"))
                self.assertIn(page["method"], ("text", "pixels", "text+pixels"))
                self.assertIn(page["transform"]["kind"], ("similarity", "affine"))
                ow, oh = c.truth["oldSize"]
                xs = [p["from"]["x"] * ow for p in c.truth["pins"].values()]
                ys = [p["from"]["y"] * oh for p in c.truth["pins"].values()]
                worst = 0.0
                for x in (min(xs), max(xs)):
                    for y in (min(ys), max(ys)):
                        ex, ey = apply(c.truth["matrix"], x, y)
                        gx, gy = apply(page["transform"]["matrix"], x, y)
                        worst = max(worst, math.hypot(gx - ex, gy - ey) * c.new_units_to_px)
                self.assertLessEqual(worst, c.truth["toleranceAt150dpi"], f"{name}: the page transform is off by {worst:.2f} px")


class PixelTests(EngineTest):
    """What a reviewer sees: pinrender's own renders, and the overlay."""

    def render(self, c, document, pins, path):
        at = ["--page", "1", "--dpi", DPI] if pathlib.Path(document).suffix == ".pdf" else []
        result = run("render", document, "--pins", pins, *at, "--tooltips", "none", "-o", path)
        self.assertEqual(result.returncode, 0, result.stderr)
        return numpy.asarray(Image.open(path).convert("RGB"), dtype=numpy.int32)

    @staticmethod
    def marker_center(rgb, near, radius=30):
        """The centre of a marker's red disc near `near` (pixels): the middle of the red
        pixels' bounding box (the disc is round, its label is not), or None."""
        x0, y0 = max(0, int(near[0]) - radius), max(0, int(near[1]) - radius)
        box = rgb[y0:int(near[1]) + radius, x0:int(near[0]) + radius]
        red = (box[..., 0] > 150) & (box[..., 1] < 110) & (box[..., 2] < 110)
        if red.sum() < 50:
            return None
        ys, xs = numpy.nonzero(red)
        return x0 + (xs.min() + xs.max() + 1) / 2, y0 + (ys.min() + ys.max() + 1) / 2

    def test_carried_markers_sit_on_the_features_the_old_markers_covered(self):
        for name in ("rescaled", "rotate-content", "title-block", "wall-moved", "scan"):
            with self.subTest(pair=name):
                c = self.carried(name)
                none = c.out / "none.json"
                none.write_text('{"pins": []}')
                old_pins = self.render(c, c.old, c.folder / "pins.json", c.out / "old-pins.png")
                new_pins = self.render(c, c.new, c.carried_path, c.out / "new-pins.png")
                old_plain = self.render(c, c.old, none, c.out / "old-plain.png").mean(axis=2) / 255
                new_plain = self.render(c, c.new, none, c.out / "new-plain.png").mean(axis=2) / 255
                old_scale = old_plain.shape[1] / c.truth["oldSize"][0]
                new_scale = new_plain.shape[1] / c.truth["newSize"][0]
                linear = linear_part(c.truth["matrix"], old_scale, new_scale)
                poor = []
                for pid, expected in c.truth["pins"].items():
                    pin = c.root(pid)
                    if "to" not in expected or pin["carry"]["verdict"] in FLAGS:
                        continue
                    old_at = self.marker_center(old_pins, (expected["from"]["x"] * old_plain.shape[1],
                                                           expected["from"]["y"] * old_plain.shape[0]))
                    new_at = self.marker_center(new_pins, (pin["relativeX"] * new_plain.shape[1],
                                                           pin["relativeY"] * new_plain.shape[0]))
                    if old_at is None or new_at is None:
                        poor.append(f"{pid}: no marker found")
                        continue
                    score = correlation(blurred(patch(old_plain, old_at)), blurred(patch(new_plain, new_at, linear)))
                    if score < 0.75:
                        poor.append(f"{pid}: {score:.2f}")
                self.assertEqual(poor, [], f"{name}: carried markers not on the old markers' features (correlation)")

    def test_the_overlay_is_red_for_old_ink_cyan_for_new_ink_dark_for_both(self):
        c = self.carried("wall-moved")
        overlay = numpy.asarray(Image.open(c.overlay_path).convert("RGB"), dtype=numpy.int32)
        w, h = c.truth["newSize"]
        scale = overlay.shape[1] / w
        self.assertAlmostEqual(overlay.shape[0] / h, scale, delta=0.01, msg="the overlay is the new page, scaled")
        sys.path.insert(0, str(GENERATOR.parent))
        import make_revisions

        def color(mx, my):
            x, y = make_revisions.plan_point(mx, my)
            return overlay[int((h - y) * scale), int(x * scale)]
        old_wall = color(9.5, 1.0)
        new_wall = color(9.5 + make_revisions.WALL_SHIFT, 1.0)
        both = color(4.0, 0.0)          # the facade's wall, in both
        neither = color(11.5, 2.2)      # the bath's floor
        self.assertTrue(old_wall[0] > 150 and old_wall[0] - max(old_wall[1], old_wall[2]) > 60, f"old only: {old_wall}")
        self.assertTrue(min(new_wall[1], new_wall[2]) > 130 and min(new_wall[1], new_wall[2]) - new_wall[0] > 60,
                        f"new only: {new_wall}")
        self.assertLess(max(both), 110, f"both: {both}")
        self.assertGreater(min(neither), 200, f"neither: {neither}")


def phase_shift(name):
    """The translation (points) from the old raster to the new one of pair `name`, by
    scikit-image's phase_cross_correlation over the plan (the title blocks differ; the
    frame stays where it is)."""
    t = truth(name)
    old, _ = raster(revisions() / name / t["old"])
    new, _ = raster(revisions() / name / t["new"])
    top, bottom, left, right = int(60 * PX), int(130 * PX), int(60 * PX), int(200 * PX)
    shift, _, _ = phase_cross_correlation(1 - new[top:-bottom, left:-right], 1 - old[top:-bottom, left:-right],
                                          upsample_factor=20)
    # (rows, columns) that move the old raster onto the new one (the reference), in pixels
    return shift[1] / PX, shift[0] / PX


class RegistrationTests(EngineTest):
    def test_phase_correlation_finds_the_true_shift(self):
        """The fixture, against the independent implementation (no engine)."""
        dx, dy = phase_shift("title-block")
        e, f = truth("title-block")["matrix"][4:]
        self.assertLessEqual(math.hypot(e - dx, f - dy) * PX, 1.0, ((e, f), (dx, dy)))

    def test_the_page_shift_agrees_with_phase_correlation(self):
        """scikit-image's phase_cross_correlation on the rasters of the shifted pair (the plan
        moved by the new title block) finds the report's translation within a pixel."""
        c = self.carried("title-block")
        dx, dy = phase_shift("title-block")
        a, b, cc, d, e, f = c.report["pages"][0]["transform"]["matrix"]
        for value, expected in ((a, 1), (b, 0), (cc, 0), (d, 1)):
            self.assertAlmostEqual(value, expected, delta=0.002, msg=c.report["pages"][0])
        self.assertLessEqual(math.hypot(e - dx, f - dy) * PX, 1.0,
                             f"report ({e:.2f}, {f:.2f}) pt, phase correlation ({dx:.2f}, {dy:.2f}) pt")


class InputTests(unittest.TestCase):
    def setUp(self):
        self.folder = tempfile.TemporaryDirectory()
        self.dir = pathlib.Path(self.folder.name)

    def tearDown(self):
        self.folder.cleanup()

    def refused(self, old, new, *extra, pins=None, words=()):
        outputs = [self.dir / "carried.json", self.dir / "report.json", self.dir / "overlay.png"]
        result = run("carry", old, new, "--pins", pins or revisions() / "scan" / "pins.json", "-o", outputs[0],
                     "--report", outputs[1], "--overlay", outputs[2], *extra)
        stderr = result.stderr.decode(errors="replace")
        self.assertEqual(result.returncode, 2, stderr)
        lines = stderr.strip().splitlines()
        self.assertEqual(len(lines), 1, stderr)
        for word in words:
            self.assertIn(word, lines[0])
        for path in outputs:
            self.assertFalse(path.exists(), f"{path.name} written after: {lines[0]}")
        return lines[0]

    def truncated(self, source, name, fraction=0.5):
        data = source.read_bytes()
        path = self.dir / name
        path.write_bytes(data[:int(len(data) * fraction)])
        return path

    def test_a_damaged_pdf_is_refused(self):
        pair = revisions() / "wall-moved"
        damaged = self.truncated(pair / "new.pdf", "damaged.pdf", 0.4)
        self.refused(pair / "old.pdf", damaged, words=["damaged.pdf"])
        self.refused(damaged, pair / "new.pdf", words=["damaged.pdf"])

    def test_a_truncated_image_is_refused(self):
        pair = revisions() / "scan"
        self.refused(pair / "old.pdf", self.truncated(pair / "new.jpg", "truncated.jpg"), words=["truncated.jpg"])

    def test_a_missing_file_is_refused(self):
        pair = revisions() / "wall-moved"
        self.refused(pair / "old.pdf", self.dir / "absent.pdf", words=["absent.pdf"])

    def test_bad_pages_are_refused(self):
        pair = revisions() / "wall-moved"
        for pages in ("1:5", "3:1", "1", "a:b", "1:1,1:1x", "0:1"):
            with self.subTest(pages=pages):
                self.refused(pair / "old.pdf", pair / "new.pdf", "--pages", pages, words=["--pages"])

    def test_bad_pins_are_refused(self):
        pair = revisions() / "wall-moved"
        good = json.loads((pair / "pins.json").read_text())
        broken = self.dir / "broken.json"
        broken.write_text((pair / "pins.json").read_text()[:300])
        self.refused(pair / "old.pdf", pair / "new.pdf", pins=broken, words=["broken.json"])
        off = self.dir / "off.json"
        good["pins"][0]["relativeX"] = "left"
        off.write_text(json.dumps(good))
        self.refused(pair / "old.pdf", pair / "new.pdf", pins=off, words=["off.json", "relativeX"])

    def test_pages_named_by_the_option_are_paired_by_it(self):
        pair = revisions() / "wall-moved"
        report = self.dir / "report.json"
        result = run("carry", pair / "old.pdf", pair / "new.pdf", "--pins", pair / "pins.json", "-o",
                     self.dir / "carried.json", "--report", report, "--pages", "1:1")
        self.assertEqual(result.returncode, 0, result.stderr)
        self.assertEqual(json.loads(report.read_text())["pages"][0]["pairedBy"], "option")

    def test_the_same_input_gives_the_same_bytes_and_standard_output_the_same_pins(self):
        for name in ("title-block", "scan"):
            with self.subTest(pair=name):
                pair = revisions() / name
                t = truth(name)
                outputs = []
                for n in range(2):
                    files = [self.dir / f"{name}-{n}.{ext}" for ext in ("json", "report.json", "png")]
                    result = run("carry", pair / t["old"], pair / t["new"], "--pins", pair / "pins.json", "-o", files[0],
                                 "--report", files[1], "--overlay", files[2])
                    self.assertEqual(result.returncode, 0, result.stderr)
                    outputs.append([f.read_bytes() for f in files])
                self.assertEqual(outputs[0], outputs[1])
                result = run("carry", pair / t["old"], pair / t["new"], "--pins", pair / "pins.json", "-o", "-")
                self.assertEqual(result.returncode, 0, result.stderr)
                self.assertEqual(result.stdout, outputs[0][0])


if __name__ == "__main__":
    parser = argparse.ArgumentParser()
    parser.add_argument("--binary", default=BINARY)
    options, rest = parser.parse_known_args()
    BINARY = options.binary
    unittest.main(argv=[sys.argv[0], *rest])
