"""`pinrender serve` against hostile browsers and WebSocket clients (issue 29), on loopback:
a page of another origin in headless chromium (Selenium) that tries to write with the
requests a browser sends without asking (a `text/plain` fetch, forms), DNS-rebinding-shaped
requests (`Host: evil.example`) on a raw socket, a WebSocket client that floods pings and
never reads, one that sends without pause, and the smaller holes: pin ids no URL can reach,
dates out of range, JSON errors without their place, `%00` in a path, a token in the query of
a write, an inline script in the live page, an undocumented body limit. Each server is
started by service_test.Server; every count and wait is bounded (TIMEOUT, WAIT), never a
measure of speed.

    python3 -W ignore Tests/Service/hostile_browsers_test.py [--binary .build/debug/pinrender]
"""
import base64
import functools
import hashlib
import http.server
import json
import os
import pathlib
import shutil
import socket
import subprocess
import sys
import tempfile
import threading
import unittest

import requests
from websockets.exceptions import ConnectionClosed, InvalidStatus
from websockets.sync.client import connect

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
import service_test  # noqa: E402  (its Server runs pinrender serve)
from service_test import SAMPLES, TIMEOUT, Server, pin  # noqa: E402

# How long a browser page is waited for: a bound against a page that never finishes, not a
# measure of speed.
WAIT = 60


def raw_request(port, method, path, headers=(), body=b""):
    """One request on a fresh socket, as written (no client library tidies the Host, the
    path or the headers); the status and the body, read to the end."""
    lines = [f"{method} {path} HTTP/1.1", *(f"{name}: {value}" for name, value in headers),
             f"Content-Length: {len(body)}", "Connection: close", "", ""]
    with socket.create_connection(("127.0.0.1", port), timeout=TIMEOUT) as sock:
        sock.sendall("\r\n".join(lines).encode() + body)
        answer = b""
        while chunk := sock.recv(65536):
            answer += chunk
    head, _, rest = answer.partition(b"\r\n\r\n")
    return int(head.split(b" ")[1]), rest


def vm_hwm(pid):
    """A process's peak resident memory, in bytes."""
    for line in pathlib.Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmHWM:"):
            return int(line.split()[1]) * 1024
    return 0


def websocket_handshake(port, path, headers=()):
    """A raw socket after a WebSocket handshake on `path`, and the answer's status line."""
    sock = socket.create_connection(("127.0.0.1", port), timeout=TIMEOUT)
    key = base64.b64encode(os.urandom(16)).decode()
    lines = [f"GET {path} HTTP/1.1", f"Host: 127.0.0.1:{port}", "Upgrade: websocket", "Connection: Upgrade",
             f"Sec-WebSocket-Key: {key}", "Sec-WebSocket-Version: 13", *(f"{n}: {v}" for n, v in headers), "", ""]
    sock.sendall("\r\n".join(lines).encode())
    head = b""
    while b"\r\n\r\n" not in head:
        byte = sock.recv(1)
        if not byte:
            break
        head += byte
    return sock, head.split(b"\r\n")[0].decode()


def client_frame(opcode, payload):
    """A masked frame, as a client sends it (payloads under 126 bytes)."""
    mask = os.urandom(4)
    return bytes([0x80 | opcode, 0x80 | len(payload)]) + mask + bytes(b ^ mask[i % 4] for i, b in enumerate(payload))


class OpenServerCase(service_test.ServiceCase):
    """A server without a tokens file (anyone may do anything: loopback only), with the
    samples uploaded (`shot`, `plan`)."""

    def pin_ids(self):
        return {p["id"] for p in self.server.get("/v1/contents/shot/pins").json()["pins"]}


