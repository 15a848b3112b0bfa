"""The store under hostile clients and careless operators (issue 29, tenants and state):
`pinrender serve` on loopback, with real clients, as service_test.py runs it (its Server
helper, one server per test):

    python3 -W ignore Tests/Service/hostile_store_test.py [--binary .build/debug/pinrender] [--postgres]

- sync change ids belong to their content and client (token); one repeated in a batch is a 400;
- a cursor past the newest change is a 400 naming the newest one (changes, events, sync);
- a database deleted, full or read-only stops the acknowledgements (503) and /health says so;
- one server per SQLite data directory (a lock); the directory and its files are private;
- a 500 carries no server path, and its detail is logged on stderr as a JSON line.

Run as root, the process first enters a mount namespace of its own (private mounts), where
the full-disk tests give the data directory a small tmpfs and the read-only ones a read-only
bind mount; without root those tests are skipped. With --postgres the same tests run with
the pins on PostgreSQL where they apply (a read-only database instead of a full disk).
"""
import concurrent.futures
import ctypes
import json
import os
import re
import select
import shutil
import signal
import stat
import subprocess
import sys
import tempfile
import time
import unittest

import requests
from websockets.exceptions import InvalidStatus
from websockets.sync.client import connect

import service_test
from service_test import SAMPLES, TIMEOUT, Server, pin

# Whether this process has a mount namespace of its own (root only).
NAMESPACE = False


def enter_mount_namespace():
    """unshare(CLONE_NEWNS), then every mount private: what is mounted here stays here."""
    libc = ctypes.CDLL(None, use_errno=True)
    if libc.unshare(0x00020000) != 0:
        return False
    return subprocess.run(["mount", "--make-rprivate", "/"], capture_output=True).returncode == 0


# Whether the pins are on PostgreSQL (known from the command line when the classes are made).
POSTGRES_RUN = "--postgres" in sys.argv


def mounted(*args):
    subprocess.run(["mount", *args], check=True, capture_output=True)


def stderr_until(server, needle):
    """The server's standard error up to a line holding `needle` (bounded by TIMEOUT)."""
    fd = server.proc.stderr.fileno()
    text = ""
    deadline = time.monotonic() + TIMEOUT
    while needle not in text:
        ready, _, _ = select.select([fd], [], [], max(0, deadline - time.monotonic()))
        chunk = os.read(fd, 65536).decode() if ready else ""
        if not chunk:
            break
        text += chunk
    return text


class StoreCase(unittest.TestCase):
    """A fresh data directory per test, removed after it (and its servers stopped)."""

    def setUp(self):
        self.data = tempfile.mkdtemp(prefix="pinservice-")
        self.servers = []

    def tearDown(self):
        for server in self.servers:
            server.stop()
        shutil.rmtree(self.data, ignore_errors=True)

    def serve(self, *args, data=None, db=None):
        server = Server(data or self.data, *args, db=db)
        self.servers.append(server)
        return server


