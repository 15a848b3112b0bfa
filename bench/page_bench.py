"""`make bench`: one page to PNG, pinrender against `pdftocairo -png -singlefile` in the same
run, alternating: the dense A1 sheet of make_plan.py (page 1 at 150 dpi, 200 pins), the
lighter A1 plan page, the 50 small sheets of make_plan.py (page 1 at 72 dpi, 9 pins) where start-up
and the baseline memory are the cost (with the number of shared libraries each program loads), and
the A1 plan page with 10,000 pins (every marker, then every tooltip too) against the page alone.
Wall time, CPU time (user + sys) and peak memory of each run (wait4's rusage); medians, the
spread over runs (min-max) and the ratios to pdftocairo. Prints a Markdown section."""
import glob
import json
import os
import shutil
import statistics
import subprocess
import sys
import time

BIN = os.environ.get("PINRENDER", ".build/release/pinrender")
WORK = "bench/work/pages"
RUNS = 5


def measure(command):
    """Wall seconds, CPU seconds (user + sys) and peak kilobytes of one run."""
    start = time.monotonic()
    process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    _, status, usage = os.wait4(process.pid, 0)
    wall = time.monotonic() - start
    if status != 0:
        sys.exit(f"failed: {' '.join(command)}\n{process.stderr.read().decode()[-2000:]}")
    process.stderr.close()
    return wall, usage.ru_utime + usage.ru_stime, usage.ru_maxrss


def small_pins():
    """9 pins over page 1 of the small sheets, in WORK."""
    pins = [{"id": f"s{i}", "contentId": "sheet", "page": 1, "relativeX": 0.1 + 0.1 * i, "relativeY": 0.12 + 0.09 * i,
             "authorId": f"u{i % 3}", "createdAt": f"2026-11-02T09:{i:02d}:00Z", "text": f"Small sheet comment {i}",
             "resolved": i % 3 == 0} for i in range(9)]
    json.dump({"pins": pins}, open(f"{WORK}/pins-9.json", "w"))


def spread(values, scale=1.0, digits=2):
    return f"{min(values) * scale:.{digits}f}-{max(values) * scale:.{digits}f}"


def row(name, runs, peer):
    walls, cpus, peaks = zip(*runs)
    peer_walls, peer_cpus, peer_peaks = zip(*peer)
    wall, cpu, peak = statistics.median(walls), statistics.median(cpus), statistics.median(peaks)
    return (f"| {name} | {wall:.3f} s ({spread(walls, digits=3)}) | {wall / statistics.median(peer_walls):.2f} "
            f"| {cpu:.3f} s ({spread(cpus, digits=3)}) | {cpu / statistics.median(peer_cpus):.2f} "
            f"| {peak / 1024:.1f} MB ({spread(peaks, 1 / 1024, 1)}) | {peak / statistics.median(peer_peaks):.2f} |")


HEADER = ("| tool | wall, median (min-max) | / pdftocairo | CPU user+sys | / pdftocairo | peak memory | / pdftocairo |\n"
          "|---|---:|---:|---:|---:|---:|---:|")


def one_page(title, pdf, pins, dpi):
    runs = {"pinrender": [], "pdftocairo": []}
    for _ in range(RUNS):
        runs["pinrender"].append(measure([BIN, "render", pdf, "--pins", pins, "--page", "1", "--dpi", str(dpi),
                                          "-o", f"{WORK}/out.png"]))
        runs["pdftocairo"].append(measure(["pdftocairo", "-png", "-r", str(dpi), "-f", "1", "-l", "1", "-singlefile",
                                           pdf, f"{WORK}/pc"]))
    print(f"\n## {title}\n")
    print(f"{RUNS} runs each, alternating; pdftocairo draws the page without pins.\n")
    print(HEADER)
    print(row("pinrender", runs["pinrender"], runs["pdftocairo"]))
    print(row("pdftocairo", runs["pdftocairo"], runs["pdftocairo"]))


