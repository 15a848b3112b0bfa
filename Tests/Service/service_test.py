"""End-to-end tests of `pinrender serve` over loopback with real clients (requests,
websockets, a raw socket): each test class starts its own server on a free port with its own
data directory, and stops it. Run by `make test-service` (and `make test`):

    python3 Tests/Service/service_test.py [--binary .build/debug/pinrender] [--postgres]

With --postgres the same tests run with the pins on PostgreSQL (`serve --db`): a server of
its own (Debian's, initdb into a scratch directory, a unix socket only) with a fresh
database for each test class, plus the tests of several servers on one database; stopped
at the end.
"""
import base64
import concurrent.futures
import glob
import json
import os
import pathlib
import re
import select
import shutil
import signal
import socket
import struct
import subprocess
import sys
import tempfile
import threading
import time
import unittest

import requests
from websockets.sync.client import connect

ROOT = pathlib.Path(__file__).resolve().parents[2]
BINARY = os.environ.get("PINRENDER", str(ROOT / ".build/debug/pinrender"))
SAMPLES = ROOT / "samples"
TIMEOUT = 30
# The local PostgreSQL server with --postgres (a PostgresCluster), else None.
POSTGRES = None


class PostgresCluster:
    """A PostgreSQL server of Debian's in a scratch directory, listening on a unix socket
    there only, trusted; run as the postgres user when this is root. fsync is off: the
    tests kill pinrender, never the database server (`settings`: other server options)."""

    def __init__(self, settings="-c fsync=off"):
        self.bin = sorted(glob.glob("/usr/lib/postgresql/*/bin"))[-1]
        self.root = tempfile.mkdtemp(prefix="pinservice-pg-")
        self.sudo = ["runuser", "-u", "postgres", "--"] if os.geteuid() == 0 else []
        if self.sudo:
            shutil.chown(self.root, "postgres")
        self.count = 0
        data = os.path.join(self.root, "data")
        subprocess.run(self.sudo + [f"{self.bin}/initdb", "-D", data, "-A", "trust", "-U", "postgres", "--no-sync"],
                       check=True, capture_output=True)
        subprocess.run(self.sudo + [f"{self.bin}/pg_ctl", "-D", data, "-l", os.path.join(self.root, "log"), "-w", "-o",
                                    f"-k {self.root} -c listen_addresses='' {settings}", "start"],
                       check=True, capture_output=True)

    def new_database(self):
        """A fresh database's URI."""
        self.count += 1
        name = f"pins{self.count}"
        subprocess.run([f"{self.bin}/psql", "-h", self.root, "-U", "postgres", "-d", "postgres", "-q", "-c",
                        f"CREATE DATABASE {name}"], check=True, capture_output=True)
        return f"postgresql://postgres@/{name}?host={self.root}"

    def stop(self):
        subprocess.run(self.sudo + [f"{self.bin}/pg_ctl", "-D", os.path.join(self.root, "data"), "-m", "fast", "-w", "stop"],
                       capture_output=True)
        shutil.rmtree(self.root, ignore_errors=True)


