#!/usr/bin/env python3
"""Renders one page of a PDF with MuPDF (PyMuPDF), annotations off, on white.

    python3 mupdf_png.py IN.pdf PAGE DPI OUT.png
"""
import sys

import pymupdf

path, page, dpi, out = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), sys.argv[4]
document = pymupdf.open(path)
document[page - 1].get_pixmap(dpi=dpi, annots=False, alpha=False).save(out)
