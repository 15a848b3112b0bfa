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
    /// The most time and resident memory the import may take (the service's render worker
    /// sets them; nil: none), and what ends the process when a call that cannot be
    /// interrupted (qpdf reading a page) passes them, as ``RenderJob/overrun``.
    public var limits: (seconds: Double, maxMemory: Int)?
    public var overrun: (@Sendable (LimitError) -> Never)?
    /// Where the limits read the time (tests move their own clock).
    var clock = JobClock.monotonic

    public init(input: String, output: String) {
        self.input = input
        self.output = output
    }

    /// Reads, maps and writes; returns the number of pins written. `warn` gets one line per
    /// comment left out.
    public func run(warn: (String) -> Void) throws -> Int {
        try settings.checkPaths(input: input, option: "INPUT", role: "the input", output: output)
        let (json, count) = try pinsFile(warn: warn)
        try InterchangeOutput.write(json, to: output)
        return count
    }

    /// Reads and maps, within ``limits``: the pins file's bytes and the number of pins in it,
    /// written nowhere (the service's render worker sends them back over its pipe).
    public func pinsFile(warn: (String) -> Void) throws -> (json: Data, count: Int) {
        guard let limits else { return try importing(warn: warn, checking: { _ in }) }
        let deadline = Deadline(seconds: limits.seconds, maxMemory: limits.maxMemory, subject: input, clock: clock)
        return try deadline.guarding(OutputFiles(), overrun: overrun) {
            try importing(warn: warn, checking: deadline.step)
        }
    }

    /// Reads and maps, calling `step` before each of the two.
    private func importing(warn: (String) -> Void, checking step: (JobActivity) throws -> Void) throws -> (json: Data, count: Int) {
        try step(.readingComments)
        let (comments, pages, named) = try read()
        try step(.placingComments)
        let content = settings.contentId ?? named ?? Self.baseName(settings.document ?? input)
        let (pins, warnings) = try CommentImport(source: input, contentId: content, pages: pages).pins(from: comments)
        warnings.forEach(warn)
        return (ImportedPin.json(pins), pins.count)
    }

    /// The comments, the pages they are on, and the content the input names.
    private func read() throws -> ([ExchangedComment], [PageGeometry]?, String?) {
        let file = try open()
        defer { try? file.close() }
        // A PDF is read by qpdf from its path, whatever its size; XFDF and W3C whole, within the limit.
        var data = (try? file.read(upToCount: 1024)) ?? Data()
        let kind = try format ?? InterchangeFormat.detect(data, source: input)
        if kind == .pdf {
            guard input != "-" else { throw InputError(source: input, location: "", problem: "a PDF is read from a file, not standard input") }
            let pdf = try QPDFDocument(path: input, password: settings.password)
            return (try pdf.comments(), try pages(of: settings.document) ?? pdf.pageGeometries(), nil)
        }
        let size = input == "-" ? nil : (try? FileManager.default.attributesOfItem(atPath: input))?[.size] as? Int
        while (size ?? 0) <= InterchangeLimits.maximumBytes, data.count <= InterchangeLimits.maximumBytes, let more = try? file.read(upToCount: 1 << 20), !more.isEmpty {
            data += more
        }
        guard data.count <= InterchangeLimits.maximumBytes, (size ?? 0) <= InterchangeLimits.maximumBytes else {
            throw InputError(source: input, location: "", problem: "larger than \(InterchangeLimits.maximumBytes >> 20) MiB")
        }
        if kind == .w3c {
            let w3c = try WebAnnotationDocument(data, source: input, baseURL: settings.baseURL)
            return (w3c.comments, try pages(of: settings.document), w3c.contentId)
        }
        let xfdf = try XFDFDocument(data, source: input)
        let named = xfdf.href.map { URL(fileURLWithPath: input).deletingLastPathComponent().appendingPathComponent($0).path }
        guard let path = settings.document ?? named.flatMap({ FileManager.default.isReadableFile(atPath: $0) ? $0 : nil }) else {
            throw InputError(source: input, location: "/xfdf/f/@href", problem: """
                \(xfdf.href.map { "names \"\($0)\", which cannot be read" } ?? "names no PDF"): give the PDF with --document \
                (XFDF rects are in its pages' user space)
                """)
        }
        return (xfdf.comments, try pages(of: path)!, xfdf.href.map(Self.baseName))
    }

    private func pages(of document: String?) throws -> [PageGeometry]? {
        try document.map { try DocumentPages(path: $0, password: settings.password).geometries }
    }

    /// The input (standard input for `-`), refused when it is not a readable file.
    private func open() throws -> FileHandle {
        if input == "-" { return FileHandle.standardInput }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: input, isDirectory: &isDirectory), !isDirectory.boolValue,
              let file = FileHandle(forReadingAtPath: input) else {
            throw InputError(source: input, location: "", problem: "cannot be read (no such file?)")
        }
        return file
    }

    /// A file's name without its folder and extension: the default content id.
    static func baseName(_ path: String) -> String {
        path == "-" ? "stdin" : URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent
    }
}
