#!/usr/bin/env python3
"""Check that the calibration targets in the samples are where targets.json says.

Run from the repository root after make_samples.py:

    python3 samples/check_samples.py

Needs `pdftoppm` (poppler-utils) and `djpeg` (libjpeg-turbo-progs). For every
page of floorplan.pdf, photo.jpg and Tests/Fixtures/orientation-N.jpg it finds
the magenta (and, for the fixtures, blue) blobs in the *displayed* raster and
compares their centroids with the expected positions. PDF pages are rendered
with `pdftoppm -cropbox`, which applies /Rotate; djpeg ignores EXIF, so this
script reads the Orientation tag itself and turns the decoded pixels upright.
Exits 1 if any target is off by more than 1 pixel.
"""

import json
import os
import struct
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
TOLERANCE_PX = 1.0


def read_ppm(data):
    parts = []
    i = 0
    while len(parts) < 4:
        while data[i:i + 1].isspace():
            i += 1
        if data[i:i + 1] == b"#":
            while data[i:i + 1] != b"\n":
                i += 1
            continue
        j = i
        while not data[j:j + 1].isspace():
            j += 1
        parts.append(data[i:j])
        i = j
    assert parts[0] == b"P6" and parts[3] == b"255"
    w, h = int(parts[1]), int(parts[2])
    return w, h, data[i + 1:i + 1 + w * h * 3]


def blobs(w, h, px, weight, threshold=40):
    """Connected components where weight(r, g, b) > threshold: weighted centroids."""
    wt = [0] * (w * h)
    for k in range(w * h):
        v = weight(px[3 * k], px[3 * k + 1], px[3 * k + 2])
        if v > threshold:
            wt[k] = v
    seen = bytearray(w * h)
    out = []
    for start in range(w * h):
        if not wt[start] or seen[start]:
            continue
        stack = [start]
        seen[start] = 1
        sw = sx = sy = 0.0
        n = 0
        while stack:
            k = stack.pop()
            y, x = divmod(k, w)
            sw += wt[k]
            sx += wt[k] * (x + 0.5)
            sy += wt[k] * (y + 0.5)
            n += 1
            for nk in (k - 1 if x else -1, k + 1 if x + 1 < w else -1, k - w, k + w):
                if 0 <= nk < w * h and wt[nk] and not seen[nk]:
                    seen[nk] = 1
                    stack.append(nk)
        if n >= 4:
            out.append((sx / sw, sy / sw, n))
    return out


def magenta(r, g, b):
    return min(r, b) - g


def blue(r, g, b):
    return b - max(r, g)


def exif_orientation(jpeg):
    i = 2
    while i < len(jpeg) and jpeg[i] == 0xFF:
        marker = jpeg[i + 1]
        size = struct.unpack(">H", jpeg[i + 2:i + 4])[0]
        seg = jpeg[i + 4:i + 2 + size]
        if marker == 0xE1 and seg[:6] == b"Exif\0\0":
            t = seg[6:]
            e = ">" if t[:2] == b"MM" else "<"
            ifd = struct.unpack(e + "I", t[4:8])[0]
            count = struct.unpack(e + "H", t[ifd:ifd + 2])[0]
            for n in range(count):
                tag, typ, cnt = struct.unpack(e + "HHI", t[ifd + 2 + 12 * n:ifd + 10 + 12 * n])
                if tag == 0x0112:
                    return struct.unpack(e + "H", t[ifd + 10 + 12 * n:ifd + 12 + 12 * n])[0]
        if marker == 0xDA:
            break
        i += 2 + size
    return 1


