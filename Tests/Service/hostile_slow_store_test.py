"""A slow store (issue 30): the loop only moves bytes, the store's work runs off it, so a
write the store holds up stalls no other request, and the events of writes made side by
side still come in commit order:

    python3 -W ignore Tests/Service/hostile_slow_store_test.py [--binary .build/debug/pinrender] [--postgres]

The store is held by the test, not by a sleep: with PINRENDER_TEST_WRITE_GATE naming a
named pipe, each write of the server waits for the test to open the pipe and to write a
byte into it (``TestGate``), so the test knows the write is held while it asks the rest.
On main, every store call ran on the loop thread: while one write was held, nothing else
was answered.
"""
import concurrent.futures
import json
import os
import shutil
import tempfile
import threading
import unittest

import requests
from websockets.sync.client import connect

import service_test
from service_test import SAMPLES, TIMEOUT, Server, pin


class HeldWriteTests(unittest.TestCase):
    def setUp(self):
        self.data = tempfile.mkdtemp(prefix="pinservice-")
        self.gate = os.path.join(self.data, "write-gate")
        os.mkfifo(self.gate)
        os.environ["PINRENDER_TEST_WRITE_GATE"] = self.gate
        try:
            self.server = Server(os.path.join(self.data, "store"))
        finally:
            del os.environ["PINRENDER_TEST_WRITE_GATE"]
        self.pool = concurrent.futures.ThreadPoolExecutor(2)
        # The upload is kept by the store's writer: through the gate too.
        upload, gate = self.hold(self.pool.submit(self.server.put_file, "shot", SAMPLES / "screenshot.png"))
        self.release(gate)
        answer = upload.result(TIMEOUT)
        self.assertIn(answer.status_code, (200, 201), answer.text)

    def tearDown(self):
        self.pool.shutdown(wait=False, cancel_futures=True)
        self.server.stop()
        shutil.rmtree(self.data, ignore_errors=True)

    def hold_write(self, path, body):
        """Sends a write and returns its future and the gate, once the server holds it."""
        return self.hold(self.pool.submit(requests.post, self.server.url + path, json=body, timeout=TIMEOUT))

    def hold(self, future):
        """`future` (a write sent) and the gate, once the server holds the write."""
        # Opening the pipe for writing returns once the server's writer opened it to read:
        # the write is then held until a byte is written. (On a thread of its own, bounded
        # against a server that never opens it.)
        opened = {}
        opener = threading.Thread(target=lambda: opened.update(gate=os.open(self.gate, os.O_WRONLY)), daemon=True)
        opener.start()
        opener.join(TIMEOUT)
        self.assertIn("gate", opened, f"the server did not hold the write at the gate in {TIMEOUT} s")
        return future, opened["gate"]

    def release(self, gate):
        os.write(gate, b"x")
        os.close(gate)

    def test_reads_are_answered_while_a_write_is_held(self):
        # One write through first, so the reads below have a pin to show.
        first, gate = self.hold_write("/v1/contents/shot/pins", pin("first"))
        self.release(gate)
        self.assertEqual(first.result(TIMEOUT).status_code, 201)
        held, gate = self.hold_write("/v1/contents/shot/pins", pin("held"))
        try:
            pins = self.server.get("/v1/contents/shot/pins")
            self.assertEqual(pins.status_code, 200, pins.text)
            self.assertEqual([p["id"] for p in pins.json()["pins"]], ["first"])
            self.assertEqual(self.server.get("/v1/contents/shot/pins/first").status_code, 200)
            self.assertEqual(self.server.get("/v1/contents/shot/changes?since=0").json()["cursor"], 1)
            self.assertEqual([c["id"] for c in self.server.get("/v1/contents").json()["contents"]], ["shot"])
            self.assertEqual(self.server.get("/v1/openapi.json").status_code, 200)
            self.assertFalse(held.done(), "the held write was answered before the store let it go")
        finally:
            self.release(gate)
        self.assertEqual(held.result(TIMEOUT).status_code, 201)
        self.assertEqual([p["id"] for p in self.server.get("/v1/contents/shot/pins").json()["pins"]], ["first", "held"])

    def test_a_held_write_is_answered_in_full_and_refusals_are_as_before(self):
        held, gate = self.hold_write("/v1/contents/shot/pins", pin("bad", x=3))
        self.release(gate)
        answer = held.result(TIMEOUT)
        self.assertEqual(answer.status_code, 400)
        self.assertTrue(answer.json()["error"].startswith("relativeX: "), answer.text)
        missing, gate = self.hold_write("/v1/contents/nothing/pins", pin("a"))
        self.release(gate)
        self.assertEqual(missing.result(TIMEOUT).status_code, 404)


class CommitOrderTests(unittest.TestCase):
    def test_events_of_writes_made_side_by_side_come_in_commit_order(self):
        data = tempfile.mkdtemp(prefix="pinservice-")
        server = Server(data)
        try:
            self.assertIn(server.put_file("shot", SAMPLES / "screenshot.png").status_code, (200, 201))
            with connect(f"{server.ws}/v1/contents/shot/events", open_timeout=TIMEOUT) as ws:
                self.assertEqual(json.loads(ws.recv(TIMEOUT))["type"], "ready")
                with concurrent.futures.ThreadPoolExecutor(8) as pool:
                    answers = list(pool.map(lambda n: server.post("/v1/contents/shot/pins", pin(f"p{n}")), range(40)))
                self.assertEqual(sorted(a.status_code for a in answers), [201] * 40)
                seqs = []
                while len(seqs) < 40:
                    event = json.loads(ws.recv(TIMEOUT))
                    if event["type"] == "pin.created":
                        seqs.append(event["seq"])
                self.assertEqual(seqs, sorted(seqs))
                self.assertEqual(sorted(seqs), sorted(a.json()["seq"] for a in answers))
        finally:
            server.stop()
            shutil.rmtree(data, ignore_errors=True)


if __name__ == "__main__":
    service_test.main()
