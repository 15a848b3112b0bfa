#!/usr/bin/env python3
"""Writes the real-world export corpus: small PDFs of the kinds that broke the review export
on real files (issue 14), each with the pins that sit on its trouble spots.

make_corpus.py [DIR]    (default: the directory of this script)

Every PDF is written object by object (standard library only), so the bytes are the same on
every run; the encrypted ones are then made with the qpdf command line, with its fixed ID and
AES IV (`--static-id --static-aes-iv`), so they are deterministic too. Each `NAME.pdf` has a
`NAME.pins.json` beside it.

- annotations.pdf: form fields (text, check box, combo box), a link with a thick border,
  a stamp, ink and a filled square, all opaque and drawn over the content, a pin on each;
  page 2 is the same on a page rotated 90 with an offset CropBox.
- broken-content.pdf: content streams that break: more Q than q; an operator short of
  operands (`/F1 Tf`) and unknown operators; two q left open, the first with `0.1 0 0 0.1 cm`
  (and a clip); a stream cut off in the middle of an operator.
- huge-number.pdf: page resources that hold a 100,000-digit number (in a compressed object
  stream, so the file stays small).
- resources.pdf: inherited resources, resources shared by two pages, a page with no
  /Resources, /Contents as an array, a page with no /Contents, a form XObject, two pages
  sharing one /Annots array.
- owner-rc4.pdf, owner-aes128.pdf: permissions restricted with an owner password only (no
  printing, no changes), opened without a password; user-aes128.pdf: user password `user`.
"""
import json
import os
import subprocess
import sys
import zlib

HERE = os.path.dirname(os.path.abspath(__file__))


def stream(dictionary, data):
    if isinstance(data, str):
        data = data.encode("latin-1")
    return b"<< " + dictionary.encode() + b" /Length %d >>\nstream\n" % len(data) + data + b"\nendstream"


def write_pdf(path, objects, version="1.4"):
    """objects: bytes or str, object 1 is the catalog."""
    out = b"%%PDF-%s\n%%\xe2\xe3\xcf\xd3\n" % version.encode()
    offsets = []
    for number, body in enumerate(objects, start=1):
        if isinstance(body, str):
            body = body.encode("latin-1")
        offsets.append(len(out))
        out += b"%d 0 obj\n" % number + body + b"\nendobj\n"
    xref = len(out)
    out += b"xref\n0 %d\n0000000000 65535 f \n" % (len(objects) + 1)
    out += b"".join(b"%010d 00000 n \n" % offset for offset in offsets)
    out += b"trailer\n<< /Size %d /Root 1 0 R >>\nstartxref\n%d\n%%%%EOF\n" % (len(objects) + 1, xref)
    with open(path, "wb") as f:
        f.write(out)


def write_pins(path, pins):
    """pins: (page, relativeX, relativeY, text)."""
    items = [{"id": "p%d" % (i + 1), "contentId": "doc", "page": page, "relativeX": round(x, 6),
              "relativeY": round(y, 6), "authorId": "reviewer", "authorName": "Reviewer",
              "createdAt": "2026-11-02T09:%02d:00Z" % i, "text": text, "resolved": False, "parentId": None}
             for i, (page, x, y, text) in enumerate(pins)]
    with open(path, "w") as f:
        json.dump({"pins": items}, f, indent=1, sort_keys=True)
        f.write("\n")


# A page's own drawing: a light grid, coloured blocks and a line of text, so that a change
# anywhere on it shows in pixels.
def background(width, height, label):
    ops = ["0.85 0.9 1 rg 0 0 %d %d re f" % (width, height), "0.6 0.6 0.7 RG 0.5 w"]
    for x in range(0, width, 36):
        ops.append("%d 0 m %d %d l S" % (x, x, height))
    for y in range(0, height, 36):
        ops.append("0 %d m %d %d l S" % (y, width, y))
    ops += ["0.2 0.5 0.3 rg 40 40 120 60 re f", "0.7 0.3 0.6 rg %d %d 90 90 re f" % (width - 140, height - 140),
            "BT /F1 18 Tf 0 0 0 rg 48 %d Td (%s) Tj ET" % (height - 60, label)]
    return "\n".join(ops) + "\n"


def centre(rect):
    return ((rect[0] + rect[2]) / 2, (rect[1] + rect[3]) / 2)


