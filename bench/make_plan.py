"""Writes the benchmark document: 20 dense A1 floor-plan pages of vector drawing and text
(bench/work/plan-a1.pdf), one denser A1 sheet (dense-a1.pdf), 50 small sheets (small/), 200 pins on page 1 (pins-200.json), 10,000 (pins-10k.json) and
none (pins-none.json), all in bench/work. Deterministic."""
import json
import os
import random

W, H = 2384, 1684  # A1 landscape, points
random.seed(2026)
os.makedirs("bench/work", exist_ok=True)


def rooms(cols, rows):
    """The grid of rooms on a sheet, row by row: (row, column, x, y, width, height) in points."""
    cw, ch = (W - 200) / cols, (H - 260) / rows
    return [(r, c, 100 + c * cw, 160 + r * ch, cw, ch) for r in range(rows) for c in range(cols)]


def page_content(n):
    ops = ["0.6 w 0 0 0 RG"]
    # A grid of rooms, walls doubled, door swings, hatched wet rooms, furniture, labels.
    cols = 14
    for r, c, x, y, cw, ch in rooms(cols, 9):
        ops.append(f"3 w {x:.1f} {y:.1f} {cw:.1f} {ch:.1f} re S 0.6 w")
        ops.append(f"{x + 4:.1f} {y + 4:.1f} {cw - 8:.1f} {ch - 8:.1f} re S")
        # Door arc as a Bezier quarter circle.
        d = 22
        ops.append(f"{x + 10:.1f} {y:.1f} m {x + 10:.1f} {y + d * 0.55:.1f} {x + 10 + d * 0.45:.1f} {y + d:.1f} "
                   f"{x + 10 + d:.1f} {y + d:.1f} c S")
        if (r * cols + c + n) % 3 == 0:
            for k in range(0, int(cw + ch), 6):
                x0, y0 = x + min(k, cw), y + max(0, k - cw)
                x1, y1 = x + max(0, k - ch), y + min(k, ch)
                ops.append(f"0.25 w {x0:.1f} {y0:.1f} m {x1:.1f} {y1:.1f} l S")
        for _ in range(6):
            fx, fy = x + random.uniform(10, cw - 30), y + random.uniform(10, ch - 20)
            ops.append(f"0.4 w {fx:.1f} {fy:.1f} {random.uniform(8, 24):.1f} {random.uniform(6, 14):.1f} re S")
        ops.append(f"BT /F1 7 Tf {x + 8:.1f} {y + ch - 14:.1f} Td (Room {n + 1}.{r * cols + c + 1:03d}) Tj ET")
        ops.append(f"BT /F1 5 Tf {x + 8:.1f} {y + ch - 22:.1f} Td ({cw * ch / 2800:.1f} m2) Tj ET")
    ops.append(f"BT /F1 28 Tf 100 80 Td (Benchmark plan A1 - sheet {n + 1}/20) Tj ET")
    return "\n".join(ops).encode()


def dense_content():
    """A denser sheet (issue 19): walls drawn as hatched bands, every room hatched at 2 or 3 pt
    and furnished, dimension chains with ticks, and several text runs a room."""
    rng = random.Random(19)  # its own, so that the plan's pins stay what they were
    ops = ["0 0 0 RG 0 0 0 rg"]
    cols = 36
    for r, c, x, y, cw, ch in rooms(cols, 24):
        # The wall: two outlines 3 pt apart, hatched at 45 degrees between them.
        ops.append(f"0.5 w {x:.2f} {y:.2f} {cw:.2f} {ch:.2f} re S {x + 3:.2f} {y + 3:.2f} {cw - 6:.2f} {ch - 6:.2f} re S")
        for k in range(0, int(cw), 2):
            ops.append(f"0.2 w {x + k:.2f} {y:.2f} m {x + k + 3:.2f} {y + 3:.2f} l S "
                       f"{x + k:.2f} {y + ch - 3:.2f} m {x + k + 3:.2f} {y + ch:.2f} l S")
        for k in range(0, int(ch), 2):
            ops.append(f"{x:.2f} {y + k:.2f} m {x + 3:.2f} {y + k + 3:.2f} l S "
                       f"{x + cw - 3:.2f} {y + k:.2f} m {x + cw:.2f} {y + k + 3:.2f} l S")
        # The floor hatched at 2 or 3 pt, one short path a line.
        for k in range(0, int(cw + ch), 3 if (r + c) % 2 else 2):
            x0, y0 = x + 3 + min(k, cw - 6), y + 3 + max(0, k - (cw - 6))
            x1, y1 = x + 3 + max(0, k - (ch - 6)), y + 3 + min(k, ch - 6)
            ops.append(f"0.15 w {x0:.2f} {y0:.2f} m {x1:.2f} {y1:.2f} l S")
        for _ in range(14):
            fx, fy = x + rng.uniform(6, cw - 20), y + rng.uniform(6, ch - 14)
            ops.append(f"0.3 w {fx:.2f} {fy:.2f} {rng.uniform(4, 14):.2f} {rng.uniform(3, 9):.2f} re S")
        # Dimension ticks along the bottom wall.
        for k in range(6):
            tx = x + k * cw / 5
            ops.append(f"0.2 w {tx:.2f} {y - 4:.2f} m {tx + 2:.2f} {y - 2:.2f} l S")
        ops.append(f"BT /F1 3.5 Tf {x + 5:.2f} {y + ch - 9:.2f} Td (Room {r * cols + c + 1:03d}) Tj ET")
        ops.append(f"BT /F1 2.5 Tf {x + 5:.2f} {y + ch - 13:.2f} Td ({cw * ch / 2800:.2f} m2 floor F{r % 4}) Tj ET")
        ops.append(f"BT /F1 2.5 Tf {x + 5:.2f} {y + 6:.2f} Td (W{c:02d}-{r:02d} h 2.70) Tj ET")
    ops.append("BT /F1 28 Tf 100 80 Td (Benchmark plan A1 - dense sheet) Tj ET")
    return "\n".join(ops).encode()


