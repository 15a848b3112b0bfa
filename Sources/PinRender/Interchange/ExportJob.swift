import Foundation
import PinRenderCore
import PinRenderGraphics

/// `pinrender export`: pins as XFDF (for a PDF: `--document` gives its pages and `/ID`) or as
/// a W3C Web Annotation AnnotationPage, written all or nothing.
///
///     var job = ExportJob(pins: "pins.json", format: .w3c, output: "pins.jsonld")
///     try job.run(warn: { print($0) })
public struct ExportJob: Sendable {
    public var pins: String
    public var format: InterchangeFormat
    public var output: String
    /// The document (needed for XFDF), the content, the base of W3C ids, the password.
    public var settings = InterchangeSettings()

    public init(pins: String, format: InterchangeFormat, output: String) {
        self.pins = pins
        self.format = format
        self.output = output
    }

    /// Reads the pins, writes the export; returns the number of threads. `warn` gets the
    /// threads' warnings (a reply without its root).
    public func run(warn: (String) -> Void) throws -> Int {
        try PinSource.requireReadable([pins])
        try settings.checkPaths(input: pins, option: "PINS", role: "the pins file", output: output)
        let source = PinSource.name(of: pins)
        let all = try PinDecoder(source: source).decode(PinSource.read(pins))
        let (data, threads) = try Self.export(all, from: source, format: format, settings: settings,
                                              href: settings.document.map(href(of:)), warn: warn)
        try InterchangeOutput.write(data, to: output)
        return threads
    }

    /// The bytes of the export of `all` (of one content, or only `settings.contentId`'s) in
    /// `format` and the number of threads: what `run` writes, and what the service answers for
    /// the same pins and document (`GET .../pins.xfdf`, `.../pins.jsonld`).
    /// - Parameters:
    ///   - source: how messages name the pins.
    ///   - href: the XFDF's `<f href>`, the document as its reader finds it.
    public static func export(_ all: [Pin], from source: String, format: InterchangeFormat, settings: InterchangeSettings,
                              href: String?, warn: (String) -> Void) throws -> (data: Data, threads: Int) {
        var all = all
        if let contentId = settings.contentId { all = all.filter { $0.contentId == contentId } }
        let contents = Set(all.map(\.contentId)).sorted()
        guard contents.count <= 1 else {
            throw InputError(source: source, location: "", problem: """
                holds pins of several contents (\(contents.prefix(5).joined(separator: ", "))): choose one with --content-id
                """)
        }
        let (threads, warnings) = try ThreadBuilder(source: source).build(all)
        warnings.forEach { warn("\(source): \($0)") }
        switch format {
        case .xfdf:
            guard let document = settings.document else {
                throw InputError.usage("export --format xfdf needs --document PDF (XFDF rects are in the PDF's user space)")
            }
            let pages = try DocumentPages(path: document, password: settings.password)
            guard pages.isPDF else { throw InputError(source: document, location: "", problem: "is not a PDF (XFDF is about a PDF)") }
            if let thread = threads.first(where: { $0.root.page > pages.geometries.count }) {
                let index = all.firstIndex { $0.id == thread.id } ?? 0
                throw InputError(source: source, location: PinDecoder.location(ofPinAt: index) + ".page", problem: """
                    page \(thread.root.page) is beyond \(document) (\(pages.geometries.count) page\(pages.geometries.count == 1 ? "" : "s"))
                    """)
            }
            return (XFDFDocument.data(threads: threads, pages: pages.geometries, href: href, ids: pages.identifier), threads.count)
        case .w3c:
            return (try WebAnnotationDocument.data(threads: threads, contentId: contents.first ?? settings.contentId ?? "",
                                                   baseURL: settings.baseURL), threads.count)
        case .pdf:
            throw InputError.usage("export writes xfdf or w3c; the PDF with its comments is `pinrender render INPUT --pins PINS -o OUT.pdf`")
        }
    }

    /// `<f href>`: the document's path relative to the output's folder (its name alone for
    /// standard output), as a reader of the XFDF finds it.
    private func href(of document: String) -> String {
        let target = URL(fileURLWithPath: document).standardizedFileURL.pathComponents
        guard output != "-" else { return target.last ?? document }
        let folder = URL(fileURLWithPath: output).deletingLastPathComponent().standardizedFileURL.pathComponents
        let shared = zip(folder, target).prefix { $0 == $1 }.count
        return (Array(repeating: "..", count: folder.count - shared) + target[shared...]).joined(separator: "/")
    }
}
