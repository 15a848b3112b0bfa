"""`pinrender serve` under hostile renders and uploads (issue 29), over loopback with real
clients: a render's memory bounded by the service (a huge image decoded for a PDF export, a
PDF holding a huge image drawn to PNG) and its time, a render worker that dies, uploads cut
short or too large to decode, a device screen larger than Cairo draws, and the render failures
counted per content. The server's peak memory is read from /proc/PID/status (VmHWM), a
worker's from the content's record (its ru_maxrss). Reuses service_test.py's Server; with
--postgres the contents and pins are in PostgreSQL, as there:

    python3 -W ignore Tests/Service/hostile_renders_test.py [--binary .build/debug/pinrender] [--postgres]
"""
import os
import pathlib
import signal
import struct
import subprocess
import tempfile
import threading
import time
import zlib

import pymupdf
import requests

import service_test
from service_test import SAMPLES, TIMEOUT, Server, ServiceCase

MiB = 1 << 20
# serve's default --render-max-memory.
RENDER_LIMIT = 1 << 30
# What the server itself may reach while its workers take a gigabyte: its own memory, the
# uploads and the answers, not a render's.
SERVER_BOUND = 256 * MiB


def zeros_deflated(length):
    """A zlib stream of `length` zero bytes, made in a moment: one independent (fully
    flushed) deflate block of 16 MiB of zeros, repeated, and the rest."""
    chunk = 1 << 24
    head = zlib.compressobj(9)
    first = head.compress(b"\0" * chunk) + head.flush(zlib.Z_FULL_FLUSH)
    again = head.compress(b"\0" * chunk) + head.flush(zlib.Z_FULL_FLUSH)
    count, rest = divmod(length, chunk)
    parts = [first] + [again] * (count - 1)
    if rest:
        tail = zlib.compressobj(9)
        parts.append((tail.compress(b"\0" * rest) + tail.flush(zlib.Z_FULL_FLUSH))[2:])
    # A last empty block, then the Adler-32 of zeros: a = 1, b = length.
    return b"".join(parts) + b"\x03\x00" + struct.pack(">I", ((length % 65521) << 16) | 1)


def png(width, height, interlaced=False, data=None):
    """A black 8-bit RGB PNG: a megabyte or so for 20000 x 20000 pixels, 1.2 GB decoded."""
    def chunk(kind, body):
        return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body))
    if interlaced:
        passes = [(0, 8, 0, 8), (4, 8, 0, 8), (0, 4, 4, 8), (2, 4, 0, 4), (0, 2, 2, 4), (1, 2, 0, 2), (0, 1, 1, 2)]
        raw = 0
        for x0, dx, y0, dy in passes:
            columns, rows = (width - x0 + dx - 1) // dx, (height - y0 + dy - 1) // dy
            raw += rows * (1 + 3 * columns) if columns > 0 else 0
    else:
        raw = height * (1 + 3 * width)
    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 1 if interlaced else 0)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", data if data is not None else zeros_deflated(raw))
            + chunk(b"IEND", b""))


def pdf_with_image(side):
    """A one-page A4 PDF drawing one grey image of `side` x `side` pixels (deflated zeros)."""
    image = zeros_deflated(side * side)
    content = b"q 595 0 0 842 0 0 cm /I Do Q"
    objects = [
        b"<< /Type /Catalog /Pages 2 0 R >>",
        b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
        b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /XObject << /I 4 0 R >> >> /Contents 5 0 R >>",
        b"<< /Type /XObject /Subtype /Image /Width %d /Height %d /ColorSpace /DeviceGray /BitsPerComponent 8 "
        b"/Filter /FlateDecode /Length %d >>\nstream\n" % (side, side, len(image)) + image + b"\nendstream",
        b"<< /Length %d >>\nstream\n" % len(content) + content + b"\nendstream",
    ]
    return pdf_file(objects)


def pdf_file(objects):
    """A PDF of `objects` (the bodies of objects 1, 2, ...; the first the catalog), with its
    cross-reference table."""
    out, offsets = b"%PDF-1.4\n", []
    for number, body in enumerate(objects, 1):
        offsets.append(len(out))
        out += b"%d 0 obj\n" % number + body + b"\nendobj\n"
    xref = len(out)
    out += b"xref\n0 %d\n0000000000 65535 f \n" % (len(objects) + 1) + b"".join(b"%010d 00000 n \n" % o for o in offsets)
    return out + b"trailer\n<< /Size %d /Root 1 0 R >>\nstartxref\n%d\n%%%%EOF\n" % (len(objects) + 1, xref)


