"""The comments pdf.js shows for a PDF, as the pins `pinrender import` should give for them.

`shown_pins(pages, names)` takes what `page.getAnnotations()` lists (pdfjs_reader.PDFJS) and
the `/NM` of each annotation object (pdf.js 2.14 does not list it; read with pypdf) and applies
docs/INTERCHANGE.md's rules to pdf.js's own reading: its rects (normalised), its viewport's
points (CropBox and /Rotate), its `inReplyTo` and `replyType`, its `state`/`stateModel`, its
title and its text (the rich text's when /Contents is empty).
"""
import re
from datetime import datetime, timedelta, timezone

import pypdf

# The markup annotations pdf.js reads as such (MarkupAnnotation's subclasses), and the other
# markup subtypes of PDF 32000 (12.5.6.2); Popup, Link, Widget and Watermark are not comments.
MARKUP = {"Text", "FreeText", "Line", "Square", "Circle", "Polygon", "PolyLine", "Highlight", "Underline",
          "Squiggly", "StrikeOut", "Stamp", "Caret", "Ink", "FileAttachment", "Sound", "Redact"}
RESOLVING = {"Completed", "Accepted", "Rejected", "Cancelled"}
PDF_DATE = re.compile(r"^(?:D:)?(\d{4})(\d{2})?(\d{2})?(\d{2})?(\d{2})?(\d{2})?(?:([Zz+-])(\d{2})?'?(\d{2})?'?)?$")


def pdf_date(text):
    """A PDF date (PDF 32000 7.9.4) as an aware datetime, or None."""
    found = PDF_DATE.match(text or "")
    if not found:
        return None
    year, month, day, hour, minute, second, sign, zone_hours, zone_minutes = found.groups()
    moment = datetime(int(year), int(month or 1), int(day or 1), int(hour or 0), int(minute or 0), int(second or 0),
                      tzinfo=timezone.utc)
    if sign in ("+", "-"):
        offset = timedelta(hours=int(zone_hours or 0), minutes=int(zone_minutes or 0))
        moment -= offset if sign == "+" else -offset
    return moment


def names_of_objects(path):
    """Each annotation object's pdf.js id (`12R`, `12R3` for generation 3) and its /NM."""
    names = {}
    for page in pypdf.PdfReader(str(path)).pages:
        for reference in page.get("/Annots", None) or []:
            if not hasattr(reference, "idnum"):
                continue
            name = reference.get_object().get("/NM")
            key = f"{reference.idnum}R" + (str(reference.generation) if reference.generation else "")
            if name:
                names[key] = str(name)
    return names


def pin_ids(annotations, names):
    """pinrender's id of each markup annotation pdf.js lists (in its order): its /NM, else
    `pdf-pPAGE-OBJECT-GENERATION`; an id taken before gets `~2`, `~3`... (PyMuPDF writes
    `fitz-A0` on every page)."""
    ids, taken = {}, set()
    for annotation in annotations:
        number, _, generation = annotation["id"].partition("R")
        identifier = names.get(annotation["id"]) or f"pdf-p{annotation['page']}-{number}-{generation or 0}"
        if identifier in taken:
            n = 2
            while f"{identifier}~{n}" in taken:
                n += 1
            identifier = f"{identifier}~{n}"
        taken.add(identifier)
        ids[annotation["id"]] = identifier
    return ids


def shown_text(annotation):
    """What pdf.js's popup shows, as pinrender keeps it: /Contents, else the rich text's words."""
    return annotation["contents"] or annotation["richText"] or ""


def shown_pins(pages, names):
    """The pins (by id), and the ids of the comments pdf.js lists that are not shown: those
    without a date (a pin needs one) and those outside the page as displayed."""
    listed = {}
    for page in pages:
        for annotation in page["annotations"]:
            listed[annotation["id"]] = dict(annotation, page=page["number"])
    markup = {key: a for key, a in listed.items() if a["subtype"] in MARKUP}
    ids = pin_ids(markup.values(), names)
    states = [a for a in markup.values() if a["inReplyTo"] and a["state"] is not None]
    # A subordinate of a group shows its primary's title and text in pdf.js (PDF 32000
    # 12.5.6.2): one comment, the primary's.
    comments = [a for a in markup.values() if a not in states and a["replyType"] != "Group"]
    replied = {a["inReplyTo"] for a in comments if a["replyType"] == "R"}

    def root(annotation):
        seen = set()
        while annotation["replyType"] == "R" and annotation["inReplyTo"] in markup and annotation["id"] not in seen:
            seen.add(annotation["id"])
            annotation = markup[annotation["inReplyTo"]]
        return annotation

    pins, left_out = {}, set()
    for annotation in comments:
        reply = annotation["replyType"] == "R"
        if not reply and annotation["subtype"] != "Text" and not shown_text(annotation) and annotation["id"] not in replied:
            continue
        created = pdf_date(annotation["creationDate"]) or pdf_date(annotation["modificationDate"])
        identifier = ids[annotation["id"]]
        top = root(annotation)
        point = top["topLeft"] if top["subtype"] == "Text" else top["centre"]
        if created is None or not all(-1e-6 <= v <= 1 + 1e-6 for v in point):
            left_out.add(identifier)
            continue
        pin = dict(id=identifier, page=top["page"], text=shown_text(annotation), author=annotation["title"] or "",
                   created=created, parent=None if top is annotation else ids[top["id"]],
                   subtype=annotation["subtype"], resolved=False, object=annotation["id"])
        if top is annotation:
            pin["point"] = point
        pins[identifier] = pin
    decided = {}
    for position, state in enumerate(states):
        if (state["stateModel"] or "Review") != "Review" or state["inReplyTo"] not in markup:
            continue
        top = ids[root(markup[state["inReplyTo"]])["id"]]
        date = pdf_date(state["modificationDate"]) or pdf_date(state["creationDate"]) or datetime.min.replace(tzinfo=timezone.utc)
        if top in pins and (top not in decided or decided[top] <= (date, position)):
            decided[top] = (date, position)
            pins[top]["resolved"] = state["state"] in RESOLVING
            pins[top]["state"] = state["state"]
    return pins, left_out
