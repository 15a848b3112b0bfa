#!/usr/bin/env python3
"""Writes test PNGs, standard library only.

cells_png.py cells WIDTH HEIGHT CELL SEED OUT [--last-band-seed SEED2] [--interlace]
    An RGB image of CELL x CELL squares, each one color from a fixed pseudo-random
    sequence (SEED; the last band of squares from SEED2 if given): large images compress
    to little, and shrinking by a factor that divides CELL gives the same squares, smaller.
    With --interlace, Adam7-interlaced.
cells_png.py noise WIDTH HEIGHT SEED OUT [--alpha] [--interlace]
    Every pixel pseudo-random (RGBA with --alpha), Adam7-interlaced with --interlace,
    stored uncompressed: for small images that test averaging pixel by pixel.
cells_png.py filters WIDTH HEIGHT SEED OUT CHUNK
    An RGB image of pseudo-random pixels whose rows use the five filters in turn (row y
    filter y % 5), its data in IDAT chunks of CHUNK bytes; its pixels, R, G, B row by row,
    in OUT.rgb.
"""
import random
import struct
import sys
import zlib


def chunk(kind, data):
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)


def header(width, height, color_type, interlace=0):
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, color_type, 0, 0, interlace))


def cells(width, height, cell, seed, out, last_seed=None, interlace=False):
    rng = random.Random(seed)
    columns = (width + cell - 1) // cell
    bands = []
    for y in range(0, height, cell):
        if last_seed is not None and y + cell >= height:
            rng = random.Random(last_seed)
        bands.append([bytes(rng.randrange(256) for _ in range(3)) for _ in range(columns)])
    z = zlib.compressobj(1)
    parts = []
    for x0, y0, dx, dy in ADAM7 if interlace else [(0, 0, 1, 1)]:
        xs = range(x0, width, dx)
        if not xs:
            continue
        # How many pixels of this pass fall in each column of squares.
        counts = [len(range(c * cell + (x0 - c * cell) % dx, min(width, (c + 1) * cell), dx)) for c in range(columns)]
        zero = b"\x02" + bytes(len(xs) * 3)
        previous = None
        for y in range(y0, height, dy):
            band = y // cell
            if band != previous:
                parts.append(z.compress(b"\x00" + b"".join(color * n for color, n in zip(bands[band], counts))))
                previous = band
            else:
                parts.append(z.compress(zero))  # Up filter: the same as the row above
    parts.append(z.flush())
    with open(out, "wb") as f:
        f.write(header(width, height, 2, 1 if interlace else 0) + chunk(b"IDAT", b"".join(parts)) + chunk(b"IEND", b""))


ADAM7 = [(0, 0, 8, 8), (4, 0, 8, 8), (0, 4, 4, 8), (2, 0, 4, 4), (0, 2, 2, 4), (1, 0, 2, 2), (0, 1, 1, 2)]


def noise(width, height, seed, out, alpha, interlace):
    rng = random.Random(seed)
    channels = 4 if alpha else 3
    pixels = [[bytes(rng.randrange(256) for _ in range(channels)) for _ in range(width)] for _ in range(height)]
    raw = bytearray()
    passes = ADAM7 if interlace else [(0, 0, 1, 1)]
    for x0, y0, dx, dy in passes:
        xs = range(x0, width, dx)
        if not xs:
            continue
        for y in range(y0, height, dy):
            raw += b"\x00" + b"".join(pixels[y][x] for x in xs)
    with open(out, "wb") as f:
        f.write(header(width, height, 6 if alpha else 2, 1 if interlace else 0)
                + chunk(b"IDAT", zlib.compress(bytes(raw), 0)) + chunk(b"IEND", b""))


def paeth(a, b, c):
    p = a + b - c
    pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
    return a if pa <= pb and pa <= pc else b if pb <= pc else c


def predict(kind, line, above, i):
    """What filter `kind` (1 to 4) predicts for byte `i` of an RGB row `line` (as it is up to
    `i`), under the row `above`."""
    a = line[i - 3] if i >= 3 else 0
    if kind == 1:
        return a
    if kind == 2:
        return above[i]
    if kind == 3:
        return (a + above[i]) // 2
    return paeth(a, above[i], above[i - 3] if i >= 3 else 0)


def filter_rows(rows):
    """RGB rows filtered None, Sub, Up, Average and Paeth in turn (row y filter y % 5), each
    after its filter byte."""
    raw, above = bytearray(), bytes(len(rows[0]))
    for y, row in enumerate(rows):
        kind = y % 5
        raw.append(kind)
        raw += row if kind == 0 else bytes((value - predict(kind, row, above, i)) % 256 for i, value in enumerate(row))
        above = row
    return bytes(raw)


def filters(width, height, seed, out, size):
    rng = random.Random(seed)
    rows = [bytes(rng.randrange(256) for _ in range(width * 3)) for _ in range(height)]
    data = zlib.compress(filter_rows(rows), 9)
    with open(out, "wb") as f:
        f.write(header(width, height, 2) + b"".join(chunk(b"IDAT", data[i:i + size]) for i in range(0, len(data), size))
                + chunk(b"IEND", b""))
    with open(out + ".rgb", "wb") as f:
        f.write(b"".join(rows))


if __name__ == "__main__":
    args = sys.argv[1:]
    if args[0] == "cells":
        last = int(args[args.index("--last-band-seed") + 1]) if "--last-band-seed" in args else None
        cells(int(args[1]), int(args[2]), int(args[3]), int(args[4]), args[5], last, "--interlace" in args)
    elif args[0] == "filters":
        filters(int(args[1]), int(args[2]), int(args[3]), args[4], int(args[5]))
    else:
        noise(int(args[1]), int(args[2]), int(args[3]), args[4], "--alpha" in args, "--interlace" in args)
