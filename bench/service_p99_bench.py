"""`make bench`: the p99 latency of `GET .../pins` and `POST .../pins` at a fixed rate while
renders run and sync batches of 1,000 changes are posted (issue 30), on the service as built
(`--binary`) and, side by side, on another build (`--base`: main's, to show what moving the
store's work off the loop thread changed).

For each run and build: a fresh server with a content of 200 pins; for SECONDS, two wrk
processes paced at RATE requests/s each (16 connections, each waiting a random time around
the mean between its requests: wrk's `delay` hook), one listing the 200 pins, one creating
pins on another content (so that the list stays 200 pins long), while one client renders the floor plan again and again (each at another width, so
none is answered from the cache) and another posts sync batches of 1,000 creates, one after
the other. RUNS runs, the builds alternating: medians with the spread (min-max). `--without
renders` or `--without sync` (or both) leaves that load out, to see which of them costs what.

    python3 bench/service_p99_bench.py [--binary .build/release/pinrender] [--base BINARY] [--runs 3] [--seconds 10]
                                       [--without renders|sync ...]
"""
import argparse
import itertools
import pathlib
import statistics
import sys
import threading

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
import service_bench  # noqa: E402  (its Server, wrk and scripts)
from service_bench import CREATE, PACE, TIMEOUT, Server, spread, wrk  # noqa: E402

ROOT = pathlib.Path(__file__).resolve().parents[1]
RATE = 200
CONNECTIONS = 16
BATCH = 1000
LISTED = 200


class Background:
    """Renders one after the other and sync batches one after the other, until stopped."""

    def __init__(self, server, loads):
        self.server = server
        self.running = True
        self.renders = 0
        self.batches = 0
        self.failures = []
        self.threads = [threading.Thread(target=getattr(self, load)) for load in loads]
        for thread in self.threads:
            thread.start()

    def render(self):
        for width in itertools.count(400):
            if not self.running:
                return
            answer = self.server.session.get(f"{self.server.url}/v1/contents/plan/render.png?width={width}", timeout=TIMEOUT)
            if answer.status_code != 200:
                self.failures.append(f"render {answer.status_code}: {answer.text[:200]}")
                return
            self.renders += 1

    def sync(self):
        session = type(self.server.session)()
        for batch in itertools.count():
            if not self.running:
                return
            changes = [{"changeId": f"b{batch}-{n}", "op": "create", "pin": {
                "id": f"b{batch}-{n}", "authorId": "bench", "text": f"batch {batch} pin {n}", "relativeX": 0.5,
                "relativeY": 0.5, "createdAt": "2026-11-30T09:00:00Z"}} for n in range(BATCH)]
            answer = session.post(f"{self.server.url}/v1/sync", json={"cursor": 0, "contentId": "sync", "changes": changes},
                                  timeout=TIMEOUT)
            if answer.status_code != 200:
                self.failures.append(f"sync {answer.status_code}: {answer.text[:200]}")
                return
            self.batches += 1

    def stop(self):
        self.running = False
        for thread in self.threads:
            thread.join()


LOADS = {"renders": "render", "sync": "sync"}  # --without's words: Background's methods


def run(binary, loads=tuple(LOADS.values())):
    """One run: the p99s (ms) of the list and of the create, and what ran beside them (`loads`:
    the names of Background's methods to run)."""
    server = Server(binary, backlog=None)
    try:
        for content_id, file, kind in [("shot", "screenshot.png", "image/png"), ("made", "screenshot.png", "image/png"),
                                       ("sync", "screenshot.png", "image/png"),
                                       ("plan", "floorplan.pdf", "application/pdf")]:
            answer = server.session.put(f"{server.url}/v1/contents/{content_id}", data=(ROOT / "samples" / file).read_bytes(),
                                        headers={"Content-Type": kind}, timeout=TIMEOUT)
            assert answer.status_code in (200, 201), answer.text
        for n in range(LISTED):
            assert server.session.post(f"{server.url}/v1/contents/shot/pins", timeout=TIMEOUT, json={
                "id": f"l{n}", "authorId": "bench", "text": f"pin {n}", "relativeX": 0.5, "relativeY": 0.5}).status_code == 201
        background = Background(server, loads)
        delay = {"BENCH_DELAY_MS": str(round(CONNECTIONS * 1000 / RATE))}
        reports = {}

        def measure(name, path, script, args=()):
            reports[name] = wrk(server, path, script, CONNECTIONS, args=args, env=delay)

        threads = [threading.Thread(target=measure, args=("list", "/v1/contents/shot/pins", PACE)),
                   threading.Thread(target=measure, args=("create", "/v1/contents/made/pins", CREATE + PACE, (f"c{id(reports)}",)))]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        background.stop()
        if background.failures:
            raise SystemExit(f"{binary}: {background.failures[0]}")
        for name, report in reports.items():
            if report["errors"]:
                raise SystemExit(f"{binary}: {report['errors']} errors in the {name} run")
        return {"list": reports["list"]["p99"] / 1000, "create": reports["create"]["p99"] / 1000,
                "list rate": reports["list"]["rate"], "create rate": reports["create"]["rate"],
                "renders": background.renders, "batches": background.batches}
    finally:
        server.stop()


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--without", action="append", choices=list(LOADS), default=[],
                        help="leave this background load out (repeatable)")
    options, builds = service_bench.compared_builds(parser, seconds=10)
    results = {name: [] for name in builds}
    for _ in range(options.runs):
        for name, binary in builds.items():
            results[name].append(run(binary, [load for word, load in LOADS.items() if word not in options.without]))
    left_out = f", without {' and '.join(options.without)}" if options.without else ""
    print(f"\n## The pin service's p99 while renders and sync batches run ({options.runs} runs of {options.seconds} s, "
          f"{RATE} lists/s and {RATE} creates/s on {CONNECTIONS} connections each, renders one after the other, "
          f"sync batches of {BATCH:,} creates one after the other{left_out}: median (min-max))\n")
    print("| build | p99 GET .../pins | p99 POST .../pins | lists/s | creates/s | renders | sync batches |")
    print("|---|---|---|---|---|---|---|")
    for name, runs in results.items():
        column = lambda key: [r[key] for r in runs]  # noqa: E731
        print(f"| {name} | {spread(column('list'), 'ms', 1)} | {spread(column('create'), 'ms', 1)} | "
              f"{statistics.median(column('list rate')):,.0f} | {statistics.median(column('create rate')):,.0f} | "
              f"{statistics.median(column('renders')):,.0f} | {statistics.median(column('batches')):,.0f} |")
    print("\nThe issue's aim: p99 of both under 20 ms.")


if __name__ == "__main__":
    main()
