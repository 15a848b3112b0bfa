import Foundation
import PinRender
import PinRenderCore

/// `pinrender draw`: parses arguments and draws a layout file again.
enum DrawCommand: Command {
    /// What `draw` is asked for: the layout file, and the document, output and limits.
    struct Request {
        var layout = ""
        var options = RenderOptions.unset
    }

    static let parser = OptionParser<Request>(command: "draw", groups: [
        OptionGroup(title: "INPUT", options: [
            Option(positional: "LAYOUT", help: "a layout file, written by render or preview --layout-json", isPath: true) { text, request in
                request.layout = text
            }.required(),
            Option<RenderOptions>.input.described(help: """
                the document it was laid out over, the same file (left out for a
                blank canvas); its pages are drawn by number
                """).pullback(\.options),
            Option<RenderOptions>.password.pullback(\.options),
            Option<RenderOptions>.maxPixels.pullback(\.options),
            Option<RenderOptions>.maxMemory.pullback(\.options),
        ]),
        OptionGroup(title: "OUTPUT", options: [
            Option<RenderOptions>.output.described(help: """
                .png or .pdf, as the render that wrote LAYOUT. Several pages to
                PNG write one file per page, as render does: OUT-N.png, or %d in
                OUT for the page number
                """).pullback(\.options),
            Option<RenderOptions>.timeout.described(help: """
                the most the whole command may take: reading, drawing and
                writing; past it, it stops with a clear error, exit status 2,
                and writes nothing (default 600)
                """).pullback(\.options),
        ]),
    ])

    static var manual: Manual {
        Manual(pinrender: "draw", summary: "draw a layout file again: the drawing step alone", synopsis: [
            "pinrender draw LAYOUT.json [INPUT] -o OUT [--password PW] [--timeout SECONDS]",
        ], description: [
            .paragraph("""
                A layout file (render or preview --layout-json FILE) holds every decision of a render:
                where each mark, tooltip and text is, its size, colors and font, where the page goes.
                draw follows it over the same INPUT and writes the same bytes as the render that wrote
                it, so the plan can be checked, edited or kept and the pixels made later. INPUT is left
                out for a layout of a blank canvas (--canvas).
                """),
        ], options: parser.sections, exitStatus: [
            Manual.Definition("0", "written"),
            Manual.Definition("2", "bad usage, a bad layout file (one line naming the file and the field) or bad input; nothing written"),
        ], examples: [
            Manual.Example("mkdir -p out"),
            Manual.Example("""
                pinrender render samples/floorplan.pdf --pins samples/pins/floorplan-few.json --page 1 \\
                    -o out/plan.png --layout-json out/plan.json
                """),
            Manual.Example("pinrender draw out/plan.json samples/floorplan.pdf -o out/again.png   # the same bytes as out/plan.png"),
        ])
    }

    static func run(_ words: [String]) throws -> Int32 {
        var request = Request()
        guard try parser.parse(words, into: &request).isEmpty else {
            throw InputError.usage("draw takes one LAYOUT file and at most one INPUT document")
        }
        var job = DrawJob(layout: request.layout, options: request.options)
        job.overrun = endOnTimeout
        for warning in try job.run().warnings { warn(warning) }
        return 0
    }
}
