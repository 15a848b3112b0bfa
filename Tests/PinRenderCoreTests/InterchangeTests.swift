import Foundation
import Testing
@testable import PinRenderCore

/// The pure parts of import and export: PDF dates, the bounded XML reader, XFDF and W3C
/// documents read and written, and the rules that make pins of comments.
struct PDFDateParseTests {
    @Test func formsToolsWrite() {
        let expected = ISODate.parse("2026-11-02T09:15:00Z")
        #expect(PDFDate.parse("D:20261102091500Z") == expected)
        #expect(PDFDate.parse("D:20261102101500+01'00'") == expected)
        #expect(PDFDate.parse("D:20261102041500-05'00") == expected)
        #expect(PDFDate.parse("20261102091500") == expected)
        #expect(PDFDate.parse(PDFDate.string(expected!)) == expected)
        #expect(PDFDate.parse("D:2026") == ISODate.parse("2026-01-01T00:00:00Z"))
    }

    @Test func refusesWhatIsNoDate() {
        for text in ["", "yesterday", "D:20261302", "D:2026110209150", "D:20261102091500+25'00'", "D:20261102091500 junk"] {
            #expect(PDFDate.parse(text) == nil, "\(text)")
        }
    }
}

struct MarkupElementTests {
    @Test func pathsAndText() throws {
        let root = try MarkupElement.read(Data("<a><b>1</b><b x='y'>2<i>3</i><br/>4</b></a>".utf8), source: "t.xml")
        let second = root.elements("b")[1]
        #expect(second.path == "/a/b[2]")
        #expect(second.attributes == ["x": "y"])
        #expect(second.text == "24")
        #expect(second.plainText == "23\n4")
    }

    @Test func noDocumentTypeNoEntities() {
        for xml in ["<!DOCTYPE a [<!ENTITY x \"y\">]><a>&x;</a>", "<!DOCTYPE a SYSTEM \"file:///etc/passwd\"><a/>"] {
            #expect(throws: InputError.self) { try MarkupElement.read(Data(xml.utf8), source: "t.xml") }
        }
        let error = #expect(throws: InputError.self) { try MarkupElement.read(Data("<a>&x;</a>".utf8), source: "t.xml") }
        #expect(error?.source == "t.xml")
    }

    @Test func depthIsBounded() {
        let depth = InterchangeLimits.maximumDepth + 1
        let xml = String(repeating: "<a>", count: depth) + String(repeating: "</a>", count: depth)
        let error = #expect(throws: InputError.self) { try MarkupElement.read(Data(xml.utf8), source: "t.xml") }
        #expect(error?.problem.contains("nested more than") == true)
    }
}

/// A 600 x 800 page with a CropBox, turned by `/Rotate 90`: displayed 500 x 400.
private let turned = PageGeometry(mediaBox: CGRect(x: 0, y: 0, width: 600, height: 800),
                                  cropBox: CGRect(x: 50, y: 100, width: 400, height: 500), rotation: .quarter)

struct XFDFTests {
    @Test func pagesFromZeroAndTheRules() throws {
        let xfdf = try XFDFDocument(Data("""
            <?xml version="1.0" encoding="UTF-8"?>
            <xfdf xmlns="http://ns.adobe.com/xfdf/" xml:space="preserve"><f href="plan.pdf"/><ids original="AB" modified="CD"/>
            <annots>
            <text page="0" rect="150,530,170,550" name="n1" title="ana" creationdate="D:20261102091500Z"><contents> keep  spaces </contents></text>
            <popup page="0" rect="0,0,1,1"/>
            <square page="0" rect="100,200,300,400" name="s1" creationdate="D:20261102091500Z"><contents-richtext><body xmlns="http://www.w3.org/1999/xhtml"><p>a <b>b</b></p><p>c</p></body></contents-richtext></square>
            <text page="0" name="r1" inreplyto="n1" replyType="reply" date="D:20261102100000Z"><contents>re</contents></text>
            <text page="0" name="st" inreplyto="r1" state="Completed" statemodel="Review" title="oleg" date="D:20261102110000Z"/>
            <text page="0" name="m" inreplyto="n1" state="Unmarked" date="D:20261102120000Z"/>
            </annots></xfdf>
            """.utf8), source: "r.xfdf")
        #expect(xfdf.href == "plan.pdf")
        #expect(xfdf.ids?.original == "AB")
        #expect(xfdf.comments.map(\.id) == ["n1", "s1", "r1", "st", "m"])
        #expect(xfdf.comments[0].page == 1)
        #expect(xfdf.comments[1].text == "a b\nc")
        let (pins, warnings) = try CommentImport(source: "r.xfdf", contentId: "plan", pages: [turned]).pins(from: xfdf.comments)
        #expect(warnings.isEmpty)
        #expect(pins.map(\.pin.id) == ["n1", "s1", "r1"])
        let note = pins[0].pin
        // (150, 550) is 100 right of the crop's left edge, 50 below its top: turned, 50 from the right.
        #expect(abs(note.relativeX! - 450.0 / 500) < 1e-9 && abs(note.relativeY! - 100.0 / 400) < 1e-9)
        #expect(note.text == " keep  spaces ")
        #expect(note.resolved)
        #expect(pins[0].reviewState == .init(state: "Completed", author: "oleg", date: ISODate.parse("2026-11-02T11:00:00Z")))
        // A shape at its centre (200, 300): 150 right, 300 below the top of the crop.
        #expect(abs(pins[1].pin.relativeX! - 200.0 / 500) < 1e-9 && abs(pins[1].pin.relativeY! - 150.0 / 400) < 1e-9)
        #expect(pins[1].subtype == "Square")
        #expect(pins[2].pin.parentId == "n1" && pins[2].pin.createdAt == ISODate.parse("2026-11-02T10:00:00Z"))
    }

