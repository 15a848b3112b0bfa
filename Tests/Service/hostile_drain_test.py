"""The drain on SIGTERM (issue 30, operating it), as an operator and its clients see it, with
service_test.py's Server helper:

    python3 -W ignore Tests/Service/hostile_drain_test.py [--binary .build/debug/pinrender] [--postgres]

At the first SIGTERM (or SIGINT) the server stops listening (a new connection is refused),
lets the requests in flight finish (answered with `Connection: close`) for --drain-timeout
seconds at most, closes the events clients with 1001 (going away), checkpoints the store
and exits 0; a second signal ends it at once. A request is held in flight here by sending
its body in two parts, the second only once the drain is under way (its log line says so).

On PostgreSQL a change's events are read back from the database after its answer is sent;
the drain waits for that reading too. The test holds it with PINRENDER_TEST_PUBLISH_GATE
(``TestGate``): while a named pipe is at that path, each reading waits for a byte from it.
Without the wait, the events clients were closed before the in-flight change's event.
"""
import json
import os
import queue
import signal
import socket
import subprocess
import tempfile
import threading
import unittest

from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

import service_test
from service_test import SAMPLES, TIMEOUT, Server, pin

# A bound against a hang only: a drain with nothing in flight takes milliseconds.
STOP_BOUND = 30


def log_line(server, event):
    """Reads the server's standard error until its log line of `event`, which it returns
    (through a thread: a select on the buffered stream would miss lines already read ahead)."""
    if not hasattr(server, "lines"):
        server.lines = queue.Queue()
        threading.Thread(target=lambda: [server.lines.put(line) for line in server.proc.stderr] + [server.lines.put("")],
                         daemon=True).start()
    while True:
        try:
            line = server.lines.get(timeout=TIMEOUT)
        except queue.Empty:
            raise AssertionError(f"no {event} line in the server's log within {TIMEOUT} s")
        if not line:
            raise AssertionError(f"the server ended before a {event} line")
        if line.startswith("{") and json.loads(line).get("event") == event:
            return json.loads(line)


class HeldRequest:
    """A pin's POST on a raw socket, in flight once made: its headers are read (the server
    said 100 Continue) and half its body sent; the rest by finish()."""

    def __init__(self, server, pin_id):
        self.body = json.dumps(pin(pin_id)).encode()
        self.socket = socket.create_connection(("127.0.0.1", server.port), timeout=TIMEOUT)
        head = (f"POST /v1/contents/shot/pins HTTP/1.1\r\nHost: 127.0.0.1:{server.port}\r\nExpect: 100-continue\r\n"
                f"Content-Type: application/json\r\nContent-Length: {len(self.body)}\r\n\r\n").encode()
        self.socket.sendall(head)
        interim = b""
        while not interim.endswith(b"\r\n\r\n"):
            interim += self.socket.recv(1)
        assert interim.startswith(b"HTTP/1.1 100"), interim
        self.socket.sendall(self.body[:10])

    def finish(self):
        """Sends the rest of the body and returns the whole answer, read to the end of the stream."""
        self.socket.sendall(self.body[10:])
        return read_to_end(self.socket)

    def read_rest(self):
        """What the server sends from now on, until it closes ("" when it sent nothing)."""
        return read_to_end(self.socket)


def read_to_end(connection):
    """What `connection` receives until the server closes it ("" for nothing, or a reset); closes it."""
    data = b""
    try:
        while chunk := connection.recv(65536):
            data += chunk
    except ConnectionResetError:
        pass
    finally:
        connection.close()
    return data.decode()