def peak_memory(pid):
    """VmHWM of a process, in bytes."""
    for line in pathlib.Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmHWM:"):
            return int(line.split()[1]) * 1024
    raise AssertionError(f"no VmHWM for {pid}")


def children(pid):
    found = []
    for task in pathlib.Path(f"/proc/{pid}/task").iterdir():
        try:
            found += [int(child) for child in (task / "children").read_text().split()]
        except OSError:
            pass
    return found


class HostileCase(ServiceCase):
    """A server of its own for the class, with the screenshot (`shot`) and the floor plan
    (`plan`) uploaded."""

    def put(self, content_id, body):
        """Uploads `body` as the type its first bytes say (a damaged file keeps its signature)."""
        kinds = {b"%PDF": "application/pdf", b"\x89PNG": "image/png", b"\xff\xd8": "image/jpeg"}
        kind = next((t for magic, t in kinds.items() if body.startswith(magic)), "application/pdf")
        return requests.put(f"{self.server.url}/v1/contents/{content_id}", data=body,
                            headers={"Content-Type": kind}, timeout=TIMEOUT * 4)

    def render(self, content_id, suffix, query=""):
        return requests.get(f"{self.server.url}/v1/contents/{content_id}/render.{suffix}?{query}", timeout=TIMEOUT * 4)

    def renders(self, content_id):
        answer = self.server.get(f"/v1/contents/{content_id}")
        self.assertEqual(answer.status_code, 200, answer.text)
        self.assertIn("renders", answer.json(), "the content's record counts no renders")
        return answer.json()["renders"]

    def assertServerSmall(self, during):
        peak = peak_memory(self.server.proc.pid)
        print(f"\n  server VmHWM after {during}: {peak / MiB:.0f} MiB", end="")
        self.assertLess(peak, SERVER_BOUND, f"the server itself took {peak / MiB:.0f} MiB {during}")
        self.assertEqual(self.server.get("/health").status_code, 200)


class RenderMemoryTests(HostileCase):
    """serve with its defaults: a gigabyte for one render, in a worker."""

    def assertStoppedAtTheLimit(self, answer, content_id, failures):
        self.assertEqual(answer.status_code, 422, answer.text[:300])
        error = answer.json()["error"]
        self.assertIn("1024 MiB", error)
        self.assertIn("--render-max-memory", error)
        self.assertIn(f'content "{content_id}"', error)
        self.assertNotIn(self.data, error)
        counts = self.renders(content_id)
        self.assertEqual((counts["failed"], counts["lastFailure"]["status"]), (failures, 422), counts)
        self.assertEqual(counts["lastFailure"]["error"], error)
        # The worker reached the limit, and stopped within a step of the backstop past it.
        self.assertGreater(counts["peakMemory"], RENDER_LIMIT, counts)
        self.assertLess(counts["peakMemory"], 2 * RENDER_LIMIT, counts)
        print(f"\n  worker peak {counts['peakMemory'] / MiB:.0f} MiB", end="")

    def test_a_huge_png_exported_to_pdf_stops_at_the_limit_and_the_server_stays_small(self):
        # 1.2 MB for 20000 x 20000 pixels, within the pixel limit; decoded whole for the PDF.
        self.assertEqual(self.put("hugepng", png(20000, 20000)).status_code, 201)
        self.assertStoppedAtTheLimit(self.render("hugepng", "pdf"), "hugepng", failures=1)
        self.assertServerSmall("a 20000 x 20000 PNG exported to PDF")

    def test_a_pdf_holding_a_huge_image_stops_at_the_limit_for_each_new_option(self):
        self.assertEqual(self.put("hugepdf", pdf_with_image(30000)).status_code, 201)
        for failures, query in enumerate(["", "dpi=20", "dpi=30"], 1):
            self.assertStoppedAtTheLimit(self.render("hugepdf", "png", query), "hugepdf", failures)
        self.assertServerSmall("a 30000 x 30000 image in a PDF drawn three times")

    def test_renders_go_on_after_them_and_are_counted(self):
        answer = self.render("shot", "png", "width=200")
        self.assertEqual(answer.status_code, 200, answer.text[:300])
        self.assertEqual(answer.content[:4], b"\x89PNG")
        self.assertEqual(self.render("shot", "png", "width=200").status_code, 200)
        counts = self.renders("shot")
        self.assertEqual((counts["rendered"], counts["failed"]), (1, 0), f"a cached answer is no render: {counts}")
        self.assertNotIn("lastFailure", counts)
        self.assertGreater(counts["peakMemory"], 0)


