"""`pinrender serve`'s render workers as a client sees them (issue 30), over loopback: a
render that hangs is ended at its deadline while lists and creates go on, the queue full is a
503 with Retry-After, identical requests in flight are rendered once, the workers give no
file a name (inotify hears nothing created under scratch while PNGs and PDF exports are drawn)
and run under SCHED_IDLE, the server not; with --postgres, renders
queued in the database and taken by two `pinrender render-worker --db` processes, one of
them killed with -9 mid-job:

    python3 -W ignore Tests/Service/hostile_render_pool_test.py [--binary .build/debug/pinrender] [--postgres]

A page that hangs is one whose drawing takes far longer than the test's --render-timeout by
its work size: millions of filled rectangles in one content stream.
"""
import ctypes
import os
import pathlib
import signal
import struct
import subprocess
import sys
import tempfile
import threading
import unittest
import zlib

import requests

import service_test
from hostile_renders_test import HostileCase, children, pdf_file
from service_test import TIMEOUT, Server, pin


def slow_pdf(rectangles):
    """A one-page A4 PDF whose content stream fills `rectangles` one-point squares: seconds
    of Poppler's time per million."""
    content = zlib.compress(b"0 0 1 1 re f\n" * rectangles, 1)
    objects = [
        b"<< /Type /Catalog /Pages 2 0 R >>",
        b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
        b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R >>",
        b"<< /Length %d /Filter /FlateDecode >>\nstream\n" % len(content) + content + b"\nendstream",
    ]
    return pdf_file(objects)


def scratch_files(data):
    """The files (not directories) under the data directory's scratch."""
    return [str(path) for path in pathlib.Path(data, "scratch").rglob("*") if not path.is_dir()]


class CreationWatch:
    """Linux's inotify (through libc) on directories: every name created or moved into any
    of them while it watches, file or directory, as the kernel reports it."""
    CREATE, MOVED_TO = 0x100, 0x80

    def __init__(self, directories):
        self.libc = ctypes.CDLL(None, use_errno=True)
        self.fd = self.libc.inotify_init1(os.O_NONBLOCK | os.O_CLOEXEC)
        assert self.fd >= 0, os.strerror(ctypes.get_errno())
        self.directories = {}
        for directory in directories:
            watch = self.libc.inotify_add_watch(self.fd, os.fsencode(directory), self.CREATE | self.MOVED_TO)
            assert watch >= 0, f"{directory}: {os.strerror(ctypes.get_errno())}"
            self.directories[watch] = directory

    def created(self):
        """The paths created so far (each event a `struct inotify_event` and its name)."""
        paths = []
        while True:
            try:
                events = os.read(self.fd, 1 << 16)
            except BlockingIOError:
                return paths
            at = 0
            while at < len(events):
                watch, _mask, _cookie, length = struct.unpack_from("iIII", events, at)
                name = events[at + 16:at + 16 + length].rstrip(b"\0").decode()
                paths.append(os.path.join(self.directories[watch], name))
                at += 16 + length

    def close(self):
        os.close(self.fd)


class PoolCase(HostileCase):
    """A server with the test's render settings and the slow page (`slow`) uploaded."""
    render_args = ()

    @classmethod
    def setUpClass(cls):
        super().setUpClass()
        cls.server.stop()
        cls.server = Server(cls.data, *cls.render_args, db=cls.server.db)
        answer = requests.put(f"{cls.server.url}/v1/contents/slow", data=slow_pdf(8_000_000),
                              headers={"Content-Type": "application/pdf"}, timeout=TIMEOUT * 4)
        assert answer.status_code == 201, answer.text

    def tearDown(self):
        self.assertEqual(scratch_files(self.data), [], "the workers left files in scratch")

    def in_background(self, content_id, suffix, query):
        """Renders in a thread; returns the thread and the dict its answer goes to."""
        result = {}
        thread = threading.Thread(target=lambda: result.update(answer=self.render(content_id, suffix, query)))
        thread.start()
        return thread, result

    def wait_until(self, condition, thread, what):
        """Asks `condition` again and again (each a request to the server) while `thread`'s
        render is not answered; fails when it was answered first."""
        while not condition():
            self.assertTrue(thread.is_alive(), f"the render was answered before {what}")

    def queued(self):
        return self.server.get("/health").json()["rendersQueued"]


