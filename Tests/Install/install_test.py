"""`make install` end to end: installs into a scratch DESTDIR with PREFIX=/usr, then checks
what a user of that prefix gets: man finds every command's page, groff and mandoc read each
without a warning, each page is what the installed program prints, and `pinrender serve
--demo`, run from an empty folder, serves the installed samples. Needs make, man-db, groff
and mandoc (the Makefile's PACKAGES).

    python3 Tests/Install/install_test.py      # make install: the release build
    python3 Tests/Install/install_test.py -o build BIN=.build/debug/pinrender NET_BIN=.build/debug/pinrender-net

Arguments go to make: the second line installs the debug build already made, without
building a release one.
"""
import json
import os
import pathlib
import re
import select
import shutil
import signal
import subprocess
import sys
import tempfile
import unittest
import urllib.request

ROOT = pathlib.Path(__file__).resolve().parents[2]
TIMEOUT = 60
MAKE_ARGUMENTS = sys.argv[1:]


def run(arguments, **kw):
    """Runs a command to completion; its standard output, checked for exit status 0."""
    result = subprocess.run(arguments, capture_output=True, text=True, timeout=TIMEOUT, **kw)
    if result.returncode != 0:
        raise AssertionError(f"{arguments}: exit status {result.returncode}: {result.stderr}")
    return result.stdout


class InstallTest(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.destdir = pathlib.Path(tempfile.mkdtemp(prefix="pinrender-install-"))
        make = subprocess.run(["make", "-C", str(ROOT), "install", f"DESTDIR={cls.destdir}", "PREFIX=/usr", *MAKE_ARGUMENTS],
                              capture_output=True, text=True)
        if make.returncode != 0:
            shutil.rmtree(cls.destdir)
            raise RuntimeError(f"make install failed:\n{make.stdout[-3000:]}\n{make.stderr[-3000:]}")
        cls.prefix = cls.destdir / "usr"
        cls.pinrender = str(cls.prefix / "bin/pinrender")
        cls.commands = run([cls.pinrender, "help", "--commands"]).split()
        cls.pages = ["pinrender"] + [f"pinrender-{command}" for command in cls.commands]

    @classmethod
    def tearDownClass(cls):
        shutil.rmtree(cls.destdir, ignore_errors=True)

    def test_man_finds_every_page(self):
        environment = dict(os.environ, MANPATH=str(self.prefix / "share/man"), MANWIDTH="80")
        self.assertIn("serve", self.commands)
        for page in self.pages:
            found = run(["man", "-w", page], env=environment).strip()
            self.assertEqual(found, str(self.prefix / f"share/man/man1/{page}.1"))
        shown = run(["man", "pinrender-render"], env=environment)
        self.assertRegex(shown, r"pinrender-render - draw comment pins")
        self.assertIn("--max-pixels N", shown)
        self.assertIn("EXIT STATUS", shown)

    def test_every_page_reads_without_a_warning(self):
        folder = self.prefix / "share/man/man1"
        self.assertEqual(sorted(path.name for path in folder.iterdir()), sorted(f"{page}.1" for page in self.pages))
        for path in folder.iterdir():
            groff = subprocess.run(["groff", "-man", "-Tutf8", "-ww", "-z", str(path)], capture_output=True, text=True)
            self.assertEqual((groff.returncode, groff.stderr), (0, ""), path.name)
            mandoc = subprocess.run(["mandoc", "-Tlint", str(path)], capture_output=True, text=True)
            self.assertEqual((mandoc.returncode, mandoc.stdout + mandoc.stderr), (0, ""), path.name)

    def test_every_page_is_the_installed_programs(self):
        for command in [None] + self.commands:
            page = "pinrender" + (f"-{command}" if command else "")
            printed = run([self.pinrender, "help", "--man"] + ([command] if command else []))
            self.assertEqual((self.prefix / f"share/man/man1/{page}.1").read_text(), printed, page)

    def test_the_demo_serves_the_installed_samples_from_any_folder(self):
        folder = pathlib.Path(tempfile.mkdtemp(prefix="pinrender-demo-"))
        self.addCleanup(shutil.rmtree, folder, True)
        server = subprocess.Popen([self.pinrender, "serve", "--demo", "--data", "data", "--listen", "127.0.0.1:0"],
                                  cwd=folder, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        self.addCleanup(server.communicate)
        self.addCleanup(server.kill)
        ready, _, _ = select.select([server.stdout], [], [], TIMEOUT)
        line = server.stdout.readline() if ready else ""
        match = re.search(r"listening on http://127\.0\.0\.1:(\d+)", line)
        if not match:
            server.kill()
            self.fail(f"the server did not start: {line!r} {server.stderr.read()!r}")
        url = f"http://127.0.0.1:{match.group(1)}"
        for content, pins in [("floorplan", "threads.json"), ("photo", "photo.json"), ("screenshot", "screenshot.json")]:
            with urllib.request.urlopen(f"{url}/v1/contents/{content}/pins", timeout=TIMEOUT) as answer:
                served = {pin["id"] for pin in json.load(answer)["pins"]}
            sample = json.loads((ROOT / "samples/pins" / pins).read_text())
            self.assertEqual(served, {pin["id"] for pin in (sample["pins"] if isinstance(sample, dict) else sample)}, content)
        with urllib.request.urlopen(f"{url}/v1/contents/floorplan/render.png?page=1&dpi=30", timeout=TIMEOUT) as answer:
            self.assertEqual(answer.read()[:8], b"\x89PNG\r\n\x1a\n")
        server.send_signal(signal.SIGTERM)
        self.assertEqual(server.wait(TIMEOUT), 0)
        self.assertEqual([path.name for path in folder.iterdir()], ["data"], "the demo writes only its --data folder")

    def test_the_demo_without_samples_refuses_and_writes_nothing(self):
        # The same programs in a prefix without share/: no samples beside them, none in the folder.
        prefix = pathlib.Path(tempfile.mkdtemp(prefix="pinrender-bare-"))
        self.addCleanup(shutil.rmtree, prefix, True)
        (prefix / "bin").mkdir()
        for program in ["pinrender", "pinrender-net"]:
            shutil.copy2(self.prefix / "bin" / program, prefix / "bin" / program)
        folder = prefix / "work"
        folder.mkdir()
        result = subprocess.run([str(prefix / "bin/pinrender"), "serve", "--demo", "--data", "data", "--listen", "127.0.0.1:0"],
                                cwd=folder, capture_output=True, text=True, timeout=TIMEOUT)
        self.assertEqual(result.returncode, 2, result.stderr)
        self.assertEqual(len(result.stderr.splitlines()), 1, result.stderr)
        self.assertIn(f"pinrender: --demo: the samples are neither in {prefix}/share/pinrender/samples", result.stderr)
        self.assertEqual(list(folder.iterdir()), [], "nothing written")


if __name__ == "__main__":
    unittest.main(argv=sys.argv[:1], verbosity=2)
