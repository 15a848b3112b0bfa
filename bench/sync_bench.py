"""`make bench`: the sync client (`pinrender pins`) against `pinrender serve` (release build)
on loopback, everything on the same cores.

1. An outbox of 1,000 changes (800 pins and 200 replies queued offline, see queued_store)
   synced in one batch by `pinrender pins sync`: the command's wall time, each run with a
   copy of the store and a fresh server.
2. The time from a change leaving one client (its sync batch POSTed, as `pins sync` sends it)
   to the event applied in another client's store and printed by `pinrender pins watch`:
   p50 and p99 over CHANGES changes, one at a time.

Prints a Markdown section; fails loudly when a change is lost, refused or seen twice.

With `--postgres` the servers keep their pins on PostgreSQL (a scratch cluster of Debian's
`postgresql`, fsync on, a fresh database per server); with `--base BINARY` the batch runs
alternate between the two builds and both are printed.

    python3 bench/sync_bench.py [--binary .build/release/pinrender] [--base BINARY] [--postgres] [--runs 5] [--changes 300]
"""
import argparse
import os
import pathlib
import queue
import re
import shutil
import sqlite3
import statistics
import subprocess
import tempfile
import threading
import time
import uuid

import requests

ROOT = pathlib.Path(__file__).resolve().parents[1]
# With --postgres, the scratch PostgreSQL server (service_bench's) whose databases the servers use.
CLUSTER = None
PINS, REPLIES = 800, 200
TIMEOUT = 120


