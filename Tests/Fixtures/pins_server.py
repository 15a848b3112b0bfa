"""A REST endpoint for pinrender's tests, on loopback, honest and hostile.

Usage: pins_server.py LOG. Starts three servers on 127.0.0.1, "main", "other" and "tls" (HTTPS
with a self-signed certificate made for the run, which no client trusts), prints their ports on
one line ("MAIN OTHER TLS"), and appends one JSON line per request to LOG:
{"server", "host", "path", "headers"}, written before the answer is sent; and for the bodies
that test how far a client reads (/redirect/huge-body, /500-huge, /trickle), one line once the
body ended or the client hung up: {"server", "path", "body": {"sent": BYTES, "whole": BOOL}}.
They stop by themselves after 10 minutes (a test stops them sooner).

Honest: /pins (needs 'Authorization: Bearer secret'), /open-pins (no check), /404, /500,
/slow (answers after 5 s), /garbage (not JSON).
Redirects: /redirect/same (to /pins), /redirect/other-port (to the other server's
/open-pins), /redirect/localhost (to localhost on the same port), /redirect/file (to
file:///etc/passwd), /redirect/loop (to itself), /redirect/chain/N (waits 0.6 s, then to
/redirect/chain/N-1; 0 goes to /open-pins), /redirect/huge-body (to /open-pins, with a body of
HUGE bytes, far more than the kernel's and a client's buffers hold), /500-huge (an error with a
body of HUGE bytes).
Bodies: /endless (chunked, never ends), /padded (valid JSON padded with spaces to 65 MiB,
chunked), /gzip-bomb (gzip: 100 KiB that inflate to valid JSON of 100 MiB), /announced-huge
(Content-Length of 10 GiB), /trickle (one byte every 0.5 s)."""
import http.server
import json
import os
import ssl
import subprocess
import sys
import tempfile
import threading
import time
import zlib

PINS = {"pins": [{"id": "r1", "contentId": "doc", "relativeX": 0.5, "relativeY": 0.5, "authorId": "api",
                  "createdAt": "2026-11-02T09:15:00Z", "text": "From the REST endpoint", "resolved": False}]}
PINS_BYTES = json.dumps(PINS).encode()
MIB = 1024 * 1024
HUGE = 256 * MIB
LOG = open(sys.argv[1], "a", encoding="utf-8")
LOG_LOCK = threading.Lock()
PORTS = {}
GZIP_BOMB = []


def gzip_bomb():
    """PINS followed by spaces up to 100 MiB, gzip-compressed (made once, on first use)."""
    if not GZIP_BOMB:
        packer = zlib.compressobj(9, zlib.DEFLATED, 31)
        parts = [packer.compress(PINS_BYTES)]
        spaces = b" " * MIB
        parts += [packer.compress(spaces) for _ in range(100)]
        parts.append(packer.flush())
        GZIP_BOMB.append(b"".join(parts))
    return GZIP_BOMB[0]


