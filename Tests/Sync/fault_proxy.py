#!/usr/bin/env python3
"""A fault proxy on loopback for the sync tests: forwards HTTP requests to the pin service and
misbehaves on POST /v1/sync as told, one action per batch in order, then forwards plainly.

    fault_proxy.py UPSTREAM_PORT SERVER_PID ACTION...

Actions: pass; cut (forward, then close without answering: the batch was applied, the
answer lost); kill (forward, kill -9 the server, close without answering); 500 (answer
500 without forwarding); hold (forward, answer 2 seconds later). Prints the port it
listens on."""
import http.client
import http.server
import os
import signal
import sys
import time

upstream, server_pid, actions = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3:]


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

    def handle_any(self):
        body = self.rfile.read(int(self.headers.get("Content-Length", 0) or 0))
        action = actions.pop(0) if self.command == "POST" and self.path == "/v1/sync" and actions else "pass"
        if action == "500":
            status, answer = 500, b'{"status": 500, "error": "proxy: a server error"}'
        else:
            try:
                status, answer = self.forward(body)
            except OSError as error:
                status, answer = 502, ('{"status": 502, "error": "proxy: %s"}' % error).encode()
            if action == "hold":
                time.sleep(2)
            if action in ("cut", "kill"):
                if action == "kill":
                    os.kill(server_pid, signal.SIGKILL)
                self.close_connection = True
                return
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(answer)))
        self.end_headers()
        self.wfile.write(answer)

    do_GET = do_POST = do_PUT = do_PATCH = do_DELETE = handle_any


server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
print(server.server_address[1], flush=True)
server.serve_forever()