def annotations(directory):
    """Two pages: one plain, one /Rotate 90 with an offset CropBox; the same annotations on each."""
    objects = [None, None]  # catalog, pages
    font = len(objects) + 1
    objects.append("<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>")
    pins = []
    kids, fields = [], []

    def add(body):
        objects.append(body)
        return len(objects)

    def appearance(rect, ops, resources=""):
        width, height = rect[2] - rect[0], rect[3] - rect[1]
        return add(stream("/Type /XObject /Subtype /Form /BBox [0 0 %g %g]%s" % (width, height, resources), ops))

    layouts = [
        # page number, mediabox, cropbox, rotate
        (1, (0, 0, 612, 792), None, 0),
        (2, (0, 0, 612, 792), (20, 30, 590, 760), 90),
    ]
    for number, media, crop, rotate in layouts:
        page = len(objects) + 1 + 0  # reserved below
        objects.append(None)
        annots = []
        text_rect = (60, 600, 300, 640)
        check_rect = (340, 600, 380, 640)
        combo_rect = (420, 600, 560, 640)
        link_rect = (60, 480, 300, 540)
        stamp_rect = (340, 460, 560, 560)
        ink_rect = (60, 300, 300, 420)
        square_rect = (340, 300, 560, 420)
        suffix = "" if number == 1 else ".p2"
        resources = " /Resources << /Font << /F1 %d 0 R >> >>" % font
        text_ap = appearance(text_rect, "1 1 0.6 rg 0 0 240 40 re f 0 0 0 rg BT /F1 14 Tf 6 14 Td (Field value) Tj ET",
                             resources)
        annots.append(add("<< /Type /Annot /Subtype /Widget /FT /Tx /T (name%s) /V (Field value) /DA (/F1 14 Tf 0 g) "
                          "/Rect [%g %g %g %g] /F 4 /P %d 0 R /AP << /N %d 0 R >> /MK << /BG [1 1 0.6] >> >>"
                          % ((suffix,) + text_rect + (page, text_ap))))
        yes = appearance(check_rect, "0.3 0.3 0.9 rg 0 0 40 40 re f 1 1 1 RG 4 w 8 20 m 16 8 l 32 32 l S")
        off = appearance(check_rect, "0.9 0.9 0.9 rg 0 0 40 40 re f")
        annots.append(add("<< /Type /Annot /Subtype /Widget /FT /Btn /T (agree%s) /V /Yes /AS /Yes /Rect [%g %g %g %g] "
                          "/F 4 /P %d 0 R /AP << /N << /Yes %d 0 R /Off %d 0 R >> >> >>"
                          % ((suffix,) + check_rect + (page, yes, off))))
        combo_ap = appearance(combo_rect, "0.6 1 0.6 rg 0 0 140 40 re f 0 0 0 rg BT /F1 14 Tf 6 14 Td (Two) Tj ET",
                              resources)
        annots.append(add("<< /Type /Annot /Subtype /Widget /FT /Ch /Ff 131072 /T (choice%s) /Opt [(One) (Two)] /V (Two) "
                          "/DA (/F1 14 Tf 0 g) /Rect [%g %g %g %g] /F 4 /P %d 0 R /AP << /N %d 0 R >> >>"
                          % ((suffix,) + combo_rect + (page, combo_ap))))
        fields += annots[-3:]
        annots.append(add("<< /Type /Annot /Subtype /Link /Rect [%g %g %g %g] /Border [0 0 6] /C [0 0 1] "
                          "/A << /S /URI /URI (https://example.org/) >> >>" % link_rect))
        stamp_ap = appearance(stamp_rect, "0.95 0.5 0.1 rg 0 0 220 100 re f 1 1 1 rg BT /F1 28 Tf 20 38 Td (APPROVED) Tj ET",
                              resources)
        annots.append(add("<< /Type /Annot /Subtype /Stamp /Name /Approved /Rect [%g %g %g %g] /F 4 /P %d 0 R "
                          "/T (Checker) /Contents (Stamp) /AP << /N %d 0 R >> >>" % (stamp_rect + (page, stamp_ap))))
        ink_ap = appearance(ink_rect, "0 0.4 0 RG 30 w 1 J 10 10 m 230 110 l S 10 110 m 230 10 l S 120 10 m 120 110 l S")
        annots.append(add("<< /Type /Annot /Subtype /Ink /Rect [%g %g %g %g] /F 4 /P %d 0 R /C [0 0.4 0] /BS << /W 30 >> "
                          "/InkList [[%g %g %g %g] [%g %g %g %g]] /AP << /N %d 0 R >> >>"
                          % (ink_rect + (page,) + (70, 310, 290, 410, 70, 410, 290, 310) + (ink_ap,))))
        square_ap = appearance(square_rect, "0.5 0 0.5 rg 0.2 0.2 0.2 RG 4 w 2 2 216 116 re B")
        annots.append(add("<< /Type /Annot /Subtype /Square /Rect [%g %g %g %g] /F 4 /P %d 0 R /C [0.2 0.2 0.2] "
                          "/IC [0.5 0 0.5] /BS << /W 4 >> /AP << /N %d 0 R >> >>" % (square_rect + (page, square_ap))))
        width, height = media[2], media[3]
        content = add(stream("", background(width, height, "Annotations page %d" % number)))
        crop_entry = " /CropBox [%g %g %g %g]" % crop if crop else ""
        objects[page - 1] = ("<< /Type /Page /Parent 2 0 R /MediaBox [%g %g %g %g]%s /Rotate %d /Contents %d 0 R "
                             "/Resources << /Font << /F1 %d 0 R >> >> /Annots [%s] >>"
                             % (media + (crop_entry, rotate, content, font, " ".join("%d 0 R" % a for a in annots))))
        kids.append(page)
        box = crop or media
        for rect in (text_rect, check_rect, combo_rect, link_rect, stamp_rect, ink_rect, square_rect):
            x, y = centre(rect)
            u, v = (x - box[0]) / (box[2] - box[0]), (box[3] - y) / (box[3] - box[1])
            if rotate == 90:  # displayed: the box turned clockwise
                u, v = (y - box[1]) / (box[3] - box[1]), (x - box[0]) / (box[2] - box[0])
            pins.append((number, u, v, "On an annotation"))
    objects[0] = "<< /Type /Catalog /Pages 2 0 R /AcroForm << /Fields [%s] /DA (/F1 12 Tf 0 g) /DR << /Font << /F1 %d 0 R >> >> >> >>" % (
        " ".join("%d 0 R" % f for f in fields), font)
    objects[1] = "<< /Type /Pages /Kids [%s] /Count %d >>" % (" ".join("%d 0 R" % k for k in kids), len(kids))
    write_pdf(os.path.join(directory, "annotations.pdf"), objects)
    write_pins(os.path.join(directory, "annotations.pins.json"), pins)