def start_service(binary, data):
    """`pinrender serve` on a free loopback port; returns the process and its URL."""
    database = ["--db", CLUSTER.new_database()] if CLUSTER else []
    proc = subprocess.Popen([binary, "serve", "--data", data, "--listen", "127.0.0.1:0", *database],
                            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    match = re.search(r"http://127\.0\.0\.1:\d+", proc.stdout.readline())
    if not match:
        proc.kill()
        raise SystemExit("pinrender serve did not start")
    url = match.group(0)
    answer = requests.put(f"{url}/v1/contents/plan", data=(ROOT / "samples/screenshot.png").read_bytes(),
                          headers={"Content-Type": "image/png"}, timeout=TIMEOUT)
    assert answer.status_code in (200, 201), answer.text
    return proc, url


def stop(proc):
    proc.terminate()
    proc.wait(TIMEOUT)


def queued_store(binary, path):
    """A store holding PINS pins and REPLIES replies on `plan`, all queued: one pin and one
    reply queued by `pinrender pins add` and `reply` (a process takes about 0.1 s to start
    here, so not 1,000 of them), the others copies of their outbox rows with their own ids,
    text and point; `pins list` reads them all back."""
    def pins(*args):
        return subprocess.run([binary, "pins", *args, "--store", path], capture_output=True, text=True, check=True,
                              timeout=TIMEOUT).stdout.strip()
    roots = [pins("add", "--content", "plan", "--at", "0.0125,0.025", "--text", "Pin 0: crack in the plaster", "--author", "bench")]
    reply = pins("reply", roots[0], "--text", "Reply 0: seen, fixed on Monday", "--author", "bench")
    roots += [f"bench-pin-{i}" for i in range(1, PINS)]
    copy = """INSERT INTO outbox (change_id, content_id, pin_id, operation, body, base_version, sent)
        SELECT ?, content_id, ?, operation, json_set(body, '$.id', ?, '$.text', ?, {}), base_version, sent
        FROM outbox WHERE pin_id = ?"""
    db = sqlite3.connect(path)
    with db:
        db.executemany(copy.format("'$.relativeX', ?, '$.relativeY', ?"), [
            (str(uuid.uuid4()), roots[i], roots[i], f"Pin {i}: crack in the plaster", (i % 40 + 0.5) / 40, (i // 40 + 0.5) / 20,
             roots[0]) for i in range(1, PINS)])
        db.executemany(copy.format("'$.parentId', ?"), [
            (str(uuid.uuid4()), f"bench-reply-{i}", f"bench-reply-{i}", f"Reply {i}: seen, fixed on Monday",
             roots[i * PINS // REPLIES], reply) for i in range(1, REPLIES)])
    db.close()  # the last connection: its write-ahead log goes into the file, which is what is copied
    listed = pins("list").splitlines()[0]
    assert listed == f"plan: {PINS} pins, {PINS + REPLIES} changes queued", listed
    return path


def batch_run(binary, store):
    """Syncs a copy of `store` with a fresh server; returns the seconds `pins sync` took."""
    work = tempfile.mkdtemp(prefix="sync-bench-")
    proc, url = start_service(binary, os.path.join(work, "data"))
    try:
        copy = shutil.copy(store, os.path.join(work, "copy.pins"))
        start = time.perf_counter()
        out = subprocess.run([binary, "pins", "sync", "--store", copy, "--server", url], capture_output=True, text=True,
                             timeout=TIMEOUT)
        seconds = time.perf_counter() - start
        assert out.returncode == 0 and f"plan: {PINS + REPLIES} applied, 0 refused" in out.stdout, out.stdout + out.stderr
        served = requests.get(f"{url}/v1/contents/plan/pins", timeout=TIMEOUT).json()["pins"]
        assert len(served) == PINS + REPLIES, len(served)
        return seconds
    finally:
        stop(proc)
        shutil.rmtree(work, ignore_errors=True)


def latencies(binary, changes):
    """Seconds from each change's POST /v1/sync to its line from `pins watch`."""
    work = tempfile.mkdtemp(prefix="sync-bench-")
    proc, url = start_service(binary, os.path.join(work, "data"))
    watch = subprocess.Popen([binary, "pins", "watch", "--store", os.path.join(work, "watch.pins"), "--content", "plan",
                              "--server", url], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    lines = queue.Queue()
    threading.Thread(target=lambda: [lines.put((time.perf_counter(), line)) for line in watch.stdout], daemon=True).start()
    try:
        assert "watching plan" in watch.stderr.readline()
        session, cursor, result = requests.Session(), 0, []
        for i in range(changes):
            pin = {"id": f"live-{i}", "contentId": "plan", "relativeX": 0.5, "relativeY": 0.5, "authorId": "bench",
                   "text": f"Change {i}", "createdAt": "2026-11-30T09:00:00Z", "parentId": None}
            batch = {"contentId": "plan", "cursor": cursor, "changes": [{"changeId": str(uuid.uuid4()), "op": "create", "pin": pin}]}
            start = time.perf_counter()
            answer = session.post(f"{url}/v1/sync", json=batch, timeout=TIMEOUT).json()
            assert answer["results"][0]["status"] == "applied", answer
            cursor = answer["cursor"]
            seen, line = lines.get(timeout=10)
            assert f"  pin.created  live-{i}  bench: Change {i}" in line, line
            result.append(seen - start)
        time.sleep(0.2)
        assert lines.empty(), "a change was printed twice"
        return result
    finally:
        watch.terminate()
        assert watch.wait(TIMEOUT) == 0
        stop(proc)
        shutil.rmtree(work, ignore_errors=True)


def spread(values, unit, digits):
    return f"{statistics.median(values):,.{digits}f} {unit} ({min(values):,.{digits}f}-{max(values):,.{digits}f})"


def percentile(values, p):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(p / 100 * len(ordered)))]


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--binary", default=str(ROOT / ".build/release/pinrender"))
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--changes", type=int, default=300)
    parser.add_argument("--base", help="another build whose batch runs alternate with these")
    parser.add_argument("--postgres", action="store_true", help="the pins on PostgreSQL")
    args = parser.parse_args()
    global CLUSTER
    if args.postgres:
        import sys
        sys.path.insert(0, str(ROOT / "bench"))
        from service_bench import PostgresCluster
        CLUSTER = PostgresCluster("-c fsync=on")
    try:
        with tempfile.TemporaryDirectory(prefix="sync-bench-") as work:
            store = queued_store(args.binary, os.path.join(work, "outbox.pins"))
            builds = [args.binary] + ([args.base] if args.base else [])
            timed = {build: [] for build in builds}
            for _ in range(args.runs):
                for build in builds:
                    timed[build].append(batch_run(build, store))
        batches = timed[args.binary]
        runs = [latencies(args.binary, args.changes) for _ in range(3)]
    finally:
        if CLUSTER:
            CLUSTER.stop()
    p50s, p99s = [percentile(r, 50) * 1000 for r in runs], [percentile(r, 99) * 1000 for r in runs]
    total = PINS + REPLIES
    where = "PostgreSQL (fsync on)" if args.postgres else "SQLite"
    print(f"\n## pinrender pins: offline sync over loopback, the pins on {where} (median (min-max))\n")
    print(f"`pinrender pins` and `pinrender serve` (release) and the Python driver ran on the same {os.cpu_count()} cores; "
          f"load average {os.getloadavg()[0]:.1f} at the end.\n")
    print("| measurement | ours | peer |")
    print("|---|---:|---:|")
    print(f"| {total:,} queued changes ({PINS} pins, {REPLIES} replies) synced in one batch by `pins sync`, "
          f"{args.runs} runs | {spread(batches, 's', 2)} | none published |")
    print(f"| ... per change | {spread([b / total * 1000 for b in batches], 'ms', 2)} | |")
    if args.base:
        print(f"| ... the base build ({args.base}), alternating | {spread(timed[args.base], 's', 2)} | |")
    print(f"| change leaves one client -> applied in another's store, printed by `pins watch`: p50, "
          f"{args.changes} changes x 3 runs | {spread(p50s, 'ms', 2)} | none published |")
    print(f"| ... p99 | {spread(p99s, 'ms', 2)} | |")
    print(f"\nEvery change was applied once (the server's pin count and each event line checked, "
          "none printed twice). The article's approach (a local Core Data or SQLite store with a "
          "pendingSync flag, a REST batch when the connection returns, a WebSocket for live pins) and the anchors "
          "(Replicache's push/pull by cursor, Liveblocks) publish no figures for either (../shared/design/anchors.md); "
          "the nearest figure here is the service's own create + fan-out p99 in the section above.")


main()
