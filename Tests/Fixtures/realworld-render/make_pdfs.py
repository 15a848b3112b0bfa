#!/usr/bin/env python3
"""Writes small PDFs of the real-world kinds pinrender must render (issue 14) into a directory.

    python3 make_pdfs.py DIR

Each file is written from hand-written objects, so every byte is known:

transparency-group.pdf   a page transparency group (isolated, knockout) painted white in the
                         Difference blend mode, then a light blue patch (blue at 30 %)
difference-ellipse.pdf   a page transparency group holding a crimson ellipse in the
                         Difference blend mode
difference-in-form.pdf   the crimson ellipse in Difference inside a form XObject (no group)
                         whose own resources hold the blend mode
knockout-softmask.pdf    a knockout group form with a luminosity soft mask over a crimson
                         ellipse
junk-before-header.pdf   a valid PDF after 600 bytes of junk (allowed within 1024 bytes)
junk-2000.pdf            a valid PDF after 2000 bytes of junk (Poppler: "May not be a PDF
                         file (continuing anyway)")
no-header.pdf            a PDF whose first line is "%!PS-Adobe-3.0", not "%PDF-"
pages-loop.pdf           a page tree whose /Kids point back at itself (qpdf: "Loop detected")
no-trailer.pdf           no xref table, and the trailer on the line of the last "endobj"
                         (Poppler finds it; qpdf looks at line starts only: "unable to find
                         trailer dictionary")
bad-mediabox.pdf         a MediaBox of names, not numbers (Poppler falls back to Letter)
bad-encrypt.pdf          an AES-256 /Encrypt whose /OE and /UE are 16 bytes, not 32 (Poppler:
                         invalid key length, so not encrypted; qpdf: "invalid password")

Pathological pages (each takes seconds to minutes and gigabytes in Poppler):

bomb.pdf                 a 20000 x 20000 RGB image of zeros (1.2 GB decoded, 1.2 MB of Flate)
heavy-pages.pdf          three pages, each a 6000 x 6000 RGB image of zeros (108 MB decoded, 100 KB
                         of Flate) drawn red, green and blue by its /Decode
type3-cycle.pdf          a Type 3 font whose glyph shows the same glyph of the same font (Poppler
                         recurses until its stack overflows: pdftocairo dies of SIGSEGV)
type3-nested.pdf         the same, each level a thousandth of the one before: Cairo stops at a
                         matrix it cannot invert ("invalid matrix (not invertible)")
endless.pdf              forms nested 12 deep, each drawing the one below 10 times, the last a
                         small square: 10^12 fills in 3 KB (about 10 us each in Poppler and
                         Cairo: months of drawing, hours on a machine a thousand times faster),
                         in next to no memory
"""
import sys
import zlib
from pathlib import Path

PAGE_W, PAGE_H = 400, 300


def pdf(objects, trailer_extra="", xref=True, header="%PDF-1.7\n"):
    """A PDF of `objects` (object 1 the catalog) with an xref table and trailer."""
    out = header.encode("latin-1") + b"%\xe2\xe3\xcf\xd3\n"
    offsets = []
    for number, body in enumerate(objects, start=1):
        offsets.append(len(out))
        data = body if isinstance(body, bytes) else body.encode("latin-1")
        out += b"%d 0 obj\n" % number + data + b"\nendobj\n"
    if not xref:
        return out + b"%%EOF\n"
    start = len(out)
    out += b"xref\n0 %d\n0000000000 65535 f \n" % (len(objects) + 1)
    for offset in offsets:
        out += b"%010d 00000 n \n" % offset
    out += b"trailer\n<< /Size %d /Root 1 0 R %s>>\nstartxref\n%d\n%%%%EOF\n" % (
        len(objects) + 1, trailer_extra.encode("latin-1"), start)
    return out


def stream(content, extra=""):
    data = content.encode("latin-1") if isinstance(content, str) else content
    return b"<< /Length %d %s>>\nstream\n" % (len(data), extra.encode("latin-1")) + data + b"\nendstream"


def one_page(content, page_extra="", resources="", media=f"[0 0 {PAGE_W} {PAGE_H}]", more=()):
    """Catalog, pages, one page with `content`, then `more` objects (numbered from 5)."""
    return [
        "<< /Type /Catalog /Pages 2 0 R >>",
        "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
        f"<< /Type /Page /Parent 2 0 R /MediaBox {media} /Contents 4 0 R /Resources << {resources} >> {page_extra}>>",
        stream(content),
        *more,
    ]


# A grey frame so that a page is not blank, and the damaged files have something to draw.
FRAME = "0.4 0.4 0.4 RG 4 w 20 20 360 260 re S\n"


