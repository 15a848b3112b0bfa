import Foundation
import PinRender
import PinRenderCore

/// `pinrender import`: parses arguments and writes the pins of another tool's comments.
enum ImportCommand: Command {
    static let parser = OptionParser<ImportJob>(command: "import", groups: [
        OptionGroup(title: "OPTIONS", options: [
            Option("-o", "--output", value: "PINS.json", help: "the pins file to write (- for standard output)", isPath: true) { text, job in
                job.output = text
            }.required(),
            Option("--format", value: "pdf|xfdf|w3c", help: "the input's format (default: told from its content)") { text, job in
                job.format = try OptionValue.choice(text, of: InterchangeFormat.self)
            },
        ]),
        OptionGroup<InterchangeSettings>.interchange.pullback(\.settings),
    ])

    static var manual: Manual {
        Manual(pinrender: "import", summary: "the comments of a PDF, an XFDF file or W3C Web Annotations as pins", synopsis: [
            "pinrender import INPUT [--format pdf|xfdf|w3c] [--document DOC] [--content-id ID] -o PINS.json",
        ], description: [
            .paragraph("""
                INPUT is a PDF with comments (sticky notes, their replies and review states, and other
                markup that carries a comment), an XFDF file (Acrobat, Bluebeam, Apryse, pdf.js-based
                tools), or a W3C Web Annotation document (an Annotation, AnnotationPage or
                AnnotationCollection). The pins file is what --pins reads; what the pins format has no
                field for is kept in extra fields (subtype, modifiedAt, reviewState, language).
                """),
            .paragraph("""
                A sticky note's point is the top-left corner of its icon as the page is displayed
                (CropBox and /Rotate applied); other markup is placed at the centre of its shape. A
                comment that cannot be placed (no page, a rect outside the page) is left out with a
                warning. See docs/INTERCHANGE.md for every rule.
                """),
        ], options: parser.sections, exitStatus: [
            Manual.Definition("0", "written (warnings name what was left out)"),
            Manual.Definition("2", "bad usage or bad input (one line naming the file, the annotation and the field; nothing written)"),
        ], examples: [
            Manual.Example("mkdir -p out"),
            Manual.Example("pinrender render samples/floorplan.pdf --pins samples/pins/threads.json -o out/review.pdf"),
            Manual.Example("pinrender import out/review.pdf -o out/imported.json", comment: "the review export's comments, back as pins"),
        ])
    }

    static func run(_ words: [String]) throws -> Int32 {
        var job = ImportJob(input: "", output: "")
        let inputs = try parser.parse(words, into: &job)
        guard inputs.count == 1, let input = inputs.first else {
            throw InputError.usage("import needs one INPUT (a PDF, XFDF or W3C file, or - for standard input)")
        }
        job.input = input
        let count = try job.run(warn: warn)
        if job.output != "-" { FileHandle.standardError.write(Data("pinrender: imported \(count) pin\(count == 1 ? "" : "s") into \(job.output)\n".utf8)) }
        return 0
    }
}
