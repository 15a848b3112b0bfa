#!/usr/bin/env python3
"""Writes 8-bit RGB PNGs, valid and damaged every systematic way, with what libpng makes of
each, standard library only.

png_mutations.py OUT_DIR
    Writes OUT_DIR/NAME.png for every case and OUT_DIR/cases.txt, one line a case:
    "NAME EXPECTED", EXPECTED being
      pixels   the file decodes, to the pixels in OUT_DIR/NAME.rgb (R, G, B row by row);
      reject   the file is refused;
      either   refused, or decoded to the pixels in NAME.rgb (the zlib stream does not end
               in the IDAT chunks, or fails past the last row's bytes, or has a smaller
               window than its distances need: libpng's verdict depends on how the chunks
               split it);
      nocrash  anything but a crash (a header that leaves the RGB fast path: libpng's).

The expectations come from a decoder written here after libpng's reading of a file
(pngread.c, pngrutil.c with the Adler-32 ignored, as pinrender sets it): chunks are walked to
IEND, each with its CRC (a critical chunk's bad CRC, a chunk cut short, a length over 2^31 - 1
refuse the file; an ancillary chunk's bad CRC is skipped); the image data is the first run of
IDAT chunks, a zlib stream whose header must be valid, inflated as a raw deflate stream
fed a chunk at a time until height x (1 + 3 x width) bytes are out (fewer: refused; more, or
IDAT chunks after it: ignored); a filter byte over 4 refuses it. libpng's pixels are then
those bytes, unfiltered.

Cases: widths 1..17 and 32767 (a row of 98 KB, more rows than one inflated megabyte holds)
with every filter; a small file cut at every offset; every chunk's length rewritten (0, one
off, to the file's end and past it, 2^31 - 1, 2^31, 2^32 - 1); the data in 1-byte IDAT chunks,
with empty ones between, with a tEXt chunk between (before and after the last row's bytes),
with IDAT chunks after the stream; streams inflating to fewer or more bytes, cut before their
Adler-32, with a wrong one; filter bytes 5 and 255; every byte of a zlib stream flipped three
ways, the CRCs made right; the header's interlace, bit depth and colour type changed.
"""
import os
import random
import struct
import sys
import zlib

from cells_png import chunk, filter_rows, predict

SIGNATURE = b"\x89PNG\r\n\x1a\n"


def ihdr(width, height, depth=8, color=2, interlace=0):
    return chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, depth, color, 0, 0, interlace))


def image(width, height, seed, levels=256):
    """Pseudo-random RGB rows (values from `levels` of them), and their filtered bytes: row
    y with filter y % 5."""
    rng = random.Random(seed)
    rows = [bytes(rng.choices(range(levels), k=width * 3)) for _ in range(height)]
    return b"".join(rows), filter_rows(rows)


def png(width, height, stream, size=None, header=None):
    """A file whose image data is `stream` in IDAT chunks of `size` bytes (one if None)."""
    size = size or max(1, len(stream))
    idats = b"".join(chunk(b"IDAT", stream[i:i + size]) for i in range(0, len(stream), size)) or chunk(b"IDAT", b"")
    return SIGNATURE + (header or ihdr(width, height)) + idats + chunk(b"IEND", b"")


class Refused(Exception):
    pass


def chunks_of(data):
    """(type, data) of every chunk up to IEND, refusing what libpng refuses on the way."""
    if data[:8] != SIGNATURE:
        raise Refused("signature")
    at, found = 8, []
    while True:
        if at + 8 > len(data):
            raise Refused("cut in a chunk's header")
        length, kind = struct.unpack(">I", data[at:at + 4])[0], data[at + 4:at + 8]
        if length > 0x7FFFFFFF:
            raise Refused("length out of range")
        if at + 12 + length > len(data):
            raise Refused("cut in a chunk")
        body = data[at + 8:at + 8 + length]
        crc = struct.unpack(">I", data[at + 8 + length:at + 12 + length])[0]
        at += 12 + length
        if crc != zlib.crc32(kind + body) & 0xFFFFFFFF:
            if not kind[0] & 0x20:
                raise Refused("CRC")
            continue
        found.append((kind, body))
        if kind == b"IEND":
            return found


