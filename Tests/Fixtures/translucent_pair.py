"""Writes two RGBA images with translucent and transparent pixels, each as a PNG (straight
alpha, filter 0) and as raw RGBA bytes, for comparing pinrender diff with pixelmatch where
premultiplied round trips would lose precision. Usage: translucent_pair.py DIR. Every pixel
is drawn from a fixed seed: the images are the same on every run."""
import os
import random
import struct
import sys
import zlib


def png(path, width, height, rgba):
    def chunk(kind, data):
        body = kind + data
        return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body))
    rows = b"".join(b"\0" + rgba[y * width * 4:(y + 1) * width * 4] for y in range(height))
    head = struct.pack(">IIBBBBB", width, height, 8, 6, 0, 0, 0)
    with open(path, "wb") as out:
        out.write(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", head) + chunk(b"IDAT", zlib.compress(rows)) + chunk(b"IEND", b""))


def main(directory):
    width, height = 96, 64
    rng = random.Random(20261130)
    a, b = bytearray(), bytearray()
    for y in range(height):
        for x in range(width):
            # Soft shapes over a translucent ground: alpha from 0 to 255 across the image.
            alpha = (x * 255) // (width - 1) if y % 16 < 12 else rng.choice([0, 1, 3, 7, 255])
            color = [(x * 7 + y * 3) % 256, (x * 2 + y * 11) % 256, (255 - x - y) % 256]
            a += bytes(color + [alpha])
            # The second image: small colour changes (lost when premultiplied by a low
            # alpha), alpha changes, and different colours under zero alpha.
            change = rng.random()
            if change < 0.25:
                color = [min(255, c + rng.randint(1, 40)) for c in color]
            elif change < 0.35:
                alpha = max(0, min(255, alpha + rng.randint(-30, 30)))
            elif change < 0.40:
                color = [rng.randint(0, 255) for _ in range(3)]
            b += bytes(color + [alpha])
    for name, pixels in (("a", a), ("b", b)):
        png(os.path.join(directory, name + ".png"), width, height, bytes(pixels))
        with open(os.path.join(directory, name + ".rgba"), "wb") as out:
            out.write(pixels)
    print(width, height)


if __name__ == "__main__":
    main(sys.argv[1])
