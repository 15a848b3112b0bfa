"""Debian's pdf.js (`libjs-pdf`) in headless chromium, as a reader of PDF comments.

`PDFJS(folder)` serves /usr/share/javascript/pdf and `folder` from a loopback HTTP server,
opens a page that loads pdf.js in chromium (through chromedriver and Selenium, as
Tests/LivePage/livepage_test.py starts them), and `annotations(name)` returns, per page of the
PDF `name` in that folder, what `page.getAnnotations()` lists, with the points pdf.js's own
viewport (CropBox and /Rotate applied) gives for each annotation's rect, relative to the page
as displayed.
"""
import functools
import http.server
import pathlib
import shutil
import threading

from selenium import webdriver
from selenium.webdriver.chrome.service import Service

PDFJS_FOLDER = pathlib.Path("/usr/share/javascript/pdf")

PAGE = """<!doctype html><meta charset="utf-8"><title>pdf.js reader</title>
<script src="/pdf/build/pdf.js"></script>
<script>
pdfjsLib.GlobalWorkerOptions.workerSrc = "/pdf/build/pdf.worker.js";
// Every page's annotations as pdf.js lists them, with the rect's top-left corner and centre
// in the page as displayed (pdf.js's viewport at scale 1), relative to its size.
async function readAnnotations(url) {
  const doc = await pdfjsLib.getDocument({url}).promise;
  const pages = [];
  for (let number = 1; number <= doc.numPages; number++) {
    const page = await doc.getPage(number);
    const viewport = page.getViewport({scale: 1});
    const relative = ([x, y]) => {
      const [vx, vy] = viewport.convertToViewportPoint(x, y);
      return [vx / viewport.width, vy / viewport.height];
    };
    const annotations = (await page.getAnnotations()).map(a => ({
      id: a.id, subtype: a.subtype, inReplyTo: a.inReplyTo ?? null, replyType: a.replyType ?? null,
      state: a.state ?? null, stateModel: a.stateModel ?? null, title: a.titleObj?.str ?? null,
      contents: a.contentsObj?.str ?? null, richText: a.richText?.str ?? null, parentId: a.parentId ?? null,
      creationDate: a.creationDate ?? null, modificationDate: a.modificationDate ?? null, rect: a.rect,
      topLeft: relative([a.rect[0], a.rect[3]]),
      centre: relative([(a.rect[0] + a.rect[2]) / 2, (a.rect[1] + a.rect[3]) / 2]),
    }));
    pages.push({number, rotate: page.rotate, view: page.view, annotations});
  }
  return pages;
}
</script>
"""


class Handler(http.server.SimpleHTTPRequestHandler):
    """/pdf/... from Debian's pdf.js, /reader.html the page above, anything else from the folder."""

    def translate_path(self, path):
        path = path.split("?", 1)[0]
        if path.startswith("/pdf/"):
            return str(PDFJS_FOLDER / path[len("/pdf/"):])
        return super().translate_path(path)

    def do_GET(self):
        if self.path == "/reader.html":
            body = PAGE.encode()
            self.send_response(200)
            self.send_header("Content-Type", "text/html; charset=utf-8")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)
            return
        super().do_GET()

    def log_message(self, format, *args):
        pass


class PDFJS:
    """pdf.js in headless chromium, reading the PDFs of one folder. Close it with `close()`."""

    def __init__(self, folder):
        handler = functools.partial(Handler, directory=str(folder))
        self.server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)
        self.thread.start()
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}"
        options = webdriver.ChromeOptions()
        options.binary_location = shutil.which("chromium") or "/usr/bin/chromium"
        for argument in ["--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu"]:
            options.add_argument(argument)
        try:
            self.driver = webdriver.Chrome(service=Service(shutil.which("chromedriver") or "/usr/bin/chromedriver"),
                                           options=options)
        except Exception:
            self.server.shutdown()
            raise
        # A bound against a page that never answers, far beyond what a read takes; not a measure.
        self.driver.set_script_timeout(120)
        self.driver.get(self.url + "/reader.html")

    def annotations(self, name):
        """Per page of `name` (a PDF in the folder): its number, /Rotate, view and annotations."""
        return self.driver.execute_async_script(
            "const done = arguments[arguments.length - 1];"
            "readAnnotations(arguments[0]).then(done, error => done({error: String(error)}));",
            self.url + "/" + name)

    def close(self):
        self.driver.quit()
        self.server.shutdown()
        self.server.server_close()
