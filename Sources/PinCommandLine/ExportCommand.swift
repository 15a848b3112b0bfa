import Foundation
import PinRender
import PinRenderCore

/// `pinrender export`: parses arguments and writes pins as XFDF or W3C Web Annotations.
enum ExportCommand: Command {
    static let parser = OptionParser<ExportJob>(command: "export", groups: [
        OptionGroup(title: "OPTIONS", options: [
            Option("--format", value: "xfdf|w3c", help: "XFDF (for PDF tools) or a W3C Web Annotation AnnotationPage") { text, job in
                if text == "pdf" { throw OptionProblem.predicate("is xfdf or w3c (a PDF with comments is what render -o OUT.pdf writes)") }
                job.format = InterchangeFormat(rawValue: try OptionValue.choice(text, among: ["xfdf", "w3c"]))!
            }.required(),
            Option("-o", "--output", value: "OUT", help: "the file to write (- for standard output)", isPath: true) { text, job in
                job.output = text
            }.required(),
        ]),
        OptionGroup<InterchangeSettings>.interchange.pullback(\.settings),
    ])

    static var manual: Manual {
        Manual(pinrender: "export", summary: "pins as XFDF or as W3C Web Annotations", synopsis: [
            "pinrender export PINS --format xfdf|w3c [--document DOC] [--base-url URL] -o OUT",
        ], description: [
            .paragraph("""
                XFDF: a sticky note per pin (its icon's top-left corner on the pin), replies with
                inreplyto, a resolved thread's review state (Completed), <f href> and the PDF's <ids>;
                Acrobat-family readers import it over the same PDF. W3C: an AnnotationPage (JSON-LD),
                each pin's target its page (page=N) refined by its point (xywh=percent:), replies as
                replying annotations, resolved as pinrender's own term (docs/ns/pinrender.jsonld).
                pinrender import reads both back to the same pins; docs/INTERCHANGE.md says what each
                format loses.
                """),
        ], options: parser.sections, exitStatus: [
            Manual.Definition("0", "written"),
            Manual.Definition("2", "bad usage or bad input (one line on standard error, nothing written)"),
        ], examples: [
            Manual.Example("mkdir -p out"),
            Manual.Example("pinrender export samples/pins/threads.json --format xfdf --document samples/floorplan.pdf -o out/threads.xfdf"),
            Manual.Example("pinrender export samples/pins/threads.json --format w3c -o out/threads.jsonld"),
            Manual.Example("pinrender import out/threads.jsonld -o out/threads-again.json"),
        ])
    }

    static func run(_ words: [String]) throws -> Int32 {
        var job = ExportJob(pins: "", format: .w3c, output: "")
        let sources = try parser.parse(words, into: &job)
        guard sources.count == 1, let pins = sources.first else {
            throw InputError.usage("export needs one PINS file (or - for standard input)")
        }
        job.pins = pins
        _ = try job.run(warn: warn)
        return 0
    }
}