ATTACK_PAGE = """<!doctype html>
<title>attacking</title>
<iframe name="sink-plain"></iframe><iframe name="sink-urlencoded"></iframe><iframe name="sink-multipart"></iframe>
<form id="plain" method="POST" enctype="text/plain" target="sink-plain" action="{service}/v1/contents/shot/pins">
  <input name='{{"id":"csrf-form-plain","authorId":"evil","text":"form","relativeX":0.5,"relativeY":0.5,"pad":"' value='"}}'>
</form>
<form id="urlencoded" method="POST" target="sink-urlencoded" action="{service}/v1/contents/shot/pins">
  <input name="id" value="csrf-form-urlencoded">
</form>
<form id="multipart" method="POST" enctype="multipart/form-data" target="sink-multipart" action="{service}/v1/contents/shot/pins">
  <input name="id" value="csrf-form-multipart">
</form>
<script>
const service = "{service}";
const sent = [];
function submitted(form) {{
  return new Promise(resolve => {{
    document.querySelector(`iframe[name="${{form.target}}"]`).addEventListener("load", resolve, {{once: true}});
    form.submit();
  }});
}}
async function attack() {{
  const pin = {{id: "csrf-fetch", authorId: "evil", text: "fetch", relativeX: 0.5, relativeY: 0.5}};
  // What a page may send to any origin without a preflight: text/plain, no-cors.
  await fetch(service + "/v1/contents/shot/pins", {{method: "POST", mode: "no-cors",
    headers: {{"Content-Type": "text/plain"}}, body: JSON.stringify(pin)}}).then(() => sent.push("fetch"), e => sent.push("" + e));
  await fetch(service + "/v1/sync", {{method: "POST", mode: "no-cors", body: JSON.stringify({{contentId: "shot", cursor: 0,
    changes: [{{changeId: "csrf-delete", op: "delete", id: "victim", version: 1}}]}})}}).then(() => sent.push("sync"), e => sent.push("" + e));
  for (const id of ["plain", "urlencoded", "multipart"]) {{ await submitted(document.getElementById(id)); sent.push(id); }}
  document.title = "done " + sent.join(",");
}}
attack();
</script>
"""


class QuietFiles(http.server.SimpleHTTPRequestHandler):
    """The attacker's site: files, no log."""

    def log_message(self, *args):
        pass


class CrossSiteBrowserTests(OpenServerCase):
    """A page on another origin (another port of 127.0.0.1) in headless chromium."""

    def test_a_page_of_another_origin_cannot_create_or_delete_pins(self):
        from selenium.webdriver.support.ui import WebDriverWait
        sys.path.insert(0, str(service_test.ROOT / "Tests/LivePage"))
        import livepage_test
        self.assertEqual(self.server.post("/v1/contents/shot/pins", pin("victim")).status_code, 201)
        site = tempfile.mkdtemp(prefix="attacker-")
        self.addCleanup(shutil.rmtree, site, ignore_errors=True)
        pathlib.Path(site, "index.html").write_text(ATTACK_PAGE.format(service=self.server.url))
        attacker = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(QuietFiles, directory=site))
        threading.Thread(target=attacker.serve_forever, daemon=True).start()
        self.addCleanup(attacker.server_close)
        self.addCleanup(attacker.shutdown)
        driver = livepage_test.browser(800, 600)
        self.addCleanup(driver.quit)
        driver.get(f"http://127.0.0.1:{attacker.server_address[1]}/index.html")
        WebDriverWait(driver, WAIT).until(lambda d: d.title.startswith("done"))
        self.assertEqual(driver.title, "done fetch,sync,plain,urlencoded,multipart")
        ids = self.pin_ids()
        self.assertEqual({i for i in ids if i.startswith("csrf")}, set(), "a page of another origin created pins")
        self.assertIn("victim", ids, "a page of another origin deleted a pin")