class RenderTimeTests(HostileCase):
    """A time limit no render of 278 million pixels can meet."""

    @classmethod
    def setUpClass(cls):
        super().setUpClass()
        # The limit for the renders only, not for the uploads' checks.
        cls.server.stop()
        cls.server = Server(cls.data, "--render-timeout", "0.001", db=cls.server.db)

    def test_a_render_past_the_time_limit_is_422_naming_it(self):
        answer = self.render("plan", "png", "page=1&dpi=1200")
        self.assertEqual(answer.status_code, 422, answer.text[:300])
        self.assertIn("0.001 s", answer.json()["error"])
        self.assertIn("--render-timeout", answer.json()["error"])
        self.assertEqual(self.renders("plan")["failed"], 1)
        self.assertEqual(self.server.get("/health").status_code, 200)

    def test_an_import_past_the_time_limit_is_422_naming_it_and_creates_nothing(self):
        # 2,000 sticky notes: no import reads and places them in a millisecond.
        document = pymupdf.open(str(SAMPLES / "floorplan.pdf"))
        for number in range(2000):
            note = document[0].add_text_annot((20 + number % 50 * 10, 20 + number // 50 * 10), f"note {number}")
            document.xref_set_key(note.xref, "NM", f"(limit-{number})")
        answer = requests.post(f"{self.server.url}/v1/contents/plan/import", data=document.tobytes(),
                               headers={"Content-Type": "application/pdf"}, timeout=TIMEOUT * 4)
        self.assertEqual(answer.status_code, 422, answer.text[:300])
        self.assertIn("0.001 s", answer.json()["error"])
        self.assertIn("--render-timeout", answer.json()["error"])
        self.assertIn("while placing the comments on the pages", answer.json()["error"])
        self.assertEqual(self.server.get("/v1/contents/plan/pins").json()["pins"], [])
        self.assertEqual(self.server.get("/health").status_code, 200)


class WorkerTests(HostileCase):
    def test_a_worker_that_dies_is_a_500_and_the_server_goes_on(self):
        # The render runs in a child of the server; killed once it has the job, it takes
        # nothing else down (the other workers, idle, are killed too and started again).
        result = {}
        worker = threading.Thread(target=lambda: result.update(answer=self.render("plan", "png", "page=1&dpi=1200")))
        worker.start()
        while worker.is_alive() and self.renders("plan")["running"] == 0:
            pass
        killed = children(self.server.proc.pid)
        for child in killed:
            os.kill(child, signal.SIGKILL)
        worker.join(TIMEOUT * 4)
        self.assertTrue(killed, "the render ended and the server never had a child: renders run in its own process")
        answer = result["answer"]
        self.assertEqual(answer.status_code, 500, answer.text[:300])
        # The server's fault: the details in its log under the id the answer gives, and in the count.
        self.assertIn("internal error", answer.json()["error"])
        failure = self.renders("plan")["lastFailure"]
        self.assertEqual(failure["status"], 500)
        self.assertIn("signal 9", failure["error"])
        self.assertEqual(self.renders("plan")["running"], 0)
        again = self.render("plan", "png", "page=1&dpi=30")
        self.assertEqual((again.status_code, again.content[:4]), (200, b"\x89PNG"))


class UploadCheckTests(HostileCase):
    def assertRefused(self, content_id, body, status, *words):
        answer = self.put(content_id, body)
        self.assertEqual(answer.status_code, status, answer.text[:300])
        error = answer.json()["error"]
        self.assertTrue(error.startswith("body: "), error)
        for word in words:
            self.assertIn(word, error)
        self.assertNotIn(self.data, error)
        self.assertEqual(self.server.get(f"/v1/contents/{content_id}").status_code, 404, "kept though refused")

    def test_a_png_cut_short_is_refused(self):
        whole = (SAMPLES / "screenshot.png").read_bytes()
        self.assertRefused("cutpng", whole[:len(whole) // 2], 400, "PNG", "ends before")

    def test_a_jpeg_cut_short_is_refused(self):
        whole = (SAMPLES / "photo.jpg").read_bytes()
        self.assertRefused("cutjpeg", whole[:len(whole) // 2], 400, "JPEG", "Premature end")

    def test_a_png_with_corrupt_image_data_is_refused(self):
        rows = b"".join(b"\0" + bytes((x * 7 + y * 13) % 256 for x in range(3 * 64)) for y in range(64))
        data = bytearray(zlib.compress(rows))
        data[len(data) // 2:len(data) // 2 + 8] = b"\xff" * 8
        self.assertRefused("corrupt", png(64, 64, data=bytes(data)), 400, "PNG")

    def test_an_image_over_the_pixel_limit_is_refused(self):
        # Refused from its header, as before the check decoded images.
        self.assertRefused("wide", png(30000, 30000, data=zlib.compress(b"")), 400, "30000 x 30000", "400000000")

    def test_an_interlaced_png_too_large_to_decode_is_refused_at_the_memory_limit(self):
        # Interlaced rows come only at the end: decoding it takes 1.6 GB, which every render
        # would take again. The check stops at the render limit, in a worker.
        self.assertRefused("interlaced", png(20000, 20000, interlaced=True), 422, "1024 MiB", "--render-max-memory")
        self.assertServerSmall("an interlaced 20000 x 20000 PNG checked")

    def test_a_pdf_without_pages_or_damaged_is_refused(self):
        self.assertRefused("nopages", b"%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n"
                           b"2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n",
                           400, "PDF")
        plan = (SAMPLES / "floorplan.pdf").read_bytes()
        self.assertRefused("cutpdf", plan[:len(plan) // 2], 400, "PDF")

    def test_whole_files_are_kept_with_their_pages(self):
        for content_id, file, pages in [("photo", "photo.jpg", 1), ("plan2", "floorplan.pdf", 4), ("shot2", "screenshot.png", 1)]:
            answer = self.put(content_id, (SAMPLES / file).read_bytes())
            self.assertEqual(answer.status_code, 201, answer.text[:300])
            self.assertEqual(answer.json()["pageCount"], pages)
        self.assertEqual(self.server.get("/v1/contents/photo").json()["pages"], [{"page": 1, "width": 1200, "height": 800}])


class MissingPageTests(HostileCase):
    def test_a_page_that_does_not_exist_is_a_400_whoever_finds_it(self):
        # The page tree counts 2 pages and holds 1: Poppler counts 2, so page 2 passes the
        # page selection and Poppler finds it missing while drawing; page 3 is refused by
        # the selection. Both are the request's fault, through ServiceError's one table. (A
        # PDF export of it is refused before: qpdf and Poppler disagree on its pages.)
        short = pdf_file([b"<< /Type /Catalog /Pages 2 0 R >>", b"<< /Type /Pages /Kids [3 0 R] /Count 2 >>",
                          b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] >>"])
        answer = self.put("short", short)
        self.assertEqual(answer.status_code, 201, answer.text[:300])
        for suffix, query, words in [("png", "page=2", "page 2 does not exist"), ("png", "page=3", "page 3 does not exist"),
                                     ("pdf", "page=2", "qpdf cannot read it")]:
            answer = self.render("short", suffix, query)
            self.assertEqual(answer.status_code, 400, f"{suffix} {query}: {answer.text[:300]}")
            self.assertIn(words, answer.json()["error"])
            self.assertNotIn(self.data, answer.json()["error"])
        self.assertEqual(self.renders("short")["failed"], 0, "a missing page is the request's fault, not a failed render")


class DeviceLimitTests(HostileCase):
    def test_a_screen_larger_than_cairo_draws_is_400_naming_the_limit(self):
        answer = self.render("shot", "png", "device=99999x99999@99")
        self.assertEqual(answer.status_code, 400, answer.text[:300])
        self.assertIn("32767", answer.json()["error"])
        self.assertNotIn("cairo", answer.json()["error"])
        self.assertEqual(self.renders("shot")["failed"], 0, "a bad option is the request's fault, not a failed render")
        with tempfile.TemporaryDirectory() as folder:
            run = subprocess.run([service_test.BINARY, "render", str(SAMPLES / "screenshot.png"), "--pins",
                                  str(SAMPLES / "pins/screenshot.json"), "--device", "99999x99999@99", "-o", f"{folder}/out.png"],
                                 capture_output=True, text=True, timeout=TIMEOUT)
            self.assertEqual(run.returncode, 2)
            self.assertEqual(run.stderr.count("\n"), 1, run.stderr)
            self.assertIn("--device", run.stderr)
            self.assertIn("32767", run.stderr)
            self.assertEqual(os.listdir(folder), [])


if __name__ == "__main__":
    service_test.main()
