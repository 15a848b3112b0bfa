import Foundation
import Testing
import PinRender

/// One ``Manual`` as a terminal, a man page and a Markdown page show it: text that means
/// something to roff or Markdown comes out as written.
@Suite struct ManualFormatTests {
    let manual = Manual(
        command: "demo", summary: "a *bold* <tag> claim", program: "pinrender 9.9", date: "2026-01-02",
        synopsis: ["pinrender demo FILE [--flag]\n               [--more]"],
        description: [.paragraph(".starts with a dot,\n'quoted' and\n- a dash"), .literal("{\"a\": [1]}")],
        options: [Manual.Section(title: "OPTIONS", blocks: [.definitions([
            Manual.Definition("-o, --output", value: "OUT", "where it goes\nsecond line"),
            Manual.Definition("--a-very-long-option-name", value: "VALUE", "on a line of its own"),
        ], column: 27)])],
        exitStatus: [Manual.Definition("0", "done")],
        examples: [Manual.Example("pinrender demo x", comment: "runs"), Manual.Example("curl http://h/", needsServer: true)],
        seeAlso: ["pinrender"])

    @Test func theTerminalAlignsTheDefinitions() {
        let lines = manual.help.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines[0] == "pinrender demo: a *bold* <tag> claim")
        #expect(lines.contains("  -o, --output OUT         where it goes"))
        #expect(lines.contains(String(repeating: " ", count: 27) + "second line"))
        #expect(lines.contains("  --a-very-long-option-name VALUE"))
        #expect(lines.contains(String(repeating: " ", count: 27) + "on a line of its own"))
        #expect(lines.contains("  0  done") && lines.contains("  # runs") && lines.contains("  curl http://h/"))
        #expect(lines.contains("                 [--more]"))
    }

    @Test func theManPageEscapesWhatRoffReads() {
        let page = manual.roff
        #expect(page.contains("\n.TH PINRENDER\\-DEMO 1 2026-01-02 \"pinrender 9.9\" \"pinrender manual\"\n"))
        #expect(page.contains("\n.SH NAME\npinrender\\-demo \\- a *bold* <tag> claim\n"))
        #expect(page.contains("\n\\&.starts with a dot, \\(aqquoted\\(aq and \\- a dash\n"), "\(page)")
        #expect(page.contains("\n.TP\n\\fB\\-o, \\-\\-output\\fR \\fIOUT\\fR\nwhere it goes second line\n"))
        #expect(page.contains("\n.EX\n{\\(dqa\\(dq: [1]}\n.EE\n"))
        #expect(page.contains("\n\\fBpinrender demo\\fR FILE [\\-\\-flag]\n               [\\-\\-more]\n"))
        #expect(!page.contains("\n.SH DESCRIPTION\n.PP"), "a heading starts a paragraph")
    }

    @Test func theMarkdownPageEscapesWhatMarkdownReads() {
        let page = manual.markdown
        #expect(page.contains("\npinrender-demo - a \\*bold\\* \\<tag\\> claim\n"))
        #expect(page.contains("\n.starts with a dot, 'quoted' and - a dash\n"))
        #expect(page.contains("\n- `-o, --output OUT`: where it goes second line\n"))
        #expect(page.contains("\n```sh\n# runs\npinrender demo x\n```\n"))
        #expect(page.contains("\n```text\ncurl http://h/\n```\n"), "what needs a server is not run")
        #expect(page.contains("\n[pinrender(1)](pinrender.md)\n"))
        #expect(Manual(command: nil, summary: "s", program: "p", date: "d", synopsis: ["pinrender"],
                       description: [.paragraph("- a list? 1. no"), .paragraph("12. nor this")],
                       exitStatus: [], examples: []).markdown.contains("\n\\- a list? 1. no\n\n12\\. nor this\n"))
    }
}