def upright(w, h, px, orientation):
    """Apply EXIF orientation by composing a horizontal mirror and clockwise turns."""
    def mirror(w, h, px):
        rows = [px[y * w * 3:(y + 1) * w * 3] for y in range(h)]
        out = bytearray()
        for r in rows:
            for x in range(w - 1, -1, -1):
                out += r[3 * x:3 * x + 3]
        return w, h, bytes(out)

    def turn_cw(w, h, px):
        out = bytearray()
        for y in range(w):              # new row y = old column y, read bottom to top
            for x in range(h):
                k = ((h - 1 - x) * w + y) * 3
                out += px[k:k + 3]
        return h, w, bytes(out)

    # orientation -> (mirror first?, clockwise quarter turns)
    plan = {1: (False, 0), 2: (True, 0), 3: (False, 2), 4: (True, 2),
            5: (True, 3), 6: (False, 1), 7: (True, 1), 8: (False, 3)}[orientation]
    if plan[0]:
        w, h, px = mirror(w, h, px)
    for _ in range(plan[1]):
        w, h, px = turn_cw(w, h, px)
    return w, h, px


def compare(label, found, expected, failures):
    """Match each expected (x, y) to the nearest found blob."""
    for ex, ey in expected:
        best = min(found, key=lambda b: (b[0] - ex) ** 2 + (b[1] - ey) ** 2) if found else None
        if best is None:
            failures.append("%s: no blob near (%.2f, %.2f)" % (label, ex, ey))
            print("  %-28s expected (%8.2f, %8.2f)  NOT FOUND" % (label, ex, ey))
            continue
        dx, dy = best[0] - ex, best[1] - ey
        ok = abs(dx) <= TOLERANCE_PX and abs(dy) <= TOLERANCE_PX
        print("  %-28s expected (%8.2f, %8.2f)  found (%8.2f, %8.2f)  d=(%+.2f, %+.2f) %s" % (
            label, ex, ey, best[0], best[1], dx, dy, "ok" if ok else "FAIL"))
        if not ok:
            failures.append(label)
    if len(found) != len(expected):
        failures.append("%s: %d blobs found, %d expected" % (label, len(found), len(expected)))
        print("  %s: %d blobs found, %d expected" % (label, len(found), len(expected)))


def main():
    targets = json.load(open(os.path.join(ROOT, "samples", "targets.json")))
    failures = []
    dpi = 50
    pdf = os.path.join(ROOT, targets["floorplan"]["file"])
    print("floorplan.pdf at %d dpi (pdftoppm -cropbox)" % dpi)
    for page in targets["floorplan"]["pages"]:
        n = page["page"]
        data = subprocess.run(["pdftoppm", "-r", str(dpi), "-cropbox", "-f", str(n), "-l", str(n), pdf],
                              stdout=subprocess.PIPE, check=True).stdout
        w, h, px = read_ppm(data)
        k = dpi / 72.0
        print(" page %d: raster %dx%d, displayed %gx%g pt" % (n, w, h, page["displayedWidth"], page["displayedHeight"]))
        expected = [(u * page["displayedWidth"] * k, v * page["displayedHeight"] * k) for u, v in page["targets"]]
        compare("page %d magenta" % n, blobs(w, h, px, magenta), expected, failures)

    for entry in [targets["photo"]] + targets["orientationFixtures"]:
        path = os.path.join(ROOT, entry["file"])
        jpeg = open(path, "rb").read()
        o = exif_orientation(jpeg)
        data = subprocess.run(["djpeg", "-ppm", path], stdout=subprocess.PIPE, check=True).stdout
        sw, sh, px = read_ppm(data)
        w, h, px = upright(sw, sh, px, o)
        print("%s: orientation %d, stored %dx%d, upright %dx%d" % (entry["file"], o, sw, sh, w, h))
        if o != entry["exifOrientation"] or (w, h) != (entry["displayedWidth"], entry["displayedHeight"]):
            failures.append(entry["file"] + ": orientation or size")
        if "magentaCenterPx" in entry:
            compare("magenta", blobs(w, h, px, magenta, 60), [entry["magentaCenterPx"]], failures)
            compare("blue", blobs(w, h, px, blue, 60), [entry["blueCenterPx"]], failures)
        else:
            expected = [(u * w, v * h) for u, v in entry["targets"]]
            compare("magenta", blobs(w, h, px, magenta, 60), expected, failures)

    if failures:
        print("FAILED: %d problem(s)" % len(failures))
        for f in failures:
            print("  " + f)
        sys.exit(1)
    print("all targets within %.1f px" % TOLERANCE_PX)


if __name__ == "__main__":
    main()
