"""An operator's signals (issue 29, careless operators): `pinrender serve` stops on SIGTERM
or SIGINT whenever it comes, even before the first request, as service_test.py runs it:

    python3 -W ignore Tests/Service/hostile_signals_test.py [--binary .build/debug/pinrender] [--postgres]

A signal that arrived after "listening" was printed but before the main loop ran was lost
(g_main_loop_run clears a quit asked before it): the server ran on until it was killed.
"""
import signal
import subprocess
import sys
import tempfile
import unittest

import service_test
from service_test import Server

# Servers started and signalled at once: the window before the loop runs is short, so one
# try can miss it; every one of them must stop.
TRIES = 12
# A bound against a hang, far beyond what a stop takes (milliseconds).
STOP_BOUND = 30


class SignalTests(unittest.TestCase):
    def stops_on(self, number):
        for _ in range(TRIES):
            server = Server(tempfile.mkdtemp(prefix="pinservice-"))
            server.proc.send_signal(number)
            try:
                status = server.proc.wait(STOP_BOUND)
            except subprocess.TimeoutExpired:
                server.proc.kill()
                server.proc.wait()
                self.fail(f"signal {number} sent right after 'listening' was ignored: still running after {STOP_BOUND} s")
            self.assertEqual(status, 0, server.proc.stderr.read())

    def test_a_sigterm_right_after_start_stops_the_server(self):
        self.stops_on(signal.SIGTERM)

    def test_a_sigint_right_after_start_stops_the_server(self):
        self.stops_on(signal.SIGINT)

    def test_a_server_started_with_the_signals_blocked_still_stops(self):
        # Foundation's Process starts programs from a Dispatch thread, which blocks every
        # signal: the server inherited the block, and GLib's handler never ran.
        blocked = lambda: signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGTERM, signal.SIGINT})
        process = subprocess.Popen([service_test.BINARY, "serve", "--data", tempfile.mkdtemp(prefix="pinservice-"),
                                    "--listen", "127.0.0.1:0"], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                   text=True, preexec_fn=blocked)
        self.assertIn("listening", process.stdout.readline())
        process.send_signal(signal.SIGTERM)
        try:
            self.assertEqual(process.wait(STOP_BOUND), 0)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()
            self.fail(f"SIGTERM to a server started with it blocked was ignored for {STOP_BOUND} s")


if __name__ == "__main__":
    service_test.main()
