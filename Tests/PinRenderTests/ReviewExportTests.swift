import Foundation
import Testing
import PinRenderCore
import PinRenderGraphics

/// The PDF review export read back with qpdf --json and poppler-utils: real comments with
/// threads and review states, a summary linked both ways with the pins, bookmarks, and the
/// original document's own links and bookmarks kept.
@Suite struct ReviewExportTests {
    /// The export reads its input PDF twice, no more: once with Poppler (to draw) and once
    /// with qpdf (the page boxes, then the same handle edited and written).
    @Test func theInputPDFIsParsedOnceByEachLibrary() throws {
        let dir = try Support.scratch()
        let input = dir.appendingPathComponent("plan.pdf").path
        try FileManager.default.copyItem(atPath: Support.path("samples/floorplan.pdf"), toPath: input)
        let pins = try Support.pinsFile([(1, 0.3, 0.4), (2, 0.6, 0.5)], in: dir)
        let output = dir.appendingPathComponent("review.pdf").path
        let run = try Support.run("/usr/bin/strace", ["-f", "-qq", "-e", "trace=openat", "-e", "signal=none",
                                                      Support.binary, "render", input, "--pins", pins, "-o", output])
        #expect(run.status == 0, "\(run.stderr.suffix(500))")
        let opens = run.stderr.split(separator: "\n").filter { $0.contains("\"\(input)\"") && !$0.contains("ENOENT") }
        // The sniffing of its type opens it too.
        #expect(opens.count == 3, "opened \(opens.count) times: \(opens.joined(separator: "\n"))")
    }

    /// A PDF's objects from `qpdf --json`: "N 0 R" to value.
    struct Objects {
        var values: [String: Any]

        init(pdf: String) throws {
            let json = try Support.tool("qpdf", ["--json", pdf])
            let root = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
            let all = try #require((root["qpdf"] as? [Any])?.last as? [String: Any])
            var values: [String: Any] = [:]
            for (key, object) in all {
                let name = key.hasPrefix("obj:") ? String(key.dropFirst(4)) : key
                values[name] = (object as? [String: Any])?["value"]
            }
            self.values = values
        }

        func dict(_ ref: Any?) -> [String: Any] {
            if let ref = ref as? String, let value = values[ref] as? [String: Any] { return value }
            return ref as? [String: Any] ?? [:]
        }

        var catalog: [String: Any] { dict(dict(values["trailer"])["/Root"]) }
        var pages: [String] { (dict(catalog["/Pages"])["/Kids"] as? [String]) ?? [] }

        /// Annotations of a subtype, with their object refs.
        func annotations(_ subtype: String) -> [(ref: String, value: [String: Any])] {
            values.compactMap { key, value in
                guard let d = value as? [String: Any], d["/Type"] as? String == "/Annot",
                      d["/Subtype"] as? String == subtype else { return nil }
                return (key, d)
            }
        }
    }

    /// `u:text` strings of qpdf's JSON as plain text.
    static func text(_ value: Any?) -> String {
        guard let s = value as? String else { return "" }
        return s.hasPrefix("u:") ? String(s.dropFirst(2)) : s
    }

