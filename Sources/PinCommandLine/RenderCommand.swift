import Foundation
import PinRender
import PinRenderCore

/// `pinrender render`: parses arguments into ``RenderOptions`` and runs the job.
enum RenderCommand: Command {
    static let parser = OptionParser<RenderOptions>.render(command: "render")

    static var help: String {
        """
        pinrender render: draw comment pins on a PDF, PNG, JPEG or blank canvas

        USAGE
          pinrender render INPUT --pins PINS -o OUT [options]
          pinrender render --canvas WxH --pins PINS -o OUT [options]

        \(parser.help)

        EXIT STATUS
          0 written; 2 bad usage or bad input (one line on standard error; nothing written)

        EXAMPLES
          pinrender render samples/floorplan.pdf --pins samples/pins/floorplan-few.json -o out/plan.pdf
          pinrender render samples/photo.jpg --pins samples/pins/photo.json --width 800 -o photo.png
          cat pins.json | pinrender render --canvas 390x844 --pins - -o view.png --tooltips all
          pinrender render samples/floorplan.pdf --pins samples/pins/floorplan-crowd.json --page 1 \\
              --device iphone-15 --zoom 3 --focus p20 -o zoomed.png
        """
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