    @Test func writtenAndReadBack() throws {
        let root = Pin(id: "p&1", contentId: "plan", page: 1, relativeX: 0.3, relativeY: 0.7, authorId: "ана",
                       createdAt: ISODate.parse("2026-11-02T09:15:00Z")!, text: "<a> & \"b\"\r\n\tc", resolved: true)
        let reply = Pin(id: "r", contentId: "plan", authorId: "u", createdAt: ISODate.parse("2026-11-02T10:00:00Z")!,
                        text: "ok", parentId: "p&1")
        let data = XFDFDocument.data(threads: [CommentThread(root: root, number: 1, replies: [reply])], pages: [turned],
                                     href: "plan \"x\".pdf", ids: ("AB", "CD"))
        let xfdf = try XFDFDocument(data, source: "out.xfdf")
        #expect(xfdf.href == "plan \"x\".pdf")
        let (pins, _) = try CommentImport(source: "out.xfdf", contentId: "plan", pages: [turned]).pins(from: xfdf.comments)
        #expect(pins.map(\.pin) == [root, Pin(id: "r", contentId: "plan", page: 1, authorId: "u", createdAt: reply.createdAt,
                                              text: "ok", parentId: "p&1")].map { pin in
            var pin = pin
            if pin.isRoot { (pin.relativeX, pin.relativeY) = (pins[0].pin.relativeX, pins[0].pin.relativeY) }
            return pin
        })
        #expect(abs(pins[0].pin.relativeX! - 0.3) < 1e-6 && abs(pins[0].pin.relativeY! - 0.7) < 1e-6)
    }
}

struct CommentImportTests {
    private func comment(_ id: String, _ change: (inout ExchangedComment) -> Void = { _ in }) -> ExchangedComment {
        var comment = ExchangedComment(location: id, id: id, page: 1, placement: .normalizedRect(CGRect(x: 0.5, y: 0.5, width: 0, height: 0)),
                                       created: ISODate.parse("2026-11-02T09:00:00Z"))
        change(&comment)
        return comment
    }

    @Test func theLatestReviewStateDecides() throws {
        let comments = [
            comment("n"),
            comment("late") { ($0.inReplyTo, $0.state, $0.modified) = ("n", .init(model: "Review", state: "None"), ISODate.parse("2026-11-03T00:00:00Z")) },
            comment("early") { ($0.inReplyTo, $0.state, $0.modified) = ("n", .init(model: "Review", state: "Completed"), ISODate.parse("2026-11-02T12:00:00Z")) },
            comment("marked") { ($0.inReplyTo, $0.state) = ("n", .init(model: "Marked", state: "Marked")) },
        ]
        let (pins, _) = try CommentImport(source: "s", contentId: "c", pages: nil).pins(from: comments)
        #expect(pins.map(\.pin.id) == ["n"])
        #expect(!pins[0].pin.resolved && pins[0].reviewState?.state == "None")
    }

    /// PyMuPDF names the annotations of every page `fitz-A0`, `fitz-A1`...: a reply found by
    /// its target's position (a PDF's /IRT is an object) replies to that one, renamed or not.
    @Test func aReplyFollowsItsRenamedTarget() throws {
        let comments = [
            comment("fitz-A0"), comment("fitz-A0") { $0.page = 2 },
            comment("fitz-A1") { ($0.inReplyTo, $0.inReplyToPosition) = ("fitz-A0", 1) },
            comment("fitz-A2") { ($0.inReplyTo, $0.inReplyToPosition, $0.state) = ("fitz-A0", 1, .init(model: "Review", state: "Accepted")) },
        ]
        let (pins, _) = try CommentImport(source: "s", contentId: "c", pages: nil).pins(from: comments)
        #expect(pins.map(\.pin.id) == ["fitz-A0", "fitz-A0~2", "fitz-A1"])
        #expect(pins[2].pin.parentId == "fitz-A0~2" && pins[2].pin.page == 2)
        #expect(!pins[0].pin.resolved && pins[1].pin.resolved)
    }

