#!/usr/bin/env python3
"""A fault proxy on loopback for the sync tests: forwards HTTP requests and WebSocket
upgrades to the pin service and misbehaves on POST /v1/sync as told, one action per batch in
order, then forwards plainly.

    fault_proxy.py UPSTREAM_PORT SERVER_PID ACTION...

Actions on a batch: pass; 500 (answer 500 without forwarding); and after forwarding it (the
server applied it): cut (close without answering); kill (kill -9 the server, close); hold
(answer once the test sends release); slow (the answer in 10 pieces over a second); partial
(half the answer, then close); stall (half the answer, then nothing until the client closes,
counted as given up, or for a minute, a bound against a client that never does).

The test steers the WebSockets with POST /_proxy/COMMAND: drop, pause, resume, resync (see
websocket_tunnel.control), block (upgrades answered 503 until unblock), unblock; lets a held
answer go with POST /_proxy/release; and reads how many stalled answers the client gave up on
with POST /_proxy/given-up.
Prints the port it listens on."""
import http.client
import http.server
import os
import select
import signal
import sys
import threading
import time

import websocket_tunnel

upstream, server_pid, actions = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3:]
blocked = False
given_up = 0
released = threading.Event()


class Handler(http.server.BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, *args):
        pass

    def forward(self, body):
        connection = http.client.HTTPConnection("127.0.0.1", upstream, timeout=30)
        headers = {k: v for k, v in self.headers.items() if k.lower() not in ("host", "connection")}
        connection.request(self.command, self.path, body=body, headers=headers)
        response = connection.getresponse()
        return response.status, response.read()

    def answer(self, status, body):
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def steer(self):
        global blocked
        command = self.path.rsplit("/", 1)[1]
        if command == "given-up":
            count = given_up
        elif command == "release":
            released.set()
            count = 0
        elif command in ("block", "unblock"):
            blocked = command == "block"
            count = 0
        else:
            count = websocket_tunnel.control(command)
        self.answer(200, b'{"tunnels": %d}' % count)

    def handle_any(self):
        if self.path.startswith("/_proxy/"):
            return self.steer()
        if self.headers.get("Upgrade", "").lower() == "websocket":
            self.close_connection = True
            if blocked:
                return self.answer(503, b'{"status": 503, "error": "proxy: blocked"}')
            return websocket_tunnel.open_tunnel(self, upstream)
        body = self.rfile.read(int(self.headers.get("Content-Length", 0) or 0))
        action = actions.pop(0) if self.command == "POST" and self.path == "/v1/sync" and actions else "pass"
        if action == "500":
            return self.answer(500, b'{"status": 500, "error": "proxy: a server error"}')
        try:
            status, answer = self.forward(body)
        except OSError as error:
            return self.answer(502, ('{"status": 502, "error": "proxy: %s"}' % error).encode())
        if action in ("cut", "kill"):
            if action == "kill":
                os.kill(server_pid, signal.SIGKILL)
            self.close_connection = True
            return
        if action == "hold":
            released.wait(60)
        if action in ("slow", "partial", "stall"):
            self.send_response(status)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(answer)))
            self.end_headers()
            pieces = 10 if action == "slow" else 2
            step = (len(answer) + pieces - 1) // pieces
            for start in range(0, step if action != "slow" else len(answer), step):
                self.wfile.write(answer[start:start + step])
                self.wfile.flush()
                time.sleep(0.1)
            if action == "stall":
                self.wait_for_client_to_give_up(60)
            self.close_connection = action != "slow"
            return
        self.answer(status, answer)

    def wait_for_client_to_give_up(self, seconds):
        """Holds the connection open for `seconds`, or until the client closes it."""
        global given_up
        end = time.time() + seconds
        while time.time() < end:
            readable, _, _ = select.select([self.connection], [], [], max(0, end - time.time()))
            try:
                if readable and not self.connection.recv(1024):
                    given_up += 1
                    return
            except OSError:
                given_up += 1
                return

    do_GET = do_POST = do_PUT = do_PATCH = do_DELETE = handle_any


server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
print(server.server_address[1], flush=True)
server.serve_forever()