class RequestShapeTests(OpenServerCase):
    """What a browser could be made to send, written on a raw socket or with requests."""

    def test_dns_rebinding_a_host_that_is_not_this_server_is_refused(self):
        port = self.server.port
        body = json.dumps(pin("rebound")).encode()
        for host in ("evil.example", f"evil.example:{port}", f"127.0.0.1.evil.example:{port}"):
            status, answer = raw_request(port, "POST", "/v1/contents/shot/pins",
                                         [("Host", host), ("Content-Type", "application/json")], body)
            self.assertEqual(status, 403, answer)
            self.assertIn("Host", json.loads(answer)["error"])
            status, answer = raw_request(port, "GET", "/v1/contents/shot/pins", [("Host", host)])
            self.assertEqual(status, 403, answer)
        self.assertNotIn("rebound", self.pin_ids())
        for host in (f"127.0.0.1:{port}", f"localhost:{port}", "localhost", "127.0.0.1"):
            status, answer = raw_request(port, "GET", "/v1/contents/shot/pins", [("Host", host)])
            self.assertEqual(status, 200, (host, answer))

    def test_an_origin_that_is_not_this_server_is_refused(self):
        here = f"http://127.0.0.1:{self.server.port}"
        for origin in ("http://evil.example", f"http://127.0.0.1:{self.server.port + 1}", "null"):
            answer = self.server.post("/v1/contents/shot/pins", pin("origin-1"), headers={"Origin": origin})
            self.assertEqual(answer.status_code, 403, (origin, answer.text))
            self.assertIn("Origin", answer.json()["error"])
            with self.assertRaises(InvalidStatus) as refused:
                connect(f"{self.server.ws}/v1/contents/shot/events", origin=origin, open_timeout=TIMEOUT).close()
            self.assertEqual(refused.exception.response.status_code, 403)
        self.assertNotIn("origin-1", self.pin_ids())
        self.assertEqual(self.server.post("/v1/contents/shot/pins", pin("origin-2"), headers={"Origin": here}).status_code, 201)
        with connect(f"{self.server.ws}/v1/contents/shot/events", origin=here, open_timeout=TIMEOUT) as ws:
            self.assertIn(json.loads(ws.recv(TIMEOUT))["type"], ("pin.created", "ready"))

    def test_writes_need_the_type_their_route_documents(self):
        body = json.dumps(pin("typed")).encode()
        for kind in ("text/plain", "text/plain;charset=UTF-8", "application/x-www-form-urlencoded",
                     "multipart/form-data; boundary=x", None):
            headers = {"Content-Type": kind} if kind else {}
            for method, path in (("POST", "/v1/contents/shot/pins"), ("POST", "/v1/sync"),
                                 ("PATCH", "/v1/contents/shot/pins/typed")):
                answer = requests.request(method, self.server.url + path, data=body, headers=headers, timeout=TIMEOUT)
                self.assertEqual(answer.status_code, 415, (method, path, kind, answer.text))
                self.assertIn("Content-Type", answer.json()["error"])
        self.assertNotIn("typed", self.pin_ids())
        answer = requests.post(self.server.url + "/v1/contents/shot/pins", data=body,
                               headers={"Content-Type": "application/json; charset=utf-8"}, timeout=TIMEOUT)
        self.assertEqual(answer.status_code, 201, answer.text)
        png = (SAMPLES / "screenshot.png").read_bytes()
        for kind in ("text/plain", "application/x-www-form-urlencoded", "application/json", None):
            headers = {"Content-Type": kind} if kind else {}
            answer = requests.put(self.server.url + "/v1/contents/typed", data=png, headers=headers, timeout=TIMEOUT)
            self.assertEqual(answer.status_code, 415, (kind, answer.text))
        self.assertEqual(self.server.get("/v1/contents/typed").status_code, 404)
        answer = requests.put(self.server.url + "/v1/contents/typed", data=png, headers={"Content-Type": "image/png"},
                              timeout=TIMEOUT)
        self.assertEqual(answer.status_code, 201, answer.text)


class WebSocketFloodTests(OpenServerCase):
    """Clients of the events socket that send what the protocol has no use for."""

    def test_a_ping_flood_that_never_reads_its_pongs_is_closed_and_memory_stays_bounded(self):
        sock, status = websocket_handshake(self.server.port, "/v1/contents/shot/events")
        self.addCleanup(sock.close)
        self.assertIn(" 101 ", status)
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
        before = vm_hwm(self.server.proc.pid)
        # 64 MiB of pings of 125 bytes at most, never a byte read meanwhile: each would cost
        # the server a pong (and its bookkeeping) unless the server closes the connection.
        ping = client_frame(0x9, b"p" * 125)
        burst, sent, closed = ping * 512, 0, False
        while sent < 64 << 20:
            try:
                sock.sendall(burst)
            except (BrokenPipeError, ConnectionResetError):
                closed = True
                break
            except socket.timeout:
                break
            sent += len(burst)
        grown = vm_hwm(self.server.proc.pid) - before
        print(f"\n  ping flood: {sent >> 20} MiB sent before the server closed: {closed}; VmHWM {before >> 20} MiB, "
              f"grew {grown / (1 << 20):.1f} MiB", file=sys.stderr)
        self.assertTrue(closed, f"the server took {sent >> 20} MiB of pings without closing")
        self.assertLess(grown, 32 << 20, f"VmHWM grew by {grown} bytes under the ping flood")
        self.assertEqual(self.server.get("/health").status_code, 200)

    def test_a_client_sending_without_pause_is_closed_with_the_policy_code(self):
        with connect(f"{self.server.ws}/v1/contents/shot/events", open_timeout=TIMEOUT) as ws:
            with self.assertRaises(ConnectionClosed) as closed:
                for i in range(1000):
                    ws.send(f"message {i}")
                while True:
                    ws.recv(TIMEOUT)
            self.assertEqual(closed.exception.rcvd.code, 1008, closed.exception)

    def test_a_well_behaved_client_is_not_closed(self):
        # A ping now and then (websockets answers the server's and sends its own) is fine.
        with connect(f"{self.server.ws}/v1/contents/shot/events", open_timeout=TIMEOUT) as ws:
            for _ in range(20):
                ws.ping().wait(TIMEOUT)
            self.assertEqual(self.server.post("/v1/contents/shot/pins", pin("calm")).status_code, 201)
            while (event := json.loads(ws.recv(TIMEOUT)))["type"] != "pin.created" or event["pin"]["id"] != "calm":
                pass