    /// A StrikeOut grouped to a Caret (Acrobat's "replace text") is a part of the Caret's
    /// comment, whatever text it carries itself: one pin.
    @Test func aGroupIsOneComment() throws {
        let comments = [
            comment("caret") { ($0.subtype, $0.text) = ("Caret", "new words") },
            comment("strike") { ($0.subtype, $0.text, $0.inReplyTo, $0.link) = ("StrikeOut", "ignored", "caret", .group) },
            comment("note") { ($0.inReplyTo, $0.link) = ("caret", .group) },
        ]
        let (pins, warnings) = try CommentImport(source: "s", contentId: "c", pages: nil).pins(from: comments)
        #expect(pins.map(\.pin.id) == ["caret"] && warnings.isEmpty)
    }

    @Test func whatIsLeftOutAndWhy() throws {
        let comments = [
            comment("dup"), comment("dup"),
            comment("blank") { ($0.subtype, $0.text) = ("Ink", "") },
            comment("far") { $0.placement = .normalizedRect(CGRect(x: 1.5, y: 0.5, width: 0, height: 0)) },
            comment("nowhere") { $0.placement = .none },
            comment("pixels") { $0.placement = .contentRect(CGRect(x: 10, y: 10, width: 0, height: 0)) },
            comment("orphan") { $0.inReplyTo = "missing" },
            comment("undated") { ($0.created, $0.modified) = (nil, nil) },
        ]
        let (pins, warnings) = try CommentImport(source: "s", contentId: "c", pages: nil).pins(from: comments)
        #expect(pins.map(\.pin.id) == ["dup", "dup~2"])
        #expect(warnings.count == 6, "\(warnings)")
        #expect(warnings.contains { $0.contains("far: its point") })
        #expect(warnings.contains { $0.contains("pixels: its place is in pixels") })
        #expect(warnings.contains { $0.contains("orphan") })
    }
}

struct WebAnnotationTests {
    @Test func selectorsAndReplies() throws {
        let document = try WebAnnotationDocument(Data("""
            {"@context": "http://www.w3.org/ns/anno.jsonld", "type": "AnnotationCollection", "first": {"type": "AnnotationPage", "items": [
              {"id": "https://x/a1", "type": "Annotation", "created": "2026-11-02T09:00:00Z", "creator": {"id": "https://x/u/1", "name": "Ana"},
               "body": [{"type": "TextualBody", "purpose": "tagging", "value": "tag"}, {"type": "TextualBody", "value": "<p>a &amp; b</p>", "format": "text/html", "language": "en"}],
               "target": {"source": "https://x/doc.pdf#page=2", "selector": {"type": "FragmentSelector", "value": "xywh=percent:10,20,30,40"}}},
              {"id": "https://x/a2", "type": "Annotation", "created": "2026-11-02T09:00:00Z",
               "target": {"source": "https://x/doc.pdf", "selector": [{"type": "TextQuoteSelector", "exact": "x"}, {"type": "PointSelector", "x": 50, "y": 100}]}},
              {"id": "https://x/a3", "type": "Annotation", "created": "2026-11-02T09:00:00Z",
               "target": {"source": "https://x/doc.pdf", "selector": {"type": "SvgSelector", "value": "<svg><polygon points='0,0 100,0 100,200'/></svg>"}}},
              {"@id": "https://x/a4", "@type": "oa:Annotation", "created": "2026-11-02T09:00:00Z", "target": "https://x/doc.pdf#xywh=20,40,0,0"},
              {"id": "https://x/r", "type": "Annotation", "motivation": "replying", "created": "2026-11-02T10:00:00Z", "bodyValue": "re", "target": "https://x/a1"}
            ]}}
            """.utf8), source: "w.jsonld", baseURL: nil)
        #expect(document.contentId == "https://x/doc.pdf")
        let first = document.comments[0]
        #expect(first.page == 2 && first.placement == .normalizedRect(CGRect(x: 0.1, y: 0.2, width: 0.3, height: 0.4)))
        #expect(first.text == "a & b" && first.language == "en" && first.author == "https://x/u/1" && first.authorName == "Ana")
        #expect(document.comments[1].placement == .contentRect(CGRect(x: 50, y: 100, width: 0, height: 0)))
        #expect(document.comments[2].placement == .contentRect(CGRect(x: 0, y: 0, width: 100, height: 200)))
        #expect(document.comments[3].id == "https://x/a4")
        #expect(document.comments[3].placement == .contentRect(CGRect(x: 20, y: 40, width: 0, height: 0)))
        #expect(document.comments[4].inReplyTo == "https://x/a1" && document.comments[4].text == "re")
        let page = PageGeometry(mediaBox: CGRect(x: 0, y: 0, width: 200, height: 400))
        let (pins, warnings) = try CommentImport(source: "w", contentId: "d", pages: [page, page]).pins(from: document.comments)
        #expect(warnings.isEmpty, "\(warnings)")
        #expect(pins.map(\.pin.relativeX) == [0.25, 0.25, 0.25, 0.1, nil])
        #expect(pins.map(\.pin.relativeY) == [0.4, 0.25, 0.25, 0.1, nil])
    }