class HangTests(PoolCase):
    render_args = ("--render-timeout", "1")

    def test_a_render_that_hangs_is_ended_at_its_deadline_while_the_service_answers(self):
        thread, result = self.in_background("slow", "png", "dpi=72")
        self.wait_until(lambda: self.renders("slow")["running"] == 1, thread, "a worker took it")
        workers = children(self.server.proc.pid)
        # The render held in its worker has written no file with a name: not its pins, not its output.
        self.assertEqual(scratch_files(self.data), [], "files in scratch while a render runs")
        answered = 0
        while thread.is_alive():
            listed = self.server.get("/v1/contents/plan/pins")
            self.assertEqual(listed.status_code, 200, listed.text[:300])
            created = self.server.post("/v1/contents/plan/pins", pin(f"h{answered}", 0.1, 0.2))
            self.assertEqual(created.status_code, 201, created.text[:300])
            answered += 1
        thread.join()
        answer = result["answer"]
        self.assertEqual(answer.status_code, 422, answer.text[:300])
        self.assertIn("--render-timeout", answer.json()["error"])
        self.assertGreater(answered, 0, "no list or create was answered while the render ran")
        # The worker that had it ended; the next render has another.
        ended = [pid for pid in workers if pid not in children(self.server.proc.pid)]
        self.assertEqual(len(ended), 1, f"workers before {workers}, after {children(self.server.proc.pid)}")
        again = self.render("plan", "png", "page=1&dpi=20")
        self.assertEqual((again.status_code, again.content[:4]), (200, b"\x89PNG"))
        print(f"\n  {answered} lists and creates answered while the render hung", end="")


class QueueTests(PoolCase):
    render_args = ("--render-timeout", "2", "--render-workers", "1", "--render-queue", "1")

    def test_a_full_queue_is_503_with_retry_after(self):
        running, first = self.in_background("slow", "png", "dpi=72")
        self.wait_until(lambda: self.queued() == 1, running, "it was queued")
        waiting, second = self.in_background("slow", "png", "dpi=73")
        self.wait_until(lambda: self.queued() == 2, running, "the second was queued")
        refused = self.render("slow", "png", "dpi=74")
        self.assertEqual(refused.status_code, 503, refused.text[:300])
        self.assertGreaterEqual(int(refused.headers["Retry-After"]), 1)
        self.assertIn("--render-queue", refused.json()["error"])
        running.join()
        waiting.join()
        self.assertEqual([first["answer"].status_code, second["answer"].status_code], [422, 422])
        self.assertEqual(self.renders("slow")["failed"], 2, "a refused render is not a failed one")


class UnnamedFileTests(PoolCase):
    render_args = ("--render-workers", "1")

    def test_renders_give_no_file_a_name(self):
        # The worker starts with the first render; from then on every directory under
        # scratch is watched while PNGs and PDF exports of a PDF and of an image are drawn.
        self.server.post("/v1/contents/plan/pins", pin("u1", 0.3, 0.4))
        self.server.post("/v1/contents/shot/pins", pin("u2", 0.6, 0.2))
        first = self.render("plan", "png", "page=1&dpi=20")
        self.assertEqual(first.status_code, 200, first.text[:300])
        directories = [str(path) for path in pathlib.Path(self.data, "scratch").rglob("*") if path.is_dir()]
        self.assertTrue(any(path.endswith("worker-1") for path in directories), directories)
        watch = CreationWatch(directories)
        try:
            for content, suffix, query in [("plan", "png", "page=2&dpi=30"), ("plan", "pdf", ""), ("shot", "png", "width=200"),
                                           ("shot", "pdf", ""), ("plan", "pdf", "page=2")]:
                answer = self.render(content, suffix, query)
                self.assertEqual(answer.status_code, 200, answer.text[:300])
                self.assertEqual(answer.content[:4], b"\x89PNG" if suffix == "png" else b"%PDF")
            created = watch.created()
        finally:
            watch.close()
        self.assertEqual(created, [], "renders created files in the workers' directories")


class SharedRenderTests(PoolCase):
    render_args = ("--render-timeout", "2", "--render-workers", "1", "--render-cache", "0")

    def test_identical_requests_in_flight_render_once(self):
        blocker, _ = self.in_background("slow", "png", "dpi=72")
        self.wait_until(lambda: self.queued() == 1, blocker, "it was queued")
        first, one = self.in_background("shot", "png", "width=300")
        self.wait_until(lambda: self.queued() == 2, blocker, "the first identical one was queued")
        second, two = self.in_background("shot", "png", "width=300")
        self.wait_until(lambda: self.renders("shot")["shared"] == 1, blocker, "the second joined the first")
        for thread in (blocker, first, second):
            thread.join()
        self.assertEqual([one["answer"].status_code, two["answer"].status_code], [200, 200])
        self.assertEqual(one["answer"].content, two["answer"].content)
        self.assertEqual(one["answer"].headers["ETag"], two["answer"].headers["ETag"])
        self.assertEqual(self.renders("shot")["rendered"], 1)
        # Without a cache, the same request once the first is done is drawn again.
        self.assertEqual(self.render("shot", "png", "width=300").content, one["answer"].content)
        self.assertEqual(self.renders("shot")["rendered"], 2)


