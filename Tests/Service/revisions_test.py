"""Revisions of a content in `pinrender serve` (issue 32, in the service), over a real socket
with service_test.py's Server helper:

    python3 -W ignore Tests/Service/revisions_test.py [--binary .build/debug/pinrender] [--postgres]

samples/make_revisions.py writes the floor plan and its revisions with the true point of
every pin. The floor plan is uploaded with the pins, then a revision is posted to
`/v1/contents/{id}/revisions`:
- the rotate-content pair (the sheet drawn sideways on a portrait page, then upright: a new
  page size, every pin moved): every root pin said `same` or `moved` lands within 1 px at
  150 dpi of its true point, each moved pin raised `pin.moved` on the events WebSocket with
  its `carry` (verdict, confidence, `from` its old point); replies unchanged. The engine's
  harder pairs (the rescaled A2 sheet and its several fits) are Tests/Carry's: a debug worker
  takes five times as long on that one, which came near a render's time limit under the load of
  parallel builds;
- the room-deleted pair: the pins on the deleted room keep their `changed`/`gone` verdict on
  the pin, and no pin on unchanged content is flagged; a person accepts one (`PATCH` with
  `carry: null`) and moves another, which clears their flags;
- the report is served at `/revisions/2` (the engine's, the files named `revision 1` and
  `revision 2`), the list at `/revisions`; `render.png?revision=1` is the bytes `pinrender
  render` draws of the old file with the pins where they were before the carry, the default
  the new file's with the pins as they are; `pins.xfdf?revision=1` the bytes `pinrender export
  --format xfdf` writes with the old file and those pins;
  `viewport?revision=1` the page where `pinrender render --device` puts the old page (its
  layout's placement), the default the new one's; an unknown revision is a 404 for each;
- edits made while a carry runs (held by PINRENDER_TEST_CARRY_GATE between its reading of
  the pins and the rest): a text edit stays on top of the carried place; a pin moved, and
  one created, on the old revision meanwhile keep the person's place, flagged `changed`
  with confidence 0, listed under `meanwhile` in the report;
- a body that is no document, or a damaged PDF, is a 4xx with one line, and changes nothing.
"""
import json
import math
import os
import pathlib
import shutil
import subprocess
import sys
import tempfile
import threading
import time
import unittest

import requests
from websockets.sync.client import connect

import service_test
from service_test import ROOT, TIMEOUT, Server

PX = 150 / 72
FLAGS = {"changed", "gone"}
REVISIONS = None   # the generator's folder (a TemporaryDirectory)


def setUpModule():
    global REVISIONS
    REVISIONS = tempfile.TemporaryDirectory(prefix="revisions-test-")
    subprocess.run([sys.executable, str(ROOT / "samples" / "make_revisions.py"), "--out", REVISIONS.name],
                   check=True, timeout=300, capture_output=True)


def tearDownModule():
    REVISIONS.cleanup()


def pair(name):
    folder = pathlib.Path(REVISIONS.name) / name
    return folder, json.loads((folder / "truth.json").read_text())


def post_revision(server, content_id, body):
    return requests.post(f"{server.url}/v1/contents/{content_id}/revisions", data=body,
                         headers={"Content-Type": "application/pdf"}, timeout=300)


def open_gate(path):
    """The write end of a test gate's pipe, once the server waits at it (opened for reading)."""
    deadline = time.monotonic() + TIMEOUT
    while True:
        try:
            return os.open(path, os.O_WRONLY | os.O_NONBLOCK)
        except OSError:   # ENXIO: nobody reads it yet
            if time.monotonic() > deadline:
                raise AssertionError(f"the server did not come to the gate {path} within {TIMEOUT} s")
            time.sleep(0.05)