    @Test func canonicalAndViaAreReadAndWritten() throws {
        let document = try WebAnnotationDocument(Data("""
            [{"id": "https://elsewhere.example/a/1", "type": "Annotation", "canonical": "urn:uuid:c1", "via": "https://older.example/9",
              "created": "2026-11-02T09:00:00Z", "bodyValue": "copied", "target": "urn:pinrender:content:d#xywh=percent:10,20,0,0"},
             {"id": "urn:pinrender:pin:d/own", "type": "Annotation", "via": {"id": "https://older.example/8"}, "bodyValue": "ours", "created": "2026-11-02T09:00:00Z",
              "target": "urn:pinrender:content:d#xywh=percent:10,20,0,0"},
             {"type": "Annotation", "created": "2026-11-02T09:00:00Z", "bodyValue": "no id", "target": "urn:pinrender:content:d#xywh=percent:10,20,0,0"}]
            """.utf8), source: "w.jsonld", baseURL: nil)
        // Another's id is where the copy came from; pinrender's own is the pin itself.
        #expect(document.comments.map(\.via) == ["https://elsewhere.example/a/1", "https://older.example/8", nil])
        #expect(document.comments.map(\.canonical) == ["urn:uuid:c1", nil, nil])
        let (pins, warnings) = try CommentImport(source: "w", contentId: "d", pages: nil).pins(from: document.comments)
        try #require(pins.count == 3, "\(warnings)")
        #expect((pins[0].pin.canonical, pins[0].pin.via) == ("urn:uuid:c1", "https://elsewhere.example/a/1"))
        let data = try WebAnnotationDocument.data(threads: [CommentThread(root: pins[0].pin, number: 1, replies: [])], contentId: "d", baseURL: nil)
        let written = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let item = try #require((written["items"] as? [[String: Any]])?.first)
        #expect(item["canonical"] as? String == "urn:uuid:c1" && item["via"] as? String == "https://elsewhere.example/a/1")
        #expect(throws: InputError.self) {
            try WebAnnotationDocument(Data(#"{"type": "Annotation", "canonical": "not an IRI", "target": "urn:x"}"#.utf8), source: "w", baseURL: nil)
        }
    }

    @Test func writtenAndReadBack() throws {
        let root = Pin(id: "p 1", contentId: "plan/a", page: 3, relativeX: 0.123456, relativeY: 0.9, authorId: "u:1", authorName: "Ана",
                       createdAt: ISODate.parse("2026-11-02T09:15:00Z")!, text: "текст", resolved: true, kind: .voice,
                       audio: .init(url: "https://a/b.m4a", durationMs: 1500))
        let reply = Pin(id: "r", contentId: "plan/a", page: 3, authorId: "u2", createdAt: ISODate.parse("2026-11-02T10:00:00Z")!,
                        text: "ok", parentId: "p 1")
        let data = try WebAnnotationDocument.data(threads: [CommentThread(root: root, number: 1, replies: [reply])],
                                                  contentId: "plan/a", baseURL: nil)
        let document = try WebAnnotationDocument(data, source: "w", baseURL: nil)
        #expect(document.contentId == "plan/a")
        let (pins, _) = try CommentImport(source: "w", contentId: "plan/a", pages: nil).pins(from: document.comments)
        #expect(pins.map(\.pin) == [root, reply])
    }

    /// A voice body typed as the model's class table names it (`Sound`) or as anno.jsonld
    /// and IIIF do (`Audio`).
    @Test(arguments: ["Sound", "Audio"])
    func aVoiceBodyOfEitherClassName(type: String) throws {
        let document = try WebAnnotationDocument(Data("""
            {"id": "https://x/v", "type": "Annotation", "created": "2026-11-02T09:00:00Z", "target": "urn:pinrender:content:d#xywh=percent:10,20,0,0",
             "body": [{"type": "TextualBody", "value": "listen"}, {"id": "https://x/v.m4a", "type": "\(type)", "durationMs": 2500}]}
            """.utf8), source: "w.jsonld", baseURL: nil)
        #expect(document.comments.map(\.audio) == [Pin.Audio(url: "https://x/v.m4a", durationMs: 2500)])
    }
}
