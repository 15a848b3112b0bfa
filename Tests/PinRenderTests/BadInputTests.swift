import Foundation
import Testing

/// Bad input: exit status 2, one line naming the file and the field or index, nothing
/// written, an existing output left untouched.
@Suite struct BadInputTests {
    struct Case: CustomStringConvertible, Sendable {
        var name: String
        /// Pins JSON text, or nil to use a valid pins file.
        var pins: String?
        /// Extra arguments; `{doc}` is the floor plan, `{bad}` a file with `badContent`.
        var arguments: [String]
        var badContent: String?
        /// Words the one-line message must contain.
        var mentions: [String]
        var description: String { name }
    }

    static let validPin = #"{"id":"p1","contentId":"c","relativeX":0.5,"relativeY":0.5,"authorId":"a","createdAt":"2026-11-02T09:15:00Z","text":"t","resolved":false}"#

    static let cases: [Case] = [
        Case(name: "pins not JSON", pins: "{pins: oops", arguments: ["{doc}"], mentions: ["pins.json", "not valid JSON"]),
        Case(name: "pins wrong top level", pins: "\"hello\"", arguments: ["{doc}"], mentions: ["pins.json", "expected"]),
        Case(name: "coordinate out of range", pins: #"{"pins":[\#(validPin),{"id":"p2","contentId":"c","relativeX":1.5,"relativeY":0.5,"authorId":"a","createdAt":"2026-11-02T09:15:00Z","text":"t","resolved":false}]}"#,
             arguments: ["{doc}"], mentions: ["pins.json", "pins[1].relativeX", "1.5"]),
        Case(name: "missing field", pins: #"[{"id":"p1","contentId":"c","relativeX":0.5,"relativeY":0.5,"createdAt":"2026-11-02T09:15:00Z","text":"t","resolved":false}]"#,
             arguments: ["{doc}"], mentions: ["pins[0].authorId", "missing"]),
        Case(name: "resolved as a number", pins: #"[{"id":"p1","contentId":"c","relativeX":0.5,"relativeY":0.5,"authorId":"a","createdAt":"2026-11-02T09:15:00Z","text":"t","resolved":1}]"#,
             arguments: ["{doc}"], mentions: ["pins[0].resolved"]),
        Case(name: "bad date", pins: #"[{"id":"p1","contentId":"c","relativeX":0.5,"relativeY":0.5,"authorId":"a","createdAt":"yesterday","text":"t","resolved":false}]"#,
             arguments: ["{doc}"], mentions: ["pins[0].createdAt", "ISO 8601"]),
        Case(name: "duplicate id", pins: "[\(validPin),\(validPin)]", arguments: ["{doc}"], mentions: ["pins[1].id", "duplicate"]),
        Case(name: "pin on a missing page", pins: #"[{"id":"p1","contentId":"c","page":9,"relativeX":0.5,"relativeY":0.5,"authorId":"a","createdAt":"2026-11-02T09:15:00Z","text":"t","resolved":false}]"#,
             arguments: ["{doc}"], mentions: ["pins[0].page", "4 pages"]),
        Case(name: "page out of range", pins: nil, arguments: ["{doc}", "--page", "9"], mentions: ["floorplan.pdf", "page 9", "4 pages"]),
        Case(name: "text file named .pdf", pins: nil, arguments: ["{bad}"], badContent: "just some text\n", mentions: ["bad.pdf"]),
        Case(name: "truncated PDF", pins: nil, arguments: ["{bad}"], badContent: "%PDF-1.7\n1 0 obj\n<< /Type /Catalog", mentions: ["bad.pdf"]),
        Case(name: "empty document", pins: nil, arguments: ["{bad}"], badContent: "", mentions: ["bad.pdf", "empty"]),
        Case(name: "corrupt PNG", pins: nil, arguments: ["{bad}"], badContent: "\u{89}PNG\r\n\u{1A}\nbroken", mentions: ["bad.pdf"]),
        Case(name: "missing document", pins: nil, arguments: ["/nonexistent/plan.pdf"], mentions: ["/nonexistent/plan.pdf", "no such file"]),
        Case(name: "missing pins file", pins: nil, arguments: ["{doc}", "--pins", "/nonexistent/pins.json"], mentions: ["/nonexistent/pins.json"]),
        Case(name: "huge dpi", pins: nil, arguments: ["{doc}", "--dpi", "4000"], mentions: ["32767"]),
        Case(name: "unknown option", pins: nil, arguments: ["{doc}", "--frobnicate"], mentions: ["--frobnicate"]),
        Case(name: "bad tooltips mode", pins: nil, arguments: ["{doc}", "--tooltips", "some"], mentions: ["--tooltips"]),
        Case(name: "dpi on an image", pins: nil, arguments: [Support.path("samples/photo.jpg"), "--dpi", "100"], mentions: ["--dpi"]),
    ]

    @Test(arguments: cases)
    func exitsTwoWithOneLineAndWritesNothing(_ c: Case) throws {
        let dir = try Support.scratch()
        let pinsPath = dir.appendingPathComponent("pins.json").path
        try Data((c.pins ?? "[\(Self.validPin)]").utf8).write(to: URL(fileURLWithPath: pinsPath))
        let bad = dir.appendingPathComponent("bad.pdf").path
        if let content = c.badContent { try Data(content.utf8).write(to: URL(fileURLWithPath: bad)) }
        let out = dir.appendingPathComponent("out.png").path
        let previous = Data("previous good output".utf8)
        try previous.write(to: URL(fileURLWithPath: out))
        var arguments = ["render"] + c.arguments.map {
            $0.replacingOccurrences(of: "{doc}", with: Support.path("samples/floorplan.pdf"))
                .replacingOccurrences(of: "{bad}", with: bad)
        }
        if !arguments.contains("--pins") { arguments += ["--pins", pinsPath] }
        arguments += ["-o", out, "--layout-json", dir.appendingPathComponent("layout.json").path]
        let result = try Support.pinrender(arguments)
        #expect(result.status == 2, "\(c.name): status \(result.status), stderr \(result.stderr)")
        let lines = result.stderr.split(separator: "\n")
        #expect(lines.count == 1, "\(c.name): \(result.stderr)")
        for word in c.mentions {
            #expect(result.stderr.contains(word), "\(c.name): \"\(word)\" not in \(result.stderr)")
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: out)) == previous, "\(c.name): the old output changed")
        let left = try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted()
        #expect(left == (c.badContent == nil ? ["out.png", "pins.json"] : ["bad.pdf", "out.png", "pins.json"]),
                "\(c.name): left \(left)")
    }

    @Test func outputOverTheInputIsRefused() throws {
        let dir = try Support.scratch()
        let copy = dir.appendingPathComponent("plan.pdf")
        try FileManager.default.copyItem(atPath: Support.path("samples/floorplan.pdf"), toPath: copy.path)
        let pins = try Support.pinsFile([(1, 0.5, 0.5)], in: dir)
        let before = try Data(contentsOf: copy)
        let result = try Support.pinrender(["render", copy.path, "--pins", pins, "-o", copy.path])
        #expect(result.status == 2)
        #expect(result.stderr.contains("is the input"))
        #expect(try Data(contentsOf: copy) == before)
    }
}
