"""A REST endpoint for pinrender's tests, on loopback: prints its port, then serves
/pins (needs 'Authorization: Bearer secret'), /404, /500, /slow (answers after 5 s) and
/garbage (not JSON). It stops by itself after 60 seconds."""
import http.server
import json
import sys
import threading
import time

PINS = {"pins": [{"id": "r1", "contentId": "doc", "relativeX": 0.5, "relativeY": 0.5, "authorId": "api",
                  "createdAt": "2026-11-02T09:15:00Z", "text": "From the REST endpoint", "resolved": False}]}


class Handler(http.server.BaseHTTPRequestHandler):
    def log_message(self, *args):
        pass

    def send(self, status, body, kind="application/json"):
        try:
            self.send_response(status)
            self.send_header("Content-Type", kind)
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)
        except (BrokenPipeError, ConnectionResetError):
            pass  # the client gave up (the timeout case): nothing to answer

    def do_GET(self):
        if self.path == "/pins":
            if self.headers.get("Authorization") != "Bearer secret":
                self.send(401, b'{"error": "unauthorized"}')
            else:
                self.send(200, json.dumps(PINS).encode())
        elif self.path == "/500":
            self.send(500, b"oops", "text/plain")
        elif self.path == "/slow":
            time.sleep(5)
            self.send(200, json.dumps(PINS).encode())
        elif self.path == "/garbage":
            self.send(200, b"<html>not json</html>", "text/html")
        else:
            self.send(404, b"not found", "text/plain")


server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
print(server.server_address[1], flush=True)
threading.Timer(60, server.shutdown).start()
server.serve_forever()