def reference(data, width, height):
    """("pixels" or "either", R, G, B rows) or ("reject", None), as libpng reads `data`."""
    try:
        chunks = chunks_of(data)
        kinds = [kind for kind, _ in chunks]
        if kinds[0] != b"IHDR" or b"IDAT" not in kinds:
            raise Refused("no image data")
        first = kinds.index(b"IDAT")
        run = []
        for kind, body in chunks[first:]:
            if kind != b"IDAT":
                break
            run.append(body)
        stream = b"".join(run)
        if len(stream) < 2:
            raise Refused("no zlib header")
        cmf, flg = stream[0], stream[1]
        if cmf & 15 != 8 or cmf >> 4 > 7 or (cmf << 8 | flg) % 31 or flg & 0x20:
            raise Refused("zlib header")
        needed = height * (1 + 3 * width)
        inflater, out = zlib.decompressobj(-15), bytearray()
        ends = [sum(map(len, run[:i + 1])) for i in range(len(run))]
        pieces = [stream[max(2, end - len(body)):end] for body, end in zip(run, ends)]
        for at, piece in enumerate(pieces):
            pending = piece
            while pending and len(out) < needed and not inflater.eof:
                try:
                    out += inflater.decompress(pending, needed - len(out))
                except zlib.error:
                    raise Refused("inflate")
                pending = inflater.unconsumed_tail
            if len(out) >= needed or inflater.eof:
                break
        if len(out) < needed:
            raise Refused("not enough image data")
        # libpng then inflates the rest of the stream a round at a time: whether a stream
        # that does not end in the IDAT chunks, or fails past the last row, is refused
        # depends on where its chunks split it.
        try:
            inflater.decompress(pending + b"".join(pieces[at + 1:]))
            ended = inflater.eof and len(inflater.unused_data) >= 4  # zlib reads the Adler-32, unchecked
        except zlib.error:
            ended = False
        return ("pixels" if ended and cmf >> 4 == 7 else "either"), unfilter(bytes(out), width, height)
    except Refused:
        return "reject", None


def unfilter(raw, width, height):
    n, rows, above = 3 * width, [], bytes(3 * width)
    for y in range(height):
        kind, line = raw[y * (n + 1)], bytearray(raw[y * (n + 1) + 1:(y + 1) * (n + 1)])
        if kind > 4:
            raise Refused("filter")
        for i in range(n) if kind else []:
            line[i] = (line[i] + predict(kind, line, above, i)) % 256
        rows.append(bytes(line))
        above = line
    return b"".join(rows)


def chunk_start(data, index):
    """Where chunk `index` (0: IHDR) of `data` starts."""
    at = 8
    for _ in range(index):
        at += 12 + struct.unpack(">I", data[at:at + 4])[0]
    return at


