"""`make bench`: `pinrender diff` against ImageMagick `compare -metric AE` (the peer) on two
17.4-megapixel pairs, whole commands with PNG decoding, alternating runs, medians with the
spread, CPU time and peak memory (/usr/bin/time -v); then the peak memory of a diff of a
100-megapixel pair. The pairs are pages rendered by pinrender, the second of each with pins
moved. Prints a Markdown section."""
import json
import os
import random
import statistics
import struct
import subprocess
import zlib

from timed_run import measure

BIN = os.environ.get("PINRENDER", ".build/release/pinrender")
WORK = "bench/work/diff"
RUNS = 5


def moved_pins(source, target, every):
    """Every `every`-th root pin of `source` moved 0.002 to the right, written to `target`."""
    with open(source) as file:
        data = json.load(file)
    pins = data["pins"] if isinstance(data, dict) else data
    for n, pin in enumerate(p for p in pins if p.get("parentId") is None):
        if n % every == 0:
            pin["relativeX"] = min(1.0, pin["relativeX"] + 0.002)
    with open(target, "w") as file:
        json.dump(data, file)


def pair(name, document, pins, every, dpi):
    """Renders page 1 of `document` at `dpi` with `pins`, and again with some moved."""
    paths = [f"{WORK}/{name}-expected.png", f"{WORK}/{name}-actual.png"]
    moved = f"{WORK}/{name}-moved.json"
    moved_pins(pins, moved, every)
    for path, pin_file in zip(paths, [pins, moved]):
        if not os.path.exists(path):
            subprocess.run([BIN, "render", document, "--pins", pin_file, "--page", "1", "--dpi", str(dpi), "-o", path],
                           check=True, stderr=subprocess.DEVNULL)
    return paths


def noise_pair(width, height):
    """Two RGB PNGs of random pixels, stored (zlib level 0: files as large as the pixels),
    the second with a band of 16 rows drawn anew in its middle."""
    paths = [f"{WORK}/noise-expected.png", f"{WORK}/noise-actual.png"]
    if all(os.path.exists(path) for path in paths):
        return paths
    band = range(height // 2, height // 2 + 16)

    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    for path, redraw in zip(paths, [False, True]):
        rows = random.Random(7)
        packer = zlib.compressobj(0)
        with open(path, "wb") as file:
            file.write(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)))
            for y in range(height):
                row = rows.randbytes(width * 3)
                if redraw and y in band:
                    row = bytes(255 - c for c in row)
                data = packer.compress(b"\0" + row)
                if data:
                    file.write(chunk(b"IDAT", data))
            file.write(chunk(b"IDAT", packer.flush()) + chunk(b"IEND", b""))
    return paths


def spread(values):
    return f"{statistics.median(values):.2f} s ({min(values):.2f}-{max(values):.2f})"


def main():
    os.makedirs(WORK, exist_ok=True)
    pairs = {
        "A3 floor plan, 300 dpi, 4963 x 3509, one pin moved": pair("a3", "samples/floorplan.pdf", "samples/pins/floorplan-few.json", 1000, 300),
        "A1 plan page 1, 150 dpi, 4967 x 3509, 20 of 200 pins moved": pair("a1", "bench/work/plan-a1.pdf", "bench/work/pins-200.json", 10, 150),
    }
    print("\n## Image diff of 17.4-megapixel pairs (whole commands, PNG decoding included)\n")
    print(f"Median of {RUNS} alternating runs (min-max); the peer is ImageMagick `compare -metric AE a.png b.png null:`. "
          "CPU is user + system time of the whole run, memory the peak resident set. "
          f"Load average when the runs began: {open('/proc/loadavg').read().split()[0]} on {os.cpu_count()} cores.\n")
    print("The ratios are of the medians, with the spread of the ratios run by run (each run of a command against "
          "compare's run of the same round).\n")
    print("| pair | command | wall | CPU | peak memory | wall / compare | CPU / compare |")
    print("|---|---|---:|---:|---:|---:|---:|")
    for title, (a, b) in pairs.items():
        cases = {
            "compare -metric AE": ["/usr/bin/compare", "-metric", "AE", a, b, "null:"],
            "pinrender diff --json": [BIN, "diff", a, b, "--json"],
            "pinrender diff -o d.png --json": [BIN, "diff", a, b, "-o", f"{WORK}/d.png", "--json"],
            "pinrender diff -o d.png --json, 1 core": ["taskset", "-c", "0", BIN, "diff", a, b, "-o", f"{WORK}/d.png", "--json"],
        }
        runs = {name: [] for name in cases}
        for _ in range(RUNS):
            for name, command in cases.items():
                runs[name].append(measure(command, statuses=(0, 1)))
        peer_wall = statistics.median(r[0] for r in runs["compare -metric AE"])
        peer_cpu = statistics.median(r[1] for r in runs["compare -metric AE"])
        peer = runs["compare -metric AE"]
        for name, values in runs.items():
            wall, cpu = [r[0] for r in values], [r[1] for r in values]
            wall_ratios = [r[0] / p[0] for r, p in zip(values, peer)]
            cpu_ratios = [r[1] / p[1] for r, p in zip(values, peer)]
            print(f"| {title} | {name} | {spread(wall)} | {spread(cpu)} | {max(r[2] for r in values) / 1024:.0f} MB "
                  f"| {statistics.median(wall) / peer_wall:.2f} ({min(wall_ratios):.2f}-{max(wall_ratios):.2f}) "
                  f"| {statistics.median(cpu) / peer_cpu:.2f} ({min(cpu_ratios):.2f}-{max(cpu_ratios):.2f}) |")
    large = {
        "A3 floor plan at 720 dpi, 11910 x 8420, one pin moved (1 MB files)":
            pair("a3-100mp", "samples/floorplan.pdf", "samples/pins/floorplan-few.json", 1000, 720),
        "random pixels, 10000 x 10000, 16 rows changed (300 MB files, stored)": noise_pair(10000, 10000),
    }
    print("\n## Image diff of 100-megapixel pairs: peak memory (one run each)\n")
    print("| pair | command | wall | CPU | peak memory |")
    print("|---|---|---:|---:|---:|")
    for title, (a, b) in large.items():
        for name, command in {"pinrender diff --json": [BIN, "diff", a, b, "--json"],
                              "pinrender diff -o d.png --json": [BIN, "diff", a, b, "-o", f"{WORK}/d.png", "--json"]}.items():
            wall, cpu, peak = measure(command, statuses=(0, 1))
            print(f"| {title} | {name} | {wall:.2f} s | {cpu:.2f} s | {peak / 1024:.0f} MB |")
    os.remove(f"{WORK}/d.png")


main()