class SyncScopeTests(StoreCase):
    """Two tokens on two contents, and a second client on the first content."""

    def setUp(self):
        super().setUp()
        tokens = os.path.join(self.data, "..", os.path.basename(self.data) + "-tokens.json")
        self.tokens_file = os.path.abspath(tokens)
        with open(self.tokens_file, "w") as file:
            json.dump({"tokens": [
                {"token": "admin-token", "contents": ["*"], "role": "admin"},
                {"token": "alpha-token", "contents": ["alpha"], "role": "comment"},
                {"token": "alpha-other", "contents": ["alpha"], "role": "comment"},
                {"token": "beta--token", "contents": ["beta"], "role": "comment"},
            ]}, file)
        self.server = self.serve("--tokens", self.tokens_file)
        for content_id in ("alpha", "beta"):
            answer = self.server.put_file(content_id, SAMPLES / "screenshot.png", headers=self.bearer("admin-token"))
            self.assertEqual(answer.status_code, 201, answer.text)

    def tearDown(self):
        super().tearDown()
        os.remove(self.tokens_file)

    @staticmethod
    def bearer(token):
        return {"Authorization": f"Bearer {token}"}

    def sync(self, token, content_id, changes):
        return self.server.post("/v1/sync", {"contentId": content_id, "changes": changes}, headers=self.bearer(token))

    def pin_ids(self, content_id):
        answer = self.server.get(f"/v1/contents/{content_id}/pins", headers=self.bearer("admin-token"))
        return {p["id"] for p in answer.json()["pins"]}

    def test_a_change_id_belongs_to_its_content_and_client(self):
        # A claims "shared" (applied) and "taken" (refused: no such pin) first.
        first = self.sync("alpha-token", "alpha", [
            {"changeId": "shared", "op": "create", "pin": pin("on-alpha")},
            {"changeId": "taken", "op": "delete", "id": "ghost", "version": 1}])
        self.assertEqual(first.status_code, 200, first.text)
        self.assertEqual([r["status"] for r in first.json()["results"]], ["applied", "refused"])
        # B on another content, with the same ids: its own changes, applied, A's text nowhere.
        other = self.sync("beta--token", "beta", [
            {"changeId": "shared", "op": "create", "pin": pin("on-beta")},
            {"changeId": "taken", "op": "create", "pin": pin("also-on-beta")}])
        self.assertEqual(other.status_code, 200, other.text)
        results = other.json()["results"]
        self.assertEqual([(r["status"], r["replayed"]) for r in results], [("applied", False)] * 2, results)
        self.assertNotIn("ghost", other.text)
        self.assertEqual(self.pin_ids("beta"), {"on-beta", "also-on-beta"})
        # Another client of A's content, with the same id: its own change too.
        second = self.sync("alpha-other", "alpha", [{"changeId": "shared", "op": "create", "pin": pin("by-other")}])
        self.assertEqual([(r["status"], r["replayed"]) for r in second.json()["results"]], [("applied", False)])
        self.assertEqual(self.pin_ids("alpha"), {"on-alpha", "by-other"})
        # A's retry is still answered from its own record.
        again = self.sync("alpha-token", "alpha", [
            {"changeId": "shared", "op": "create", "pin": pin("on-alpha")},
            {"changeId": "taken", "op": "delete", "id": "ghost", "version": 1}])
        self.assertEqual([(r["status"], r["replayed"]) for r in again.json()["results"]],
                         [("applied", True), ("refused", True)])
        self.assertIn("ghost", again.json()["results"][1]["reason"])

    def test_a_change_id_repeated_in_one_batch_is_refused_naming_both(self):
        answer = self.sync("alpha-token", "alpha", [
            {"changeId": "once", "op": "create", "pin": pin("first")},
            {"changeId": "twice", "op": "delete", "id": "ghost", "version": 1},
            {"changeId": "twice", "op": "create", "pin": pin("phantom")}])
        self.assertEqual(answer.status_code, 400, answer.text)
        self.assertIn("changes[2].changeId", answer.json()["error"])
        self.assertIn("changes[1]", answer.json()["error"])
        # Nothing of the batch was applied, so it can be fixed and sent again.
        self.assertEqual(self.pin_ids("alpha"), set())
        fixed = self.sync("alpha-token", "alpha", [{"changeId": "once", "op": "create", "pin": pin("first")}])
        self.assertEqual([(r["status"], r["replayed"]) for r in fixed.json()["results"]], [("applied", False)])


class FutureCursorTests(StoreCase):
    def setUp(self):
        super().setUp()
        self.server = self.serve()
        self.assertEqual(self.server.put_file("shot", SAMPLES / "screenshot.png").status_code, 201)
        for i in range(3):
            self.assertEqual(self.server.post("/v1/contents/shot/pins", pin(f"f{i}")).status_code, 201)
        self.newest = self.server.get("/health").json()["seq"]

    def assert_names_the_newest(self, message, field):
        self.assertIn(f"{field}: ", message)
        self.assertRegex(message, rf"\b{self.newest}\b")

    def test_changes_after_a_cursor_from_the_future_are_400_naming_the_newest(self):
        answer = self.server.get("/v1/contents/shot/changes?since=999999999")
        self.assertEqual(answer.status_code, 400, answer.text)
        self.assert_names_the_newest(answer.json()["error"], "since")
        self.assertEqual(self.server.get(f"/v1/contents/shot/changes?since={self.newest}").json()["changes"], [])

    def test_events_from_a_cursor_from_the_future_are_refused_before_the_upgrade(self):
        with self.assertRaises(InvalidStatus) as refused:
            with connect(f"{self.server.ws}/v1/contents/shot/events?since=999999999", open_timeout=TIMEOUT) as ws:
                ws.recv(TIMEOUT)
        response = refused.exception.response
        self.assertEqual(response.status_code, 400)
        self.assert_names_the_newest(json.loads(response.body)["error"], "since")
        with connect(f"{self.server.ws}/v1/contents/shot/events?since={self.newest}", open_timeout=TIMEOUT) as ws:
            self.assertEqual(json.loads(ws.recv(TIMEOUT)), {"type": "ready", "contentId": "shot", "cursor": self.newest})

    def test_a_sync_from_a_cursor_from_the_future_is_400_and_applies_nothing(self):
        answer = self.server.post("/v1/sync", {"contentId": "shot", "cursor": 999999999,
                                               "changes": [{"changeId": "c", "op": "create", "pin": pin("late")}]})
        self.assertEqual(answer.status_code, 400, answer.text)
        self.assert_names_the_newest(answer.json()["error"], "cursor")
        self.assertEqual(self.server.get("/v1/contents/shot/pins/late").status_code, 404)