class DrainTests(unittest.TestCase):
    def setUp(self):
        self.data = tempfile.mkdtemp(prefix="pinservice-")
        self.publish_gate = os.path.join(self.data, "publish-gate")
        os.environ["PINRENDER_TEST_PUBLISH_GATE"] = self.publish_gate
        try:
            self.server = Server(self.data, "--log-level", "debug")
        finally:
            del os.environ["PINRENDER_TEST_PUBLISH_GATE"]
        answer = self.server.put_file("shot", SAMPLES / "screenshot.png")
        self.assertEqual(answer.status_code, 201, answer.text)

    def tearDown(self):
        if self.server.proc.poll() is None:
            self.server.kill9()

    def test_sigterm_finishes_the_request_in_flight_closes_the_events_with_1001_and_refuses_new_connections(self):
        for number in range(3):
            self.assertEqual(self.server.post("/v1/contents/shot/pins", pin(f"before-{number}")).status_code, 201)
        events = connect(f"{self.server.ws}/v1/contents/shot/events", open_timeout=TIMEOUT)
        self.assertEqual([json.loads(events.recv(TIMEOUT))["type"] for _ in range(4)], ["pin.created"] * 3 + ["ready"])
        held = HeldRequest(self.server, "in-flight")
        self.server.proc.send_signal(signal.SIGTERM)
        self.assertEqual(log_line(self.server, "drain-started")["count"], 1)
        with self.assertRaises(ConnectionRefusedError):
            socket.create_connection(("127.0.0.1", self.server.port), timeout=TIMEOUT)
        if self.server.db:
            os.mkfifo(self.publish_gate)
        answer = held.finish()
        self.assertTrue(answer.startswith("HTTP/1.1 201"), answer)
        self.assertIn("connection: close", answer.lower())
        self.assertEqual(json.loads(answer.split("\r\n\r\n", 1)[1])["id"], "in-flight")
        if self.server.db:
            # Answered, its event not yet read back: let the reading go on, and no other after it.
            gate = os.open(self.publish_gate, os.O_WRONLY)
            os.unlink(self.publish_gate)
            os.write(gate, b"x")
            os.close(gate)
        # The in-flight change's event comes before the close.
        self.assertEqual(json.loads(events.recv(TIMEOUT))["pin"]["id"], "in-flight")
        with self.assertRaises(ConnectionClosed) as closed:
            events.recv(TIMEOUT)
        self.assertEqual(closed.exception.rcvd.code, 1001)
        self.assertIn("going away", closed.exception.rcvd.reason)
        self.assertEqual(self.server.proc.wait(STOP_BOUND), 0)
        if not self.server.db:
            # Checkpointed: the WAL was copied into pins.db and emptied.
            self.assertEqual(os.path.getsize(os.path.join(self.data, "pins.db-wal")), 0)
        again = Server(self.data, db=self.server.db)
        try:
            ids = sorted(p["id"] for p in again.get("/v1/contents/shot/pins").json()["pins"])
            self.assertEqual(ids, ["before-0", "before-1", "before-2", "in-flight"])
        finally:
            again.stop()

    def test_a_second_signal_ends_the_server_at_once(self):
        for second in (signal.SIGTERM, signal.SIGINT):
            with self.subTest(second=second):
                if self.server.proc.poll() is not None:
                    self.server = Server(self.data, "--log-level", "debug", db=self.server.db)
                held = HeldRequest(self.server, f"held-{second}")
                self.server.proc.send_signal(signal.SIGTERM)
                log_line(self.server, "drain-started")
                self.server.proc.send_signal(second)
                try:
                    status = self.server.proc.wait(STOP_BOUND)
                except subprocess.TimeoutExpired:
                    self.fail(f"a second signal ({second}) left the server draining for {STOP_BOUND} s")
                # Ended by the signal, the held request unanswered.
                self.assertEqual(status, -second)
                self.assertEqual(held.read_rest(), "")

    def test_a_request_that_does_not_finish_is_cut_at_the_drain_timeout(self):
        self.server.stop()
        self.server = Server(self.data, "--drain-timeout", "1", db=self.server.db)
        held = HeldRequest(self.server, "never-finished")
        self.server.proc.send_signal(signal.SIGTERM)
        timeout = log_line(self.server, "drain-timeout")
        self.assertEqual((timeout["level"], timeout["count"]), ("warn", 1))
        self.assertEqual(self.server.proc.wait(STOP_BOUND), 0)
        self.assertEqual(held.read_rest(), "")


if __name__ == "__main__":
    service_test.main()