def cases():
    """(name, file bytes, width, height, forced expectation or None)."""
    for width in list(range(1, 18)) + [32767]:
        height = 12 if width == 32767 else 7
        _, raw = image(width, height, width, levels=4 if width == 32767 else 256)
        yield f"width{width}", png(width, height, zlib.compress(raw, 9), size=5000), width, height, None
    _, raw = image(3000, 130, 7, levels=8)  # rows in two inflated megabytes
    yield "batches", png(3000, 130, zlib.compress(raw, 6), size=30000), 3000, 130, None

    _, raw = image(5, 4, 1)
    small = png(5, 4, zlib.compress(raw, 9), size=10)
    for cut in range(len(small)):
        yield f"cut{cut}", small[:cut], 5, 4, None
    count = small.count(b"IDAT") + 2
    for index in range(1, count):
        for change in ["zero", "minus1", "plus1", "end", "pastend", "2^31-1", "2^31", "2^32-1"]:
            at = chunk_start(small, index)
            length, rest = struct.unpack(">I", small[at:at + 4])[0], len(small) - at - 12
            value = {"zero": 0, "minus1": length - 1, "plus1": length + 1, "end": rest, "pastend": rest + 1,
                     "2^31-1": 2**31 - 1, "2^31": 2**31, "2^32-1": 2**32 - 1}[change]
            yield f"length{index}-{change}", small[:at] + struct.pack(">I", value & 0xFFFFFFFF) + small[at + 4:], 5, 4, None

    _, raw = image(13, 6, 2)
    stream = zlib.compress(raw, 9)
    idats = [chunk(b"IDAT", stream[i:i + 1]) for i in range(len(stream))]
    head, end = SIGNATURE + ihdr(13, 6), chunk(b"IEND", b"")
    empty, text = chunk(b"IDAT", b""), chunk(b"tEXt", b"Comment\x00between")
    yield "onebyte", head + b"".join(idats) + end, 13, 6, None
    yield "empties", head + empty + empty.join(idats) + empty + end, 13, 6, None
    yield "textmiddle", head + b"".join(idats[:9]) + text + b"".join(idats[9:]) + end, 13, 6, None
    yield "textbeforeadler", head + b"".join(idats[:-4]) + text + b"".join(idats[-4:]) + end, 13, 6, None
    yield "textafter", head + b"".join(idats) + text + end, 13, 6, None
    yield "idatafter", head + b"".join(idats) + chunk(b"IDAT", b"junk after the stream") + end, 13, 6, None
    yield "idatafterbadcrc", head + b"".join(idats) + chunk(b"IDAT", b"junk")[:-1] + b"?" + end, 13, 6, None
    yield "endbadcrc", head + b"".join(idats) + chunk(b"IEND", b"")[:-1] + b"?", 13, 6, None
    yield "ancillarybadcrc", head + b"".join(idats) + text[:-1] + b"?" + end, 13, 6, None
    yield "afterend", head + b"".join(idats) + end + b"trailing bytes", 13, 6, None
    yield "noend", head + b"".join(idats), 13, 6, None
    yield "noidat", head + end, 13, 6, None
    yield "fewer", png(13, 6, zlib.compress(raw[:-14], 9)), 13, 6, None
    yield "fewerbyone", png(13, 6, zlib.compress(raw[:-1], 9)), 13, 6, None
    yield "more", png(13, 6, zlib.compress(raw + bytes(4000), 9), size=100), 13, 6, None
    yield "noadler", png(13, 6, stream[:-4], size=7), 13, 6, None
    yield "badadler", png(13, 6, stream[:-4] + b"\x01\x02\x03\x04", size=7), 13, 6, None
    yield "empty", png(13, 6, b""), 13, 6, None
    for row in [0, 5]:
        for value in [5, 255]:
            bad = bytearray(raw)
            bad[row * 40] = value
            yield f"filter{value}row{row}", png(13, 6, zlib.compress(bytes(bad), 9)), 13, 6, None
    for name, header in [("interlaced", ihdr(13, 6, interlace=1)), ("depth16", ihdr(13, 6, depth=16)),
                         ("rgba", ihdr(13, 6, color=6)), ("grey", ihdr(13, 6, color=0)),
                         ("depth4", ihdr(13, 6, depth=4)), ("palette", ihdr(13, 6, color=3)),
                         ("widthzero", ihdr(0, 6)), ("wider", ihdr(14, 6)), ("taller", ihdr(13, 7))]:
        yield name, png(13, 6, stream, header=header), 13, 6, "nocrash"

    for kind, levels in [("stored", 256), ("huffman", 3)]:  # noise is stored; few values, Huffman-coded
        _, raw = image(9, 5, 3, levels)
        stream = zlib.compress(raw, 6)
        for at in range(len(stream)):
            for flip in [0x01, 0x80, 0xFF]:
                bad = bytearray(stream)
                bad[at] ^= flip
                yield f"{kind}{at}x{flip:02x}", png(9, 5, bytes(bad), size=len(stream) // 3 + 1), 9, 5, None


def main():
    out = sys.argv[1]
    os.makedirs(out, exist_ok=True)
    lines = []
    for name, data, width, height, forced in cases():
        with open(os.path.join(out, name + ".png"), "wb") as f:
            f.write(data)
        expected, rgb = forced or "reject", None
        if forced is None:
            expected, rgb = reference(data, width, height)
        if rgb is not None:
            with open(os.path.join(out, name + ".rgb"), "wb") as f:
                f.write(rgb)
        lines.append(f"{name} {expected}\n")
    with open(os.path.join(out, "cases.txt"), "w") as f:
        f.writelines(lines)


if __name__ == "__main__":
    main()
