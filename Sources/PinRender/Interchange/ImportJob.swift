import Foundation
import PinRenderCore
import PinRenderGraphics

/// `pinrender import`: the comments of a PDF, an XFDF file or a W3C Web Annotation document
/// as the apps' pins (``CommentImport`` has the rules), written all or nothing.
///
///     var job = ImportJob(input: "review.xfdf", output: "pins.json")
///     job.settings.document = "plan.pdf"
///     let count = try job.run(warn: { print($0) })
public struct ImportJob: Sendable {
    public var input: String
    public var output: String
    /// The format; nil to tell it from the content.
    public var format: InterchangeFormat?
    /// The document, the content, the base of W3C ids, the password.
    public var settings = InterchangeSettings()

    public init(input: String, output: String) {
        self.input = input
        self.output = output
    }

    /// Reads, maps and writes; returns the number of pins written. `warn` gets one line per
    /// comment left out.
    public func run(warn: (String) -> Void) throws -> Int {
        try settings.checkPaths(input: input, option: "INPUT", role: "the input", output: output)
        let (comments, pages, named) = try read()
        let content = settings.contentId ?? named ?? Self.baseName(settings.document ?? input)
        let (pins, warnings) = try CommentImport(source: input, contentId: content, pages: pages).pins(from: comments)
        warnings.forEach(warn)
        try InterchangeOutput.write(ImportedPin.json(pins), to: output)
        return pins.count
    }

    /// The comments, the pages they are on, and the content the input names.
    private func read() throws -> ([ExchangedComment], [PageGeometry]?, String?) {
        let data = try bytes()
        switch try format ?? InterchangeFormat.detect(data, source: input) {
        case .pdf:
            guard input != "-" else { throw InputError(source: input, location: "", problem: "a PDF is read from a file, not standard input") }
            let pdf = try QPDFDocument(path: input, password: settings.password)
            return (try pdf.comments(), try pages(of: settings.document) ?? pdf.pageGeometries(), nil)
        case .xfdf:
            let xfdf = try XFDFDocument(data, source: input)
            let named = xfdf.href.map { URL(fileURLWithPath: input).deletingLastPathComponent().appendingPathComponent($0).path }
            guard let path = settings.document ?? named.flatMap({ FileManager.default.isReadableFile(atPath: $0) ? $0 : nil }) else {
                throw InputError(source: input, location: "/xfdf/f/@href", problem: """
                    \(xfdf.href.map { "names \"\($0)\", which cannot be read" } ?? "names no PDF"): give the PDF with --document \
                    (XFDF rects are in its pages' user space)
                    """)
            }
            return (xfdf.comments, try pages(of: path)!, xfdf.href.map(Self.baseName))
        case .w3c:
            let w3c = try WebAnnotationDocument(data, source: input, baseURL: settings.baseURL)
            return (w3c.comments, try pages(of: settings.document), w3c.contentId)
        }
    }

    private func pages(of document: String?) throws -> [PageGeometry]? {
        try document.map { try DocumentPages(path: $0, password: settings.password).geometries }
    }

    private func bytes() throws -> Data {
        if input == "-" { return FileHandle.standardInput.readDataToEndOfFile() }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: input, isDirectory: &isDirectory), !isDirectory.boolValue,
              let file = FileHandle(forReadingAtPath: input) else {
            throw InputError(source: input, location: "", problem: "cannot be read (no such file?)")
        }
        defer { try? file.close() }
        if let size = (try? FileManager.default.attributesOfItem(atPath: input))?[.size] as? Int, size > InterchangeLimits.maximumBytes {
            throw InputError(source: input, location: "", problem: "larger than \(InterchangeLimits.maximumBytes >> 20) MiB")
        }
        let data = (try? file.read(upToCount: InterchangeLimits.maximumBytes + 1)) ?? Data()
        guard data.count <= InterchangeLimits.maximumBytes else {
            throw InputError(source: input, location: "", problem: "larger than \(InterchangeLimits.maximumBytes >> 20) MiB")
        }
        return data
    }

    /// A file's name without its folder and extension: the default content id.
    static func baseName(_ path: String) -> String {
        path == "-" ? "stdin" : URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent
    }
}
