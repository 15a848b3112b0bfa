"""The live page (`GET /` of `pinrender serve`) in a real headless browser: Debian's chromium
through chromedriver and Selenium, against `pinrender serve --demo` on 127.0.0.1 and a free
port, with a tokens file. Two browser sessions: A (desktop, an iPhone 15 at zoom 2) adds a pin
by clicking its render and submitting the form, then resolves it; B (phone width, the whole
page) shows each change in its thread list and its render; a pin a revision flagged is marked,
accepted and moved. Pixels are read from the images
the pages show (drawn on a canvas in the browser). Run by `make test-livepage` (and `make test`):

    python3 Tests/LivePage/livepage_test.py
"""
import json
import os
import pathlib
import re
import shutil
import subprocess
import sys
import tempfile
import time
import unittest

import requests
from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

ROOT = pathlib.Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "Tests/Service"))
import service_test  # noqa: E402  (its Server runs pinrender serve)
BINARY = os.environ.get("PINRENDER", str(ROOT / ".build/debug/pinrender"))
TOKEN = "livepage-comment-token"
READER = "livepage-read-token"
# How long a page is waited for (a change in the other page's thread list by the events
# socket, a new render, a form shown): a bound against a change that never shows, far beyond
# what any machine takes (a render ~0.4 s on 2 idle cores, debug build; a list change some
# milliseconds), not a measure of speed. The latencies are printed, not judged.
WAIT = 60
# Where the tests leave screenshots of the page, to look at.
SCREENSHOTS = os.environ.get("LIVEPAGE_SCREENSHOTS", tempfile.gettempdir())


def theme_color(name):
    """A colour of the default theme, as Sources/PinRenderCore/Theme/Theme.swift sets it."""
    text = (ROOT / "Sources/PinRenderCore/Theme/Theme.swift").read_text()
    found = re.search(r"var " + name + r' = Color\(hex: "#([0-9A-Fa-f]{6})"\)', text)
    return tuple(int(found.group(1)[i:i + 2], 16) for i in (0, 2, 4))


MARKER_RED = theme_color("markerFill")
RESOLVED_GREY = theme_color("resolvedFill")

# The shown render's pixels, drawn on a canvas in the browser: how many are near each color
# in a box (natural pixels); and a point with a near-white box around it, searched outward
# on a grid from a start point.
PIXELS_JS = """
const img = document.getElementById('render');
const canvas = document.createElement('canvas');
canvas.width = img.naturalWidth; canvas.height = img.naturalHeight;
const context = canvas.getContext('2d');
context.drawImage(img, 0, 0);
function count(cx, cy, half, colors) {
  const box = context.getImageData(cx - half, cy - half, 2 * half + 1, 2 * half + 1).data;
  const counts = colors.map(() => 0);
  for (let i = 0; i < box.length; i += 4) {
    colors.forEach((c, k) => {
      if (Math.abs(box[i] - c[0]) < 40 && Math.abs(box[i + 1] - c[1]) < 40 && Math.abs(box[i + 2] - c[2]) < 40) counts[k]++;
    });
  }
  return {counts, total: box.length / 4, width: img.naturalWidth, height: img.naturalHeight};
}
function blank(sx, sy, half, step) {
  for (let r = 0; r < Math.max(canvas.width, canvas.height); r += step)
    for (let dx = -r; dx <= r; dx += step)
      for (let dy = -r; dy <= r; dy += step) {
        if (Math.max(Math.abs(dx), Math.abs(dy)) !== r) continue;
        const x = sx + dx, y = sy + dy;
        if (x < half || y < half || x + half >= canvas.width || y + half >= canvas.height) continue;
        const found = count(x, y, half, [[255, 255, 255]]);
        if (found.counts[0] === found.total) return [x, y];
      }
  return null;
}
"""


class Server(service_test.Server):
    """`pinrender serve --demo` with a tokens file, on 127.0.0.1 and a free port."""

    def __init__(self):
        self.scratch = tempfile.mkdtemp(prefix="livepage-")
        tokens = pathlib.Path(self.scratch) / "tokens.json"
        tokens.write_text(json.dumps({"tokens": [
            {"token": TOKEN, "contents": ["*"], "role": "comment"},
            {"token": READER, "contents": ["*"], "role": "read"}]}))
        service_test.BINARY = BINARY
        super().__init__(str(pathlib.Path(self.scratch) / "db"), "--demo", "--tokens", str(tokens))

    def api(self, method, path, **kw):
        return requests.request(method, self.url + path, headers={"Authorization": f"Bearer {TOKEN}"}, timeout=30, **kw)

    def stop(self):
        super().stop()
        shutil.rmtree(self.scratch, ignore_errors=True)