class CacheTests(PoolCase):
    def test_the_cache_keeps_the_least_recently_used_within_its_size(self):
        sizes = {}
        for width in (400, 401, 700):
            answer = self.render("shot", "png", f"width={width}")
            self.assertEqual(answer.status_code, 200, answer.text[:300])
            sizes[width] = len(answer.content)
        # Room for 400 and 700, or 400 and 401, not for the three.
        limit = sizes[400] + sizes[700] + sizes[401] // 2
        self.assertGreater(sizes[700], sizes[401])
        self.server.stop()
        type(self).server = Server(self.data, "--render-cache", str(limit), db=self.server.db)
        for width in (400, 401, 400):                   # 400 used last: 401 is the oldest
            self.render("shot", "png", f"width={width}")
        self.assertEqual(self.renders("shot")["rendered"], 2)
        self.render("shot", "png", "width=700")          # drops 401 to fit
        self.render("shot", "png", "width=400")
        self.assertEqual(self.renders("shot")["rendered"], 3, "the one used last was dropped")
        self.render("shot", "png", "width=401")
        self.assertEqual(self.renders("shot")["rendered"], 4, "the least recently used was kept")


def policies(pid):
    """The scheduling policy of each of the process's threads (field 41 of
    /proc/PID/task/TID/stat: 0 SCHED_OTHER, 5 SCHED_IDLE)."""
    values = {}
    for task in pathlib.Path(f"/proc/{pid}/task").iterdir():
        try:
            values[int(task.name)] = int((task / "stat").read_text().rpartition(")")[2].split()[38])
        except (OSError, IndexError):
            pass  # a thread that ended meanwhile
    return values


class PriorityTests(HostileCase):
    def test_the_workers_threads_run_under_sched_idle_and_the_servers_do_not(self):
        # A page drawn in stripes first (its threads are libdispatch's): a worker starts with
        # its first job and stays, its threads for a while.
        answer = self.render("plan", "png", "dpi=150")
        self.assertEqual((answer.status_code, answer.content[:4]), (200, b"\x89PNG"))
        workers = children(self.server.proc.pid)
        self.assertGreater(len(workers), 0, "no render worker after a render")
        self.assertEqual(set(policies(self.server.proc.pid).values()), {0}, "the server's threads")
        for worker in workers:
            threads = policies(worker)
            self.assertGreater(len(threads), 1, f"worker {worker} has no thread but its main one")
            self.assertEqual(set(threads.values()), {5}, f"the threads of worker {worker}")


class SettingsTests(unittest.TestCase):
    def test_no_workers_without_a_database_is_refused_at_the_start(self):
        with tempfile.TemporaryDirectory() as data:
            run = subprocess.run([service_test.BINARY, "serve", "--data", data, "--listen", "127.0.0.1:0", "--render-workers", "0"],
                                 capture_output=True, text=True, timeout=TIMEOUT)
        self.assertEqual(run.returncode, 2)
        self.assertEqual(run.stderr.count("\n"), 1, run.stderr)
        self.assertIn("--render-workers 0 needs --db", run.stderr)


@unittest.skipUnless("--postgres" in sys.argv, "the database's queue needs --postgres")
class DatabaseQueueTests(HostileCase):
    """`serve --db ... --render-workers 0` and two `pinrender render-worker --db` processes."""

    @classmethod
    def setUpClass(cls):
        super().setUpClass()
        cls.server.stop()
        cls.server = Server(cls.data, "--render-workers", "0", db=cls.server.db)
        cls.workers = [Worker(cls.server.db, cls.data) for _ in range(2)]

    @classmethod
    def tearDownClass(cls):
        for worker in cls.workers:
            worker.stop()
        super().tearDownClass()

    def test_both_workers_take_jobs_and_one_killed_mid_job_leaves_it_to_the_other(self):
        # Two renders of seconds each at once: one worker holds the first while the second
        # comes, so the other takes it.
        first, one = self.render_in_background("page=1&dpi=300")
        second, two = self.render_in_background("page=2&dpi=300")
        first.join()
        second.join()
        self.assertEqual([one["answer"].status_code, two["answer"].status_code], [200, 200], one["answer"].text[:200])
        taken = [worker.taken() for worker in self.workers]
        self.assertTrue(all(taken), f"each worker took a job: {taken}")
        # A third, whose worker is killed with -9 once it has the job: the other takes it again.
        before = [len(worker.taken()) for worker in self.workers]
        third, three = self.render_in_background("page=1&dpi=301")
        holder = Worker.first_to_take(self.workers, before)
        job = holder.taken()[-1]
        holder.kill9()
        other = next(worker for worker in self.workers if worker is not holder)
        third.join()
        answer = three["answer"]
        self.assertEqual((answer.status_code, answer.content[:4]), (200, b"\x89PNG"), answer.text[:300])
        self.assertIn(job, other.taken(), f"the other worker never took job {job}")
        self.assertEqual(self.renders("plan")["failed"], 0)
        with tempfile.TemporaryDirectory() as tmp:
            cli = service_test.RenderTests.cli(self, "plan", ["--page", "1", "--dpi", "301"], "png", tmp)
        self.assertEqual(answer.content, cli, "the database's worker drew other bytes than pinrender render")

    def render_in_background(self, query):
        result = {}
        thread = threading.Thread(target=lambda: result.update(answer=self.render("plan", "png", query)))
        thread.start()
        return thread, result


