"""Counts differing pixels with the pixelmatch port on PyPI (pip install pixelmatch), as an
independent reference for pinrender diff. Usage: pixelmatch_counts.py A.rgba B.rgba WIDTH HEIGHT
THRESHOLD INCLUDE_AA (0/1); A and B hold raw RGBA bytes. Prints the count."""
import sys
from pixelmatch import pixelmatch

a = open(sys.argv[1], "rb").read()
b = open(sys.argv[2], "rb").read()
width, height = int(sys.argv[3]), int(sys.argv[4])
print(pixelmatch(a, b, width, height, threshold=float(sys.argv[5]), includeAA=sys.argv[6] == "1"))