def write_pdf(path, pages, fonts=("Helvetica",)):
    """A PDF of `pages`, each (content stream, width, height) in points, drawing in `fonts`
    (/F1, /F2, ...)."""
    objects = [b"<< /Type /Catalog /Pages 2 0 R >>", None]
    objects += [b"<< /Type /Font /Subtype /Type1 /BaseFont /%s >>" % name.encode() for name in fonts]
    resources = b" ".join(b"/F%d %d 0 R" % (i + 1, i + 3) for i in range(len(fonts)))
    kids = []
    for content, width, height in pages:
        objects.append(b"<< /Length %d >>\nstream\n" % len(content) + content + b"\nendstream")
        objects.append(b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 %d %d] /Contents %d 0 R "
                       b"/Resources << /Font << %s >> >> >>" % (width, height, len(objects), resources))
        kids.append(len(objects))
    objects[1] = b"<< /Type /Pages /Kids [" + b" ".join(b"%d 0 R" % k for k in kids) + b"] /Count %d >>" % len(kids)
    out, offsets = b"%PDF-1.4\n", []
    for i, obj in enumerate(objects):
        offsets.append(len(out))
        out += b"%d 0 obj\n" % (i + 1) + obj + b"\nendobj\n"
    xref = len(out)
    out += b"xref\n0 %d\n0000000000 65535 f \n" % (len(objects) + 1) + b"".join(b"%010d 00000 n \n" % o for o in offsets)
    out += b"trailer\n<< /Size %d /Root 1 0 R >>\nstartxref\n%d\n%%%%EOF\n" % (len(objects) + 1, xref)
    open(path, "wb").write(out)


def small_sheet(n, rng):
    """Page 1 of a small sheet (letter, A4 or A5): a heading, lines of text, a table's rules,
    a red box; (content, width, height)."""
    width, height = [(612, 792), (595, 842), (420, 595)][n % 3]
    ops = [f"BT /F1 16 Tf 50 {height - 60} Td (Sheet {n + 1}) Tj ET"]
    for y in range(height - 90, 160, -12):
        words = " ".join(rng.choice(["wall", "door", "check", "level", "beam", "finish", "north", "room"]) for _ in range(10))
        ops.append(f"BT /F2 9 Tf 50 {y} Td ({words}) Tj ET")
    ops += [f"0.5 w 50 {60 + k * 15} m {width - 50} {60 + k * 15} l S" for k in range(6)]
    ops.append(f"0.8 0.1 0.1 RG 2 w {rng.uniform(60, width - 160):.1f} 200 100 60 re S")
    return "\n".join(ops).encode(), width, height


write_pdf("bench/work/plan-a1.pdf", [(page_content(n), W, H) for n in range(20)])
write_pdf("bench/work/dense-a1.pdf", [(dense_content(), W, H)])
os.makedirs("bench/work/small", exist_ok=True)
sheets = random.Random(72)
for n in range(50):
    write_pdf(f"bench/work/small/sheet-{n:02d}.pdf", [small_sheet(n, sheets)], fonts=("Helvetica-Bold", "Times-Roman"))

pins = [{"id": f"b{i}", "contentId": "plan", "page": 1, "relativeX": random.random(), "relativeY": random.random(),
         "authorId": f"u{i % 7}", "createdAt": f"2026-11-{1 + i % 28:02d}T09:{i % 60:02d}:00Z",
         "text": f"Benchmark comment {i}", "resolved": i % 4 == 0} for i in range(200)]
json.dump({"pins": pins}, open("bench/work/pins-200.json", "w"))

pins = [{"id": f"k{i}", "contentId": "plan", "page": 1, "relativeX": random.random(), "relativeY": random.random(),
         "authorId": f"u{i % 9}", "createdAt": "2026-11-02T09:15:00Z", "text": f"Comment {i}",
         "resolved": i % 4 == 0} for i in range(10000)]
json.dump({"pins": pins}, open("bench/work/pins-10k.json", "w"))
json.dump({"pins": []}, open("bench/work/pins-none.json", "w"))
