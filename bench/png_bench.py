"""`make bench`: the bytes of pinrender's annotated page PNGs against the same pixels
recompressed by `optipng -o2` (the peer: lossless, it tries zlib levels, strategies and
filters and keeps the smallest), with the time of each: pinrender's whole render, optipng's
recompression alone. Medians of alternating runs with the spread. Prints a Markdown section."""
import os
import shutil
import statistics

from timed_run import measure

BIN = os.environ.get("PINRENDER", ".build/release/pinrender")
WORK = "bench/work/png"
RUNS = 3
PAGES = {
    "A1 plan (bench/work/plan-a1.pdf), page 1, 150 dpi, 200 pins": ["bench/work/plan-a1.pdf", "--pins", "bench/work/pins-200.json", "--dpi", "150"],
    "A3 floor plan, 150 dpi, 5 pins": ["samples/floorplan.pdf", "--pins", "samples/pins/floorplan-few.json", "--dpi", "150"],
    "photo, 5 pins, tooltips": ["samples/photo.jpg", "--pins", "samples/pins/photo.json", "--tooltips", "all"],
}


def spread(values):
    return f"{statistics.median(values):.2f} s ({min(values):.2f}-{max(values):.2f})"


def main():
    os.makedirs(WORK, exist_ok=True)
    print("\n## PNG bytes against optipng -o2 (the same pixels recompressed)\n")
    print(f"Median of {RUNS} alternating runs (min-max): pinrender's whole render of the page, and optipng's "
          "recompression of that file alone. "
          f"Load average when the runs began: {open('/proc/loadavg').read().split()[0]} on {os.cpu_count()} cores.\n")
    print("| page | pinrender bytes | optipng -o2 bytes | pinrender / optipng | pinrender render | optipng -o2 |")
    print("|---|---:|---:|---:|---:|---:|")
    for title, arguments in PAGES.items():
        ours, theirs = f"{WORK}/page.png", f"{WORK}/optipng.png"
        times = {"pinrender": [], "optipng": []}
        for _ in range(RUNS):
            times["pinrender"].append(measure([BIN, "render", arguments[0], "--page", "1", "-o", ours] + arguments[1:])[0])
            shutil.copy(ours, theirs)
            times["optipng"].append(measure(["optipng", "-o2", "-quiet", theirs])[0])
        size, best = os.path.getsize(ours), os.path.getsize(theirs)
        print(f"| {title} | {size:,} | {best:,} | {size / best:.3f} | {spread(times['pinrender'])} | {spread(times['optipng'])} |")


main()
