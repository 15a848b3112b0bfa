#!/usr/bin/env python3
"""Renders PDFs with MuPDF (PyMuPDF: pip install --no-deps pymupdf), as a second renderer
beside Poppler for the export tests. One process for several renders: importing MuPDF
takes longer than drawing a small page.

render_mupdf.py DPI PASSWORD [PDF OUT_PREFIX ANNOTATIONS(0|1)]...
    For each PDF writes OUT_PREFIX-N.png for each page N (1-based): the CropBox at DPI,
    opaque RGB, annotations and form fields drawn when ANNOTATIONS is 1. PASSWORD opens
    encrypted files ("" for none).
"""
import sys

import pymupdf

dpi, password, jobs = int(sys.argv[1]), sys.argv[2], sys.argv[3:]
for path, prefix, annots in zip(jobs[0::3], jobs[1::3], jobs[2::3]):
    document = pymupdf.open(path)
    if document.needs_pass and not document.authenticate(password):
        sys.exit("%s: wrong password" % path)
    for number, page in enumerate(document, start=1):
        page.get_pixmap(dpi=dpi, annots=annots == "1", alpha=False).save("%s-%d.png" % (prefix, number))
