"""Counts differing pixels with the pixelmatch port on PyPI (pip install pixelmatch), as an
independent reference for pinrender diff. Usage:
  pixelmatch_counts.py A.rgba B.rgba WIDTH HEIGHT THRESHOLD INCLUDE_AA(0/1)
                       [--alpha A] [--aa-color R,G,B] [--diff-color R,G,B] [--diff-mask]
                       [--output DIFF.rgba]
A and B hold raw RGBA bytes. Prints the count; --output writes pixelmatch's diff image as raw
RGBA (starting from transparent black, as a new image in pixelmatch's own tools)."""
import argparse
from pixelmatch import pixelmatch

parser = argparse.ArgumentParser()
for name in ("a", "b", "width", "height", "threshold", "include_aa"):
    parser.add_argument(name)
parser.add_argument("--alpha", type=float, default=0.1)
parser.add_argument("--aa-color", default="255,255,0")
parser.add_argument("--diff-color", default="255,0,0")
parser.add_argument("--diff-mask", action="store_true")
parser.add_argument("--output")
args = parser.parse_args()

a = open(args.a, "rb").read()
b = open(args.b, "rb").read()
width, height = int(args.width), int(args.height)
output = bytearray(width * height * 4) if args.output else None
count = pixelmatch(a, b, width, height, output, threshold=float(args.threshold), includeAA=args.include_aa == "1",
                   alpha=args.alpha, aa_color=[int(v) for v in args.aa_color.split(",")],
                   diff_color=[int(v) for v in args.diff_color.split(",")], diff_mask=args.diff_mask)
if output is not None:
    open(args.output, "wb").write(output)
print(count)