    @Test func threadsBecomeRealCommentsWithStatesLinksAndASummary() throws {
        let dir = try Support.scratch()
        let out = dir.appendingPathComponent("review.pdf").path, layout = dir.appendingPathComponent("layout.json")
        let pins = Support.path("samples/pins/threads.json")
        #expect(try Support.pinsrenderOK(["render", Support.path("samples/floorplan.pdf"), "--pins", pins, "-o", out,
                                           "--layout-json", layout.path]))
        let pdf = try Objects(pdf: out)
        let notes = pdf.annotations("/Text")
        let byId = Dictionary(uniqueKeysWithValues: notes.map { (Self.text($0.value["/NM"]), $0) })
        // The sample: 5 roots, 12 replies (one of them to a reply), 2 resolved.
        let roots = notes.filter { $0.value["/IRT"] == nil }
        #expect(roots.count == 5 && notes.count == 5 + 12 + 2, "\(notes.count) comments")
        for note in notes {
            #expect(note.value["/F"] as? Int == 4 | 16, "Print and NoRotate")
            #expect(pdf.dict(note.value["/Popup"])["/Subtype"] as? String == "/Popup")
            #expect(Self.text(note.value["/CreationDate"]).hasPrefix("D:2026"))
            if let parent = note.value["/IRT"] as? String {
                // Replies point at a root, on the same page.
                let root = pdf.dict(parent)
                #expect(root["/IRT"] == nil, "a reply to a reply")
                #expect(root["/P"] as? String == note.value["/P"] as? String)
            }
        }
        let states = notes.filter { $0.value["/State"] != nil }
        #expect(states.count == 2)
        for state in states {
            #expect(Self.text(state.value["/State"]) == "Completed" && Self.text(state.value["/StateModel"]) == "Review")
        }
        // The reply-to-a-reply in the sample (p8 answers p7, which answers p1) hangs off p1.
        let p8 = try #require(byId["p8"]), p1 = try #require(byId["p1"])
        #expect(p8.value["/IRT"] as? String == p1.ref)
        #expect(Self.text(p1.value["/T"]) == "Олег Петров")

        // Links: each pin to its entry and back, through named destinations.
        let dests = pdf.dict(pdf.catalog["/Dests"])
        let links = pdf.annotations("/Link")
        #expect(links.count == 10)
        let summaryPage = pdf.pages.last!
        for link in links {
            let name = try #require(link.value["/Dest"] as? String)
            let target = try #require(dests[name] as? [Any], "link to a missing destination \(name)")
            let page = target.first as? String
            if name.contains("summary") { #expect(page == summaryPage) } else { #expect(page == pdf.pages[0]) }
        }
        // Bookmarks: the page with comments and the summary.
        let outlines = pdf.dict(pdf.catalog["/Outlines"])
        var titles: [String] = []
        var item = outlines["/First"] as? String
        while let ref = item {
            titles.append(Self.text(pdf.dict(ref)["/Title"]))
            item = pdf.dict(ref)["/Next"] as? String
        }
        #expect(titles == ["Page 1: 5 comments", "Comment summary"])
        // The plan's bookmarks are in --layout-json: the outline's titles, pages and views.
        struct Layout: Decodable { var bookmarks: [Bookmark] }
        let planned = try JSONDecoder().decode(Layout.self, from: Data(contentsOf: layout)).bookmarks
        #expect(planned.map(\.title) == titles)
        #expect(planned.map(\.page) == [1, 5])
        let first = try #require(pdf.dict(outlines["/First"])["/Dest"] as? [Any])
        #expect(first.first as? String == pdf.pages[0])
        #expect((first[2] as? Double, first[3] as? Double) == (planned[0].top.x, planned[0].top.y), "\(first) \(planned[0])")
        // The summary is text.
        let summary = try Support.tool("pdftotext", ["-f", "5", "-l", "5", out, "-"])
        #expect(summary.contains("Comments: 5 (3 open, 2 resolved)"))
        #expect(summary.contains("Окно в гостиной") && summary.contains("Resolved"))
    }

    @Test func includeOpenLeavesResolvedThreadsOut() throws {
        let dir = try Support.scratch()
        let out = dir.appendingPathComponent("open.pdf").path
        #expect(try Support.pinsrenderOK(["render", Support.path("samples/floorplan.pdf"), "--pins",
                                           Support.path("samples/pins/threads.json"), "--include", "open", "-o", out]))
        let notes = try Objects(pdf: out).annotations("/Text")
        #expect(notes.filter { $0.value["/IRT"] == nil }.count == 3)
        #expect(notes.allSatisfy { $0.value["/State"] == nil })
    }

    @Test func theOriginalsLinksAndBookmarksSurvive() throws {
        let dir = try Support.scratch()
        let content = "BT /F1 24 Tf 72 700 Td (Original text) Tj ET\n"
        let objects = [
            "<< /Type /Catalog /Pages 2 0 R /Outlines 6 0 R >>",
            "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
            "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> /Annots [8 0 R] >>",
            "<< /Length \(content.utf8.count) >>\nstream\n\(content)endstream",
            "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
            "<< /Type /Outlines /First 7 0 R /Last 7 0 R /Count 1 >>",
            "<< /Title (Chapter one) /Parent 6 0 R /Dest [3 0 R /Fit] >>",
            "<< /Type /Annot /Subtype /Link /Rect [72 690 300 720] /A << /S /URI /URI (https://example.org/spec) >> >>",
        ]
        let input = dir.appendingPathComponent("original.pdf")
        try Support.writePDF(objects, to: input)
        let pins = try Support.pinsFile([(1, 0.5, 0.5)], in: dir, text: "Check the spec link")
        let out = dir.appendingPathComponent("out.pdf").path
        #expect(try Support.pinsrenderOK(["render", input.path, "--pins", pins, "-o", out]))
        let objects2 = try Objects(pdf: out)
        let uris = objects2.annotations("/Link").filter { objects2.dict($0.value["/A"])["/URI"] != nil }
        #expect(uris.count == 1, "the original's web link is gone")
        let outlines = objects2.dict(objects2.catalog["/Outlines"])
        let first = objects2.dict(outlines["/First"])
        #expect(Self.text(first["/Title"]) == "Chapter one")
        #expect(Self.text(objects2.dict(first["/Next"])["/Title"]) == "Page 1: 1 comment")
        let text = try Support.tool("pdftotext", ["-f", "1", "-l", "1", out, "-"])
        #expect(text.contains("Original text"))
    }

    @Test func threadPanelAndSummaryFiles() throws {
        let dir = try Support.scratch()
        let out = dir.appendingPathComponent("panel.png").path
        let csv = dir.appendingPathComponent("s.csv"), json = dir.appendingPathComponent("s.json")
        #expect(try Support.pinsrenderOK(["render", Support.path("samples/floorplan.pdf"), "--pins",
                                           Support.path("samples/pins/threads.json"), "--page", "1", "--dpi", "72",
                                           "--threads", "panel", "-o", out, "--summary-csv", csv.path,
                                           "--summary-json", json.path]))
        let image = try PixelBuffer(pngAt: out)
        #expect(image.height == 842 && image.width == 1191 + 381, "\(image)")
        // The panel shows a marker per thread: open ones in the marker red, right of the page.
        var red = 0
        for y in 0..<image.height {
            for x in 1195..<image.width {
                let p = image.pixel(x: x, y: y)
                if (p.r, p.g, p.b) == markerFill { red += 1 }
            }
        }
        #expect(red > 3 * 100, "\(red) red pixels in the panel")
        let rows = try String(contentsOf: csv, encoding: .utf8).split(separator: "\r\n")
        #expect(rows.first == "number,id,page,status,author,createdAt,replies,text")
        #expect(rows.count == 6)
        #expect(rows[1].hasPrefix("1,p1,1,resolved,Олег Петров,2026-11-10T09:00:00Z,3,"))
        struct File: Decodable { struct Row: Decodable { var number: Int; var status: String; var replies: Int }; var comments: [Row] }
        let file = try JSONDecoder().decode(File.self, from: Data(contentsOf: json))
        #expect(file.comments.map(\.number) == [1, 2, 3, 4, 5])
        #expect(file.comments.filter { $0.status == "resolved" }.count == 2)
        #expect(file.comments.map(\.replies).reduce(0, +) == 12)
    }
}
