import Foundation
import PinRender
import PinRenderCore

/// `pinrender render`: parses arguments into ``RenderOptions`` and runs the job.
enum RenderCommand: Command {
    static let parser = OptionParser<RenderOptions>.render(command: "render")

    static var manual: Manual {
        Manual(pinrender: "render", summary: "draw comment pins on a PDF, PNG, JPEG or blank canvas", synopsis: [
            "pinrender render INPUT --pins PINS -o OUT [options]",
            "pinrender render --canvas WxH --pins PINS -o OUT [options]",
        ], description: [
            .paragraph("""
                Draws the pins of PINS on INPUT (or on a blank canvas) and writes OUT: a PNG per
                page, or a PDF that keeps the document and carries every pin as a PDF comment.
                The same INPUT, PINS and options give the same bytes, on one core or many.
                """),
        ], options: parser.sections, exitStatus: [
            Manual.Definition("0", "written"),
            Manual.Definition("2", "bad usage or bad input (one line on standard error; nothing written)"),
        ], examples: [
            Manual.Example("mkdir -p out"),
            Manual.Example("pinrender render samples/floorplan.pdf --pins samples/pins/floorplan-few.json -o out/plan.pdf"),
            Manual.Example("pinrender render samples/photo.jpg --pins samples/pins/photo.json --width 800 -o out/photo.png"),
            Manual.Example("cat samples/pins/screenshot.json | pinrender render --canvas 390x844 --pins - -o out/view.png --tooltips all",
                           comment: "pins from standard input, on a blank screen-sized canvas"),
            Manual.Example("""
                pinrender render samples/floorplan.pdf --pins samples/pins/floorplan-crowd.json --page 1 \\
                    --device iphone-15 --zoom 3 --focus p20 -o out/zoomed.png
                """, comment: "what an iPhone 15 shows at zoom 3, scrolled to pin p20"),
        ])
    }

    static func run(_ words: [String]) throws -> Int32 {
        var options = RenderOptions.unset
        guard try parser.parse(words, into: &options).isEmpty else {
            throw InputError.usage("render needs one INPUT document (or --canvas WxH)")
        }
        try PinSource.requireReadable([options.pins])
        let line = ProgressLine.onTerminal()
        var job = RenderJob(options: options)
        if let line { job.progress = { line.show($0) } }
        job.overrun = { (error: LimitError) -> Never in
            line?.finish()
            endOnTimeout(error)
        }
        let report: RenderJob.Report
        do {
            defer { line?.finish() }
            report = try job.run()
        }
        for warning in report.warnings { warn(warning) }
        return 0
    }
}
