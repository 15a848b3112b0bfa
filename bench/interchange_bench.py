"""`make bench`: `pinrender import` of a 500-page PDF with 10,000 comments (sticky notes,
a quarter of them replies through /IRT), and `pinrender export` of
the same pins to XFDF and to W3C Web Annotations, against PyMuPDF reading the same comments
(each annotation's subtype, rect, author, text, dates, name and /IRT, written as JSON) in the
same run: alternating runs, medians with the spread, CPU time and peak memory
(/usr/bin/time -v). Prints a Markdown section."""
import os
import statistics
import subprocess
import sys

import pymupdf

from timed_run import measure

BIN = os.environ.get("PINRENDER", ".build/release/pinrender")
WORK = "bench/work/interchange"
RUNS = 5
PAGES = 500
PER_PAGE = 20

PEER = """
import json, sys
import pymupdf
comments = []
with pymupdf.open(sys.argv[1]) as document:
    for page in document:
        for annot in page.annots():
            info = annot.info
            comments.append({"page": page.number + 1, "subtype": annot.type[1], "rect": list(annot.rect),
                             "author": info["title"], "text": info["content"], "created": info["creationDate"],
                             "modified": info["modDate"], "name": info["name"], "irt": annot.irt_xref})
with open(sys.argv[2], "w") as file:
    json.dump(comments, file)
"""


def make_document(path):
    """500 A4 pages with 20 comments each: 15 notes and 5 replies to them (through /IRT),
    each with an /NM of its own; made once and kept."""
    if os.path.exists(path):
        return
    document = pymupdf.open()
    for number in range(PAGES):
        page = document.new_page(width=595, height=842)
        roots = []
        for index in range(PER_PAGE):
            point = (30 + (index % 5) * 110, 40 + (index // 5) * 190)
            annot = page.add_text_annot(point, f"Comment {number + 1}.{index + 1}: check the dimension — проверить размер")
            annot.set_info(title=f"Reviewer {index % 7}", creationDate="D:20261102091500Z", modDate="D:20261102101500Z")
            annot.set_name("Comment")
            annot.update()
            document.xref_set_key(annot.xref, "NM", pymupdf.get_pdf_str(f"c-{number + 1}-{index + 1}"))
            if index < 15:
                roots.append(annot.xref)
            else:
                annot.set_irt_xref(roots[index - 15])
        document.save(path + ".tmp", garbage=0)
    document.close()
    os.replace(path + ".tmp", path)


def spread(values, unit="s"):
    return f"{statistics.median(values):.2f} {unit} ({min(values):.2f}-{max(values):.2f})"


def main():
    os.makedirs(WORK, exist_ok=True)
    document = f"{WORK}/comments-500.pdf"
    make_document(document)
    peer = f"{WORK}/peer.py"
    with open(peer, "w") as file:
        file.write(PEER)
    pins = f"{WORK}/pins.json"
    commands = {
        "PyMuPDF reads the comments": [sys.executable, peer, document, f"{WORK}/peer.json"],
        "pinrender import": [BIN, "import", document, "-o", pins],
        "pinrender export --format xfdf": [BIN, "export", pins, "--format", "xfdf", "--document", document,
                                           "-o", f"{WORK}/pins.xfdf"],
        "pinrender export --format w3c": [BIN, "export", pins, "--format", "w3c", "--document", document,
                                          "-o", f"{WORK}/pins.jsonld"],
    }
    runs = {name: [] for name in commands}
    for _ in range(RUNS):
        for name, command in commands.items():
            runs[name].append(measure(command))
    imported = subprocess.run([BIN, "import", document, "-o", "-"], capture_output=True, text=True, check=True).stdout
    count = imported.count('"id"')
    print(f"\n## Comments in and out: a {PAGES}-page PDF with {PAGES * PER_PAGE:,} comments\n")
    print(f"Median of {RUNS} alternating runs (min-max), whole commands; the peer is PyMuPDF {pymupdf.__version__} "
          "reading every annotation's subtype, rect, author, text, dates, name and /IRT and writing them as JSON. "
          f"pinrender import found {count:,} comments. The ratios are of the medians, with the spread of the "
          "ratios run by run.\n")
    print("| command | wall | CPU | peak memory | wall / PyMuPDF | memory / PyMuPDF |")
    print("|---|---:|---:|---:|---:|---:|")
    peer_runs = runs["PyMuPDF reads the comments"]
    for name, values in runs.items():
        wall = [r[0] for r in values]
        ratios = [r[0] / p[0] for r, p in zip(values, peer_runs)]
        memory = max(r[2] for r in values) / max(p[2] for p in peer_runs)
        print(f"| {name} | {spread(wall)} | {spread([r[1] for r in values])} | {max(r[2] for r in values) / 1024:.0f} MB "
              f"| {statistics.median(ratios):.2f} ({min(ratios):.2f}-{max(ratios):.2f}) | {memory:.2f} |")


if __name__ == "__main__":
    main()