class Server:
    """`pinrender serve` on 127.0.0.1 and a free port, killed at the latest by stop(); with
    --postgres on a fresh database unless given `db`. Its access log goes to /dev/null unless
    `args` say --access-log (on standard error it would fill the pipe nobody reads)."""

    def __init__(self, data, *args, db=None):
        self.data = data
        self.db = db or (POSTGRES.new_database() if POSTGRES else None)
        self.args = args + (("--db", self.db) if self.db else ())
        self.start()

    def start(self):
        self.proc = subprocess.Popen(
            [BINARY, "serve", "--data", self.data, "--listen", "127.0.0.1:0",
             *(() if "--access-log" in self.args else ("--access-log", os.devnull)), *self.args],
            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, cwd=ROOT)
        ready, _, _ = select.select([self.proc.stdout], [], [], TIMEOUT)
        line = self.proc.stdout.readline() if ready else ""
        match = re.search(r"127\.0\.0\.1:(\d+)", line)
        if not match:
            self.proc.kill()
            raise RuntimeError(f"the server did not start: {line!r} {self.proc.stderr.read()!r}")
        self.port = int(match.group(1))
        self.url = f"http://127.0.0.1:{self.port}"
        self.ws = f"ws://127.0.0.1:{self.port}"

    def stop(self):
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()

    def kill9(self):
        self.proc.send_signal(signal.SIGKILL)
        self.proc.wait()

    def rss(self):
        for line in pathlib.Path(f"/proc/{self.proc.pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) * 1024
        return 0

    def get(self, path, **kw):
        return requests.get(self.url + path, timeout=TIMEOUT, **kw)

    def post(self, path, body, **kw):
        return requests.post(self.url + path, json=body, timeout=TIMEOUT, **kw)

    def patch(self, path, body, **kw):
        return requests.patch(self.url + path, json=body, timeout=TIMEOUT, **kw)

    def delete(self, path, **kw):
        return requests.delete(self.url + path, timeout=TIMEOUT, **kw)

    def put_file(self, content_id, path, headers=None, **kw):
        """Uploads a file with its type (`Content-Type`, by its suffix) and any other `headers`."""
        return requests.put(f"{self.url}/v1/contents/{content_id}", data=pathlib.Path(path).read_bytes(),
                            headers={"Content-Type": document_type(path), **(headers or {})}, timeout=TIMEOUT, **kw)


PNG = {"Content-Type": "image/png"}


def document_type(path):
    """The media type of a PDF, PNG or JPEG file, by its suffix, as an upload declares it."""
    return {".pdf": "application/pdf", ".png": "image/png", ".jpg": "image/jpeg", ".jpeg": "image/jpeg"}[pathlib.Path(path).suffix]


def pin(pin_id, x=0.5, y=0.5, **fields):
    return {"id": pin_id, "authorId": "u1", "text": f"pin {pin_id}", "relativeX": x, "relativeY": y,
            "createdAt": "2026-11-10T09:00:00Z", **fields}


def reply(pin_id, parent, **fields):
    return {"id": pin_id, "authorId": "u2", "text": f"reply {pin_id}", "parentId": parent,
            "createdAt": "2026-11-10T10:00:00Z", **fields}


class ServiceCase(unittest.TestCase):
    """A server of its own for the class, with the sample screenshot and floor plan uploaded."""
    server_args = ()

    @classmethod
    def setUpClass(cls):
        cls.data = tempfile.mkdtemp(prefix="pinservice-")
        cls.server = Server(cls.data, *cls.server_args)
        cls.headers = {}
        cls.upload()

    @classmethod
    def upload(cls, **kw):
        for content_id, file in [("shot", "screenshot.png"), ("plan", "floorplan.pdf")]:
            answer = cls.server.put_file(content_id, SAMPLES / file, **kw)
            assert answer.status_code in (200, 201), answer.text

    @classmethod
    def tearDownClass(cls):
        cls.server.stop()
        shutil.rmtree(cls.data, ignore_errors=True)


class PinsTests(ServiceCase):
    def test_content_metadata_has_pages_and_sizes(self):
        shot = self.server.get("/v1/contents/shot").json()
        self.assertEqual((shot["kind"], shot["unit"], shot["pageCount"]), ("png", "px", 1))
        self.assertEqual(shot["pages"], [{"page": 1, "width": 750, "height": 1334}])
        plan = self.server.get("/v1/contents/plan").json()
        self.assertEqual((plan["kind"], plan["pageCount"]), ("pdf", 4))
        self.assertEqual(plan["pages"][0], {"page": 1, "width": 1191, "height": 842})
        self.assertEqual(self.server.get("/v1/contents/nothing").status_code, 404)
        self.assertEqual(self.server.get("/v1/contents/nothing/pins").status_code, 404)

    def test_crud(self):
        created = self.server.post("/v1/contents/shot/pins", pin("c1", 0.25, 0.75))
        self.assertEqual(created.status_code, 201, created.text)
        body = created.json()
        self.assertEqual((body["id"], body["contentId"], body["version"], body["relativeX"]), ("c1", "shot", 1, 0.25))
        self.assertIn("c1", [p["id"] for p in self.server.get("/v1/contents/shot/pins").json()["pins"]])
        self.assertEqual(self.server.get("/v1/contents/shot/pins/c1").json()["text"], "pin c1")
        edited = self.server.patch("/v1/contents/shot/pins/c1", {"version": 1, "text": "moved", "relativeX": 0.3})
        self.assertEqual(edited.status_code, 200, edited.text)
        self.assertEqual((edited.json()["version"], edited.json()["text"], edited.json()["relativeX"]), (2, "moved", 0.3))
        self.assertGreater(edited.json()["seq"], body["seq"])
        deleted = self.server.delete("/v1/contents/shot/pins/c1?version=2")
        self.assertEqual(deleted.status_code, 200, deleted.text)
        self.assertEqual([(t["id"], t["deleted"]) for t in deleted.json()["deleted"]], [("c1", True)])
        self.assertNotIn("c1", [p["id"] for p in self.server.get("/v1/contents/shot/pins").json()["pins"]])
        self.assertEqual(self.server.get("/v1/contents/shot/pins/c1").status_code, 410)
        self.assertEqual(self.server.delete("/v1/contents/shot/pins/c1").json()["deleted"], [])
        self.assertEqual(self.server.get("/v1/contents/shot/pins/never").status_code, 404)

    def test_create_is_idempotent_by_id(self):
        first = self.server.post("/v1/contents/shot/pins", pin("i1"))
        second = self.server.post("/v1/contents/shot/pins", pin("i1", text="retried"))
        self.assertEqual((first.status_code, second.status_code), (201, 200))
        self.assertEqual(first.json(), second.json())
        ids = [p["id"] for p in self.server.get("/v1/contents/shot/pins").json()["pins"]]
        self.assertEqual(ids.count("i1"), 1)

    def test_stale_version_is_a_conflict_with_the_current_pin(self):
        self.server.post("/v1/contents/shot/pins", pin("k1"))
        self.assertEqual(self.server.patch("/v1/contents/shot/pins/k1", {"version": 1, "resolved": True}).status_code, 200)
        stale = self.server.patch("/v1/contents/shot/pins/k1", {"version": 1, "text": "mine"})
        self.assertEqual(stale.status_code, 409)
        self.assertEqual((stale.json()["current"]["version"], stale.json()["current"]["resolved"]), (2, True))
        self.assertEqual(self.server.get("/v1/contents/shot/pins/k1").json()["text"], "pin k1")
        self.assertEqual(self.server.delete("/v1/contents/shot/pins/k1?version=1").status_code, 409)

    def test_reply_to_a_reply_attaches_to_the_root(self):
        self.server.post("/v1/contents/plan/pins", pin("r1", page=3))
        self.assertEqual(self.server.post("/v1/contents/plan/pins", reply("r2", "r1")).status_code, 201)
        nested = self.server.post("/v1/contents/plan/pins", reply("r3", "r2"))
        self.assertEqual(nested.status_code, 201, nested.text)
        self.assertEqual((nested.json()["parentId"], nested.json()["page"]), ("r1", 3))
        self.assertNotIn("relativeX", nested.json())
        orphan = self.server.post("/v1/contents/plan/pins", reply("r4", "ghost"))
        self.assertEqual(orphan.status_code, 400)
        self.assertIn("parentId", orphan.json()["error"])
        # Deleting the root leaves tombstones for its replies too.
        gone = self.server.delete("/v1/contents/plan/pins/r1").json()["deleted"]
        self.assertEqual(sorted(t["id"] for t in gone), ["r1", "r2", "r3"])

    def test_bad_fields_are_named(self):
        cases = [
            (pin("b1", 1.5, 0.5), "relativeX"),
            ({**pin("b2"), "resolved": "yes"}, "resolved"),
            ({"authorId": "u", "text": "no id", "relativeX": 0.1, "relativeY": 0.1}, "id"),
            (pin("b3", page=9), "page"),
            ({**pin("b4"), "contentId": "plan"}, "contentId"),
        ]
        for body, field in cases:
            answer = self.server.post("/v1/contents/shot/pins", body)
            self.assertEqual(answer.status_code, 400, body)
            self.assertTrue(answer.json()["error"].startswith(field + ":"), answer.json()["error"])
        edit = self.server.patch("/v1/contents/shot/pins/k1", {"version": 1, "authorId": "x"})
        self.assertIn(edit.status_code, (400, 404))
        self.server.post("/v1/contents/shot/pins", pin("b5"))
        edit = self.server.patch("/v1/contents/shot/pins/b5", {"version": 1, "authorId": "x"})
        self.assertEqual(edit.status_code, 400)
        self.assertTrue(edit.json()["error"].startswith("authorId: cannot be changed"), edit.text)
        edit = self.server.patch("/v1/contents/shot/pins/b5", {"text": "no version"})
        self.assertTrue(edit.json()["error"].startswith("version: missing"), edit.text)
        # An edit may not move a pin past the content's last page, alone or in a sync batch.
        edit = self.server.patch("/v1/contents/shot/pins/b5", {"version": 1, "page": 2})
        self.assertEqual(edit.status_code, 400, edit.text)
        self.assertTrue(edit.json()["error"].startswith("page: page 2, but content"), edit.text)
        batch = self.server.post("/v1/sync", {"cursor": 0, "contentId": "shot", "changes": [
            {"changeId": "b5-page", "op": "update", "id": "b5", "version": 1, "set": {"page": 3}}]}).json()
        self.assertEqual(batch["results"][0]["status"], "refused", batch["results"])
        self.assertTrue(batch["results"][0]["reason"].startswith("changes[0].set.page: page 3"), batch["results"])
        self.assertEqual(self.server.get("/v1/contents/shot/pins/b5").json()["page"], 1)
        not_json = requests.post(self.server.url + "/v1/contents/shot/pins", data=b"{",
                                 headers={"Content-Type": "application/json"}, timeout=TIMEOUT)
        self.assertEqual(not_json.status_code, 400)
        self.assertEqual(self.server.get("/v1/contents/shot/changes?since=-1").status_code, 400)
        self.assertEqual(self.server.get("/v1/contents/.hidden").status_code, 400)

    def test_changes_after_a_cursor(self):
        self.server.post("/v1/contents/shot/pins", pin("h0"))
        cursor = self.server.get("/v1/contents/shot/pins").json()["cursor"]
        self.server.post("/v1/contents/shot/pins", pin("h1"))
        self.server.post("/v1/contents/shot/pins", pin("h2"))
        self.server.patch("/v1/contents/shot/pins/h1", {"version": 1, "resolved": True})
        self.server.delete("/v1/contents/shot/pins/h2")
        self.server.delete("/v1/contents/shot/pins/h0")
        page = self.server.get(f"/v1/contents/shot/changes?since={cursor}").json()
        changes = {c["id"]: c for c in page["changes"]}
        self.assertEqual(sorted(changes), ["h0", "h1", "h2"])
        self.assertEqual((changes["h1"]["version"], changes["h1"]["resolved"]), (2, True))
        self.assertTrue(changes["h2"]["deleted"] and changes["h0"]["deleted"])
        self.assertNotIn("text", changes["h2"])
        seqs = [c["seq"] for c in page["changes"]]
        self.assertEqual(seqs, sorted(seqs))
        self.assertFalse(page["more"])
        self.assertEqual(self.server.get(f"/v1/contents/shot/changes?since={page['cursor']}").json()["changes"], [])
        first = self.server.get(f"/v1/contents/shot/changes?since={cursor}&limit=1").json()
        self.assertTrue(first["more"])
        rest = self.server.get(f"/v1/contents/shot/changes?since={first['cursor']}").json()
        self.assertEqual([c["id"] for c in first["changes"] + rest["changes"]], [c["id"] for c in page["changes"]])

    def test_sync_batch_is_safe_to_retry(self):
        self.server.post("/v1/contents/shot/pins", pin("s0"))
        cursor = self.server.get("/v1/contents/shot/pins").json()["cursor"]
        batch = {"contentId": "shot", "cursor": cursor, "changes": [
            {"changeId": "chg-1", "op": "create", "pin": pin("s1")},
            {"changeId": "chg-2", "op": "create", "pin": pin("s2", 0.1, 2)},
            {"changeId": "chg-3", "op": "update", "id": "s0", "version": 1, "set": {"resolved": True}},
            {"changeId": "chg-4", "op": "update", "id": "s0", "version": 1, "set": {"text": "stale"}},
            {"changeId": "chg-5", "op": "create", "pin": reply("s3", "s1")},
            {"changeId": "chg-6", "op": "delete", "id": "s1", "version": 1},
            {"changeId": "chg-7", "op": "update", "id": "ghost", "version": 1, "set": {"text": "x"}},
        ]}
        first = self.server.post("/v1/sync", batch)
        self.assertEqual(first.status_code, 200, first.text)
        results = first.json()["results"]
        self.assertEqual([r["status"] for r in results],
                         ["applied", "refused", "applied", "refused", "applied", "applied", "refused"])
        self.assertTrue(results[1]["reason"].startswith("changes[1].pin.relativeY:"), results[1])
        self.assertIn("version 2", results[3]["reason"])
        self.assertIn("ghost", results[6]["reason"])
        changed = {c["id"]: c for c in first.json()["changes"]}
        self.assertTrue(changed["s1"]["deleted"] and changed["s3"]["deleted"])
        self.assertEqual(changed["s0"]["version"], 2)
        seq = self.server.get("/health").json()["seq"]
        again = self.server.post("/v1/sync", batch)
        self.assertEqual([r["status"] for r in again.json()["results"]], [r["status"] for r in results])
        self.assertTrue(all(r["replayed"] for r in again.json()["results"]))
        self.assertEqual(self.server.get("/health").json()["seq"], seq)
        self.assertEqual(again.json()["changes"], first.json()["changes"])
        broken = self.server.post("/v1/sync", {"contentId": "shot", "changes": [
            {"changeId": "ok", "op": "create", "pin": pin("s9")}, {"op": "create"}]})
        self.assertEqual(broken.status_code, 400)
        self.assertTrue(broken.json()["error"].startswith("changes[1].changeId:"), broken.text)
        self.assertEqual(self.server.post("/v1/sync", {"contentId": "nothing", "changes": []}).status_code, 404)

    def test_huge_numbers_are_400_not_a_crash(self):
        self.server.post("/v1/contents/shot/pins", pin("n1"))
        for body, field in [({"contentId": "shot", "cursor": 1e300, "changes": []}, "cursor"),
                            ({"contentId": "shot", "changes": [{"changeId": "n-1", "op": "delete", "id": "n1", "version": 1e300}]}, None),
                            ({"contentId": "shot", "changes": [{"changeId": "n-2", "op": "update", "id": "n1", "version": 1e300, "set": {}}]}, None)]:
            answer = self.server.post("/v1/sync", body)
            if field:
                self.assertEqual(answer.status_code, 400, answer.text)
                self.assertTrue(answer.json()["error"].startswith(field + ":"), answer.text)
            else:
                self.assertEqual(answer.json()["results"][0]["status"], "refused", answer.text)
        self.assertEqual(self.server.patch("/v1/contents/shot/pins/n1", {"version": 1e300}).status_code, 400)
        self.assertEqual(self.server.patch("/v1/contents/shot/pins/n1", {"version": 2.5}).status_code, 400)
        self.assertEqual(self.server.get("/v1/contents/shot/changes?since=99999999999999999999999").status_code, 400)
        self.assertEqual(self.server.get("/health").status_code, 200)

    def test_openapi_is_served_and_matches_the_repository(self):
        served = self.server.get("/v1/openapi.json").json()
        self.assertEqual(served, json.loads((ROOT / "docs/openapi.json").read_text()))
        self.assertEqual(served["openapi"], "3.1.0")

    def test_unknown_paths_and_methods(self):
        self.assertEqual(self.server.get("/v2/nothing").status_code, 404)
        wrong = requests.delete(self.server.url + "/v1/contents", timeout=TIMEOUT)
        self.assertEqual((wrong.status_code, wrong.headers.get("Allow")), (405, "GET, HEAD"))
        self.assertEqual(self.server.get("/health").json()["status"], "ok")


class LimitsTests(ServiceCase):
    server_args = ("--max-upload", "200000")

    def test_a_bad_event_backlog_is_one_line_and_status_2(self):
        run = subprocess.run([BINARY, "serve", "--event-backlog", "5"], capture_output=True, text=True, timeout=TIMEOUT)
        self.assertEqual(run.returncode, 2)
        self.assertEqual(run.stderr.count("\n"), 1, run.stderr)
        self.assertIn("--event-backlog", run.stderr)

    def test_a_body_over_the_limit_is_413(self):
        big = (SAMPLES / "screenshot.png").read_bytes() + b"\0" * 200_000
        answer = requests.put(self.server.url + "/v1/contents/big", data=big, headers=PNG, timeout=TIMEOUT)
        self.assertEqual(answer.status_code, 413)
        self.assertIn("200000", answer.json()["error"])
        self.assertEqual(self.server.get("/v1/contents/big").status_code, 404)
        huge = {**pin("big"), "text": "x" * (5 << 20)}
        self.assertEqual(self.server.post("/v1/contents/shot/pins", huge).status_code, 413)
        self.assertEqual(self.server.get("/health").status_code, 200)

    def test_a_body_without_a_length_is_411(self):
        chunks = (piece for piece in [b"\x89PNG", b"rest"])
        answer = requests.put(self.server.url + "/v1/contents/chunked", data=chunks, headers=PNG, timeout=TIMEOUT)
        self.assertEqual(answer.status_code, 411)
        self.assertIn("Content-Length", answer.json()["error"])

    def test_a_file_that_is_no_document_is_400(self):
        answer = requests.put(self.server.url + "/v1/contents/junk", data=b"hello world", headers=PNG, timeout=TIMEOUT)
        self.assertEqual(answer.status_code, 400)
        self.assertTrue(answer.json()["error"].startswith("body:"), answer.text)
        broken = requests.put(self.server.url + "/v1/contents/junk", data=b"%PDF-1.4\n garbage",
                              headers={"Content-Type": "application/pdf"}, timeout=TIMEOUT)
        self.assertEqual(broken.status_code, 400, broken.text)


class TokenTests(ServiceCase):
    @classmethod
    def setUpClass(cls):
        cls.data = tempfile.mkdtemp(prefix="pinservice-")
        tokens = pathlib.Path(cls.data) / "tokens.json"
        tokens.write_text(json.dumps({"tokens": [
            {"token": "admin-token-1", "contents": ["*"], "role": "admin"},
            {"token": "shot-comment", "contents": ["shot"], "role": "comment"},
            {"token": "shot-reader-1", "contents": ["sh*"], "role": "read"},
        ]}))
        cls.server = Server(cls.data, "--tokens", str(tokens))
        cls.upload(headers={"Authorization": "Bearer admin-token-1"})

    def auth(self, token):
        return {"Authorization": f"Bearer {token}"}

    def test_no_token_is_401(self):
        answer = self.server.get("/v1/contents/shot/pins")
        self.assertEqual(answer.status_code, 401)
        self.assertEqual(answer.headers.get("WWW-Authenticate"), "Bearer")
        self.assertEqual(self.server.get("/v1/contents/shot/pins", headers=self.auth("wrong-token")).status_code, 401)
        self.assertEqual(self.server.get("/health").status_code, 200)

    def test_outside_the_scope_is_403(self):
        self.assertEqual(self.server.get("/v1/contents/plan/pins", headers=self.auth("shot-comment")).status_code, 403)
        self.assertEqual(self.server.post("/v1/contents/shot/pins", pin("t1"), headers=self.auth("shot-reader-1")).status_code, 403)
        self.assertEqual(self.server.put_file("shot", SAMPLES / "screenshot.png", headers=self.auth("shot-comment")).status_code, 403)
        sync = self.server.post("/v1/sync", {"contentId": "plan", "changes": []}, headers=self.auth("shot-comment"))
        self.assertEqual(sync.status_code, 403)

    def test_within_the_scope(self):
        self.assertEqual(self.server.post("/v1/contents/shot/pins", pin("t2"), headers=self.auth("shot-comment")).status_code, 201)
        self.assertEqual(self.server.get("/v1/contents/shot/pins/t2", headers=self.auth("shot-reader-1")).status_code, 200)
        self.assertEqual(self.server.get("/v1/contents/shot/render.png?width=100&access_token=shot-reader-1").status_code, 200)
        listed = self.server.get("/v1/contents", headers=self.auth("shot-reader-1")).json()["contents"]
        self.assertEqual([c["id"] for c in listed], ["shot"])

    def test_events_need_a_token(self):
        with self.assertRaises(Exception) as refused:
            connect(f"{self.server.ws}/v1/contents/shot/events", open_timeout=TIMEOUT).close()
        self.assertIn("401", str(refused.exception))
        with connect(f"{self.server.ws}/v1/contents/shot/events?access_token=shot-reader-1", open_timeout=TIMEOUT) as ws:
            self.assertEqual(json.loads(ws.recv(TIMEOUT))["type"] in ("pin.created", "ready"), True)

    def test_tokens_are_never_logged(self):
        self.server.get("/v1/contents/shot/pins?access_token=shot-reader-1")
        self.server.stop()
        output = self.server.proc.stdout.read() + self.server.proc.stderr.read()
        for token in ("admin-token-1", "shot-comment", "shot-reader-1"):
            self.assertNotIn(token, output)
        self.server.start()


class EventTests(ServiceCase):
    server_args = ("--heartbeat", "1")

    def events_until_ready(self, ws):
        events = []
        while True:
            event = json.loads(ws.recv(TIMEOUT))
            if event["type"] == "ready":
                return events, event["cursor"]
            if event["type"] != "heartbeat":
                events.append(event)

    def test_replay_then_live_without_gap_or_duplicate(self):
        for i in range(20):
            self.server.post("/v1/contents/shot/pins", pin(f"e{i}"))
        cursor = self.server.get("/v1/contents/shot/pins").json()["cursor"]
        for i in range(20, 30):
            self.server.post("/v1/contents/shot/pins", pin(f"e{i}"))
        self.server.patch("/v1/contents/shot/pins/e3", {"version": 1, "resolved": True})
        # Writers keep going while the client connects and replays, and for 10 pins after
        # the client is ready (counted, not timed: those come live).
        stop = threading.Event()
        written = [0]

        def write():
            i = 100
            while not stop.is_set():
                self.server.post("/v1/contents/shot/pins", pin(f"e{i}"))
                i += 1
                written[0] += 1
        writer = threading.Thread(target=write)
        writer.start()
        try:
            with connect(f"{self.server.ws}/v1/contents/shot/events?since={cursor}", open_timeout=TIMEOUT) as ws:
                replayed, ready = self.events_until_ready(ws)
                after_ready = written[0] + 10
                deadline = time.monotonic() + TIMEOUT
                while written[0] < after_ready and writer.is_alive() and time.monotonic() < deadline:
                    time.sleep(0.01)
                self.assertGreaterEqual(written[0], after_ready, "the writer stopped")
                stop.set()
                writer.join()
                self.server.patch("/v1/contents/shot/pins/e20", {"version": 1, "text": "last"})
                last = self.server.get("/health").json()["seq"]
                live = []
                while not live or live[-1]["seq"] < last:
                    event = json.loads(ws.recv(TIMEOUT))
                    if event["type"] != "heartbeat":
                        live.append(event)
        finally:
            stop.set()
            writer.join()
        seqs = [e["seq"] for e in replayed + live]
        self.assertEqual(seqs, sorted(set(seqs)), "a duplicate or out of order")
        self.assertTrue(all(e["seq"] > cursor for e in replayed))
        self.assertIn("e25", [e["pin"]["id"] for e in replayed])
        self.assertNotIn("e5", [e["pin"]["id"] for e in replayed])
        self.assertIn(("pin.resolved", "e3"), [(e["type"], e["pin"]["id"]) for e in live] +
                      [("pin.resolved" if e["pin"]["version"] == 2 else e["type"], e["pin"]["id"]) for e in replayed])
        # Every change after the cursor reached the client: the changes endpoint's last seq
        # of each pin is among the events.
        changes = self.server.get(f"/v1/contents/shot/changes?since={cursor}&limit=10000").json()["changes"]
        self.assertTrue({c["seq"] for c in changes} <= set(seqs))
        self.assertEqual(live[-1]["type"], "pin.updated")
        self.assertGreaterEqual(sum(e["type"] == "pin.created" for e in live), 10, "the pins written after ready came live")
        self.assertLessEqual(ready, live[0]["seq"] if live else ready)

    def test_a_burst_of_changes_reaches_every_client_in_order_one_per_frame_or_batched(self):
        # Changes from one sync batch and from writers in parallel leave together. A plain
        # client must still get each in a frame of its own; a client with batch=true gets
        # arrays of them: the same events in the same order.
        now = self.server.get("/health").json()["seq"]
        with connect(f"{self.server.ws}/v1/contents/shot/events?since={now}", open_timeout=TIMEOUT) as plain, \
                connect(f"{self.server.ws}/v1/contents/shot/events?since={now}&batch=true", open_timeout=TIMEOUT) as batched:
            self.events_until_ready(plain)
            arrays = [json.loads(batched.recv(TIMEOUT))]
            self.assertEqual([e["type"] for e in arrays[0]], ["ready"])
            writers = [threading.Thread(target=lambda w=w: [self.server.post("/v1/contents/shot/pins", pin(f"burst{w}-{i}"))
                                                            for i in range(10)]) for w in range(3)]
            for writer in writers:
                writer.start()
            changes = [{"changeId": f"bc{i}", "op": "create", "pin": pin(f"bsync{i}")} for i in range(30)]
            self.assertEqual(self.server.post("/v1/sync", {"cursor": now, "contentId": "shot", "changes": changes}).status_code, 200)
            for writer in writers:
                writer.join()
            last = self.server.get("/health").json()["seq"]
            events = []
            while not events or events[-1]["seq"] < last:
                event = json.loads(plain.recv(TIMEOUT))
                self.assertIsInstance(event, dict)
                if event["type"] != "heartbeat":
                    events.append(event)
            flat = []
            while not flat or flat[-1]["seq"] < last:
                arrays.append(json.loads(batched.recv(TIMEOUT)))
                self.assertIsInstance(arrays[-1], list)
                flat += [e for e in arrays[-1] if e["type"] != "heartbeat"]
        self.assertEqual([e["seq"] for e in events], list(range(now + 1, last + 1)))
        self.assertEqual(len(events), 60)
        self.assertEqual({e["type"] for e in events}, {"pin.created"})
        self.assertEqual(flat, events)
        self.assertLess(len(arrays), 60, "no change was batched")

    def test_batch_must_be_true_or_false(self):
        answer = self.server.get("/v1/contents/shot/events?batch=yes")
        self.assertEqual(answer.status_code, 400)
        self.assertIn("batch", answer.json()["error"])

    def test_reconnect_with_the_cursor_gets_what_was_missed(self):
        # From the current seq: a replay of the flood test's 60 MB may be closed for resync.
        now = self.server.get("/health").json()["seq"]
        with connect(f"{self.server.ws}/v1/contents/plan/events?since={now}", open_timeout=TIMEOUT) as ws:
            _, cursor = self.events_until_ready(ws)
            self.server.post("/v1/contents/plan/pins", pin("m1"))
            seen = json.loads(ws.recv(TIMEOUT))
            while seen["type"] == "heartbeat":
                seen = json.loads(ws.recv(TIMEOUT))
            self.assertEqual((seen["type"], seen["pin"]["id"]), ("pin.created", "m1"))
            cursor = seen["seq"]
        self.server.post("/v1/contents/plan/pins", pin("m2"))
        self.server.delete("/v1/contents/plan/pins/m1")
        # Replayed once, as it is now, with the type of its last change.
        self.server.post("/v1/contents/plan/pins", pin("m3"))
        self.server.patch("/v1/contents/plan/pins/m3", {"version": 1, "resolved": True})
        with connect(f"{self.server.ws}/v1/contents/plan/events?since={cursor}", open_timeout=TIMEOUT) as ws:
            missed, _ = self.events_until_ready(ws)
        self.assertEqual([(e["type"], e["pin"]["id"]) for e in missed],
                         [("pin.created", "m2"), ("pin.deleted", "m1"), ("pin.resolved", "m3")])

    def test_heartbeats(self):
        # One a second (--heartbeat 1); TIMEOUT is a bound against their absence, not a timing.
        with connect(f"{self.server.ws}/v1/contents/shot/events", open_timeout=TIMEOUT) as ws:
            self.events_until_ready(ws)
            deadline = time.monotonic() + TIMEOUT
            while time.monotonic() < deadline:
                event = json.loads(ws.recv(TIMEOUT))
                if event["type"] == "heartbeat":
                    self.assertEqual(event["cursor"], self.server.get("/health").json()["seq"])
                    return
            self.fail(f"no heartbeat in {TIMEOUT} s with --heartbeat 1")

    def test_a_client_that_stops_reading_is_closed_with_resync_and_memory_stays_bounded(self):
        raw = socket.socket()
        raw.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
        raw.settimeout(TIMEOUT)
        raw.connect(("127.0.0.1", self.server.port))
        key = base64.b64encode(os.urandom(16)).decode()
        raw.sendall((f"GET /v1/contents/plan/events HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\n"
                     f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n").encode())
        head = b""
        while b"\r\n\r\n" not in head:
            head += raw.recv(1)
        self.assertIn(b" 101 ", head.split(b"\r\n")[0])
        # The stuck client reads again once it was closed (within libsoup's 5 s for the
        # close frame): it gets what the kernel held, then the close frame.
        stuck = {"data": b""}

        def read_when_closed():
            deadline = time.time() + TIMEOUT
            while time.time() < deadline and self.server.get("/health").json()["resyncClosed"] < 1:
                time.sleep(0.05)
            while True:
                chunk = raw.recv(65536)
                if not chunk:
                    break
                stuck["data"] += chunk
        reader = threading.Thread(target=read_when_closed)
        reader.start()
        # A reading client on the same content gets every event meanwhile.
        with connect(f"{self.server.ws}/v1/contents/plan/events", open_timeout=TIMEOUT, max_size=None) as good:
            self.events_until_ready(good)
            before = self.server.rss()
            text = "x" * 20_000
            published = 0
            for batch in range(30):
                changes = [{"changeId": f"flood-{batch}-{i}", "op": "create",
                            "pin": {**pin(f"f{batch}-{i}"), "text": text}} for i in range(100)]
                cursor = self.server.get("/health").json()["seq"]
                answer = self.server.post("/v1/sync", {"contentId": "plan", "cursor": cursor, "changes": changes})
                self.assertEqual(answer.status_code, 200)
                published += 100 * len(text)
                received = []
                while len(received) < 100:
                    event = json.loads(good.recv(TIMEOUT))
                    if event["type"] != "heartbeat":
                        received.append(event)
                self.assertEqual([e["pin"]["id"] for e in received], [c["pin"]["id"] for c in changes])
            growth = self.server.rss() - before
            health = self.server.get("/health").json()
        self.assertGreaterEqual(health["resyncClosed"], 1)
        self.assertGreater(published, 50 << 20)
        # The batches are decoded and written on the store's threads, whose heaps glibc keeps
        # once freed unless given back (28 to 43 MB of growth before, 13 to 15 MB after).
        self.assertLess(growth, 24 << 20, f"the server grew by {growth} bytes while {published} were published")
        reader.join()
        raw.close()
        self.assertEqual(close_codes(stuck["data"]), [4000], f"{len(stuck['data'])} bytes read")


def close_codes(data):
    """The status codes of the close frames in a server's (unmasked) WebSocket bytes."""
    codes, at = [], 0
    while at + 2 <= len(data):
        opcode, length = data[at] & 0x0F, data[at + 1] & 0x7F
        at += 2
        if length == 126:
            length, at = struct.unpack(">H", data[at:at + 2])[0], at + 2
        elif length == 127:
            length, at = struct.unpack(">Q", data[at:at + 8])[0], at + 8
        if opcode == 8 and length >= 2:
            codes.append(struct.unpack(">H", data[at:at + 2])[0])
        at += length
    return codes


class RenderTests(ServiceCase):
    def cli(self, content, options, suffix, tmp):
        pins = pathlib.Path(tmp) / "pins.json"
        listed = self.server.get(f"/v1/contents/{content}/pins").json()
        pins.write_text(json.dumps({"pins": listed["pins"]}))
        out = pathlib.Path(tmp) / f"cli.{suffix}"
        subprocess.run([BINARY, "render", str(SAMPLES / content_files[content]), "--pins", str(pins), "-o", str(out),
                        *options], check=True, timeout=120, capture_output=True)
        return out.read_bytes()

    def test_renders_equal_the_cli_and_answer_304_to_their_etag(self):
        for i, (x, y) in enumerate([(0.2, 0.3), (0.8, 0.1), (0.5, 0.9)]):
            self.server.post("/v1/contents/plan/pins", pin(f"d{i}", x, y, page=1 + i % 2))
        self.server.post("/v1/contents/plan/pins", reply("d9", "d0"))
        self.server.patch("/v1/contents/plan/pins/d1", {"version": 1, "resolved": True})
        cases = [
            ("plan", "png", "page=1&dpi=40&tooltips=all", ["--page", "1", "--dpi", "40", "--tooltips", "all"]),
            ("plan", "png", "page=1&device=iphone-se&zoom=2&focus=d0", ["--page", "1", "--device", "iphone-se", "--zoom", "2", "--focus", "d0"]),
            ("plan", "png", "page=2&width=300&include=open", ["--page", "2", "--width", "300", "--include", "open"]),
            ("plan", "pdf", "", []),
        ]
        with tempfile.TemporaryDirectory() as tmp:
            for content, suffix, query, options in cases:
                answer = self.server.get(f"/v1/contents/{content}/render.{suffix}?{query}")
                self.assertEqual(answer.status_code, 200, answer.text[:300])
                self.assertEqual(answer.content, self.cli(content, options, suffix, tmp), query)
                etag = answer.headers["ETag"]
                again = self.server.get(f"/v1/contents/{content}/render.{suffix}?{query}", headers={"If-None-Match": etag})
                self.assertEqual((again.status_code, again.content), (304, b""))
        before = self.server.get("/v1/contents/plan/render.png?page=1&dpi=40").headers["ETag"]
        self.server.post("/v1/contents/plan/pins", pin("d5", 0.6, 0.6))
        after = self.server.get("/v1/contents/plan/render.png?page=1&dpi=40", headers={"If-None-Match": before})
        self.assertEqual(after.status_code, 200)
        self.assertNotEqual(after.headers["ETag"], before)

    def test_bad_render_options_are_400(self):
        for query, field in [("dpi=-3", "dpi"), ("page=9", "page"), ("tooltips=some", "tooltips"),
                             ("theme=/etc/passwd", "theme"), ("device=iphone-se&dpi=30", "")]:
            answer = self.server.get(f"/v1/contents/plan/render.png?{query}")
            self.assertEqual(answer.status_code, 400, query)
            self.assertIn(field, answer.json()["error"])

    def test_a_vanishing_scale_is_no_crash(self):
        # --scale 5e-324 put every pin at 0 and made the cluster index's scale infinite:
        # 0 x infinity is NaN, and converting it to an integer stopped the process.
        for i in range(3):
            self.server.post("/v1/contents/plan/pins", pin(f"v{i}", 0.1 * i + 0.1, 0.3))
        answer = self.server.get("/v1/contents/plan/render.png?scale=5e-324")
        self.assertIn(answer.status_code, (200, 400, 422), answer.text[:200])
        self.assertNotIn(self.data, answer.text)
        self.assertEqual(self.server.get("/health").status_code, 200)

    def test_pin_traffic_goes_on_while_a_render_runs(self):
        # A render of seconds (page 1 at 1200 dpi: 278 million pixels, ~3 s for a debug build
        # on 2 cores), counted in flight by the server (rendersQueued) before the first list
        # and still after the last: the 20 lists are answered while it runs, each in a small
        # part of its time. Counted, not timed: on a machine of any speed the render is the
        # longer by far; if it ends first the test says so instead of passing.
        done = threading.Event()
        results = {}

        def render():
            started = time.monotonic()
            try:
                results["render"] = self.server.get("/v1/contents/plan/render.png?page=1&dpi=1200&tooltips=all")
            finally:
                results["seconds"] = time.monotonic() - started
                done.set()
        worker = threading.Thread(target=render)
        worker.start()
        try:
            deadline = time.monotonic() + TIMEOUT
            while self.server.get("/health").json()["rendersQueued"] < 1:
                self.assertFalse(done.is_set(), "the server answered nothing while the render ran: does it block the loop?")
                self.assertLess(time.monotonic(), deadline, "the render was never counted in flight")
                time.sleep(0.01)
            latencies = []
            for _ in range(20):
                started = time.monotonic()
                self.assertEqual(self.server.get("/v1/contents/plan/pins").status_code, 200)
                latencies.append(time.monotonic() - started)
            in_flight = self.server.get("/health").json()["rendersQueued"]
        finally:
            worker.join()
        self.assertEqual(results["render"].status_code, 200, results["render"].text[:300])
        self.assertEqual(results["render"].content[:4], b"\x89PNG")
        self.assertGreaterEqual(in_flight, 1, f"the render ({results['seconds']:.2f} s) ended before the 20 lists "
                                              f"({sum(latencies):.2f} s): it must be bigger to show anything")
        self.assertLess(max(latencies), results["seconds"] / 4, f"a list waited on the render: {latencies}")
        print(f"\n  20 lists during a {results['seconds']:.1f} s render: median {sorted(latencies)[10] * 1000:.0f} ms, "
              f"longest {max(latencies) * 1000:.0f} ms", file=sys.stderr)


content_files = {"plan": "floorplan.pdf", "shot": "screenshot.png"}


class DurabilityTests(unittest.TestCase):
    def test_kill_9_right_after_acknowledged_writes_loses_nothing(self):
        data = tempfile.mkdtemp(prefix="pinservice-")
        server = Server(data)
        try:
            self.assertEqual(server.put_file("shot", SAMPLES / "screenshot.png").status_code, 201)
            acknowledged = {}
            for i in range(150):
                answer = server.post("/v1/contents/shot/pins", pin(f"k{i}", (i % 10) / 10, 0.5))
                self.assertEqual(answer.status_code, 201)
                acknowledged[f"k{i}"] = answer.json()["version"]
                if i % 3 == 0:
                    edit = server.patch(f"/v1/contents/shot/pins/k{i}", {"version": 1, "resolved": True})
                    self.assertEqual(edit.status_code, 200)
                    acknowledged[f"k{i}"] = edit.json()["version"]
            server.kill9()
            server.start()
            stored = {p["id"]: p["version"] for p in server.get("/v1/contents/shot/pins").json()["pins"]}
            self.assertEqual(stored, acknowledged)
        finally:
            server.stop()
            shutil.rmtree(data, ignore_errors=True)

    def test_kill_9_right_after_writes_committed_together_loses_none_acknowledged(self):
        # Eight clients at once: their writes wait for the writer together and commit in
        # groups; each answer comes after its group's commit, so kill -9 loses none answered.
        data = tempfile.mkdtemp(prefix="pinservice-")
        server = Server(data)
        try:
            self.assertEqual(server.put_file("shot", SAMPLES / "screenshot.png").status_code, 201)
            with concurrent.futures.ThreadPoolExecutor(8) as pool:
                answers = list(pool.map(lambda i: server.post("/v1/contents/shot/pins", pin(f"g{i}", (i % 10) / 10, 0.5)),
                                        range(200)))
            self.assertEqual([a.status_code for a in answers], [201] * 200)
            server.kill9()
            server.start()
            stored = {p["id"] for p in server.get("/v1/contents/shot/pins").json()["pins"]}
            self.assertEqual(stored, {f"g{i}" for i in range(200)})
            self.assertEqual(server.get("/v1/contents/shot/changes?since=0").json()["cursor"], 200)
        finally:
            server.stop()
            shutil.rmtree(data, ignore_errors=True)


@unittest.skipUnless("--postgres" in sys.argv, "several servers share a PostgreSQL database only")
class SharedDatabaseTests(unittest.TestCase):
    """Two servers on one PostgreSQL database (and one data directory): what one commits
    reaches the other's event clients, in order, and its cursors are the other's."""

    def setUp(self):
        self.data = tempfile.mkdtemp(prefix="pinservice-")
        # Heartbeats (which also read the changes) far apart: the events come by NOTIFY.
        self.a = Server(self.data, "--heartbeat", "120")
        self.b = Server(self.data, "--heartbeat", "120", db=self.a.db)
        self.assertEqual(self.a.put_file("shot", SAMPLES / "screenshot.png").status_code, 201)

    def tearDown(self):
        self.a.stop()
        self.b.stop()
        shutil.rmtree(self.data, ignore_errors=True)

    def events(self, ws, until_seq):
        """The pin events of `ws` up to the one with `until_seq`."""
        events = []
        while not events or events[-1]["seq"] < until_seq:
            event = json.loads(ws.recv(TIMEOUT))
            if event["type"] not in ("heartbeat", "ready"):
                events.append(event)
        return events

    def test_a_server_whose_database_connections_were_cut_reconnects(self):
        # Its statements are prepared per connection: a new connection prepares them again.
        for i in range(3):
            self.assertEqual(self.a.post("/v1/contents/shot/pins", pin(f"cut{i}")).status_code, 201)
        uri = self.a.db
        subprocess.run([f"{POSTGRES.bin}/psql", uri, "-q", "-c", "SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
                        "WHERE datname = current_database() AND pid <> pg_backend_pid()"], check=True, capture_output=True)
        # The first use of a cut connection fails (libpq learns of it then); the next works.
        answers = [self.a.post("/v1/contents/shot/pins", pin(f"again{i}")).status_code for i in range(3)]
        self.assertEqual(answers[-2:], [201, 201], answers)
        listed = self.a.get("/v1/contents/shot/pins")
        if listed.status_code != 200:
            listed = self.a.get("/v1/contents/shot/pins")
        ids = {p["id"] for p in listed.json()["pins"]}
        self.assertTrue({"cut0", "cut1", "cut2", "again1", "again2"} <= ids, ids)

    def test_a_pin_created_on_one_server_reaches_the_clients_of_the_other(self):
        with connect(f"{self.b.ws}/v1/contents/shot/events", open_timeout=TIMEOUT) as ws:
            self.assertEqual(json.loads(ws.recv(TIMEOUT))["type"], "ready")
            created = self.a.post("/v1/contents/shot/pins", pin("x1"))
            self.assertEqual(created.status_code, 201, created.text)
            event = self.events(ws, created.json()["seq"])[-1]
            self.assertEqual((event["type"], event["pin"]["id"], event["seq"]), ("pin.created", "x1", created.json()["seq"]))
            # Each event awaited before the next change: the pin is read back as it is then.
            for change, expected in [(lambda: self.a.patch("/v1/contents/shot/pins/x1", {"version": 1, "resolved": True}), "pin.resolved"),
                                     (lambda: self.a.patch("/v1/contents/shot/pins/x1", {"version": 2, "text": "still resolved"}), "pin.updated"),
                                     (lambda: self.a.delete("/v1/contents/shot/pins/x1"), "pin.deleted")]:
                change()
                self.assertEqual(self.events(ws, self.a.get("/health").json()["seq"])[-1]["type"], expected)

    def test_a_cursor_of_one_server_is_valid_on_the_other(self):
        self.a.post("/v1/contents/shot/pins", pin("y0"))
        cursor = self.a.get("/v1/contents/shot/pins").json()["cursor"]
        self.assertEqual(self.b.get("/v1/contents/shot/pins").json()["cursor"], cursor)
        self.a.post("/v1/contents/shot/pins", pin("y1"))
        self.b.patch("/v1/contents/shot/pins/y0", {"version": 1, "resolved": True})
        changes = self.b.get(f"/v1/contents/shot/changes?since={cursor}").json()["changes"]
        self.assertEqual([(c["id"], c["version"]) for c in changes], [("y1", 1), ("y0", 2)])
        with connect(f"{self.b.ws}/v1/contents/shot/events?since={cursor}", open_timeout=TIMEOUT) as ws:
            replayed = self.events(ws, changes[-1]["seq"])
        self.assertEqual([e["pin"]["id"] for e in replayed], ["y1", "y0"])

    def test_writes_on_both_servers_reach_every_client_in_order_and_survive_kill_9(self):
        with connect(f"{self.a.ws}/v1/contents/shot/events", open_timeout=TIMEOUT) as on_a, \
             connect(f"{self.b.ws}/v1/contents/shot/events", open_timeout=TIMEOUT) as on_b:

            def write(server, prefix):
                for i in range(40):
                    self.assertEqual(server.post("/v1/contents/shot/pins", pin(f"{prefix}{i}")).status_code, 201)
            writers = [threading.Thread(target=write, args=(self.a, "wa")), threading.Thread(target=write, args=(self.b, "wb"))]
            for writer in writers:
                writer.start()
            for writer in writers:
                writer.join()
            last = self.b.get("/health").json()["seq"]
            seen = [[e["seq"] for e in self.events(ws, last)] for ws in (on_a, on_b)]
        self.a.kill9()
        stored = self.b.get("/v1/contents/shot/changes?since=0&limit=10000").json()["changes"]
        self.assertEqual(len(stored), 80)
        for seqs in seen:
            self.assertEqual(seqs, sorted(c["seq"] for c in stored), "a change missed, repeated or out of order")


@unittest.skipUnless("--postgres" in sys.argv and shutil.which("nginx"), "behind nginx, on PostgreSQL only")
class BalancedTests(unittest.TestCase):
    """Two servers on one database behind nginx on loopback, round robin, as a load
    balancer runs them: clients see one service, whichever server answers, and lose nothing
    when one dies. nginx passes a request to the other server when one is down, and may pass
    a create on even after sending it (`non_idempotent`): the pin's id makes it idempotent."""

    CONFIG = """
    pid {root}/nginx.pid;
    error_log {root}/error.log;
    events {{ worker_connections 256; }}
    http {{
        access_log off;
        client_body_temp_path {root}/body;
        proxy_temp_path {root}/proxy;
        upstream pins {{ server 127.0.0.1:{a}; server 127.0.0.1:{b}; }}
        map $http_upgrade $connection_upgrade {{ default upgrade; '' close; }}
        server {{
            listen 127.0.0.1:{port};
            client_max_body_size 64m;
            location / {{
                proxy_pass http://pins;
                proxy_http_version 1.1;
                proxy_set_header Host $http_host;
                proxy_set_header Upgrade $http_upgrade;
                proxy_set_header Connection $connection_upgrade;
                proxy_read_timeout 120s;
                proxy_next_upstream error timeout non_idempotent;
            }}
        }}
    }}
    """

    def setUp(self):
        self.data = tempfile.mkdtemp(prefix="pinservice-")
        self.addCleanup(shutil.rmtree, self.data, ignore_errors=True)
        self.a = Server(self.data)
        self.addCleanup(self.a.stop)
        self.b = Server(self.data, db=self.a.db)
        self.addCleanup(self.b.stop)
        self.root = tempfile.mkdtemp(prefix="pinservice-nginx-")
        self.addCleanup(shutil.rmtree, self.root, ignore_errors=True)
        # nginx's workers (nobody, when this is root) keep request bodies in it.
        os.chmod(self.root, 0o755)
        with socket.socket() as probe:
            probe.bind(("127.0.0.1", 0))
            port = probe.getsockname()[1]
        pathlib.Path(self.root, "nginx.conf").write_text(self.CONFIG.format(root=self.root, a=self.a.port, b=self.b.port, port=port))
        nginx = subprocess.Popen(["nginx", "-p", self.root, "-c", f"{self.root}/nginx.conf", "-g", "daemon off;"],
                                 stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        self.addCleanup(nginx.wait, TIMEOUT)
        self.addCleanup(nginx.terminate)
        self.url, self.ws = f"http://127.0.0.1:{port}", f"ws://127.0.0.1:{port}"
        deadline = time.time() + TIMEOUT
        while True:
            try:
                if requests.get(self.url + "/health", timeout=TIMEOUT).status_code == 200:
                    break
            except requests.ConnectionError:
                if time.time() > deadline:
                    raise
                time.sleep(0.05)
        self.assertEqual(requests.put(f"{self.url}/v1/contents/shot", data=(SAMPLES / "screenshot.png").read_bytes(),
                                      headers=PNG, timeout=TIMEOUT).status_code, 201)

    def create(self, pin_id):
        return requests.post(f"{self.url}/v1/contents/shot/pins", json=pin(pin_id), timeout=TIMEOUT).status_code

    def pin_events(self, ws, ids):
        """The pin events of `ws` until every one of `ids` came."""
        events, wanted = [], set(ids)
        while wanted - {e["pin"]["id"] for e in events}:
            event = json.loads(ws.recv(TIMEOUT))
            if "pin" in event:
                events.append(event)
        return events

    def test_every_client_gets_every_change_whichever_server_answers_and_one_dying_loses_none(self):
        with connect(f"{self.ws}/v1/contents/shot/events", open_timeout=TIMEOUT) as first, \
             connect(f"{self.ws}/v1/contents/shot/events", open_timeout=TIMEOUT) as second:
            ids = [f"lb{i}" for i in range(20)]
            self.assertEqual({self.create(i) for i in ids}, {201})
            for ws in (first, second):
                seqs = [e["seq"] for e in self.pin_events(ws, ids)]
                self.assertEqual(seqs, sorted(set(seqs)))
            cursor = max(seqs)
        self.a.kill9()
        later = [f"after{i}" for i in range(10)]
        self.assertEqual({self.create(i) for i in later}, {201}, "a create failed with one server dead")
        with connect(f"{self.ws}/v1/contents/shot/events?since={cursor}", open_timeout=TIMEOUT) as ws:
            missed = self.pin_events(ws, later)
        self.assertEqual([e["pin"]["id"] for e in missed], later)
        listed = requests.get(f"{self.url}/v1/contents/shot/pins", timeout=TIMEOUT).json()["pins"]
        self.assertEqual({p["id"] for p in listed}, set(ids + later))


def main(prepare=None):
    """Runs the test classes of the script that calls it (this one, or a hostile_*_test.py
    importing it) with `--binary PROGRAM` and `--postgres` read from the command line;
    `prepare` runs first (after the options are read)."""
    global BINARY, POSTGRES
    if "--binary" in sys.argv:
        at = sys.argv.index("--binary")
        BINARY = sys.argv[at + 1]
        del sys.argv[at:at + 2]
    if prepare:
        prepare()
    if "--postgres" in sys.argv:
        POSTGRES = PostgresCluster()
    try:
        unittest.main(module="__main__", verbosity=2, argv=[arg for arg in sys.argv if arg != "--postgres"])
    finally:
        if POSTGRES:
            POSTGRES.stop()


if __name__ == "__main__":
    main()
