"""`make bench`: `pinrender serve` (release build) over loopback, the load on the same cores.

1. Creates of pins (wrk, keep-alive, a Lua script making unique ids) while 100 WebSocket
   clients of the content receive the events: every client must get every change's seq,
   none may be closed for falling behind. The rate counts until the last event arrived.
   Once with clients taking one event per frame, once with `batch=true` (arrays of the
   events ready when the server writes).
2. The list of 1,000 pins (wrk, keep-alive).
3. Latency (p99) of both at half the peak rate measured in 1 and 2 (wrk paced by its
   `delay` hook: each of 16 connections waits a random time around the mean between its
   requests, so they do not send in step).
4. The server's memory (VmRSS, VmHWM from /proc) with 1,000 clients of the events
   (Python websockets, asyncio), before and after an event fanned out to all of them.

Each measurement is run RUNS times: medians with the spread. Prints a Markdown section.

    python3 bench/service_bench.py [--binary .build/release/pinrender] [--runs 3] [--seconds 5]
"""
import argparse
import asyncio
import base64
import json
import os
import pathlib
import re
import resource
import select
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time

import requests
import websockets

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1] / "Tests/Service"))
from service_test import PostgresCluster  # noqa: E402  (the test suite's scratch server)

ROOT = pathlib.Path(__file__).resolve().parents[1]
RUNS = 3
SECONDS = 5
FANOUT = 100
LIST_PINS = 1000
MEMORY_CLIENTS = 1000
TIMEOUT = 60
# The unread event bytes a client may leave (serve --event-backlog; 1 MiB by default): one
# Python thread reads all 100 clients, and falls behind the batched frames for a second now
# and then on these shared cores.
BACKLOG = 64 << 20

# wrk's report, as one JSON line (latencies in microseconds).
REPORT = """
done = function(summary, latency, requests)
  local e = summary.errors
  io.write(string.format('{"requests": %d, "seconds": %f, "errors": %d, "p50": %d, "p99": %d, "max": %d}\\n',
    summary.requests, summary.duration / 1e6, e.connect + e.read + e.write + e.status + e.timeout,
    latency:percentile(50), latency:percentile(99), latency.max))
end
"""

# Unique pin ids per wrk thread and run.
CREATE = """
local counter, prefix = 0, ""
local threads = 0
setup = function(thread) threads = threads + 1; thread:set("tid", threads) end
init = function(args) prefix = args[1] .. "-" .. tid end
request = function()
  counter = counter + 1
  local body = string.format('{"id":"%s-%d","authorId":"bench","text":"pin %d","relativeX":0.25,"relativeY":0.75,"createdAt":"2026-11-30T09:00:00Z"}', prefix, counter, counter)
  return wrk.format("POST", nil, {["Content-Type"] = "application/json"}, body)
end
"""

# Each connection waits about this long between its requests (milliseconds; set by pace()),
# drawn from half to one and a half times it, so the connections do not send in step.
PACE = """
local pause = tonumber(os.getenv("BENCH_DELAY_MS"))
delay = function() return math.random(math.floor(pause / 2), math.floor(pause * 3 / 2)) end
"""