class Handler(http.server.BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, *args):
        pass

    def record(self):
        entry = {"server": self.server.name, "host": self.headers.get("Host"), "path": self.path,
                 "headers": {key.lower(): value for key, value in self.headers.items()}}
        with LOG_LOCK:
            LOG.write(json.dumps(entry) + "\n")
            LOG.flush()

    def record_body(self, sent, whole):
        entry = {"server": self.server.name, "path": self.path, "body": {"sent": sent, "whole": whole}}
        with LOG_LOCK:
            LOG.write(json.dumps(entry) + "\n")
            LOG.flush()

    def send(self, status, body, kind="application/json", extra=()):
        self.send_response(status)
        self.send_header("Content-Type", kind)
        self.send_header("Content-Length", str(len(body)))
        for name, value in extra:
            self.send_header(name, value)
        self.end_headers()
        self.wfile.write(body)

    def redirect(self, location):
        self.send(302, b"", "text/plain", [("Location", location)])

    def start_chunked(self, status=200, extra=()):
        self.send_response(status)
        for name, value in extra:
            self.send_header(name, value)
        self.send_header("Content-Type", "application/json")
        self.send_header("Transfer-Encoding", "chunked")
        self.end_headers()

    def chunk(self, data):
        self.wfile.write(b"%x\r\n%s\r\n" % (len(data), data))

    def endless(self):
        block = b" " * (64 * 1024)
        while True:
            self.chunk(block)

    def huge(self):
        """HUGE bytes of spaces, chunked, then the last chunk; recorded as far as it went."""
        block = b" " * (64 * 1024)
        sent = 0
        try:
            while sent < HUGE:
                self.chunk(block)
                sent += len(block)
            self.chunk(b"")
        finally:
            self.record_body(sent, sent >= HUGE)

    def handle(self):
        try:
            super().handle()
        except (BrokenPipeError, ConnectionResetError):
            pass  # the client gave up (a limit or a timeout): nothing to answer

    def do_GET(self):
        self.record()
        self.answer()

    def answer(self):
        path = self.path.split("?")[0]
        if path == "/pins":
            if self.headers.get("Authorization") != "Bearer secret":
                self.send(401, b'{"error": "unauthorized"}')
            else:
                self.send(200, PINS_BYTES)
        elif path == "/open-pins":
            self.send(200, PINS_BYTES)
        elif path == "/500":
            self.send(500, b"oops", "text/plain")
        elif path == "/slow":
            time.sleep(5)
            self.send(200, PINS_BYTES)
        elif path == "/garbage":
            self.send(200, b"<html>not json</html>", "text/html")
        elif path == "/redirect/same":
            self.redirect("/pins")
        elif path == "/redirect/other-port":
            self.redirect("http://127.0.0.1:%d/open-pins" % PORTS["other"])
        elif path == "/redirect/localhost":
            self.redirect("http://localhost:%d/open-pins" % PORTS["main"])
        elif path == "/redirect/file":
            self.redirect("file:///etc/passwd")
        elif path == "/redirect/loop":
            self.redirect("/redirect/loop")
        elif path.startswith("/redirect/chain/"):
            left = int(path.rsplit("/", 1)[1])
            time.sleep(0.6)
            self.redirect("/redirect/chain/%d" % (left - 1) if left > 0 else "/open-pins")
        elif path == "/endless":
            self.start_chunked()
            self.endless()
        elif path == "/redirect/huge-body":
            self.start_chunked(302, [("Location", "/open-pins")])
            self.huge()
        elif path == "/500-huge":
            self.start_chunked(500)
            self.huge()
        elif path == "/padded":
            self.start_chunked()
            self.chunk(PINS_BYTES)
            block = b" " * MIB
            for _ in range(65):
                self.chunk(block)
            self.chunk(b"")
        elif path == "/gzip-bomb":
            self.send(200, gzip_bomb(), extra=[("Content-Encoding", "gzip")])
        elif path == "/announced-huge":
            self.send_response(200)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(10 * 1024 * MIB))
            self.end_headers()
            self.wfile.write(PINS_BYTES)
            time.sleep(5)
        elif path == "/trickle":
            self.send_response(200)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", "1000")
            self.end_headers()
            sent = 0
            try:
                for _ in range(1000):
                    self.wfile.write(b" ")
                    self.wfile.flush()
                    sent += 1
                    time.sleep(0.5)
            finally:
                self.record_body(sent, sent == 1000)
        else:
            self.send(404, b"not found", "text/plain")


def serve(name, tls=None):
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    server.daemon_threads = True
    server.name = name
    if tls:
        server.socket = tls.wrap_socket(server.socket, server_side=True)
    PORTS[name] = server.server_address[1]
    threading.Thread(target=server.serve_forever, daemon=True).start()


def self_signed():
    """A TLS context with a throwaway certificate for 127.0.0.1."""
    folder = tempfile.mkdtemp()
    key, cert = os.path.join(folder, "key.pem"), os.path.join(folder, "cert.pem")
    subprocess.run(["openssl", "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1",
                    "-nodes", "-keyout", key, "-out", cert, "-days", "1", "-subj", "/CN=127.0.0.1",
                    "-addext", "subjectAltName=IP:127.0.0.1"], check=True, capture_output=True)
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    context.load_cert_chain(cert, key)
    return context


serve("main")
serve("other")
serve("tls", self_signed())
print(PORTS["main"], PORTS["other"], PORTS["tls"], flush=True)
time.sleep(600)
