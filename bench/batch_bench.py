"""`make bench`: pinrender batch against a shell loop of single `pinrender render` runs on 200
pages of the A1 plan (make_plan.py) at 50 dpi, and four shards as four processes against one
process; alternating runs, medians with the spread. Checks that the shards rendered every line
once. Prints a Markdown section."""
import json
import os
import shutil
import statistics
import subprocess
import time

BIN = ".build/release/pinrender"
PLAN = os.path.abspath("bench/work/plan-a1.pdf")
PINS = os.path.abspath("bench/work/pins-200.json")
WORK = "bench/work/batch"
RUNS = 3
LINES = [{"input": PLAN, "pins": PINS, "output": f"out/sheet-{n:03d}.png", "page": n % 20 + 1, "dpi": 50}
         for n in range(200)]


def fresh():
    shutil.rmtree(f"{WORK}/out", ignore_errors=True)
    os.makedirs(f"{WORK}/out")


def loop():
    for line in LINES:
        subprocess.run([BIN, "render", PLAN, "--pins", PINS, "--page", str(line["page"]), "--dpi", "50",
                        "-o", f"{WORK}/{line['output']}"], check=True, stderr=subprocess.DEVNULL)


def batch():
    subprocess.run([BIN, "batch", f"{WORK}/manifest.jsonl", "--jobs", "2"], check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


def shards():
    runs = [subprocess.Popen([BIN, "batch", f"{WORK}/manifest.jsonl", "--jobs", "1", "--shard", f"{i}/4",
                              "--results", f"{WORK}/shard-{i}.jsonl"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL) for i in range(1, 5)]
    assert all(run.wait() == 0 for run in runs)
    outputs = [json.loads(line)["output"] for i in range(1, 5) for line in open(f"{WORK}/shard-{i}.jsonl")]
    assert sorted(outputs) == sorted(line["output"] for line in LINES), "the shards missed or repeated lines"


def main():
    os.makedirs(WORK, exist_ok=True)
    with open(f"{WORK}/manifest.jsonl", "w") as manifest:
        manifest.writelines(json.dumps(line) + "\n" for line in LINES)
    cases = {"shell loop of 200 `pinrender render`": loop, "`pinrender batch --jobs 2`": batch,
             "4 shards, 4 processes `--jobs 1` at once": shards}
    times = {name: [] for name in cases}
    for _ in range(RUNS):
        for name, run in cases.items():
            fresh()
            start = time.monotonic()
            run()
            times[name].append(time.monotonic() - start)
    base = statistics.median(times["shell loop of 200 `pinrender render`"])
    print("\n## pinrender batch: 200 A1 pages to PNG at 50 dpi (pages 1-20 ten times; 200 pins on page 1)\n")
    print("| run | median time | spread (min-max) | shell loop / run |")
    print("|---|---:|---:|---:|")
    for name, values in times.items():
        median = statistics.median(values)
        print(f"| {name} | {median:.2f} s | {min(values):.2f}-{max(values):.2f} s | {base / median:.2f}x |")
    print("\nThe four shards rendered every line once (checked from their results files).")


main()