class Server:
    """`pinrender serve` on a free loopback port with its own data directory."""

    def __init__(self, binary, db=None, backlog=BACKLOG):
        self.data = tempfile.mkdtemp(prefix="pinservice-bench-")
        self.proc = subprocess.Popen([binary, "serve", "--data", self.data, "--listen", "127.0.0.1:0",
                                      *(["--event-backlog", str(backlog)] if backlog else []), *(["--db", db] if db else [])],
                                     stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
        ready, _, _ = select.select([self.proc.stdout], [], [], TIMEOUT)
        match = re.search(r"127\.0\.0\.1:(\d+)", self.proc.stdout.readline() if ready else "")
        if not match:
            self.proc.kill()
            raise SystemExit("the server did not start")
        self.port = int(match.group(1))
        self.url = f"http://127.0.0.1:{self.port}"
        self.session = requests.Session()

    def upload(self, content_id):
        answer = self.session.put(f"{self.url}/v1/contents/{content_id}", timeout=TIMEOUT,
                                  data=(ROOT / "samples/screenshot.png").read_bytes(), headers={"Content-Type": "image/png"})
        assert answer.status_code in (200, 201), answer.text

    def health(self):
        return self.session.get(f"{self.url}/health", timeout=TIMEOUT).json()

    def memory(self):
        """VmRSS and VmHWM in MB."""
        fields = dict(line.split(":", 1) for line in pathlib.Path(f"/proc/{self.proc.pid}/status").read_text().splitlines())
        return tuple(int(fields[name].split()[0]) / 1024 for name in ("VmRSS", "VmHWM"))

    def cpu(self):
        """The server's CPU time so far (user and system), in seconds."""
        fields = pathlib.Path(f"/proc/{self.proc.pid}/stat").read_text().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")

    def stop(self):
        self.proc.terminate()
        self.proc.wait(TIMEOUT)
        shutil.rmtree(self.data, ignore_errors=True)


def compared_builds(parser, seconds):
    """Adds `--binary`, `--base`, `--runs` and `--seconds` (default `seconds`) to `parser`,
    parses the command line and sets SECONDS: the options and the builds by name (this build,
    and the base when given), for benchmarks that alternate two builds run by run."""
    parser.add_argument("--binary", default=str(ROOT / ".build/release/pinrender"))
    parser.add_argument("--base", help="another build to compare with (main's)")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--seconds", type=int, default=seconds)
    options = parser.parse_args()
    global SECONDS
    SECONDS = options.seconds
    return options, {"this build": options.binary, **({"base": options.base} if options.base else {})}


def wrk(server, path, script, connections, args=(), env=None):
    """One wrk run (one thread): its report as a dict, with `rate` in requests/s and
    `per_cpu`, requests per second of the server's CPU time (what one core of its own
    would answer: the machine is shared)."""
    cpu = server.cpu()
    with tempfile.NamedTemporaryFile("w", suffix=".lua", delete=False) as file:
        file.write(script + REPORT)
    try:
        out = subprocess.run(["wrk", "-t1", f"-c{connections}", f"-d{SECONDS}s", "--timeout", "10s", "-s", file.name,
                              server.url + path, *args], capture_output=True, text=True, check=True, env={**os.environ, **(env or {})})
    finally:
        os.unlink(file.name)
    report = json.loads(out.stdout.strip().splitlines()[-1])
    report["rate"] = report["requests"] / report["seconds"]
    report["per_cpu"] = report["requests"] / (server.cpu() - cpu)
    return report


class EventClients:
    """`count` WebSocket clients of a content's events on raw sockets, read by one thread:
    each keeps the seqs it received (found in the frames' JSON with a regular expression, so
    that reading keeps up with the server) and the time of its last one."""

    SEQ = re.compile(rb'"seq":(\d+)[,}]')

    def __init__(self, server, content_id, count, batch=False):
        self.sockets = []
        for _ in range(count):
            sock = socket.create_connection(("127.0.0.1", server.port))
            key = base64.b64encode(os.urandom(16)).decode()
            sock.sendall(f"GET /v1/contents/{content_id}/events?batch={str(batch).lower()} HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\n"
                         f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n".encode())
            head = b""
            while b"\r\n\r\n" not in head:
                head += sock.recv(4096)
            assert head.startswith(b"HTTP/1.1 101"), head
            sock.setblocking(False)
            self.sockets.append(sock)
        self.seqs = [set() for _ in self.sockets]
        self.last = [0.0] * count
        self.tails = [head.split(b"\r\n\r\n", 1)[1] for _ in self.sockets]
        self.running = True
        self.thread = threading.Thread(target=self.read)
        self.thread.start()

    def read(self):
        poll = select.epoll()
        for index, sock in enumerate(self.sockets):
            poll.register(sock.fileno(), select.EPOLLIN)
        slot = {sock.fileno(): index for index, sock in enumerate(self.sockets)}
        # One buffer, read into after the socket's last 32 bytes (a seq cut by a read is
        # found whole in the next): no allocation per read.
        buffer = bytearray(1 << 20)
        view = memoryview(buffer)
        while self.running:
            for fd, _ in poll.poll(0.1):
                index = slot[fd]
                tail = self.tails[index]
                view[:len(tail)] = tail
                try:
                    size = len(tail) + self.sockets[index].recv_into(view[len(tail):])
                except BlockingIOError:
                    continue
                found = self.SEQ.findall(view[:size])
                if found:
                    self.seqs[index].update(map(int, found))
                    self.last[index] = time.monotonic()
                self.tails[index] = bytes(view[max(0, size - 32):size])
        poll.close()

    def missing(self, first, last):
        """How many of the seqs first...last each client lacks, at most."""
        wanted = set(range(first, last + 1))
        return max(len(wanted - seqs) for seqs in self.seqs)

    def wait(self, first, last):
        """Waits until every client got first...last; the time of the last arrival."""
        deadline = time.monotonic() + TIMEOUT
        while self.missing(first, last) and time.monotonic() < deadline:
            time.sleep(0.05)
        return max(self.last)

    def close(self):
        self.running = False
        self.thread.join()
        for seqs in self.seqs:
            seqs.clear()
        for sock in self.sockets:
            sock.close()


def fan_out(server, run, clients, connections=16, pace=None):
    """Creates for SECONDS with the clients listening; the rate until the last event arrived."""
    seq = server.health()["seq"]
    cpu = server.cpu()
    start = time.monotonic()
    env = {"BENCH_DELAY_MS": str(pace)} if pace is not None else None
    report = wrk(server, "/v1/contents/fan/pins", CREATE + (PACE if pace is not None else ""), connections,
                 args=["--", f"r{run}-{pace}"], env=env)
    health = server.health()
    last = clients.wait(seq + 1, health["seq"])
    created = health["seq"] - seq
    # wrk does not count the requests in flight when it stops; the server made them.
    assert report["errors"] == 0 and report["requests"] <= created <= report["requests"] + connections, (report, created)
    assert health["resyncClosed"] == 0, "a client was closed for falling behind (its reader could not keep up)"
    assert clients.missing(seq + 1, health["seq"]) == 0, "an event was not delivered"
    report["rate"] = created / (last - start)
    report["per_cpu"] = created / (server.cpu() - cpu)
    report["lag"] = last - start - report["seconds"]
    return report


def pace(peak, connections):
    """The delay per connection (ms) for about half of `peak` requests/s (latency is small
    beside it)."""
    return max(2, round(connections * 1000 / (peak / 2)))


def spread(values, unit, digits=0):
    return f"{statistics.median(values):,.{digits}f} {unit} ({min(values):,.{digits}f}-{max(values):,.{digits}f})"


async def memory(server):
    """RSS before, with MEMORY_CLIENTS clients connected, and after an event to all of them."""
    before = server.memory()
    sockets = []
    for _ in range(MEMORY_CLIENTS):
        sockets.append(await websockets.connect(f"ws://127.0.0.1:{server.port}/v1/contents/crowd/events",
                                                max_queue=None, open_timeout=TIMEOUT))
    for ws in sockets:
        assert json.loads(await ws.recv())["type"] == "ready"
    connected = server.memory()
    assert server.health()["eventClients"] == MEMORY_CLIENTS
    answer = server.session.post(f"{server.url}/v1/contents/crowd/pins", timeout=TIMEOUT, json={
        "id": "crowd-1", "authorId": "bench", "text": "to everyone", "relativeX": 0.5, "relativeY": 0.5,
        "createdAt": "2026-11-30T09:00:00Z"})
    assert answer.status_code == 201, answer.text
    for ws in sockets:
        while (event := json.loads(await ws.recv()))["type"] == "heartbeat":
            pass
        assert event["pin"]["id"] == "crowd-1", event
    after = server.memory()
    await asyncio.gather(*(ws.close() for ws in sockets))
    return before, connected, after


def seed(server):
    """The contents, and the 1,000 pins of the list."""
    for content_id in ("fan", "list", "crowd"):
        server.upload(content_id)
    changes = [{"changeId": f"l{n}", "op": "create", "pin": {
        "id": f"l{n}", "authorId": "bench", "text": f"pin number {n} of the list", "relativeX": (n % 97) / 97,
        "relativeY": (n % 89) / 89, "createdAt": "2026-11-30T09:00:00Z"}} for n in range(LIST_PINS)]
    answer = server.session.post(f"{server.url}/v1/sync", json={"cursor": 0, "contentId": "list", "changes": changes},
                                 timeout=TIMEOUT)
    assert answer.status_code == 200, answer.text
    listed = server.session.get(f"{server.url}/v1/contents/list/pins", timeout=TIMEOUT).json()["pins"]
    assert len(listed) == LIST_PINS


def backends(binary):
    """The same creates (batched clients) and lists on SQLite and on PostgreSQL, the two
    servers alternating run by run; PostgreSQL as Debian ships it (fsync on) but for
    synchronous_commit off, SQLite's synchronous=NORMAL: a commit survives the service's
    crash, and a power cut may lose the last ones. Prints a Markdown section."""
    cluster = PostgresCluster("-c synchronous_commit=off")
    servers = {"SQLite": Server(binary), "PostgreSQL": Server(binary, cluster.new_database())}
    results = {name: {"creates": [], "lists": []} for name in servers}
    try:
        clients = {}
        for name, server in servers.items():
            seed(server)
            clients[name] = EventClients(server, "fan", FANOUT, batch=True)
        for run in range(RUNS):
            for name, server in servers.items():
                results[name]["creates"].append(fan_out(server, f"b{run}", clients[name]))
                results[name]["lists"].append(wrk(server, "/v1/contents/list/pins", "", 16))
        for each in clients.values():
            each.close()
    finally:
        for server in servers.values():
            server.stop()
        cluster.stop()
    version = subprocess.run([f"{cluster.bin}/postgres", "--version"], capture_output=True, text=True).stdout.strip()
    print(f"\n## The pin service on PostgreSQL against SQLite ({RUNS} runs of {SECONDS} s each, alternating: "
          f"median (min-max))\n")
    print(f"{version}, local socket, fsync on, synchronous_commit off; SQLite in WAL mode, synchronous=NORMAL. "
          f"The same binary, load and clients as above (batch=true).\n")
    print("| measurement | SQLite | PostgreSQL | PostgreSQL / SQLite |")
    print("|---|---:|---:|---:|")
    for key, label in (("creates", f"create + fan-out to {FANOUT}"), ("lists", f"list of {LIST_PINS:,} pins")):
        sqlite = [r["rate"] for r in results["SQLite"][key]]
        postgres = [r["rate"] for r in results["PostgreSQL"][key]]
        ratios = [p / q for p, q in zip(postgres, sqlite)]
        print(f"| {label} | {spread(sqlite, 'req/s')} | {spread(postgres, 'req/s')} | {spread(ratios, 'x', 2)} |")
        sqlite = [r["per_cpu"] for r in results["SQLite"][key]]
        postgres = [r["per_cpu"] for r in results["PostgreSQL"][key]]
        print(f"| ... per second of pinrender's CPU time | {spread(sqlite, 'req/s')} | {spread(postgres, 'req/s')} | |")


def main():
    global RUNS, SECONDS
    parser = argparse.ArgumentParser()
    parser.add_argument("--binary", default=str(ROOT / ".build/release/pinrender"))
    parser.add_argument("--runs", type=int, default=RUNS)
    parser.add_argument("--seconds", type=int, default=SECONDS)
    options = parser.parse_args()
    binary, RUNS, SECONDS = options.binary, options.runs, options.seconds
    # 1,000 clients and the server (which inherits the limit) need more descriptors.
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (max(soft, min(hard, 8192)), hard))

    server = Server(binary)
    try:
        seed(server)
        clients = EventClients(server, "fan", FANOUT)
        try:
            creates_plain = [fan_out(server, f"p{run}", clients) for run in range(RUNS)]
        finally:
            clients.close()
        clients = EventClients(server, "fan", FANOUT, batch=True)
        try:
            creates = [fan_out(server, run, clients) for run in range(RUNS)]
            lists = [wrk(server, "/v1/contents/list/pins", "", 16) for _ in range(RUNS)]
            create_pace = pace(statistics.median(r["rate"] for r in creates), 16)
            list_pace = pace(statistics.median(r["rate"] for r in lists), 16)
            creates_half = [fan_out(server, f"h{run}", clients, 16, create_pace) for run in range(RUNS)]
        finally:
            clients.close()
        lists_half = [wrk(server, "/v1/contents/list/pins", PACE, 16, env={"BENCH_DELAY_MS": str(list_pace)})
                      for _ in range(RUNS)]
    finally:
        server.stop()
    # Memory on a server of its own with the default backlog: after the runs above, memory
    # the clients left unread would count.
    server = Server(binary, backlog=None)
    try:
        server.upload("crowd")
        memories = [asyncio.run(memory(server))]
    finally:
        server.stop()

    load = os.getloadavg()[0]
    print(f"\n## pinrender serve: pins and events over loopback ({RUNS} runs of {SECONDS} s each: median (min-max))\n")
    print(f"wrk (one thread, keep-alive) and the Python clients ran on the same {os.cpu_count()} cores as the server; "
          f"load average {load:.1f} at the end. The server ran with --event-backlog {BACKLOG >> 20} MiB (one Python "
          f"thread reads all {FANOUT} clients and falls behind now and then; at the default 1 MiB a batched run "
          f"could see a client closed to resync); memory was measured on a fresh server with the default.\n")
    print("| measurement | ours | target |")
    print("|---|---:|---:|")
    for name, runs in (("one event per frame", creates_plain), ("batch=true: arrays of events", creates)):
        print(f"| create a pin, {FANOUT} WebSocket clients each get every event ({name}; 16 connections) | "
              f"{spread([r['rate'] for r in runs], 'req/s')} | 2,000 req/s |")
        print(f"| ... events delivered per second ({FANOUT} per create) | "
              f"{spread([r['rate'] * FANOUT for r in runs], 'events/s')} | |")
        print(f"| ... per second of the server's CPU time | {spread([r['per_cpu'] for r in runs], 'req/s')} | |")
        print(f"| ... last event after wrk stopped | {spread([r['lag'] * 1000 for r in runs], 'ms')} | |")
    print(f"| list of {LIST_PINS:,} pins (16 connections) | {spread([r['rate'] for r in lists], 'req/s')} | 5,000 req/s |")
    print(f"| ... per second of the server's CPU time | {spread([r['per_cpu'] for r in lists], 'req/s')} | |")
    for name, runs in ((f"create + fan-out to {FANOUT} (batch=true)", creates_half), (f"list of {LIST_PINS:,} pins", lists_half)):
        print(f"| {name} at half the peak: rate reached | {spread([r['rate'] for r in runs], 'req/s')} | |")
        print(f"| ... p50 / p99 latency | {spread([r['p50'] / 1000 for r in runs], 'ms', 2)} / "
              f"{spread([r['p99'] / 1000 for r in runs], 'ms', 2)} | p99 < 20 ms |")
    for before, connected, after in memories:
        print(f"| server memory (VmRSS): idle / {MEMORY_CLIENTS:,} WebSocket clients / after an event to all | "
              f"{before[0]:.1f} / {connected[0]:.1f} / {after[0]:.1f} MB (peak VmHWM {after[1]:.1f} MB) | < 100 MB |")
    print("\nEvery create's event reached every client (seqs checked per client); no client was closed for "
          "falling behind. Published figures of the anchors (Hypothesis, Figma's comments API, Liveblocks): "
          "none of them publishes throughput, latency or memory per connection (../shared/design/anchors.md).")
    backends(binary)


if __name__ == "__main__":
    main()