class SmallerHolesTests(OpenServerCase):
    def test_a_nul_in_a_body_is_a_400_naming_its_field(self):
        # PostgreSQL's text cannot hold a NUL: it was a 503 "the store is unavailable" there.
        answer = self.server.post("/v1/contents/shot/pins", pin("nul", text="a\u0000b"))
        self.assertEqual(answer.status_code, 400, answer.text)
        self.assertTrue(answer.json()["error"].startswith("text: "), answer.text)
        sync = self.server.post("/v1/sync", {"contentId": "shot", "cursor": 0, "changes": [
            {"changeId": "c\u0000d", "op": "create", "pin": pin("nul2")}]})
        self.assertEqual(sync.status_code, 400, sync.text)
        self.assertTrue(sync.json()["error"].startswith("changes[0].changeId: "), sync.text)
        self.assertEqual(self.server.get("/health").status_code, 200)

    def test_pin_ids_are_ones_a_url_can_reach(self):
        for bad in ("a/b", "x" * 10_000, "a\u0000b", "..", ".hidden", "a b", "a?b"):
            answer = self.server.post("/v1/contents/shot/pins", pin(bad))
            self.assertEqual(answer.status_code, 400, (bad[:20], answer.text))
            self.assertTrue(answer.json()["error"].startswith("id:"), answer.text)
            sync = self.server.post("/v1/sync", {"contentId": "shot", "cursor": 0, "changes": [
                {"changeId": "bad-id", "op": "create", "pin": pin(bad)}]}).json()
            if "\u0000" in bad:  # a NUL refuses the whole body (test_a_nul_in_a_body_...)
                self.assertTrue(sync["error"].startswith("changes[0].pin.id:"), sync)
                continue
            self.assertEqual(sync["results"][0]["status"], "refused", sync)
            self.assertTrue(sync["results"][0]["reason"].startswith("changes[0].pin.id:"), sync)
        for good in ("p1", "A-b_c.9", "0f8fad5b-d9cb-469f-a165-70867728950e", "x" * 100):
            answer = self.server.post("/v1/contents/shot/pins", pin(good))
            self.assertEqual(answer.status_code, 201, answer.text)
            self.assertEqual(self.server.get(f"/v1/contents/shot/pins/{good}").status_code, 200)
        self.assertNotIn("a/b", self.pin_ids())

    def test_dates_out_of_range_are_refused_with_the_field(self):
        for date in ("99999-01-01T00:00:00Z", "1969-12-31T23:59:59Z", "0001-01-01T00:00:00Z"):
            answer = self.server.post("/v1/contents/shot/pins", {**pin("d1"), "createdAt": date})
            self.assertEqual(answer.status_code, 400, (date, answer.text))
            self.assertTrue(answer.json()["error"].startswith("createdAt:"), answer.text)
        for date in ("1970-01-01T00:00:00Z", "9999-12-31T23:59:59Z"):
            answer = self.server.post("/v1/contents/shot/pins", {**pin(f"d{date[:4]}"), "createdAt": date})
            self.assertEqual(answer.status_code, 201, (date, answer.text))

    def post_text(self, path, text):
        return requests.post(self.server.url + path, data=text.encode(), headers={"Content-Type": "application/json"},
                             timeout=TIMEOUT)

    def test_json_errors_say_where(self):
        answer = self.post_text("/v1/contents/shot/pins", '{"id": "n1", "authorId": "u", "text": "t",\n "relativeX": NaN}')
        self.assertEqual(answer.status_code, 400)
        error = answer.json()["error"]
        self.assertTrue(error.startswith("relativeX:"), error)
        self.assertIn("line 2, column 15", error)
        answer = self.post_text("/v1/contents/shot/pins", '{"id": "n2",\n  "text" "t"}')
        self.assertIn("line 2, column 10", answer.json()["error"])
        answer = self.post_text("/v1/sync", '{"contentId": "shot", "changes": [{"changeId": "x", "op": "create",\n'
                                            ' "pin": {"relativeY": Infinity}}]}')
        self.assertEqual(answer.status_code, 400)
        self.assertTrue(answer.json()["error"].startswith("changes[0].pin.relativeY:"), answer.text)
        self.assertIn("line 2, column", answer.json()["error"])

    def test_a_nul_in_the_path_gets_a_clear_message(self):
        for path, field in (("/v1/contents/shot/pins/a%00b", "pinId"), ("/v1/contents/a%00b/pins", "contentId")):
            status, body = raw_request(self.server.port, "GET", path, [("Host", f"127.0.0.1:{self.server.port}")])
            self.assertEqual(status, 400, body)
            self.assertTrue(json.loads(body)["error"].startswith(field + ":"), body)
        status, body = raw_request(self.server.port, "GET", "/health%00", [("Host", f"127.0.0.1:{self.server.port}")])
        self.assertEqual(status, 404, body)
        self.assertIn("no such path", json.loads(body)["error"])

    def test_the_live_page_runs_its_own_script_only(self):
        page = self.server.get("/")
        policy = page.headers["Content-Security-Policy"]
        script = next(d for d in policy.split(";") if d.strip().startswith("script-src")).split()[1:]
        self.assertNotIn("'unsafe-inline'", script)
        own = page.text.split("<script>", 1)[1].split("</script>", 1)[0]
        self.assertEqual(script, [f"'sha256-{base64.b64encode(hashlib.sha256(own.encode()).digest()).decode()}'"])
        self.assertEqual(page.text.count("<script"), 1)

    def test_the_json_body_limit_is_documented(self):
        run = subprocess.run([service_test.BINARY, "serve", "--help"], capture_output=True, text=True, timeout=TIMEOUT)
        self.assertIn("4 MiB", run.stdout)
        document = self.server.get("/v1/openapi.json").text
        self.assertTrue("4 MiB" in document, "the OpenAPI document does not state the JSON body limit")