def libraries(program):
    """How many shared libraries the loader maps for `program` (ldd's lines, the vDSO included)."""
    return len(subprocess.run(["ldd", program], capture_output=True, text=True, check=True).stdout.splitlines())


def small_pages():
    small_pins()
    paths = sorted(glob.glob("bench/work/small/sheet-*.pdf"))
    runs = {"pinrender": [], "pdftocairo": []}
    for path in paths:
        runs["pinrender"].append(measure([BIN, "render", path, "--pins", f"{WORK}/pins-9.json", "--page", "1",
                                          "--dpi", "72", "-o", f"{WORK}/small.png"]))
        runs["pdftocairo"].append(measure(["pdftocairo", "-png", "-r", "72", "-f", "1", "-l", "1", "-singlefile",
                                           path, f"{WORK}/small-pc"]))
    print(f"\n## Small pages: {len(paths)} generated sheets (bench/work/small: letter, A4, A5), page 1 at 72 dpi, 9 pins\n")
    print("One run of each sheet per tool, alternating; the spread is over the sheets. "
          f"Shared libraries loaded (ldd): pinrender {libraries(BIN)}, pdftocairo {libraries(shutil.which('pdftocairo'))}.\n")
    print(HEADER)
    print(row("pinrender", runs["pinrender"], runs["pdftocairo"]))
    print(row("pdftocairo", runs["pdftocairo"], runs["pdftocairo"]))


def ten_thousand_pins():
    """The A1 plan page with 10,000 pins, every marker drawn (`--cluster off`) and every tooltip
    placed and drawn too, against the same page without pins (its own rasterization, start-up
    and PNG encoding) and pdftocairo, alternating."""
    page = ["bench/work/plan-a1.pdf", "--page", "1", "--dpi", "150"]
    cases = {
        "pinrender, no pins (the page alone)": [BIN, "render", *page, "--pins", "bench/work/pins-none.json", "-o", f"{WORK}/10k.png"],
        "pdftocairo (the page alone)": ["pdftocairo", "-png", "-r", "150", "-f", "1", "-l", "1", "-singlefile",
                                        "bench/work/plan-a1.pdf", f"{WORK}/10k-pc"],
    }
    for flags in [["--cluster", "off"], ["--tooltips", "all", "--cluster", "off"]]:
        cases[f"pinrender, 10k pins, `{' '.join(flags)}`"] = [BIN, "render", *page, "--pins", "bench/work/pins-10k.json",
                                                              *flags, "-o", f"{WORK}/10k.png"]
    runs = {name: [] for name in cases}
    for _ in range(RUNS):
        for name, command in cases.items():
            runs[name].append(measure(command))
    alone = runs["pinrender, no pins (the page alone)"]
    print("\n## 10,000 pins on the A1 plan page (page 1 at 150 dpi) against the page alone\n")
    print(f"{RUNS} runs each, alternating. \"Added\" is the median CPU time of the run less the page's alone, "
          "then over the page's alone.\n")
    print(HEADER.replace(" / pdftocairo |\n", " / pdftocairo | added CPU / page's CPU |\n") + "---:|")
    page_cpu = statistics.median(cpu for _, cpu, _ in alone)
    for name, measured in runs.items():
        added = (statistics.median(cpu for _, cpu, _ in measured) - page_cpu) / page_cpu
        print(row(name, measured, runs["pdftocairo (the page alone)"]) + (f" {added:.2f} |" if "10k" in name else " |"))


def main():
    """Every section; with --small, only the small pages."""
    os.makedirs(WORK, exist_ok=True)
    if "--small" in sys.argv:
        small_pages()
        return
    one_page("Dense A1 sheet (bench/work/dense-a1.pdf), page 1 at 150 dpi, 200 pins, against pdftocairo",
             "bench/work/dense-a1.pdf", "bench/work/pins-200.json", 150)
    one_page("A1 plan page 1 (bench/work/plan-a1.pdf) at 150 dpi, 200 pins, against pdftocairo",
             "bench/work/plan-a1.pdf", "bench/work/pins-200.json", 150)
    small_pages()
    ten_thousand_pins()


main()
