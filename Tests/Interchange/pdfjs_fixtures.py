"""PDFs with comments shaped like the ones in pdf.js's test suite (mozilla/pdf.js test/pdfs),
written here with pypdf from what those files hold, none of them copied:

- a sticky note and its Popup, each naming the other (/Popup, /Parent), as Acrobat writes them
  (annotation-link-text-popup.pdf, pr12564.pdf); a note without a Popup and without /NM
  (annotation-text-without-popup.pdf); a note whose only text is /RC, Acrobat's XHTML with its
  XML declaration and xfa attributes (rc_annotation.pdf, issue13447.pdf);
- replies by /IRT with and without /RT /R, a reply to a reply, and a Caret with a StrikeOut
  grouped to it by /RT /Group with no text of its own (issue13447.pdf's "replace text"), and a
  Polygon and a note grouped to a note, the Polygon with text of its own (pdf.js shows the
  group's, the primary's);
- review states (/StateModel /Review) and marks (/StateModel /Marked) as replies, and a note
  that carries /State /Unmarked itself (ZapfDingbats.pdf);
- FreeText (typewriter, /DA /DS), Line (/L), Polygon and PolyLine (/Vertices), Ink (/InkList),
  Highlight and StrikeOut (/QuadPoints), Square, Circle, Stamp (/Name), Caret, each with a
  comment and its Popup (annotation-*.pdf); a /Rect written with its corners swapped, and
  shapes without an appearance stream whose /Rect misses the shape (issue13447.pdf);
- on pages with a CropBox and /Rotate 90, 180 and 270, with NoZoom and NoRotate notes.

`write(path)` writes the file and returns how many comments each page carries (what pdf.js
shows as a comment: Popups, states and a group's subordinate are not comments).
"""
from pypdf import PdfWriter
from pypdf.generic import (ArrayObject, DecodedStreamObject, DictionaryObject, FloatObject, NameObject, NumberObject,
                           TextStringObject)

# (width, height, /Rotate, CropBox or None): the page shapes pdf.js's files have.
PAGES = [(612, 792, 0, None), (595.276, 841.89, 0, (96.53, 110.41, 420.23, 743.83)), (600, 800, 90, None),
         (600, 800, 180, (20, 40, 580, 760)), (576, 792, 270, (30, 50, 546, 742))]

ACROBAT_RC = ('<?xml version="1.0"?><body xmlns="http://www.w3.org/1999/xhtml" '
              'xmlns:xfa="http://www.xfa.org/schema/xfa-data/1.0/" xfa:APIVersion="Acrobat:21.1.0" xfa:spec="2.0.2">'
              '<p dir="ltr"><span style="font-size:10.0pt;text-align:left;color:#000000">{}</span></p></body>')


def value(item):
    """A Python value as a PDF object: names start with '/', lists are arrays."""
    if isinstance(item, int):
        return NumberObject(item)
    if isinstance(item, float):
        return FloatObject(item)
    if isinstance(item, str):
        return NameObject(item) if item.startswith("/") else TextStringObject(item)
    if isinstance(item, (list, tuple)):
        return ArrayObject(value(x) for x in item)
    return item


class Page:
    """One page's annotations, added in order; `comments` counts what pdf.js shows as one."""

    def __init__(self, writer, page):
        self.writer, self.page, self.comments = writer, page, 0
        self.page[NameObject("/Annots")] = ArrayObject()

    def add(self, subtype, rect, comment=True, popup=False, appearance=True, **entries):
        annotation = DictionaryObject({NameObject("/Type"): NameObject("/Annot"), NameObject("/Subtype"): NameObject(subtype),
                                       NameObject("/Rect"): value(rect), NameObject("/F"): NumberObject(4)})
        for key, item in entries.items():
            annotation[NameObject("/" + key)] = value(item)
        if appearance:
            annotation[NameObject("/AP")] = DictionaryObject({NameObject("/N"): self.form(rect)})
        reference = self.writer._add_object(annotation)
        self.page["/Annots"].append(reference)
        if popup:
            window = DictionaryObject({NameObject("/Type"): NameObject("/Annot"), NameObject("/Subtype"): NameObject("/Popup"),
                                       NameObject("/Rect"): value([rect[2], rect[3] - 120, rect[2] + 180, rect[3]]),
                                       NameObject("/F"): NumberObject(28), NameObject("/Parent"): reference})
            annotation[NameObject("/Popup")] = self.writer._add_object(window)
            self.page["/Annots"].append(annotation["/Popup"])
        self.comments += 1 if comment else 0
        return reference

    def form(self, rect):
        """An appearance stream filling the rect with a light colour (an ExtGState, as Acrobat's)."""
        width, height = abs(rect[2] - rect[0]), abs(rect[3] - rect[1])
        stream = DecodedStreamObject()
        stream.set_data(f"/GS0 gs 1 0.9 0.4 rg 0 0 {width:.2f} {height:.2f} re f".encode())
        stream.update({NameObject("/Type"): NameObject("/XObject"), NameObject("/Subtype"): NameObject("/Form"),
                       NameObject("/BBox"): value([0, 0, width, height]),
                       NameObject("/Resources"): DictionaryObject({NameObject("/ExtGState"): DictionaryObject(
                           {NameObject("/GS0"): DictionaryObject({NameObject("/ca"): FloatObject(0.5)})})})})
        return self.writer._add_object(stream)


