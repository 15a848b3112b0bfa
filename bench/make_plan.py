"""Writes the benchmark document: 20 dense A1 floor-plan pages of vector drawing and text
(bench/work/plan-a1.pdf), 200 pins on page 1 (pins-200.json), 10,000 (pins-10k.json) and
none (pins-none.json), all in bench/work. Deterministic."""
import json
import os
import random

W, H = 2384, 1684  # A1 landscape, points
random.seed(2026)
os.makedirs("bench/work", exist_ok=True)


def page_content(n):
    ops = ["0.6 w 0 0 0 RG"]
    # A grid of rooms, walls doubled, door swings, hatched wet rooms, furniture, labels.
    cols, rows = 14, 9
    cw, ch = (W - 200) / cols, (H - 260) / rows
    for r in range(rows):
        for c in range(cols):
            x, y = 100 + c * cw, 160 + r * ch
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


objects = [b"<< /Type /Catalog /Pages 2 0 R >>", None, b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>"]
kids = []
for n in range(20):
    content = page_content(n)
    objects.append(b"<< /Length %d >>\nstream\n" % len(content) + content + b"\nendstream")
    objects.append(b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 %d %d] /Contents %d 0 R "
                   b"/Resources << /Font << /F1 3 0 R >> >> >>" % (W, H, len(objects)))
    kids.append(len(objects))
objects[1] = b"<< /Type /Pages /Kids [" + b" ".join(b"%d 0 R" % k for k in kids) + b"] /Count 20 >>"
out, offsets = b"%PDF-1.4\n", []
for i, obj in enumerate(objects):
    offsets.append(len(out))
    out += b"%d 0 obj\n" % (i + 1) + obj + b"\nendobj\n"
xref = len(out)
out += b"xref\n0 %d\n0000000000 65535 f \n" % (len(objects) + 1) + b"".join(b"%010d 00000 n \n" % o for o in offsets)
out += b"trailer\n<< /Size %d /Root 1 0 R >>\nstartxref\n%d\n%%%%EOF\n" % (len(objects) + 1, xref)
open("bench/work/plan-a1.pdf", "wb").write(out)

pins = [{"id": f"b{i}", "contentId": "plan", "page": 1, "relativeX": random.random(), "relativeY": random.random(),
         "authorId": f"u{i % 7}", "createdAt": f"2026-11-{1 + i % 28:02d}T09:{i % 60:02d}:00Z",
         "text": f"Benchmark comment {i}", "resolved": i % 4 == 0} for i in range(200)]
json.dump({"pins": pins}, open("bench/work/pins-200.json", "w"))

pins = [{"id": f"k{i}", "contentId": "plan", "page": 1, "relativeX": random.random(), "relativeY": random.random(),
         "authorId": f"u{i % 9}", "createdAt": "2026-11-02T09:15:00Z", "text": f"Comment {i}",
         "resolved": i % 4 == 0} for i in range(10000)]
json.dump({"pins": pins}, open("bench/work/pins-10k.json", "w"))
json.dump({"pins": []}, open("bench/work/pins-none.json", "w"))
