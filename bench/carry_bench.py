"""`make bench`: `pinrender carry` of 1,000 pins across the 20-sheet A1 set of make_plan.py
to a new revision of it, against rendering the same 20 sheets once with `pdftocairo -png
-r 150` (the peer: the least a tool that looks at the new revision's pixels does). Alternating
runs, medians with the spread, the ratio run by run, CPU time and peak memory
(/usr/bin/time -v). Goal (issue 32): carrying costs less than that one rendering.

The new revision is every sheet re-laid: drawn 0.9 times as large and moved on an A1 sheet
(PyMuPDF's show_pdf_page, so its words are still text). Prints a Markdown section."""
import json
import os
import random
import shutil
import statistics
import sys

import pymupdf

from timed_run import measure

BIN = os.environ.get("PINRENDER", ".build/release/pinrender")
PLAN = "bench/work/plan-a1.pdf"
WORK = "bench/work/carry"
NEW = f"{WORK}/plan-a1-rev-b.pdf"
PINS = f"{WORK}/pins-1000.json"
RUNS = 3


def new_revision():
    """Each sheet of PLAN 0.9 times as large, 60 pt right and 40 pt down, on an A1 sheet."""
    if os.path.exists(NEW):
        return
    old = pymupdf.open(PLAN)
    new = pymupdf.open()
    for page in old:
        w, h = page.rect.width, page.rect.height
        sheet = new.new_page(width=w, height=h)
        sheet.show_pdf_page(pymupdf.Rect(60, 40, 60 + 0.9 * w, 40 + 0.9 * h), old, page.number)
    new.set_metadata({})
    new.save(NEW, garbage=3, deflate=True, no_new_id=True)


def pins():
    """1,000 root pins, 50 on each sheet, inside the plan's grid of rooms; 100 replies."""
    if os.path.exists(PINS):
        return
    rng = random.Random(32)
    out = []
    for n in range(1000):
        out.append({"id": f"p{n + 1}", "contentId": "plan-a1", "page": n // 50 + 1, "relativeX": round(rng.uniform(0.06, 0.94), 5),
                    "relativeY": round(rng.uniform(0.06, 0.88), 5), "authorId": "u-bench",
                    "createdAt": "2026-12-01T09:00:00Z", "text": f"Pin {n + 1}", "resolved": False, "parentId": None})
    for n in range(100):
        out.append({"id": f"r{n + 1}", "contentId": "plan-a1", "authorId": "u-bench", "createdAt": "2026-12-01T10:00:00Z",
                    "text": "Reply", "resolved": False, "parentId": f"p{n * 10 + 1}"})
    with open(PINS, "w") as file:
        json.dump({"pins": out}, file)


def spread(values, unit=" s"):
    return f"{statistics.median(values):.2f}{unit} ({min(values):.2f}-{max(values):.2f})"


def main():
    os.makedirs(WORK, exist_ok=True)
    new_revision()
    pins()
    out = f"{WORK}/out"
    cases = {
        "pdftocairo -png -r 150 (the 20 new sheets)": ["pdftocairo", "-png", "-r", "150", NEW, f"{out}/pc"],
        "pinrender carry (1,000 pins, 20 sheets)": [BIN, "carry", PLAN, NEW, "--pins", PINS, "-o", f"{out}/carried.json",
                                                    "--report", f"{out}/report.json"],
    }
    peer_name = next(iter(cases))
    runs = {name: [] for name in cases}
    for _ in range(RUNS):
        for name, command in cases.items():
            shutil.rmtree(out, ignore_errors=True)
            os.makedirs(out)
            runs[name].append(measure(command))
    with open(f"{out}/report.json") as file:
        report = json.load(file)
    print("\n## Carrying pins to a new revision (20 A1 sheets, 1,000 pins)\n")
    print(f"`pinrender carry` of bench/work/plan-a1.pdf to {NEW} (every sheet 0.9 times as large and moved), "
          f"against rendering the 20 new sheets once with pdftocairo at 150 dpi. Median of {RUNS} alternating runs "
          "(min-max); the ratios are of the medians, with the spread of the ratios round by round. CPU is user + "
          "system time, memory the peak resident set. Load average when the runs began: "
          f"{open('/proc/loadavg').read().split()[0]} on {os.cpu_count()} cores. "
          f"Verdicts of the last run: {report.get('counts')} (nothing changed under any pin: every `changed` or "
          "`gone` is a false flag).\n")
    print("| command | wall | CPU | peak memory | wall / pdftocairo | CPU / pdftocairo |")
    print("|---|---:|---:|---:|---:|---:|")
    peer = runs[peer_name]
    peer_wall = statistics.median(r[0] for r in peer)
    peer_cpu = statistics.median(r[1] for r in peer)
    for name, values in runs.items():
        wall, cpu = [r[0] for r in values], [r[1] for r in values]
        wall_ratios = [r[0] / p[0] for r, p in zip(values, peer)]
        cpu_ratios = [r[1] / p[1] for r, p in zip(values, peer)]
        print(f"| {name} | {spread(wall)} | {spread(cpu)} | {max(r[2] for r in values) / 1024:.0f} MB "
              f"| {statistics.median(wall) / peer_wall:.2f} ({min(wall_ratios):.2f}-{max(wall_ratios):.2f}) "
              f"| {statistics.median(cpu) / peer_cpu:.2f} ({min(cpu_ratios):.2f}-{max(cpu_ratios):.2f}) |")
    shutil.rmtree(out, ignore_errors=True)
    sys.stdout.flush()


main()