def broken_content(directory):
    pages = [
        # More Q than q, then the drawing.
        "Q Q Q\n" + background(612, 792, "More Q than q") + "Q Q\n",
        # Too few operands, unknown operators.
        background(612, 792, "Too few operands") + "BT /F1 Tf (short) Tj ET\nfoo bar 1 2 baz\n/X1 Do\n",
        # Two q left open, the first with a scale to a tenth and a clip.
        background(612, 792, "Unclosed q") + "q 0.1 0 0 0.1 0 0 cm 0 0 3000 3000 re W n q 1 0 0 rg 0 0 500 500 re f\n",
        # Cut in the middle of an operator.
        background(612, 792, "Cut short") + "0.5 0.5 0 rg 100 100 200",
    ]
    objects = [None, None, "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>"]
    kids = []
    for content in pages:
        objects.append(stream("", content))
        objects.append("<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents %d 0 R "
                       "/Resources << /Font << /F1 3 0 R >> >> >>" % len(objects))
        kids.append(len(objects))
    objects[0] = "<< /Type /Catalog /Pages 2 0 R >>"
    objects[1] = "<< /Type /Pages /Kids [%s] /Count %d >>" % (" ".join("%d 0 R" % k for k in kids), len(kids))
    write_pdf(os.path.join(directory, "broken-content.pdf"), objects)
    points = [(0.1, 0.1), (0.5, 0.5), (0.9, 0.9), (0.1, 0.9), (0.9, 0.1)]
    write_pins(os.path.join(directory, "broken-content.pins.json"),
               [(page, u, v, "Broken page") for page in range(1, len(pages) + 1) for u, v in points])


def huge_number(directory):
    digits = "9" * 99998 + ".5"  # a real: qpdf keeps it as written (an integer this long overflows)
    content = background(612, 792, "A 100,000-digit number")
    resources = "<< /Font << /F1 4 0 R >> /Pinrender %s >>" % digits
    objects = [
        "<< /Type /Catalog /Pages 2 0 R >>",
        "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
        "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 5 0 R /Resources 6 0 R >>",
        "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
        stream("", content),
        resources,
    ]
    plain = os.path.join(directory, "huge-number.plain.tmp")
    write_pdf(plain, objects)
    # Object streams compress the number; qpdf writes them the same way every time.
    subprocess.run(["qpdf", "--static-id", "--object-streams=generate", "--compress-streams=y", plain,
                    os.path.join(directory, "huge-number.pdf")], check=True)
    os.remove(plain)
    write_pins(os.path.join(directory, "huge-number.pins.json"),
               [(1, 0.25, 0.25, "Huge number"), (1, 0.5, 0.5, "Huge number"), (1, 0.75, 0.8, "Huge number")])