class LockTests(StoreCase):
    def test_a_second_server_on_the_directory_exits_2_naming_it_and_the_first(self):
        first = self.serve()
        second = subprocess.Popen([service_test.BINARY, "serve", "--data", self.data, "--listen", "127.0.0.1:0",
                                   *(("--db", first.db) if first.db else ())],
                                  stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        # The first line: it listens, or it exited (end of file).
        ready, _, _ = select.select([second.stdout], [], [], TIMEOUT)
        line = second.stdout.readline() if ready else ""
        if "listening on" in line:
            # Answered once: its loop runs, and takes the signal (one sent before it runs
            # is lost, a race of serve's own).
            requests.get(re.search(r"http://\S+", line).group(0) + "/health", timeout=TIMEOUT)
            second.send_signal(signal.SIGTERM)
        out, err = second.communicate(timeout=TIMEOUT)
        if POSTGRES_RUN:
            # Several servers share a PostgreSQL database and its data directory.
            self.assertIn("listening on", line)
            return
        self.assertNotIn("listening on", line, "a second server started on the directory")
        self.assertEqual(second.returncode, 2, (out, err))
        lines = err.strip().splitlines()
        self.assertEqual(len(lines), 1, err)
        self.assertIn(self.data, lines[0])
        self.assertIn(str(first.proc.pid), lines[0])
        self.assertEqual(first.put_file("shot", SAMPLES / "screenshot.png").status_code, 201)

    def test_the_lock_goes_with_its_server(self):
        first = self.serve()
        first.kill9()
        self.assertEqual(self.serve().get("/health").status_code, 200)


class PrivacyTests(StoreCase):
    def test_the_data_directory_and_its_files_are_the_owners_only(self):
        data = os.path.join(self.data, "new", "data")
        old = os.umask(0o022)
        try:
            server = self.serve(data=data)
        finally:
            os.umask(old)
        self.assertEqual(server.put_file("shot", SAMPLES / "screenshot.png").status_code, 201)
        self.assertEqual(server.post("/v1/contents/shot/pins", pin("p")).status_code, 201)
        # What is in the directory is out of reach of others through it; the store's files
        # are not even readable by the group.
        modes = {name: stat.S_IMODE(os.stat(os.path.join(data, name)).st_mode) for name in os.listdir(data)}
        self.assertEqual((stat.S_IMODE(os.stat(data).st_mode), modes["contents"]), (0o700, 0o700))
        if not POSTGRES_RUN:
            self.assertEqual({name: modes[name] for name in ("pins.db", "pins.db-wal", "pins.db-shm", "serve.lock")},
                             dict.fromkeys(("pins.db", "pins.db-wal", "pins.db-shm", "serve.lock"), 0o600))

    def test_a_500_names_no_server_path_and_is_logged_with_its_id(self):
        server = self.serve()
        self.assertEqual(server.put_file("shot", SAMPLES / "screenshot.png").status_code, 201)
        contents = os.path.join(self.data, "contents")
        shutil.rmtree(contents)
        open(contents, "w").close()
        answer = server.put_file("shot", SAMPLES / "screenshot.png")
        self.assertEqual(answer.status_code, 500, answer.text)
        message = answer.json()["error"]
        self.assertNotIn(self.data, answer.text)
        self.assertNotIn(os.path.realpath(self.data), answer.text)
        error_id = re.search(r"\b([0-9a-f]{8,})\b", message)
        self.assertIsNotNone(error_id, message)
        log = stderr_until(server, error_id.group(1))
        lines = [json.loads(line) for line in log.splitlines() if line.startswith("{") and error_id.group(1) in line]
        self.assertEqual(len(lines), 1, log)
        self.assertEqual((lines[0]["status"], lines[0]["id"]), (500, error_id.group(1)))
        self.assertIn(contents, lines[0]["error"])


@unittest.skipIf(POSTGRES_RUN, "the pins are in PostgreSQL, not in pins.db")
class DeletedDatabaseTests(StoreCase):
    def test_a_deleted_database_stops_acknowledging_and_nothing_acknowledged_is_lost(self):
        server = self.serve()
        self.assertEqual(server.put_file("shot", SAMPLES / "screenshot.png").status_code, 201)
        for i in range(5):
            self.assertEqual(server.post("/v1/contents/shot/pins", pin(f"before{i}")).status_code, 201)
        for name in os.listdir(self.data):
            if name.startswith("pins.db"):
                os.remove(os.path.join(self.data, name))
        acknowledged = {}
        answers = []
        for i in range(5):
            created = server.post("/v1/contents/shot/pins", pin(f"after{i}"))
            answers.append(created)
            if created.status_code in (200, 201):
                acknowledged[f"after{i}"] = created.json()["version"]
        edit = server.patch("/v1/contents/shot/pins/before0", {"version": 1, "resolved": True})
        answers.append(edit)
        if edit.status_code == 200:
            acknowledged["before0"] = edit.json()["version"]
        synced = server.post("/v1/sync", {"contentId": "shot", "changes": [{"changeId": "s", "op": "create", "pin": pin("synced")}]})
        answers.append(synced)
        if synced.status_code == 200 and synced.json()["results"][0]["status"] == "applied":
            acknowledged["synced"] = 1
        health = server.get("/health")
        server.stop()
        server.start()
        stored = server.get("/v1/contents/shot/pins")
        stored = {p["id"]: p["version"] for p in stored.json()["pins"]} if stored.status_code == 200 else {}
        self.assertEqual({k: v for k, v in acknowledged.items() if stored.get(k) != v}, {}, "acknowledged and lost")
        self.assertEqual({a.status_code for a in answers}, {503}, [a.text for a in answers])
        self.assertIn("pins.db", answers[0].json()["error"])
        self.assertNotIn(self.data, answers[0].text)
        self.assertEqual((health.status_code, health.json()["status"]), (503, "store-lost"), health.text)


class FullAndReadOnlyTests(StoreCase):
    def setUp(self):
        super().setUp()
        if not NAMESPACE:
            self.skipTest("needs a mount namespace of its own (root)")
        self.mounts = []

    def tearDown(self):
        for server in self.servers:
            server.stop()
        for path in reversed(self.mounts):
            subprocess.run(["umount", path], capture_output=True)
        super().tearDown()

    def mount(self, *args):
        mounted(*args)
        self.mounts.append(args[-1])

    @unittest.skipIf(POSTGRES_RUN, "the pins are in PostgreSQL: see the read-only database test")
    def test_a_full_disk_is_503_and_unhealthy_until_space_comes_back_and_loses_nothing(self):
        self.mount("-t", "tmpfs", "-o", "size=2m,mode=0755", "tmpfs", self.data)
        server = self.serve()
        self.assertEqual(server.put_file("shot", SAMPLES / "screenshot.png").status_code, 201)
        acknowledged = {}
        for i in range(5):
            created = server.post("/v1/contents/shot/pins", pin(f"room{i}"))
            self.assertEqual(created.status_code, 201, created.text)
            acknowledged[f"room{i}"] = 1
        filler = os.path.join(self.data, "filler")
        with open(filler, "wb", buffering=0) as file:  # unbuffered: nothing left to write at close
            try:
                while True:
                    file.write(b"\0" * 65536)
            except OSError:
                pass
        refused = None
        for i in range(2000):
            created = server.post("/v1/contents/shot/pins", pin(f"full{i}", text="x" * 2000))
            if created.status_code != 201:
                refused = created
                break
            acknowledged[f"full{i}"] = 1
        self.assertIsNotNone(refused, "2000 pins written on a full disk")
        self.assertEqual(refused.status_code, 503, refused.text)
        self.assertIn("full", refused.json()["error"])
        health = server.get("/health")
        self.assertEqual((health.status_code, health.json()["status"]), (503, "store-unwritable"), health.text)
        self.assertIn("full", health.json()["problem"])
        os.remove(filler)
        health = server.get("/health")
        self.assertEqual((health.status_code, health.json()["status"]), (200, "ok"), health.text)
        self.assertEqual(server.post("/v1/contents/shot/pins", pin("again")).status_code, 201)
        acknowledged["again"] = 1
        server.stop()
        server.start()
        stored = {p["id"]: p["version"] for p in server.get("/v1/contents/shot/pins").json()["pins"]}
        self.assertEqual(stored, acknowledged)

    @unittest.skipIf(POSTGRES_RUN, "the pins are in PostgreSQL: see the read-only database test")
    def test_a_read_only_data_directory_is_one_line_and_status_2(self):
        server = self.serve()
        self.assertEqual(server.put_file("shot", SAMPLES / "screenshot.png").status_code, 201)
        server.stop()
        self.mount("--bind", self.data, self.data)
        mounted("-o", "remount,bind,ro", self.data)
        started = subprocess.run([service_test.BINARY, "serve", "--data", self.data, "--listen", "127.0.0.1:0"],
                                 capture_output=True, text=True, timeout=TIMEOUT)
        self.assertEqual(started.returncode, 2, (started.stdout, started.stderr))
        lines = started.stderr.strip().splitlines()
        self.assertEqual(len(lines), 1, started.stderr)
        self.assertIn(self.data, lines[0])
        self.assertIn("read-only", lines[0].lower())


@unittest.skipUnless(POSTGRES_RUN, "a read-only PostgreSQL database")
class ReadOnlyDatabaseTests(StoreCase):
    def psql(self, sql, database="postgres"):
        return subprocess.run([f"{service_test.POSTGRES.bin}/psql", "-h", service_test.POSTGRES.root, "-U", "postgres",
                        "-d", database, "-q", "-At", "-c", sql], check=True, capture_output=True, text=True).stdout

    def cut(self, name):
        """Ends the server's sessions: it reconnects into the database's new defaults."""
        sessions = f"FROM pg_stat_activity WHERE datname = '{name}' AND pid <> pg_backend_pid()"
        self.psql(f"SELECT pg_terminate_backend(pid) {sessions}")
        # pg_terminate_backend only signals: wait until the sessions have ended.
        for _ in range(500):
            if self.psql(f"SELECT count(*) {sessions}").strip() == "0":
                return
            time.sleep(0.01)
        self.fail("the server's database sessions did not end")

    def test_a_read_only_database_is_503_and_unhealthy_until_it_takes_writes_again(self):
        server = self.serve()
        name = re.search(r"/(\w+)\?", server.db).group(1)
        self.assertEqual(server.put_file("shot", SAMPLES / "screenshot.png").status_code, 201)
        self.assertEqual(server.post("/v1/contents/shot/pins", pin("before")).status_code, 201)
        self.psql(f"ALTER DATABASE {name} SET default_transaction_read_only = on")
        self.cut(name)
        answers = [server.post("/v1/contents/shot/pins", pin(f"ro{i}")) for i in range(3)]
        self.assertEqual({a.status_code for a in answers}, {503}, [a.text for a in answers])
        self.assertIn("read-only", answers[-1].json()["error"])
        health = server.get("/health")
        self.assertEqual((health.status_code, health.json()["status"]), (503, "store-unwritable"), health.text)
        self.psql(f"ALTER DATABASE {name} RESET default_transaction_read_only")
        self.cut(name)
        health = server.get("/health")
        self.assertEqual(health.status_code, 200, health.text)
        self.assertEqual(server.post("/v1/contents/shot/pins", pin("after")).status_code, 201)
        ids = {p["id"] for p in server.get("/v1/contents/shot/pins").json()["pins"]}
        self.assertEqual(ids, {"before", "after"})

    def test_every_reading_connection_reconnects_without_an_error_after_the_sessions_are_cut(self):
        server = self.serve()
        name = re.search(r"/(\w+)\?", server.db).group(1)
        self.assertEqual(server.put_file("shot", SAMPLES / "screenshot.png").status_code, 201)
        self.assertEqual(server.post("/v1/contents/shot/pins", pin("kept")).status_code, 201)
        self.cut(name)
        first = server.get("/v1/contents/shot/pins")
        self.assertEqual(first.status_code, 200, first.text)
        self.cut(name)
        # More requests at once than the store has readers: each reader's cut connection is used.
        with concurrent.futures.ThreadPoolExecutor(12) as pool:
            answers = list(pool.map(lambda _: server.get("/v1/contents/shot/pins"), range(48)))
        self.assertEqual([a.status_code for a in answers], [200] * 48, [a.text for a in answers if a.status_code != 200][:2])
        self.assertEqual(server.post("/v1/contents/shot/pins", pin("after")).status_code, 201)


def prepare():
    global NAMESPACE
    if os.geteuid() == 0:
        NAMESPACE = enter_mount_namespace()


if __name__ == "__main__":
    service_test.main(prepare)
