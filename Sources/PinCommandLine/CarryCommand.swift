import Foundation
import PinRender
import PinRenderCore

/// `pinrender carry`: parses arguments and carries a review's pins to a new revision.
enum CarryCommand: Command {
    static let parser = OptionParser<CarryJob>(command: "carry", groups: [.carry])

    static var manual: Manual {
        Manual(pinrender: "carry", summary: "carry a review's pins to the next revision of a drawing", synopsis: [
            """
            pinrender carry OLD NEW --pins PINS -o CARRIED.json [--report REPORT.json]
                            [--overlay OVERLAY.png] [--pages 1:1,2:3] [--dpi D]
            """,
        ], description: [
            .paragraph("""
                OLD and NEW are revisions of a drawing (PDF, PNG or JPEG). Each old page is paired with a
                new one (--pages, else the page label, a sheet number in the text, then the order) and
                registered: from the words both pages share, matched by text with a fit that ignores what
                moved, cross-checked with the pixels; from the pixels alone for images and drawings
                without text. Each root pin is mapped through its page's transform and refined where the
                content under it is found again on the new page.
                """),
            .paragraph("""
                CARRIED.json is the pins file with every pin in its order, each root pin at its new place
                with "carry": {verdict, confidence, from}: same (content unchanged, the pin did not move
                on the page), moved (the content moved and the pin with it), changed (the content under
                it changed: look), gone (its page or its content is no longer there; it keeps its old
                point). Replies follow their root. A NEW that matches nothing is reported as such
                ("match": false, every pin gone). docs/CARRY.md gives the method and its limits.
                """),
        ], options: parser.sections, exitStatus: [
            Manual.Definition("0", "carried (also when NEW matched nothing: see the report)"),
            Manual.Definition("2", "bad usage or bad input (one line on standard error, nothing written)"),
        ], examples: [
            Manual.Example("mkdir -p out"),
            Manual.Example("""
                pinrender carry samples/floorplan.pdf samples/floorplan.pdf --pins samples/pins/floorplan-few.json \\
                    -o out/carried.json --report out/carry-report.json --overlay out/carry.png
                """, comment: "the same drawing: every pin same"),
        ])
    }

    static func run(_ words: [String]) throws -> Int32 {
        var job = CarryJob(old: "", new: "", pins: "", output: "")
        let files = try parser.parse(words, into: &job)
        guard files.count == 2 else { throw InputError.usage("carry needs OLD and NEW") }
        (job.old, job.new) = (files[0], files[1])
        try job.run()
        return 0
    }
}
