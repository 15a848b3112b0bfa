"""Side-by-side timings for `make bench`: pinrender against pdftocairo and PyMuPDF on the
dense A1 plan of make_plan.py, alternating runs, medians, peak memory (/usr/bin/time -v) and
output sizes. Prints a Markdown section."""
import glob
import os
import re
import shutil
import statistics
import subprocess
import sys

BIN = ".build/release/pinrender"
PLAN = "bench/work/plan-a1.pdf"
PINS = "bench/work/pins-200.json"
OUT = "bench/work/out"
RUNS = 3


def measure(command):
    """Seconds and peak kilobytes of one run."""
    result = subprocess.run(["/usr/bin/time", "-v"] + command, capture_output=True, text=True)
    if result.returncode != 0:
        sys.exit(f"failed: {' '.join(command)}\n{result.stderr[-2000:]}")
    wall = re.search(r"Elapsed \(wall clock\) time.*: (?:(\d+):)?(\d+):([\d.]+)", result.stderr)
    h, m, s = wall.group(1), wall.group(2), wall.group(3)
    seconds = (int(h) * 3600 if h else 0) + int(m) * 60 + float(s)
    peak = int(re.search(r"Maximum resident set size \(kbytes\): (\d+)", result.stderr).group(1))
    return seconds, peak


def clean():
    shutil.rmtree(OUT, ignore_errors=True)
    os.makedirs(OUT)


def compare(cases):
    """cases: name -> (command, output glob). Runs them in turn RUNS times."""
    times = {name: [] for name in cases}
    peaks = {name: [] for name in cases}
    sizes = {}
    for _ in range(RUNS):
        for name, (command, pattern) in cases.items():
            clean()
            seconds, peak = measure(command)
            times[name].append(seconds)
            peaks[name].append(peak)
            sizes[name] = sum(os.path.getsize(f) for f in glob.glob(pattern))
    return {name: (statistics.median(times[name]), max(peaks[name]), sizes[name]) for name in cases}


def table(title, results, base):
    print(f"\n## {title}\n")
    print("| tool | median time | pinrender / tool | peak memory | output size |")
    print("|---|---:|---:|---:|---:|")
    for name, (seconds, peak, size) in results.items():
        ratio = results[base][0] / seconds
        print(f"| {name} | {seconds:.2f} s | {ratio:.2f} | {peak / 1024:.0f} MB | {size / 1e6:.2f} MB |")


def main():
    try:
        import fitz  # noqa: F401
        have_mupdf = True
    except ImportError:
        have_mupdf = subprocess.run([sys.executable, "-m", "pip", "install", "-q", "pymupdf"]).returncode == 0
    mupdf_page = [sys.executable, "-c", "import fitz,sys; d=fitz.open(sys.argv[1]); "
                  "d[0].get_pixmap(dpi=150).save(sys.argv[2])", PLAN, f"{OUT}/mupdf-1.png"]
    mupdf_all = [sys.executable, "-c", "import fitz,sys; d=fitz.open(sys.argv[1]); "
                 "[p.get_pixmap(dpi=150).save(f'{sys.argv[2]}/mupdf-{p.number + 1}.png') for p in d]", PLAN, OUT]
    one = {
        "pinrender (200 pins)": ([BIN, "render", PLAN, "--pins", PINS, "--page", "1", "--dpi", "150", "-o", f"{OUT}/page.png"], f"{OUT}/page.png"),
        "pinrender (no pins, same page as the others)": ([BIN, "render", PLAN, "--pins", "bench/work/pins-none.json", "--page", "1", "--dpi", "150", "-o", f"{OUT}/plain.png"], f"{OUT}/plain.png"),
        "pdftocairo -png -r 150 (plain page)": (["pdftocairo", "-png", "-r", "150", "-f", "1", "-l", "1", PLAN, f"{OUT}/pc"], f"{OUT}/pc*"),
    }
    if have_mupdf:
        one["PyMuPDF get_pixmap(dpi=150).save (plain page)"] = (mupdf_page, f"{OUT}/mupdf-1.png")
    table("Annotated PNG of the A1 plan page 1 (bench/work/plan-a1.pdf) at 150 dpi", compare(one), "pinrender (200 pins)")
    every = {
        "pinrender, 2 cores": ([BIN, "render", PLAN, "--pins", PINS, "--dpi", "150", "-o", f"{OUT}/p.png"], f"{OUT}/p-*.png"),
        "pinrender, 1 core": (["taskset", "-c", "0", BIN, "render", PLAN, "--pins", PINS, "--dpi", "150", "-o", f"{OUT}/p.png"], f"{OUT}/p-*.png"),
        "pdftocairo -png -r 150": (["pdftocairo", "-png", "-r", "150", PLAN, f"{OUT}/pc"], f"{OUT}/pc*"),
    }
    if have_mupdf:
        every["PyMuPDF"] = (mupdf_all, f"{OUT}/mupdf-*.png")
    table("All 20 pages to PNG at 150 dpi", compare(every), "pinrender, 2 cores")
    pdf = {
        "pinrender review PDF (pins, comments, summary)": ([BIN, "render", PLAN, "--pins", PINS, "-o", f"{OUT}/review.pdf"], f"{OUT}/review.pdf"),
        "pdftocairo -pdf (plain copy)": (["pdftocairo", "-pdf", PLAN, f"{OUT}/copy.pdf"], f"{OUT}/copy.pdf"),
    }
    table("PDF export of the 20 pages", compare(pdf), "pinrender review PDF (pins, comments, summary)")
    many = {}
    for name, document in [("A1 plan page 1", PLAN), ("A3 sample floor plan page 1", "samples/floorplan.pdf")]:
        for pins in ["none", "10k"]:
            many[f"{name}, {pins} pins"] = ([BIN, "render", document, "--pins", f"bench/work/pins-{pins}.json", "--page", "1",
                                           "--dpi", "150", "-o", f"{OUT}/many.png"], f"{OUT}/many.png")
    results = compare(many)
    print("\n## 10,000 pins on a page, whole command (150 dpi PNG, clusters and tooltips auto)\n")
    print("| page | without pins | with 10k pins | added by the pins | added / page |")
    print("|---|---:|---:|---:|---:|")
    for name in ["A1 plan page 1", "A3 sample floor plan page 1"]:
        alone, busy = results[f"{name}, none pins"][0], results[f"{name}, 10k pins"][0]
        print(f"| {name} | {alone:.2f} s | {busy:.2f} s | {busy - alone:.2f} s | {(busy - alone) / alone:.2f} |")


main()
