"""What an operator reads from `pinrender serve` (issue 30, operating it): the access log in
JSON Lines, --log-level, GET /metrics in Prometheus' text format (parsed with
prometheus_client's own parser), and the probes /healthz and /readyz; with service_test.py's
Server helper:

    python3 -W ignore Tests/Service/hostile_operating_test.py [--binary .build/debug/pinrender] [--postgres]

A request's line is written when its answer has been sent, before the server reads the next
request: a test that got the answer of a later request finds the earlier ones' lines.
"""
import datetime
import hashlib
import json
import os
import signal
import subprocess
import sys
import tempfile
import unittest

import requests
from prometheus_client.parser import text_string_to_metric_families
from websockets.sync.client import connect

import service_test
from service_test import SAMPLES, TIMEOUT, Server, pin

READER = "reader-token-0123456789"
WRITER = "writer-token-9876543210"


def bearer(token):
    return {"Authorization": f"Bearer {token}"}


class AccessLogTests(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.data = tempfile.mkdtemp(prefix="pinservice-")
        descriptor, cls.tokens = tempfile.mkstemp(prefix="pinservice-tokens-", suffix=".json")
        with os.fdopen(descriptor, "w") as file:
            json.dump({"tokens": [
                {"token": READER, "contents": ["*"], "role": "read", "name": "ci-reader"},
                {"token": WRITER, "contents": ["*"], "role": "admin"},
            ]}, file)
        cls.log = os.path.join(cls.data, "access.jsonl")
        cls.server = Server(cls.data, "--tokens", cls.tokens, "--access-log", cls.log)
        answer = cls.server.put_file("shot", SAMPLES / "screenshot.png", headers=bearer(WRITER))
        assert answer.status_code == 201, answer.text

    @classmethod
    def tearDownClass(cls):
        cls.server.stop()
        os.remove(cls.tokens)

    def lines(self):
        """The log's lines so far but those of /healthz, after one more of those (its own line
        may be there or not yet)."""
        self.server.get("/healthz")
        with open(self.log) as file:
            return [line for line in map(json.loads, file) if line["route"] != "/healthz"]

    def test_each_request_is_a_line_with_its_route_template_status_bytes_duration_and_token_name(self):
        before = len(self.lines())
        listed = self.server.get("/v1/contents/shot/pins", headers=bearer(READER))
        created = self.server.post("/v1/contents/shot/pins", pin("logged"), headers=bearer(WRITER))
        edited = self.server.patch("/v1/contents/shot/pins/logged", {"version": 1, "text": "edited"}, headers=bearer(WRITER))
        refused = self.server.get("/v1/contents/shot/pins")
        unknown = self.server.get("/v1/nothing/here?x=1", headers=bearer(READER))
        self.assertEqual([a.status_code for a in (listed, created, edited, refused, unknown)], [200, 201, 200, 401, 404])
        lines = self.lines()[before:]
        self.assertEqual([(line["method"], line["route"], line["status"]) for line in lines], [
            ("GET", "/v1/contents/{contentId}/pins", 200),
            ("POST", "/v1/contents/{contentId}/pins", 201),
            ("PATCH", "/v1/contents/{contentId}/pins/{pinId}", 200),
            ("GET", "/v1/contents/{contentId}/pins", 401),
            ("GET", "unmatched", 404),
        ])
        writer_name = hashlib.sha256(WRITER.encode()).hexdigest()[:8]
        self.assertEqual([line.get("token") for line in lines], ["ci-reader", writer_name, writer_name, None, "ci-reader"])
        answers = (listed, created, edited, refused, unknown)
        self.assertEqual([line["bytes"] for line in lines], [len(answer.content) for answer in answers])
        for line in lines:
            self.assertEqual(sorted(line), sorted({"time", "method", "route", "status", "bytes", "durationMs"} | set(
                ["token"] if "token" in line else [])))
            self.assertIsInstance(line["durationMs"], (int, float))
            self.assertGreaterEqual(line["durationMs"], 0)
            when = datetime.datetime.fromisoformat(line["time"].replace("Z", "+00:00"))
            self.assertLess(abs((datetime.datetime.now(datetime.timezone.utc) - when).total_seconds()), 3600)

    def test_no_token_reaches_the_log_nor_standard_error(self):
        self.server.get(f"/v1/contents/shot/render.png?dpi=nonsense&access_token={READER}")
        self.server.get("/v1/contents/shot/pins", headers=bearer(WRITER))
        self.server.get("/v1/contents/shot/pins", headers=bearer("a-token-nobody-has-1"))
        lines = self.lines()
        self.assertIn(("/v1/contents/{contentId}/render.png", 400, "ci-reader"),
                      [(line["route"], line["status"], line.get("token")) for line in lines])
        with open(self.log) as file:
            text = file.read()
        for secret in (READER, WRITER, "a-token-nobody-has-1", "nonsense", "shot"):
            self.assertNotIn(secret, text)

    def test_a_websocket_is_a_line_of_its_handshake(self):
        with connect(f"{self.server.ws}/v1/contents/shot/events?access_token={READER}", open_timeout=TIMEOUT) as events:
            self.assertEqual(json.loads(events.recv(TIMEOUT))["type"], "ready")
        self.assertIn(("GET", "/v1/contents/{contentId}/events", 101, "ci-reader"),
                      [(line["method"], line["route"], line["status"], line.get("token")) for line in self.lines()])


class LogLevelTests(unittest.TestCase):
    def stopped_log(self, *args):
        """The server's standard error from start to a drained stop."""
        server = Server(tempfile.mkdtemp(prefix="pinservice-"), *args)
        server.proc.send_signal(signal.SIGTERM)
        self.assertEqual(server.proc.wait(TIMEOUT), 0)
        return [json.loads(line) for line in server.proc.stderr.read().splitlines() if line.startswith("{")]

    def test_each_level_writes_the_ones_before_it(self):
        # The drain's lines: drain-started and drained at info, its steps at debug.
        events = lambda level: [line["event"] for line in self.stopped_log("--log-level", level)
                                if line["event"].startswith("drain")]
        self.assertEqual(events("debug"), ["drain-started", "drain-requests-done", "drained"])
        self.assertEqual(events("info"), ["drain-started", "drained"])
        self.assertEqual([line["event"] for line in self.stopped_log()], ["drain-started", "drained"])
        self.assertEqual(events("warn"), [])
        self.assertEqual(events("error"), [])

    def test_a_bad_level_or_log_file_is_one_line_and_status_2(self):
        for args, named in [(["--log-level", "verbose"], "--log-level"),
                            (["--access-log", "/nonexistent/dir/access.jsonl"], "/nonexistent/dir/access.jsonl")]:
            done = subprocess.run([service_test.BINARY, "serve", "--data", tempfile.mkdtemp(prefix="pinservice-"),
                                   "--listen", "127.0.0.1:0", *args], capture_output=True, text=True, timeout=TIMEOUT)
            self.assertEqual(done.returncode, 2, done.stderr)
            lines = [line for line in done.stderr.splitlines() if "warning" not in line]
            self.assertEqual(len(lines), 1, done.stderr)
            self.assertIn(named, lines[0])


def scrape(server):
    """`GET /metrics` parsed: {(sample name, labels as a sorted tuple): value}, and the families' types."""
    answer = server.get("/metrics")
    assert answer.status_code == 200, answer.text
    assert answer.headers["Content-Type"].startswith("text/plain; version=0.0.4"), answer.headers
    values, types = {}, {}
    for family in text_string_to_metric_families(answer.text):
        types[family.name] = family.type
        for sample in family.samples:
            values[(sample.name, tuple(sorted(sample.labels.items())))] = sample.value
    return values, types


class MetricsTests(service_test.ServiceCase):
    # No heartbeat comes between two scrapes.
    server_args = ("--heartbeat", "3600")

    def test_the_families_have_their_types(self):
        _, types = scrape(self.server)
        self.assertEqual(types, {
            "pinrender_http_requests": "counter", "pinrender_http_request_duration_seconds": "histogram",
            "pinrender_event_clients": "gauge", "pinrender_events_sent": "counter",
            "pinrender_render_queue_depth": "gauge", "pinrender_renders_running": "gauge",
            "pinrender_render_duration_seconds": "histogram", "pinrender_store_operation_seconds": "histogram",
            "pinrender_store_commits": "counter", "pinrender_store_round_trips": "counter",
        })

    def test_requests_are_counted_by_route_and_status_with_their_latency(self):
        route = "/v1/contents/{contentId}/pins"
        ok = ("pinrender_http_requests_total", (("method", "GET"), ("route", route), ("status", "200")))
        missing = ("pinrender_http_requests_total", (("method", "GET"), ("route", route), ("status", "404")))
        latency = ("pinrender_http_request_duration_seconds_count", (("route", route),))
        before, _ = scrape(self.server)
        for _ in range(3):
            self.assertEqual(self.server.get("/v1/contents/shot/pins").status_code, 200)
        self.assertEqual(self.server.get("/v1/contents/nothing/pins").status_code, 404)
        after, _ = scrape(self.server)
        self.assertEqual(after[ok] - before.get(ok, 0), 3)
        self.assertEqual(after[missing] - before.get(missing, 0), 1)
        self.assertEqual(after[latency] - before.get(latency, 0), 4)
        inf = ("pinrender_http_request_duration_seconds_bucket", (("le", "+Inf"), ("route", route)))
        self.assertEqual(after[inf], after[latency])

    def test_store_operations_and_events_are_measured(self):
        writes = ("pinrender_store_operation_seconds_count", (("kind", "write"),))
        clients = ("pinrender_event_clients", ())
        sent = ("pinrender_events_sent_total", ())
        before, _ = scrape(self.server)
        self.assertEqual(before[clients], 0)
        with connect(f"{self.server.ws}/v1/contents/shot/events", open_timeout=TIMEOUT) as events:
            replayed = 0
            while json.loads(events.recv(TIMEOUT))["type"] != "ready":
                replayed += 1
            connected, _ = scrape(self.server)
            self.assertEqual(connected[clients], 1)
            # The replay and the ready message.
            self.assertEqual(connected[sent] - before[sent], replayed + 1)
            self.assertEqual(self.server.post("/v1/contents/shot/pins", pin("measured")).status_code, 201)
            self.assertEqual(json.loads(events.recv(TIMEOUT))["pin"]["id"], "measured")
            after, _ = scrape(self.server)
        self.assertEqual(after[sent] - connected[sent], 1)
        # The create was one write transaction at least, and one commit.
        self.assertGreaterEqual(after[writes] - before[writes], 1)
        commits = ("pinrender_store_commits_total", ())
        self.assertEqual(after[commits] - before[commits], 1)

    def test_a_create_is_one_commit_and_on_postgresql_three_round_trips(self):
        # On PostgreSQL the writer sends what returns nothing without waiting: a create waits
        # for the pin with its id and its content's pages (one statement), the next seq and
        # the commit.
        trips, commits = ("pinrender_store_round_trips_total", ()), ("pinrender_store_commits_total", ())
        before, _ = scrape(self.server)
        for n in range(5):
            self.assertEqual(self.server.post("/v1/contents/shot/pins", pin(f"trip{n}")).status_code, 201)
        after, _ = scrape(self.server)
        self.assertEqual(after[commits] - before[commits], 5)
        self.assertEqual(after[trips] - before[trips], 15 if "--postgres" in sys.argv else 0)

    def test_renders_are_measured_and_the_queue_is_empty_after(self):
        checks = ("pinrender_render_duration_seconds_count", (("kind", "check"),))
        renders = ("pinrender_render_duration_seconds_count", (("kind", "render"),))
        before, _ = scrape(self.server)
        # The class's two uploads were checked by a worker each.
        self.assertGreaterEqual(before[checks], 2)
        self.assertEqual(self.server.get("/v1/contents/shot/render.png?width=100").status_code, 200)
        after, _ = scrape(self.server)
        self.assertEqual(after[renders] - before.get(renders, 0), 1)
        self.assertEqual((after[("pinrender_render_queue_depth", ())], after[("pinrender_renders_running", ())]), (0, 0))


class ProbeTests(unittest.TestCase):
    def test_healthz_and_readyz_answer_ok_and_ready(self):
        server = Server(tempfile.mkdtemp(prefix="pinservice-"))
        try:
            healthz, readyz = server.get("/healthz"), server.get("/readyz")
            self.assertEqual((healthz.status_code, healthz.text), (200, "ok\n"))
            self.assertEqual((readyz.status_code, readyz.text), (200, "ready\n"))
            self.assertEqual(server.get("/health").json()["status"], "ok")
            self.assertEqual(requests.post(server.url + "/readyz", timeout=TIMEOUT).status_code, 405)
        finally:
            server.stop()

    def test_readyz_is_503_with_the_reason_while_the_store_takes_no_writes(self):
        if service_test.POSTGRES:
            self.skipTest("a deleted pins.db is SQLite's")
        data = tempfile.mkdtemp(prefix="pinservice-")
        server = Server(data)
        try:
            for name in ("pins.db", "pins.db-wal"):
                os.remove(os.path.join(data, name))
            readyz = server.get("/readyz")
            self.assertEqual(readyz.status_code, 503, readyz.text)
            self.assertTrue(readyz.text.startswith("store-lost: "), readyz.text)
            # Liveness is the loop answering: still 200.
            self.assertEqual(server.get("/healthz").status_code, 200)
        finally:
            server.kill9()


if __name__ == "__main__":
    service_test.main()