class QueryTokenTests(service_test.ServiceCase):
    """`?access_token=` is for what a browser cannot send headers with: the events socket
    and renders (an image); nothing else, and never a write."""

    @classmethod
    def setUpClass(cls):
        cls.data = tempfile.mkdtemp(prefix="pinservice-hostile-")
        tokens = pathlib.Path(cls.data) / "tokens.json"
        tokens.write_text(json.dumps({"tokens": [{"token": "query-admin-1", "contents": ["*"], "role": "admin"}]}))
        cls.server = Server(cls.data, "--tokens", str(tokens))
        cls.upload(headers={"Authorization": "Bearer query-admin-1"})

    def test_a_token_in_the_query_is_taken_by_events_and_renders_only(self):
        query = "access_token=query-admin-1"
        refused = [self.server.post(f"/v1/contents/shot/pins?{query}", pin("q1")),
                   self.server.post(f"/v1/sync?{query}", {"contentId": "shot", "cursor": 0, "changes": []}),
                   self.server.delete(f"/v1/contents/shot/pins/q1?{query}"),
                   self.server.put_file("shot", SAMPLES / "screenshot.png", params={"access_token": "query-admin-1"}),
                   self.server.get(f"/v1/contents/shot/pins?{query}")]
        for answer in refused:
            self.assertEqual(answer.status_code, 401, (answer.request.method, answer.request.url, answer.text))
            self.assertIn("access_token", answer.json()["error"])
        self.assertEqual(self.server.get(f"/v1/contents/shot/render.png?page=1&width=200&{query}").status_code, 200)
        with connect(f"{self.server.ws}/v1/contents/shot/events?{query}", open_timeout=TIMEOUT) as ws:
            self.assertEqual(json.loads(ws.recv(TIMEOUT))["type"], "ready")
        self.assertEqual(self.server.post("/v1/contents/shot/pins", pin("q2"),
                                          headers={"Authorization": "Bearer query-admin-1"}).status_code, 201)


if __name__ == "__main__":
    service_test.main()