class RevisionTests(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.data = tempfile.mkdtemp(prefix="pinservice-revisions-")
        # The carry gate holds a carry only while its pipe is there: in one test.
        cls.carry_gate = os.path.join(cls.data, "carry-gate")
        os.environ["PINRENDER_TEST_CARRY_GATE"] = cls.carry_gate
        try:
            cls.server = Server(cls.data)
        finally:
            del os.environ["PINRENDER_TEST_CARRY_GATE"]

    @classmethod
    def tearDownClass(cls):
        cls.server.stop()
        shutil.rmtree(cls.data, ignore_errors=True)

    def upload_with_pins(self, content_id, folder):
        """The pair's old file as `content_id` with its pins (roots first); the cursor after them."""
        answer = self.server.put_file(content_id, folder / "old.pdf")
        self.assertEqual(answer.status_code, 201, answer.text)
        pins = json.loads((folder / "pins.json").read_text())["pins"]
        for item in sorted(pins, key=lambda p: p.get("parentId") is not None):
            created = self.server.post(f"/v1/contents/{content_id}/pins", {**item, "contentId": content_id})
            self.assertIn(created.status_code, (200, 201), created.text)
        return pins, self.server.get(f"/v1/contents/{content_id}/changes?since=0").json()["cursor"]

    def events_after(self, content_id, cursor, count):
        """The first `count` pin events after `cursor`."""
        events = []
        with connect(f"{self.server.ws}/v1/contents/{content_id}/events?since={cursor}", open_timeout=TIMEOUT) as ws:
            while len(events) < count:
                event = json.loads(ws.recv(timeout=TIMEOUT))
                if event["type"].startswith("pin."):
                    events.append(event)
        return events

    def test_carried_pins_land_on_their_true_points_with_pin_moved_events(self):
        folder, truth = pair("rotate-content")
        old_pins, cursor = self.upload_with_pins("rotated", folder)
        stored_before = self.server.get("/v1/contents/rotated/pins").json()["pins"]
        answer = post_revision(self.server, "rotated", (folder / "new.pdf").read_bytes())
        self.assertEqual(answer.status_code, 201, answer.text[:500])
        body = answer.json()
        self.assertEqual(body["revision"]["number"], 2)
        self.assertEqual(body["content"]["pages"][0]["width"], truth["newSize"][0])
        self.assertNotEqual(truth["newSize"][0], truth["oldSize"][0])
        report = body["report"]
        self.assertTrue(report["match"])
        self.assertEqual((report["old"], report["new"]), ("revision 1", "revision 2"))
        # The engine's own report: `pinrender carry` of the same files and pins says the same.
        with tempfile.TemporaryDirectory() as tmp:
            pins_file, cli_report = pathlib.Path(tmp) / "pins.json", pathlib.Path(tmp) / "report.json"
            pins_file.write_text(json.dumps({"pins": stored_before}))
            subprocess.run([service_test.BINARY, "carry", str(folder / "old.pdf"), str(folder / "new.pdf"), "--pins", str(pins_file),
                            "-o", str(pathlib.Path(tmp) / "carried.json"), "--report", str(cli_report)], check=True, timeout=300,
                           capture_output=True)
            expected = json.loads(cli_report.read_text())
        expected["old"], expected["new"] = "revision 1", "revision 2"
        self.assertEqual(report, expected)
        self.assertIs(type(report["version"]), int)
        self.assertIs(type(report["counts"]["moved"]), int)

        pins = {p["id"]: p for p in self.server.get("/v1/contents/rotated/pins").json()["pins"]}
        w, h = truth["newSize"]
        worst = 0
        moved = set()
        for verdict in report["pins"]:
            pid, expected = verdict["id"], truth["pins"][verdict["id"]]
            self.assertIn(verdict["verdict"], expected["verdicts"], pid)
            pin = pins[pid]
            if verdict["verdict"] in ("same", "moved"):
                error = math.hypot((pin["relativeX"] - expected["to"]["x"]) * w, (pin["relativeY"] - expected["to"]["y"]) * h) * PX
                self.assertLessEqual(error, 1.0, f"{pid}: {error:.2f} px from its true point")
                worst = max(worst, error)
            if verdict["verdict"] == "moved":
                moved.add(pid)
                self.assertEqual(pin["carry"]["verdict"], "moved", pid)
        self.assertTrue(moved, "the turned sheet moves its pins")
        for old in old_pins:
            if old.get("parentId"):
                self.assertEqual(pins[old["id"]]["text"], old["text"])
                self.assertNotIn("carry", pins[old["id"]])
        print(f"\nrotate-content in the service: worst {worst:.2f} px at 150 dpi, {len(moved)} moved", file=sys.stderr)

        events = self.events_after("rotated", cursor, len(body["edited"]))
        by_pin = {e["pin"]["id"]: e for e in events}
        for pid in moved:
            event = by_pin[pid]
            self.assertEqual(event["type"], "pin.moved", pid)
            carry = event["pin"]["carry"]
            self.assertEqual(carry["verdict"], "moved")
            self.assertTrue(0 < carry["confidence"] <= 1)
            old = next(p for p in old_pins if p["id"] == pid)
            self.assertEqual((carry["from"]["page"], carry["from"]["x"], carry["from"]["y"]),
                             (old["page"], old["relativeX"], old["relativeY"]))

        # The report and the list.
        served = self.server.get("/v1/contents/rotated/revisions/2").json()
        self.assertEqual(served["report"], report)
        self.assertIsNone(self.server.get("/v1/contents/rotated/revisions/1").json()["report"])
        self.assertEqual([r["number"] for r in self.server.get("/v1/contents/rotated/revisions").json()["revisions"]], [1, 2])
        missing = self.server.get("/v1/contents/rotated/revisions/3")
        self.assertEqual(missing.status_code, 404)

        # Renders: the latest by default, revision 1 on request, each as the CLI draws its file
        # with the pins where they are on it: revision 1's where they were before the carry.
        with tempfile.TemporaryDirectory() as tmp:
            listed = pathlib.Path(tmp) / "pins.json"
            listed.write_text(json.dumps({"pins": list(pins.values())}))
            before = pathlib.Path(tmp) / "before.json"
            before.write_text(json.dumps({"pins": stored_before}))
            self.assertNotEqual([(p["relativeX"], p["relativeY"]) for p in stored_before if not p.get("parentId")],
                                [(pins[p["id"]]["relativeX"], pins[p["id"]]["relativeY"]) for p in stored_before if not p.get("parentId")])
            for query, document in [("?revision=1", "old.pdf"), ("", "new.pdf"), ("?revision=2", "new.pdf")]:
                out = pathlib.Path(tmp) / "cli.png"
                shown = before if query == "?revision=1" else listed
                subprocess.run([service_test.BINARY, "render", str(folder / document), "--pins", str(shown), "--dpi", "30",
                                "-o", str(out)], check=True, timeout=120, capture_output=True)
                sep = "&" if query else "?"
                served = self.server.get(f"/v1/contents/rotated/render.png{query}{sep}dpi=30")
                self.assertEqual(served.status_code, 200, served.text[:300])
                self.assertEqual(served.content, out.read_bytes(), query or "latest")
            # The XFDF export of a revision: its file's pages and /ID, named as the server keeps it.
            for query, document, name in [("?revision=1", "old.pdf", "rotated.r1.pdf"), ("", "new.pdf", "rotated.pdf")]:
                named = pathlib.Path(tmp) / name
                shutil.copyfile(folder / document, named)
                shown = before if query == "?revision=1" else listed
                exported = subprocess.run([service_test.BINARY, "export", str(shown), "--format", "xfdf", "--document", str(named),
                                           "-o", "-"], check=True, timeout=120, capture_output=True).stdout
                served = self.server.get(f"/v1/contents/rotated/pins.xfdf{query}")
                self.assertEqual((served.status_code, served.content), (200, exported), query or "latest")
            # The viewport of a revision: its page where a device render of its file puts it.
            for query, document in [("&revision=1", "old.pdf"), ("", "new.pdf"), ("&revision=2", "new.pdf")]:
                layout = pathlib.Path(tmp) / "layout.json"
                subprocess.run([service_test.BINARY, "render", str(folder / document), "--pins", str(listed), "--device", "iphone-15",
                                "--zoom", "2", "-o", str(pathlib.Path(tmp) / "device.png"), "--layout-json", str(layout)],
                               check=True, timeout=120, capture_output=True)
                placed = json.loads(layout.read_text())["pages"][0]["placement"]["rect"]
                served = self.server.get(f"/v1/contents/rotated/viewport?device=iphone-15&zoom=2{query}")
                self.assertEqual(served.status_code, 200, served.text[:300])
                viewport = served.json()
                for key in ("x", "y", "width", "height"):
                    self.assertAlmostEqual(viewport["content"][key] * viewport["scale"], placed[key], places=6,
                                           msg=f"{query or 'latest'}: content.{key}")
        for address in ["render.png", "pins.xfdf", "viewport?device=iphone-15"]:
            sep = "&" if "?" in address else "?"
            bad = self.server.get(f"/v1/contents/rotated/{address}{sep}revision=x")
            self.assertEqual(bad.status_code, 400, address)
            self.assertIn("revision", bad.json()["error"], address)
            unknown = self.server.get(f"/v1/contents/rotated/{address}{sep}revision=3")
            self.assertEqual(unknown.status_code, 404, f"{address}: {unknown.text[:300]}")
            self.assertIn("revision", unknown.json()["error"], address)

    def test_edits_made_while_the_carry_runs_are_kept(self):
        folder, _ = pair("room-deleted")
        self.upload_with_pins("meanwhile", folder)
        before = {p["id"]: p for p in self.server.get("/v1/contents/meanwhile/pins").json()["pins"]}
        edited, moved = [pid for pid, p in before.items() if not p.get("parentId")][:2]
        os.mkfifo(self.carry_gate)
        answers = []
        posting = threading.Thread(target=lambda: answers.append(
            post_revision(self.server, "meanwhile", (folder / "new.pdf").read_bytes())))
        posting.start()
        gate = open_gate(self.carry_gate)
        try:
            os.unlink(self.carry_gate)   # one carry held: the next ones go on
            # The carry has read the pins: edit one's text, move another, add one, on revision 1.
            text = self.server.patch(f"/v1/contents/meanwhile/pins/{edited}",
                                     {"version": before[edited]["version"], "text": "edited while the carry ran", "resolved": True})
            self.assertEqual(text.status_code, 200, text.text)
            place = self.server.patch(f"/v1/contents/meanwhile/pins/{moved}",
                                      {"version": before[moved]["version"], "relativeX": 0.125, "relativeY": 0.25})
            self.assertEqual(place.status_code, 200, place.text)
            added = {key: before[edited][key] for key in ("contentId", "page", "authorId", "text")}
            created = self.server.post("/v1/contents/meanwhile/pins", {**added, "id": "added-meanwhile", "relativeX": 0.75, "relativeY": 0.5})
            self.assertEqual(created.status_code, 201, created.text)
        finally:
            os.write(gate, b"x")
            os.close(gate)
        posting.join(300)
        self.assertEqual(answers[0].status_code, 201, answers[0].text[:500])
        report = answers[0].json()["report"]
        pins = {p["id"]: p for p in self.server.get("/v1/contents/meanwhile/pins").json()["pins"]}
        # The text edit stays, on top of what the carry found for the pin.
        self.assertEqual((pins[edited]["text"], pins[edited]["resolved"]), ("edited while the carry ran", True))
        verdict = next(v for v in report["pins"] if v["id"] == edited)
        self.assertEqual(pins[edited].get("carry", {}).get("verdict", "same"), verdict["verdict"])
        # The pins placed on revision 1 meanwhile keep their places, flagged from there.
        flag = {"verdict": "changed", "confidence": 0}
        self.assertEqual((pins[moved]["relativeX"], pins[moved]["relativeY"]), (0.125, 0.25))
        self.assertEqual(pins[moved]["carry"], {**flag, "from": {"page": 1, "x": 0.125, "y": 0.25}})
        self.assertEqual((pins["added-meanwhile"]["relativeX"], pins["added-meanwhile"]["carry"]),
                         (0.75, {**flag, "from": {"page": 1, "x": 0.75, "y": 0.5}}))
        self.assertEqual(report["meanwhile"], [
            {"id": moved, "edit": "moved", "page": 1, "x": 0.125, "y": 0.25},
            {"id": "added-meanwhile", "edit": "created", "page": 1, "x": 0.75, "y": 0.5}])
        self.assertEqual(self.server.get("/v1/contents/meanwhile/revisions/2").json()["report"], report)

    def test_pins_on_a_deleted_room_keep_their_flag(self):
        folder, truth = pair("room-deleted")
        self.upload_with_pins("deleted", folder)
        answer = post_revision(self.server, "deleted", (folder / "new.pdf").read_bytes())
        self.assertEqual(answer.status_code, 201, answer.text[:500])
        pins = {p["id"]: p for p in self.server.get("/v1/contents/deleted/pins").json()["pins"]}
        flagged = 0
        for pid, expected in truth["pins"].items():
            verdict = pins[pid].get("carry", {}).get("verdict", "same")
            self.assertIn(verdict, expected["verdicts"], pid)
            if set(expected["verdicts"]) <= FLAGS:
                flagged += 1
                self.assertIn(verdict, FLAGS, pid)
            elif not set(expected["verdicts"]) & FLAGS:
                self.assertNotIn(verdict, FLAGS, pid)
        self.assertGreater(flagged, 0, "the pair deletes a room under some pins")

        # A person accepts one flagged pin (carry: null) and moves another: both edits, flags cleared.
        first, second = [pid for pid, p in pins.items() if p.get("carry", {}).get("verdict") in FLAGS][:2]
        refused = self.server.patch(f"/v1/contents/deleted/pins/{first}", {"version": pins[first]["version"], "carry": {"verdict": "same"}})
        self.assertEqual(refused.status_code, 400)
        self.assertIn("carry", refused.json()["error"])
        accepted = self.server.patch(f"/v1/contents/deleted/pins/{first}", {"version": pins[first]["version"], "carry": None})
        self.assertEqual(accepted.status_code, 200, accepted.text)
        self.assertNotIn("carry", accepted.json())
        self.assertEqual(accepted.json()["relativeX"], pins[first]["relativeX"])
        moved = self.server.patch(f"/v1/contents/deleted/pins/{second}", {"version": pins[second]["version"], "relativeX": 0.5})
        self.assertEqual(moved.status_code, 200, moved.text)
        self.assertNotIn("carry", moved.json())

    def test_a_bad_revision_is_a_4xx_with_one_line_and_changes_nothing(self):
        folder, _ = pair("rescaled")
        self.upload_with_pins("bad", folder)
        before = self.server.get("/v1/contents/bad/pins").json()
        damaged = (folder / "new.pdf").read_bytes()[:2000]
        for body in [b"not a document at all", damaged]:
            answer = post_revision(self.server, "bad", body)
            self.assertTrue(400 <= answer.status_code < 500, (answer.status_code, answer.text[:300]))
            error = answer.json()["error"]
            self.assertNotIn("\n", error)
            self.assertTrue(error.startswith("body"), error)
            self.assertNotIn(self.data, error)
        self.assertEqual(self.server.get("/v1/contents/bad/pins").json(), before)
        self.assertEqual([r["number"] for r in self.server.get("/v1/contents/bad/revisions").json()["revisions"]], [1])
        self.assertEqual(post_revision(self.server, "nobody", b"%PDF-1.4").status_code, 404)


if __name__ == "__main__":
    service_test.main()