PAGE_GROUP = "/Group << /S /Transparency /CS /DeviceRGB /I true /K true >> "
BLENDS = "/ExtGState << /D << /BM /Difference >> /N << /BM /Normal >> /A << /ca 0.3 /CA 0.3 >> >>"
CRIMSON = "0.86 0.08 0.24 rg "


def ellipse(cx, cy, rx, ry):
    """A filled ellipse of four Bezier curves."""
    k = 0.5523
    return (f"{cx + rx} {cy} m {cx + rx} {cy + k * ry} {cx + k * rx} {cy + ry} {cx} {cy + ry} c "
            f"{cx - k * rx} {cy + ry} {cx - rx} {cy + k * ry} {cx - rx} {cy} c "
            f"{cx - rx} {cy - k * ry} {cx - k * rx} {cy - ry} {cx} {cy - ry} c "
            f"{cx + k * rx} {cy - ry} {cx + rx} {cy - k * ry} {cx + rx} {cy} c f\n")


def transparency_group():
    # Against the page group's transparent backdrop, white in Difference is white; against
    # white paper it is black, and the patch over it navy.
    content = f"/D gs 1 1 1 rg 0 0 {PAGE_W} {PAGE_H} re f /N gs /A gs 0 0 1 rg 100 75 200 150 re f\n"
    return pdf(one_page(content, page_extra=PAGE_GROUP, resources=BLENDS))


def difference_ellipse():
    return pdf(one_page("/D gs " + CRIMSON + ellipse(200, 150, 120, 80), page_extra=PAGE_GROUP, resources=BLENDS))


def difference_in_form():
    form = stream("/D gs " + CRIMSON + ellipse(200, 150, 120, 80),
                  f"/Type /XObject /Subtype /Form /BBox [0 0 {PAGE_W} {PAGE_H}] /Resources << {BLENDS} >> ")
    return pdf(one_page(FRAME + "/Fm1 Do\n", resources="/XObject << /Fm1 5 0 R >>", more=[form]))


def knockout_softmask():
    # Crimson (0.86, 0.08, 0.24) ellipse in a knockout group, masked by a white (= opaque)
    # luminosity mask over the whole page.
    form = stream(CRIMSON + ellipse(200, 150, 120, 80),
                  f"/Type /XObject /Subtype /Form /BBox [0 0 {PAGE_W} {PAGE_H}] "
                  "/Group << /S /Transparency /CS /DeviceRGB /K true /I true >> ")
    mask = stream(f"1 1 1 rg 0 0 {PAGE_W} {PAGE_H} re f\n",
                  f"/Type /XObject /Subtype /Form /BBox [0 0 {PAGE_W} {PAGE_H}] "
                  "/Group << /S /Transparency /CS /DeviceRGB >> ")
    content = FRAME + "q /GS1 gs /Fm1 Do Q\n"
    return pdf(one_page(content,
                        page_extra="/Group << /S /Transparency /CS /DeviceRGB /K true >> ",
                        resources="/XObject << /Fm1 5 0 R >> /ExtGState << /GS1 << /SMask << /S /Luminosity /G 6 0 R >> >> >>",
                        more=[form, mask]))


def plain(content=FRAME + "0 0.5 0 rg 150 100 100 100 re f\n"):
    return one_page(content)


def junk_before_header():
    return b"J" * 599 + b"\n" + pdf(plain())


def junk_2000():
    return b"J" * 1999 + b"\n" + pdf(plain())


def no_header():
    return pdf(plain(), header="%!PS-Adobe-3.0\n")


def pages_loop():
    objects = plain()
    objects[1] = "<< /Type /Pages /Kids [3 0 R 2 0 R] /Count 1 >>"
    return pdf(objects)


def no_trailer():
    return pdf(plain(), xref=False).replace(b"endobj\n%%EOF", b"endobj trailer << /Size 5 /Root 1 0 R >>\n%%EOF")


def bad_mediabox():
    return pdf(one_page(FRAME + "0 0.5 0 rg 150 100 100 100 re f\n", media="[/a /b /c /d]"))


def bad_encrypt():
    encrypt = ("/Encrypt << /Filter /Standard /V 5 /R 6 /Length 256 /P -4 "
               f"/O <{'ab' * 48}> /U <{'cd' * 48}> /OE <{'ef' * 16}> /UE <{'01' * 16}> /Perms <{'23' * 16}> "
               "/CF << /StdCF << /CFM /AESV3 /Length 32 >> >> /StmF /StdCF /StrF /StdCF >> ")
    return pdf(plain(), trailer_extra=encrypt + "/ID [<00112233445566778899aabbccddeeff> <00112233445566778899aabbccddeeff>] ")