def browser(width, height, mobile=False):
    """Headless chromium at a window size (with `mobile`, emulating a phone's viewport)."""
    options = webdriver.ChromeOptions()
    options.binary_location = shutil.which("chromium") or "/usr/bin/chromium"
    for argument in ["--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu",
                     f"--window-size={width},{height}", "--proxy-server=direct://", "--proxy-bypass-list=*"]:
        options.add_argument(argument)
    if mobile:
        options.add_experimental_option("mobileEmulation", {"deviceMetrics": {"width": width, "height": height, "pixelRatio": 1}})
    driver = webdriver.Chrome(service=Service(shutil.which("chromedriver") or "/usr/bin/chromedriver"), options=options)
    driver.set_page_load_timeout(30)
    driver.set_script_timeout(30)
    return driver


class LivePageTests(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.server = Server()
        cls.drivers = []
        try:
            cls.a = cls.open(f"/?token={TOKEN}&content=floorplan&device=iphone-15&zoom=2", 1280, 900)
            cls.b = cls.open(f"/?token={TOKEN}&content=floorplan", 390, 844, mobile=True)
        except Exception:
            cls.tearDownClass()
            raise

    @classmethod
    def open(cls, path, width, height, mobile=False):
        driver = browser(width, height, mobile)
        cls.drivers.append(driver)
        driver.get(cls.server.url + path)
        WebDriverWait(driver, WAIT).until(
            lambda d: d.find_element(By.ID, "status").text == "live" and d.find_element(By.ID, "render").get_attribute("data-cursor"))
        return driver

    @classmethod
    def tearDownClass(cls):
        for driver in cls.drivers:
            driver.quit()
        cls.server.stop()

    def pixels(self, driver, x, y, half, colors=(MARKER_RED, RESOLVED_GREY)):
        return driver.execute_script(PIXELS_JS + "return count(...arguments);", x, y, half, [list(c) for c in colors])

    def wait_render(self, driver, seq):
        WebDriverWait(driver, WAIT).until(
            lambda d: int(d.find_element(By.ID, "render").get_attribute("data-cursor") or 0) >= seq)

    def blank_spot(self, driver, half):
        """A point of the shown render (natural pixels) with a near-white box around it, near
        the middle of the image's left half."""
        size = self.pixels(driver, 0, 0, 0)
        spot = driver.execute_script(PIXELS_JS + "return blank(...arguments);", size["width"] // 4, size["height"] // 2, half, 8)
        self.assertIsNotNone(spot, "no blank spot on the render to click")
        return spot

    def card(self, driver, pin_id):
        return driver.find_element(By.CSS_SELECTOR, f'li.thread[data-id="{pin_id}"]')

    def test_page_is_one_static_file_with_no_external_urls(self):
        answer = requests.get(self.server.url + "/", timeout=30)
        self.assertEqual(answer.status_code, 200)
        self.assertTrue(answer.headers["Content-Type"].startswith("text/html"))
        self.assertIn("default-src 'none'", answer.headers["Content-Security-Policy"])
        self.assertIsNone(re.search(r"\b(https?|wss?)://", answer.text), "the page names a URL")
        self.assertIsNone(re.search(r'(src|href)="(?!data:)', answer.text), "the page loads a file")
        # The page itself needs no token; everything it shows does.
        self.assertEqual(requests.get(self.server.url + "/v1/contents", timeout=30).status_code, 401)
        # The token was taken out of the address bar.
        self.assertNotIn("token", self.a.current_url)

    def test_a_pin_added_and_resolved_on_one_page_shows_on_the_other(self):
        a, b = self.a, self.b
        # A, on an iPhone 15 at zoom 2, clicks a blank spot of its render.
        img = a.find_element(By.ID, "render")
        scale = img.size["width"] / a.execute_script("return arguments[0].naturalWidth", img)
        half = max(6, round(8 / scale))
        x, y = self.blank_spot(a, 2 * half)
        dx, dy = round(x * scale - img.size["width"] / 2), round(y * scale - img.size["height"] / 2)
        x, y = round((dx + img.size["width"] / 2) / scale), round((dy + img.size["height"] / 2) / scale)
        ActionChains(a).move_to_element_with_offset(img, dx, dy).click().perform()
        form = a.find_element(By.ID, "new-pin")
        WebDriverWait(a, WAIT).until(lambda d: form.is_displayed())
        text = f"Check the outlet here {os.getpid()}"
        a.find_element(By.ID, "new-text").send_keys(text)
        a.find_element(By.ID, "new-add").click()
        clicked = time.monotonic()

        # B's thread list shows it (a phone-width page showing the whole page).
        WebDriverWait(b, WAIT).until(lambda d: text in d.find_element(By.ID, "threads").text)
        listed = time.monotonic() - clicked
        pins = self.server.api("GET", "/v1/contents/floorplan/pins").json()["pins"]
        pin = next(p for p in pins if p["text"] == text)
        self.assertEqual((pin["page"], pin["resolved"], pin["parentId"]), (1, False, None))
        self.assertNotIn("resolved", self.card(b, pin["id"]).get_attribute("class"))

        # Both renders draw it, red, where A clicked.
        self.wait_render(a, pin["seq"])
        at_click = self.pixels(a, x, y, half)
        self.assertGreater(at_click["counts"][0], at_click["total"] * 0.25, f"A's render has no pin at the click: {at_click}")
        self.wait_render(b, pin["seq"])
        drawn = time.monotonic() - clicked
        shown = self.pixels(b, 0, 0, 0)
        bx, by = round(pin["relativeX"] * shown["width"]), round(pin["relativeY"] * shown["height"])
        on_b = self.pixels(b, bx, by, 6)
        self.assertGreater(on_b["counts"][0], on_b["total"] * 0.25, f"B's render has no pin at {bx},{by}: {on_b}")
        shown = b.find_element(By.ID, "render")
        current = self.server.api("GET", "/v1/contents/floorplan/render.png?" + shown.get_attribute("data-query"))
        self.assertEqual(shown.get_attribute("data-etag"), current.headers["ETag"], "B does not show the current render")

        # A resolves it: B's card says so, and its render draws the pin grey.
        self.card(a, pin["id"]).find_element(By.CSS_SELECTOR, "button.resolve").click()
        clicked = time.monotonic()
        WebDriverWait(b, WAIT).until(lambda d: "resolved" in self.card(d, pin["id"]).get_attribute("class"))
        resolved_listed = time.monotonic() - clicked
        self.assertEqual(self.card(b, pin["id"]).find_element(By.CSS_SELECTOR, "button.resolve").text, "Reopen")
        resolved = self.server.api("GET", f"/v1/contents/floorplan/pins/{pin['id']}").json()
        self.assertTrue(resolved["resolved"])
        self.wait_render(b, resolved["seq"])
        on_b = self.pixels(b, bx, by, 6)
        self.assertLess(on_b["counts"][0], on_b["total"] * 0.05, f"B's render still has a red pin: {on_b}")
        self.assertGreater(on_b["counts"][1], on_b["total"] * 0.25, f"B's render has no grey pin: {on_b}")

        # B replies from its card; A's card shows the reply.
        card = self.card(b, pin["id"])
        card.find_element(By.CSS_SELECTOR, "button.reply").click()
        card.find_element(By.CSS_SELECTOR, ".reply-form input").send_keys("Done, fixed on site")
        card.find_element(By.CSS_SELECTOR, ".reply-form button").click()
        WebDriverWait(a, WAIT).until(lambda d: "Done, fixed on site" in self.card(d, pin["id"]).text)
        print(f"\n  B listed the new pin {listed * 1000:.0f} ms after A's click, drew it after {drawn * 1000:.0f} ms;"
              f" listed it resolved after {resolved_listed * 1000:.0f} ms")

    def test_the_viewport_is_the_servers_with_the_safe_area(self):
        """GET .../viewport answers Viewport's math (aspect fit in the screen less its safe
        area, zoom, centering inset, clamped offset), computed here again; a query the render
        refuses, or one without a device, is a 400."""
        answer = self.server.api("GET", "/v1/contents/floorplan/viewport?device=iphone-15@landscape&zoom=2&safeArea=true"
                                 "&offset=5000,40").json()
        pages = self.server.api("GET", "/v1/contents/floorplan").json()["pages"]
        w, h = pages[0]["width"], pages[0]["height"]
        # iPhone 15 in landscape: 852 x 393 points, its notch side (59) left and right, 24 top, 21 bottom.
        left, top, fw, fh = 59, 24, 852 - 2 * 59, 393 - 24 - 21
        s = min(fw / w, fh / h) * 2
        zw, zh = w * s, h * s
        inset_x, inset_y = max(0, (fw - zw) / 2), max(0, (fh - zh) / 2)
        ox, oy = min(5000, max(0, zw - fw)), min(40, max(0, zh - fh))
        expected = {"x": left + inset_x - ox, "y": top + inset_y - oy, "width": zw, "height": zh}
        for key, value in expected.items():
            self.assertAlmostEqual(answer["content"][key], value, places=6, msg=f"content.{key}: {answer}")
        self.assertEqual((answer["width"], answer["height"], answer["scale"], answer["page"]), (852, 393, 3, 1))
        self.assertEqual(answer["safeArea"], {"top": 24, "left": 59, "bottom": 21, "right": 59})
        for query, field in [("zoom=2", "device"), ("device=iphone-15&zoom=0.5", "zoom"),
                             ("device=iphone-15&focus=nobody", "focus"), ("device=iphone-15&page=9", "page")]:
            refused = self.server.api("GET", "/v1/contents/floorplan/viewport?" + query)
            self.assertEqual(refused.status_code, 400, f"{query}: {refused.text}")
            self.assertIn(field, refused.json()["error"], query)

    def test_a_click_beside_the_notch_lands_where_the_render_draws_the_pin(self):
        """On an iPhone 15 in landscape at zoom 2 within its safe area, a pin added by a click
        is where `pinrender render` at the same device draws it (its layout's marker), and the
        page's render shows it there."""
        c = self.open(f"/?token={TOKEN}&content=floorplan&device=iphone-15&landscape=1&zoom=2&safeArea=1", 1280, 900)
        img = c.find_element(By.ID, "render")
        self.assertIn("safeArea=true", img.get_attribute("data-query"))
        natural = c.execute_script("return arguments[0].naturalWidth", img)
        scale = img.size["width"] / natural
        half = max(6, round(8 / scale))
        # A blank spot near the left edge of the safe area (59 pt, 177 px from the screen's edge).
        size = self.pixels(c, 0, 0, 0)
        x, y = c.execute_script(PIXELS_JS + "return blank(...arguments);", 59 * 3 + 4 * half, size["height"] // 2, 2 * half, 8)
        dx, dy = round(x * scale - img.size["width"] / 2), round(y * scale - img.size["height"] / 2)
        x, y = (dx + img.size["width"] / 2) / scale, (dy + img.size["height"] / 2) / scale
        c.save_screenshot(os.path.join(SCREENSHOTS, "safe-area-before.png"))
        ActionChains(c).move_to_element_with_offset(img, dx, dy).click().perform()
        WebDriverWait(c, WAIT).until(lambda d: d.find_element(By.ID, "new-pin").is_displayed())
        text = f"Beside the notch {os.getpid()}"
        c.find_element(By.ID, "new-text").send_keys(text)
        c.find_element(By.ID, "new-add").click()
        WebDriverWait(c, WAIT).until(lambda d: text in d.find_element(By.ID, "threads").text)
        listed = self.server.api("GET", "/v1/contents/floorplan/pins").json()
        pin = next(p for p in listed["pins"] if p["text"] == text)
        self.wait_render(c, pin["seq"])
        c.save_screenshot(os.path.join(SCREENSHOTS, "safe-area-after.png"))
        at_click = self.pixels(c, round(x), round(y), half)
        self.assertGreater(at_click["counts"][0], at_click["total"] * 0.25, f"the page's render has no pin at the click: {at_click}")

        # The command line's render of the same screen puts the marker at the click (within
        # a CSS pixel of the page, which is where the click can be).
        scratch = pathlib.Path(self.server.scratch)
        (scratch / "pins.json").write_text(json.dumps({"pins": listed["pins"]}))
        layout = scratch / "layout.json"
        subprocess.run([BINARY, "render", str(ROOT / "samples/demo/floorplan.pdf"), "--pins", str(scratch / "pins.json"),
                                     "--device", "iphone-15@landscape", "--zoom", "2", "--safe-area", "-o", str(scratch / "c.png"),
                                     "--layout-json", str(layout)], check=True, capture_output=True)
        page = json.loads(layout.read_text())["pages"][0]
        self.assertEqual((page["width"], page["height"]), (natural, size["height"]))
        marker = next(m for m in page["markers"] if m["id"] == pin["id"])
        tolerance = 1 / scale + 0.5
        self.assertLess(abs(marker["x"] - x), tolerance, f"clicked at {x:.1f},{y:.1f}; the render's marker: {marker['x']},{marker['y']}")
        self.assertLess(abs(marker["y"] - y), tolerance, f"clicked at {x:.1f},{y:.1f}; the render's marker: {marker['x']},{marker['y']}")
        c.quit()
        self.drivers.remove(c)

    def test_page_catches_up_after_the_socket_drops(self):
        """The socket closed under the page: it reconnects with its cursor and shows what
        changed meanwhile."""
        b = self.b
        b.execute_script("state.socket.onclose = null; state.socket.close(); state.socket = null;")
        created = self.server.api("POST", "/v1/contents/floorplan/pins", json={
            "id": "while-away", "authorId": "u-test", "text": "Changed while the page was away",
            "relativeX": 0.9, "relativeY": 0.1})
        self.assertEqual(created.status_code, 201, created.text)
        b.execute_script("connect()")
        WebDriverWait(b, WAIT).until(lambda d: "Changed while the page was away" in d.find_element(By.ID, "threads").text)

    def test_a_flagged_pin_is_marked_then_accepted_or_moved_by_a_person(self):
        """Pins a new revision flagged (`carry` changed, gone; made here directly) are marked
        on both pages; A accepts one (carry: null) and moves the other with a click on its
        render: each an edit, whose event clears the mark on B."""
        a, b = self.a, self.b
        for pid, verdict in [("flag-changed", "changed"), ("flag-gone", "gone")]:
            created = self.server.api("POST", "/v1/contents/floorplan/pins", json={
                "id": pid, "authorId": "u-test", "text": f"carried: {verdict}", "relativeX": 0.3, "relativeY": 0.6,
                "carry": {"verdict": verdict, "confidence": 0.8, "from": {"page": 1, "x": 0.25, "y": 0.55}}})
            self.assertEqual(created.status_code, 201, created.text)
        for driver in (a, b):
            WebDriverWait(driver, WAIT).until(lambda d: "Gone: check it" in self.card(d, "flag-gone").text)
            self.assertIn("flagged", self.card(driver, "flag-changed").get_attribute("class"))
            self.assertIn("Changed: check it", self.card(driver, "flag-changed").text)

        self.card(a, "flag-changed").find_element(By.CSS_SELECTOR, "button.accept").click()
        WebDriverWait(b, WAIT).until(lambda d: "flagged" not in self.card(d, "flag-changed").get_attribute("class"))
        accepted = self.server.api("GET", "/v1/contents/floorplan/pins/flag-changed").json()
        self.assertNotIn("carry", accepted)
        self.assertEqual((accepted["relativeX"], accepted["relativeY"], accepted["version"]), (0.3, 0.6, 2))
        self.assertFalse(self.card(b, "flag-changed").find_element(By.CSS_SELECTOR, "button.accept").is_displayed())

        card = self.card(a, "flag-gone")
        card.find_element(By.CSS_SELECTOR, "button.move").click()
        img = a.find_element(By.ID, "render")
        ActionChains(a).move_to_element_with_offset(img, 0, 0).click().perform()
        WebDriverWait(b, WAIT).until(lambda d: "flagged" not in self.card(d, "flag-gone").get_attribute("class"))
        moved = self.server.api("GET", "/v1/contents/floorplan/pins/flag-gone").json()
        self.assertNotIn("carry", moved)
        self.assertNotEqual((moved["relativeX"], moved["relativeY"]), (0.3, 0.6))
        self.assertEqual(moved["version"], 2)
        self.assertFalse(a.find_element(By.ID, "new-pin").is_displayed(), "the move click opened the new pin form")

    def test_a_read_token_is_told_it_cannot_comment(self):
        reader = self.open(f"/?token={READER}&content=photo", 1024, 768)
        img = reader.find_element(By.ID, "render")
        ActionChains(reader).move_to_element_with_offset(img, 0, 0).click().perform()
        reader.find_element(By.ID, "new-text").send_keys("may I?")
        reader.find_element(By.ID, "new-add").click()
        notice = reader.find_element(By.ID, "notice")
        WebDriverWait(reader, WAIT).until(lambda d: notice.is_displayed())
        self.assertIn("needs comment", notice.text)


if __name__ == "__main__":
    unittest.main(verbosity=2)