def date(day, hour=9, zone="+02'00'"):
    return f"D:202611{day:02d}{hour:02d}1500{zone}"


def write(path):
    writer = PdfWriter()
    counts = []
    for number, (width, height, rotation, crop) in enumerate(PAGES, start=1):
        page = writer.add_blank_page(width, height)
        if crop:
            page.cropbox = value(list(crop))
        if rotation:
            page[NameObject("/Rotate")] = NumberObject(rotation)
        x0, y0 = (crop[0], crop[1]) if crop else (0, 0)
        annots = Page(writer, page)
        fill(annots, number, x0, y0)
        counts.append(annots.comments)
    with open(path, "wb") as f:
        writer.write(f)
    return counts


def fill(page, number, x0, y0):
    """The same kinds of comment on every page, placed from the page's lower-left visible corner."""
    note = page.add("/Text", [x0 + 60, y0 + 500, x0 + 80, y0 + 518], popup=True, NM=f"note-{number}", T="Jonas Ö",
                    Contents=f"Sticky note {number} — заметка", CreationDate=date(number), M=date(number, 10),
                    Name="/Comment", C=[1, 1, 0], F=28)
    reply = page.add("/Text", [x0 + 60, y0 + 500, x0 + 80, y0 + 518], popup=True, NM=f"reply-{number}", T="Tim",
                     Contents="a reply (/RT /R)", IRT=note, RT="/R", CreationDate=date(number, 11))
    page.add("/Text", [x0 + 60, y0 + 500, x0 + 80, y0 + 518], NM=f"nested-{number}", T="Jonas Ö",
             Contents="a reply to the reply, no /RT", IRT=reply, CreationDate=date(number, 12), appearance=False)
    page.add("/Text", [x0 + 60, y0 + 500, x0 + 80, y0 + 518], comment=False, T="Tim", Contents="Accepted set by Tim",
             IRT=note, State="Accepted", StateModel="Review", CreationDate=date(number, 13), M=date(number, 13))
    page.add("/Text", [x0 + 60, y0 + 500, x0 + 80, y0 + 518], comment=False, T="Tim", Contents="Marked set by Tim",
             IRT=note, State="Marked", StateModel="Marked", CreationDate=date(number, 14), appearance=False)
    # Without /NM or a Popup, unmarked by its own /State; its text only in /RC.
    page.add("/Text", [x0 + 150, y0 + 420, x0 + 168, y0 + 438], T="yinhow1", RC=ACROBAT_RC.format(f"rich {number} &amp; more"),
             CreationDate=date(number, 8, "Z"), State="Unmarked", StateModel="Marked", appearance=False)
    page.add("/FreeText", [x0 + 40, y0 + 40, x0 + 240, y0 + 70], NM=f"free-{number}", T="Jonas Ö", IT="/FreeTextTypewriter",
             Contents=f"typewriter {number}", DA="/Helv 10 Tf 1 0 0 rg", DS="font: Helv 10.0pt; color:#FF0000",
             CreationDate=date(number, 9, "-05'00'"))
    page.add("/Square", [x0 + 200, y0 + 300, x0 + 260, y0 + 350], popup=True, NM=f"square-{number}", T="Tim",
             Contents="a box", CreationDate=date(number), IC=[0.9, 0.9, 1])
    # Corners swapped, as issue13447.pdf writes them: pdf.js normalises the rect.
    page.add("/Circle", [x0 + 300, y0 + 350, x0 + 250, y0 + 300], popup=True, NM=f"circle-{number}", T="Tim",
             RC=ACROBAT_RC.format("an oval"), CreationDate=date(number))
    page.add("/Line", [x0 + 100, y0 + 200, x0 + 180, y0 + 260], popup=True, NM=f"line-{number}", T="Tim", Contents="a line",
             L=[x0 + 104, y0 + 204, x0 + 176, y0 + 256], LE=["/None", "/ClosedArrow"], CreationDate=date(number))
    page.add("/Polygon", [x0 + 20, y0 + 120, x0 + 90, y0 + 190], popup=True, NM=f"polygon-{number}", T="Tim",
             Contents="a cloud", Vertices=[x0 + 25, y0 + 125, x0 + 85, y0 + 125, x0 + 55, y0 + 185],
             BE=DictionaryObject({NameObject("/S"): NameObject("/C"), NameObject("/I"): NumberObject(1)}),
             CreationDate=date(number))
    page.add("/Ink", [x0 + 260, y0 + 100, x0 + 330, y0 + 160], popup=True, NM=f"ink-{number}", T="Tim", Contents="a scribble",
             InkList=[[x0 + 265, y0 + 105, x0 + 300, y0 + 150, x0 + 325, y0 + 110]], CreationDate=date(number))
    page.add("/Highlight", [x0 + 100, y0 + 600, x0 + 200, y0 + 612], popup=True, NM=f"highlight-{number}", T="Tim",
             Contents="highlighted", CreationDate=date(number),
             QuadPoints=[x0 + 100, y0 + 612, x0 + 200, y0 + 612, x0 + 100, y0 + 600, x0 + 200, y0 + 600])
    page.add("/Stamp", [x0 + 200, y0 + 640, x0 + 300, y0 + 680], popup=True, NM=f"stamp-{number}", T="Tim",
             Contents="approved", Name="/Approved", CreationDate=date(number))
    # Replace text: a Caret with the new text, its StrikeOut grouped to it with none.
    caret = page.add("/Caret", [x0 + 300, y0 + 560, x0 + 310, y0 + 572], popup=True, NM=f"caret-{number}", T="yinhow1",
                     IT="/Replace", RC=ACROBAT_RC.format("new words"), CreationDate=date(number))
    page.add("/StrikeOut", [x0 + 240, y0 + 560, x0 + 300, y0 + 572], comment=False, T="yinhow1", IRT=caret, RT="/Group",
             IT="/StrikeOutTextEdit", CreationDate=date(number),
             QuadPoints=[x0 + 240, y0 + 572, x0 + 300, y0 + 572, x0 + 240, y0 + 560, x0 + 300, y0 + 560])
    # A note and a cloud grouped to it with text of its own, which pdf.js (after PDF 32000
    # 12.5.6.2) ignores: the group is one comment, the note's.
    page.add("/Polygon", [x0 + 20, y0 + 300, x0 + 90, y0 + 360], comment=False, NM=f"grouped-{number}", T="Someone else",
             Contents="the subordinate's own words", IRT=note, RT="/Group", CreationDate=date(number, 15),
             Vertices=[x0 + 25, y0 + 305, x0 + 85, y0 + 305, x0 + 55, y0 + 355])
    page.add("/Text", [x0 + 120, y0 + 300, x0 + 140, y0 + 320], comment=False, NM=f"grouped-note-{number}",
             IRT=note, RT="/Group", CreationDate=date(number, 15))
    # No appearance stream and a /Rect elsewhere (issue13447.pdf): readers draw the shape from
    # its own coordinates, and pdf.js puts the annotation there.
    page.add("/Ink", [x0 + 10, y0 + 700, x0 + 30, y0 + 720], appearance=False, NM=f"ink-astray-{number}", T="Tim",
             Contents="drawn from /InkList", InkList=[[x0 + 270, y0 + 300, x0 + 310, y0 + 340]], CreationDate=date(number))
    page.add("/Line", [x0 + 10, y0 + 700, x0 + 30, y0 + 720], appearance=False, NM=f"line-astray-{number}", T="Tim",
             Contents="drawn from /L", L=[x0 + 250, y0 + 420, x0 + 290, y0 + 470], CreationDate=date(number))
    page.add("/StrikeOut", [x0 + 10, y0 + 700, x0 + 30, y0 + 720], appearance=False, NM=f"strike-astray-{number}", T="Tim",
             Contents="drawn from /QuadPoints", CreationDate=date(number),
             QuadPoints=[x0 + 120, y0 + 470, x0 + 180, y0 + 470, x0 + 120, y0 + 458, x0 + 180, y0 + 458])
    page.add("/Circle", [x0 + 10, y0 + 10, x0 + 20, y0 + 20], comment=False, T="Tim", CreationDate=date(number))  # no text