def zeros_flate(count, chunk=1 << 22):
    """Flate data of `count` zero bytes, made without compressing them all: after a full
    flush, deflate's output for the same chunk repeats byte for byte."""
    compressor = zlib.compressobj(9, zlib.DEFLATED, -15)
    piece = compressor.compress(bytes(chunk)) + compressor.flush(zlib.Z_FULL_FLUSH)
    assert compressor.compress(bytes(chunk)) + compressor.flush(zlib.Z_FULL_FLUSH) == piece
    whole, rest = divmod(count, chunk)
    tail = zlib.compressobj(9, zlib.DEFLATED, -15)
    raw = piece * whole + tail.compress(bytes(rest)) + tail.flush()
    # Adler-32 of zeros: a stays 1, b grows by 1 a byte.
    return b"\x78\xda" + raw + (((count % 65521) << 16) | 1).to_bytes(4, "big")


def bomb():
    side = 20000
    image = stream(zeros_flate(side * side * 3), f"/Type /XObject /Subtype /Image /Width {side} /Height {side} "
                                                 "/ColorSpace /DeviceRGB /BitsPerComponent 8 /Filter /FlateDecode ")
    return pdf(one_page(f"q {PAGE_W} 0 0 {PAGE_H} 0 0 cm /Im1 Do Q\n", resources="/XObject << /Im1 5 0 R >>",
                        more=[image]))


def heavy_pages(side=6000):
    """Pages of one large image each; the image's zeros are a colour by its /Decode array."""
    decodes = ["[1 0 0 1 0 1]", "[0 1 1 0 0 1]", "[0 1 0 1 1 0]"]
    pixels = zeros_flate(side * side * 3)
    objects = ["<< /Type /Catalog /Pages 2 0 R >>",
               "<< /Type /Pages /Kids [%s] /Count %d >>" % (" ".join(f"{3 + 3 * i} 0 R" for i in range(len(decodes))), len(decodes))]
    for i, decode in enumerate(decodes):
        page = 3 + 3 * i
        objects += [f"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 {PAGE_W} {PAGE_H}] /Contents {page + 1} 0 R "
                    f"/Resources << /XObject << /Im1 {page + 2} 0 R >> >> >>",
                    stream(f"q {PAGE_W} 0 0 {PAGE_H} 0 0 cm /Im1 Do Q\n"),
                    stream(pixels, f"/Type /XObject /Subtype /Image /Width {side} /Height {side} /ColorSpace /DeviceRGB "
                                   f"/BitsPerComponent 8 /Decode {decode} /Filter /FlateDecode ")]
    return pdf(objects)


def type3_cycle(size=1000):
    glyph = stream(f"1000 0 0 0 1000 1000 d1 0 0 500 500 re f BT /T3 {size} Tf (a) Tj ET\n")
    font = ("<< /Type /Font /Subtype /Type3 /FontBBox [0 0 1000 1000] /FontMatrix [0.001 0 0 0.001 0 0] "
            "/CharProcs << /a 6 0 R >> /Encoding << /Type /Encoding /Differences [97 /a] >> "
            "/FirstChar 97 /LastChar 97 /Widths [1000] /Resources << /Font << /T3 5 0 R >> >> >>")
    return pdf(one_page("BT /T3 100 Tf 50 100 Td (aaa) Tj ET\n", resources="/Font << /T3 5 0 R >>", more=[font, glyph]))


def endless(depth=12):
    """A page drawing form 5; form N draws form N + 1 ten times; the last fills a square."""
    forms = []
    for level in range(depth):
        last = level == depth - 1
        content = "0 0 1 rg 10 10 20 20 re f\n" if last else "/F Do " * 10 + "\n"
        resources = "" if last else f"/Resources << /XObject << /F {6 + level} 0 R >> >> "
        forms.append(stream(content, f"/Type /XObject /Subtype /Form /BBox [0 0 {PAGE_W} {PAGE_H}] {resources}"))
    return pdf(one_page("/F Do\n", resources="/XObject << /F 5 0 R >>", more=forms))


FILES = {
    "transparency-group.pdf": transparency_group,
    "difference-ellipse.pdf": difference_ellipse,
    "difference-in-form.pdf": difference_in_form,
    "knockout-softmask.pdf": knockout_softmask,
    "junk-before-header.pdf": junk_before_header,
    "junk-2000.pdf": junk_2000,
    "no-header.pdf": no_header,
    "pages-loop.pdf": pages_loop,
    "no-trailer.pdf": no_trailer,
    "bad-mediabox.pdf": bad_mediabox,
    "bad-encrypt.pdf": bad_encrypt,
    "bomb.pdf": bomb,
    "heavy-pages.pdf": heavy_pages,
    "type3-cycle.pdf": type3_cycle,
    "type3-nested.pdf": lambda: type3_cycle(size=1),
    "endless.pdf": endless,
}

if __name__ == "__main__":
    directory = Path(sys.argv[1])
    directory.mkdir(parents=True, exist_ok=True)
    for name, make in FILES.items():
        (directory / name).write_bytes(make())