def resources(directory):
    """Pages 1-2 inherit the resources of /Pages; 3-4 share one indirect dictionary; 5 has no
    /Resources; 6 has /Contents as an array of three streams; 7 has no /Contents; 8 draws a form
    XObject; 9-10 share one indirect /Annots array (a link with a border)."""
    objects = [None, None, "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
               "<< /Font << /F1 3 0 R >> >>"]  # 3: font, 4: shared resources
    kids = []

    def add(body):
        objects.append(body)
        return len(objects)

    def page(extra):
        kids.append(add("<< /Type /Page /Parent 2 0 R %s >>" % extra))

    for label in ("Inherited resources 1", "Inherited resources 2"):
        page("/Contents %d 0 R" % add(stream("", background(612, 792, label))))
    for label in ("Shared resources 3", "Shared resources 4"):
        page("/Contents %d 0 R /Resources 4 0 R" % add(stream("", background(612, 792, label))))
    no_text = background(612, 792, "x").rsplit("BT", 1)[0]
    page("/Contents %d 0 R /Resources << >>" % add(stream("", no_text)))
    kids[-1] = kids[-1]
    objects[kids[-1] - 1] = objects[kids[-1] - 1].replace(" /Resources << >>", "")
    parts = background(612, 792, "Contents as an array").split("\n")
    pieces = [add(stream("", "\n".join(parts[:3]) + "\n")), add(stream("", "\n".join(parts[3:20]) + "\n")),
              add(stream("", "\n".join(parts[20:]) + "\n"))]
    page("/Contents [%s] /Resources 4 0 R" % " ".join("%d 0 R" % p for p in pieces))
    page("/Resources 4 0 R")
    form = add(stream("/Type /XObject /Subtype /Form /BBox [0 0 612 792] /Resources 4 0 R",
                      background(612, 792, "Drawn by a form XObject")))
    page("/Contents %d 0 R /Resources << /XObject << /Fm0 %d 0 R >> >>" % (add(stream("", "q /Fm0 Do Q\n")), form))
    link = add("<< /Type /Annot /Subtype /Link /Rect [100 100 300 200] /Border [0 0 4] /C [1 0 0] "
               "/A << /S /URI /URI (https://example.org/) >> >>")
    shared = add("[%d 0 R]" % link)
    for label in ("Annots shared 9", "Annots shared 10"):
        page("/Contents %d 0 R /Annots %d 0 R" % (add(stream("", background(612, 792, label))), shared))
    objects[0] = "<< /Type /Catalog /Pages 2 0 R >>"
    objects[1] = ("<< /Type /Pages /Kids [%s] /Count %d /MediaBox [0 0 612 792] /Resources 4 0 R >>"
                  % (" ".join("%d 0 R" % k for k in kids), len(kids)))
    write_pdf(os.path.join(directory, "resources.pdf"), objects)
    write_pins(os.path.join(directory, "resources.pins.json"),
               [(page, u, v, "Resources") for page in range(1, len(kids) + 1)
                for u, v in ((0.1 + 0.07 * (page - 1), 0.15), (0.7, 0.3 + 0.05 * (page - 1)))])


def encrypted(directory):
    base = os.path.join(directory, "encrypted.plain.tmp")
    objects = [
        "<< /Type /Catalog /Pages 2 0 R >>",
        "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
        "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 5 0 R /Resources << /Font << /F1 4 0 R >> >> "
        "/Annots [6 0 R] >>",
        "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
        stream("", background(612, 792, "Encrypted (restricted)")),
        "<< /Type /Annot /Subtype /Text /Rect [500 700 520 720] /Contents (An existing note) /T (Author) /F 4 >>",
    ]
    write_pdf(base, objects)
    restrict = ["--print=none", "--modify=none", "--extract=n"]
    files = {
        "owner-rc4.pdf": ["", "owner", "128", "--use-aes=n"],
        "owner-aes128.pdf": ["", "owner", "128", "--use-aes=y"],
        "user-aes128.pdf": ["user", "owner", "128", "--use-aes=y"],
    }
    for name, (user, owner, bits, *rest) in files.items():
        subprocess.run(["qpdf", "--static-id", "--static-aes-iv", "--allow-weak-crypto", base, os.path.join(directory, name), "--encrypt",
                        user, owner, bits] + rest + restrict + ["--"], check=True)
        write_pins(os.path.join(directory, name.replace(".pdf", ".pins.json")),
                   [(1, 0.3, 0.3, "Encrypted"), (1, 0.6, 0.7, "Encrypted")])
    os.remove(base)


if __name__ == "__main__":
    target = sys.argv[1] if len(sys.argv) > 1 else HERE
    annotations(target)
    broken_content(target)
    huge_number(target)
    resources(target)
    encrypted(target)
