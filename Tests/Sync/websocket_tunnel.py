"""The WebSocket half of fault_proxy.py: an upgraded connection relayed to the service
frame by frame, which the test can cut, pause or close as the service would.

A tunnel forwards the client's bytes as they come, and the service's a whole frame at a time,
so a frame the proxy writes itself (a close with code 4000) never lands inside another."""
import socket
import struct
import threading
import time

tunnels = []
lock = threading.Lock()


class Tunnel:
    def __init__(self, client, upstream):
        self.client, self.upstream = client, upstream
        self.paused = False
        self.closed = False
        # Set once the proxy sent its own close frame: the service's frames stop there.
        self.closing = False
        self.client_done = threading.Event()
        self.send_lock = threading.Lock()

    def relay_client(self, reader):
        """The client's bytes to the service (after a close frame of the proxy's, to nobody),
        until either side ends."""
        try:
            while not self.closed:
                data = reader.read1(65536)
                if not data:
                    break
                if not self.closing:
                    self.upstream.sendall(data)
        except OSError:
            pass
        self.client_done.set()
        self.cut()

    def relay_service(self, reader):
        """The service's answer to the upgrade, then its frames to the client, held while paused."""
        try:
            status = reader.readline()
            head = status
            while head[-4:] != b"\r\n\r\n" and not head.endswith(b"\n\n"):
                line = reader.readline()
                if not line:
                    break
                head += line
            self.client.sendall(head)
            if b" 101 " not in status:
                self.client.sendall(reader.read())
                raise OSError("not upgraded")
            while not self.closed:
                head = reader.read(2)
                if len(head) < 2:
                    break
                length = head[1] & 0x7F
                extra = reader.read({126: 2, 127: 8}.get(length, 0) + (4 if head[1] & 0x80 else 0))
                if length == 126:
                    length = struct.unpack("!H", extra[:2])[0]
                elif length == 127:
                    length = struct.unpack("!Q", extra[:8])[0]
                frame = head + extra + reader.read(length)
                while self.paused and not self.closed:
                    time.sleep(0.01)
                with self.send_lock:
                    if self.closed or self.closing:
                        return
                    self.client.sendall(frame)
        except OSError:
            pass
        if not self.closing:
            self.cut()

    def close_with(self, code, reason):
        """Sends the client a close frame as the service would and ends the stream to it, then
        cuts both sides once the client has closed its own (or after 30 s, a bound against a
        client that never does): cut at once, the connection could be reset before the client
        read the frame."""
        payload = struct.pack("!H", code) + reason.encode()[:120]
        with self.send_lock:
            self.closing = True
            try:
                self.client.sendall(bytes([0x88, len(payload)]) + payload)
                self.client.shutdown(socket.SHUT_WR)
            except OSError:
                pass
        self.client_done.wait(30)
        self.cut()

    def cut(self):
        self.closed = True
        for side in (self.client, self.upstream):
            try:
                side.shutdown(socket.SHUT_RDWR)
            except OSError:
                pass


def open_tunnel(handler, upstream_port):
    """Relays an upgrade request (already read by `handler`) to the service, and then the
    connection both ways; returns when it ends."""
    upstream = socket.create_connection(("127.0.0.1", upstream_port), timeout=30)
    upstream.settimeout(None)
    head = "%s %s HTTP/1.1\r\n" % (handler.command, handler.path)
    head += "".join("%s: %s\r\n" % (k, v) for k, v in handler.headers.items()) + "\r\n"
    upstream.sendall(head.encode("latin-1"))
    tunnel = Tunnel(handler.connection, upstream)
    with lock:
        tunnels.append(tunnel)
    threading.Thread(target=tunnel.relay_service, args=(upstream.makefile("rb"),), daemon=True).start()
    tunnel.relay_client(handler.rfile)
    with lock:
        tunnels.remove(tunnel)
    upstream.close()


def control(command):
    """drop: cut every tunnel; pause / resume: hold the service's frames; resync: close every
    tunnel with code 4000, as the service closes a client that fell behind."""
    with lock:
        current = list(tunnels)
    for tunnel in current:
        if command == "drop":
            tunnel.cut()
        elif command == "pause":
            tunnel.paused = True
        elif command == "resume":
            tunnel.paused = False
        elif command == "resync":
            tunnel.close_with(4000, "resync: the client fell behind")
    return len(current)
