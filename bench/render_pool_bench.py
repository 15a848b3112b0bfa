"""`make bench`: the render workers of `pinrender serve` (release build) over loopback.

1. Render throughput: RENDERS renders of the floor plan's page 1, each with options of its own
   (dpi 100, 101, ...: the cache never answers), asked by CLIENTS clients at once, with 1, 2
   and 4 workers (`--render-workers`), and with main's service (`--base`: one render at a
   time, a process per render) side by side. Renders per second, medians and spread (lowest
   to highest) over RUNS runs.
2. The service's list latency while a worker hangs (a page of 8 million rectangles past
   `--render-timeout 3`) and while one crashes (killed with -9 mid-render): lists of the floor
   plan's pins one after another until the render is answered; their median, p99 and longest,
   and the render's status (422 ended at its deadline, 500 the crash).

Prints a Markdown section.

    python3 bench/render_pool_bench.py [--binary .build/release/pinrender] [--base /work/wt-workers-base/.build/release/pinrender] [--runs 3]
"""
import argparse
import os
import pathlib
import signal
import statistics
import sys
import tempfile
import threading
import time
from concurrent.futures import ThreadPoolExecutor

import requests

ROOT = pathlib.Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "Tests/Service"))
import service_test  # noqa: E402  (the test suite's server and samples)
from hostile_render_pool_test import slow_pdf  # noqa: E402
from hostile_renders_test import children  # noqa: E402

RUNS = 3
RENDERS = 24
CLIENTS = 8
TIMEOUT = 300


def start(binary, data, *args):
    service_test.BINARY = binary
    server = service_test.Server(data, *args)
    answer = server.put_file("plan", service_test.SAMPLES / "floorplan.pdf")
    assert answer.status_code == 201, answer.text
    return server


def throughput(binary, *args):
    """Renders per second of RENDERS distinct renders by CLIENTS clients, on a new server."""
    with tempfile.TemporaryDirectory() as data:
        server = start(binary, data, *args)
        try:
            def render(index):
                answer = requests.get(f"{server.url}/v1/contents/plan/render.png?page=1&dpi={100 + index}", timeout=TIMEOUT)
                assert answer.status_code == 200, answer.text[:200]
            started = time.monotonic()
            with ThreadPoolExecutor(CLIENTS) as clients:
                list(clients.map(render, range(RENDERS)))
            return RENDERS / (time.monotonic() - started)
        finally:
            server.stop()


def latency_while(binary, trouble):
    """The latencies of lists asked one after another while a render is in `trouble`
    (`hang` or `crash`), and the render's status."""
    with tempfile.TemporaryDirectory() as data:
        server = start(binary, data, "--render-timeout", "3")
        try:
            if trouble == "hang":
                answer = requests.put(f"{server.url}/v1/contents/slow", data=slow_pdf(8_000_000),
                                      headers={"Content-Type": "application/pdf"}, timeout=TIMEOUT)
                assert answer.status_code == 201, answer.text
                path = "/v1/contents/slow/render.png?dpi=72"
            else:
                path = "/v1/contents/plan/render.png?page=1&dpi=1200"
            result = {}
            thread = threading.Thread(target=lambda: result.update(answer=requests.get(server.url + path, timeout=TIMEOUT)))
            thread.start()
            while thread.is_alive() and server.get("/health").json()["rendersQueued"] == 0:
                pass
            if trouble == "crash":
                while thread.is_alive() and server.get("/v1/contents/plan").json()["renders"]["running"] == 0:
                    pass
            latencies, killed = [], False
            while thread.is_alive():
                begun = time.monotonic()
                assert server.get("/v1/contents/plan/pins").status_code == 200
                latencies.append(time.monotonic() - begun)
                if trouble == "crash" and not killed and len(latencies) == 20:
                    for child in children(server.proc.pid):
                        os.kill(child, signal.SIGKILL)
                    killed = True
            thread.join()
            return latencies, result["answer"].status_code
        finally:
            server.stop()


def spread(values, unit=""):
    return f"{statistics.median(values):.2f}{unit} ({min(values):.2f} to {max(values):.2f})"


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--binary", default=str(ROOT / ".build/release/pinrender"))
    parser.add_argument("--base", help="main's release pinrender, for its one-at-a-time service")
    parser.add_argument("--runs", type=int, default=RUNS)
    options = parser.parse_args()
    print("## Render workers (bench/render_pool_bench.py)\n")
    print(f"{RENDERS} renders of the floor plan's page 1 (1191 x 842 pt, dpi 100 to {100 + RENDERS - 1}: no two alike), "
          f"{CLIENTS} clients at once; renders per second, median (lowest to highest) of {options.runs} runs.\n")
    print("| service | renders/s |")
    print("|---|---|")
    cases = [(f"{workers} worker{'s' if workers > 1 else ''}", options.binary, ("--render-workers", str(workers), "--render-queue", "64"))
             for workers in (1, 2, 4)]
    if options.base:
        cases.insert(0, ("main: one at a time, a process each", options.base, ()))
    for name, binary, args in cases:
        rates = [throughput(binary, *args) for _ in range(options.runs)]
        print(f"| {name} | {spread(rates)} |", flush=True)
    print("\nLists of the floor plan's pins, one after another, while a render is in trouble (2 workers, "
          "--render-timeout 3):\n")
    print("| while | lists | median | p99 | longest | the render's answer |")
    print("|---|---|---|---|---|---|")
    for trouble, words in [("hang", "a page that hangs, ended at its deadline"), ("crash", "a worker killed with -9 mid-render")]:
        latencies, status = latency_while(options.binary, trouble)
        ordered = sorted(latencies)
        p99 = ordered[min(len(ordered) - 1, int(len(ordered) * 0.99))]
        print(f"| {words} | {len(latencies)} | {statistics.median(latencies) * 1000:.1f} ms | {p99 * 1000:.1f} ms "
              f"| {ordered[-1] * 1000:.1f} ms | {status} |", flush=True)
    print()


if __name__ == "__main__":
    main()