@unittest.skipUnless("--postgres" in sys.argv, "the database's queue needs --postgres")
class NoDatabaseWorkerTests(HostileCase):
    """`serve --db ... --render-workers 0 --render-timeout 1` with no worker, then one."""

    @classmethod
    def setUpClass(cls):
        super().setUpClass()
        cls.server.stop()
        cls.server = Server(cls.data, "--render-workers", "0", "--render-timeout", "1", db=cls.server.db)

    def test_a_job_no_worker_takes_is_503_and_is_answered_once_one_comes(self):
        # Given up after twice what a worker may take (1 s and the 5 s of grace).
        answer = self.render("shot", "png", "width=120")
        self.assertEqual(answer.status_code, 503, answer.text[:300])
        self.assertIn("render-worker --db", answer.json()["error"])
        self.assertGreaterEqual(int(answer.headers["Retry-After"]), 1)
        worker = Worker(self.server.db, self.data)
        try:
            again = self.render("shot", "png", "width=120")
        finally:
            worker.stop()
        self.assertEqual((again.status_code, again.content[:4]), (200, b"\x89PNG"), again.text[:300])
        self.assertEqual(len(worker.taken()), 1, "the job queued first was the one drawn")

    def test_a_job_whose_workers_all_die_is_given_up_after_three(self):
        # The slow page, and each worker killed with -9 once it took it: the fourth answers
        # 500 without drawing it.
        answer = requests.put(f"{self.server.url}/v1/contents/slow", data=slow_pdf(8_000_000),
                              headers={"Content-Type": "application/pdf"}, timeout=TIMEOUT * 4)
        self.assertEqual(answer.status_code, 201, answer.text)
        result = {}
        thread = threading.Thread(target=lambda: result.update(answer=self.render("slow", "png", "dpi=72")))
        thread.start()
        for _ in range(3):
            worker = Worker(self.server.db, self.data)
            Worker.first_to_take([worker], [0])
            worker.kill9()
        last = Worker(self.server.db, self.data)
        try:
            thread.join()
        finally:
            last.stop()
        self.assertEqual(result["answer"].status_code, 500, f"{result['answer'].text[:300]} {last.lines}")
        self.assertIn("3 render workers took it", self.renders("slow")["lastFailure"]["error"])
        self.assertTrue(any(line.endswith("answered 500") for line in last.lines), last.lines)


# Told of every line any worker prints.
LINES = threading.Condition()


class Worker:
    """`pinrender render-worker --db URI --data DIR`, its lines on standard error kept."""

    def __init__(self, db, data):
        self.proc = subprocess.Popen([service_test.BINARY, "render-worker", "--db", db, "--data", data],
                                     stderr=subprocess.PIPE, text=True)
        self.lines = []
        threading.Thread(target=self.read, daemon=True).start()

    def read(self):
        for line in self.proc.stderr:
            with LINES:
                self.lines.append(line.strip())
                LINES.notify_all()

    def taken(self):
        """The ids of the jobs it took, in order."""
        with LINES:
            return [line.split()[2] for line in self.lines if line.endswith(" taken")]

    @staticmethod
    def first_to_take(workers, before):
        """The first of `workers` to take a job past the `before` counts it had."""
        with LINES:
            found = LINES.wait_for(lambda: next((w for w, n in zip(workers, before) if len(w.taken()) > n), None),
                                   timeout=TIMEOUT * 4)
        assert found, "no worker took the job"
        return found

    def kill9(self):
        self.proc.send_signal(signal.SIGKILL)
        self.proc.wait()

    def stop(self):
        if self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait()


if __name__ == "__main__":
    service_test.main()
