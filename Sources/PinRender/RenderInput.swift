import Foundation
import PinRenderCore
import PinRenderGraphics

/// A document and its pins, opened and validated: where `render` and `preview` start.
struct RenderInput {
    let document: SourceDocument
    /// How messages name the document.
    let documentName: String
    let threads: [CommentThread]
    let warnings: [String]

    /// Opens the document (for a PDF export, `forEditing`: qpdf's reading of it is kept) and
    /// reads and validates the pins: `pinsDocument` when given (`options.pins` then only
    /// names it in messages), else what `options.pins` names.
    init(options: RenderOptions, forEditing: Bool = false, pinsDocument: Data? = nil) throws {
        if let canvas = options.canvas {
            document = .canvas(canvas)
        } else if let input = options.input {
            document = try SourceDocument.open(path: input, password: options.password, pixelLimit: options.pixelLimit,
                                               forEditing: forEditing)
        } else {
            throw InputError(source: "INPUT", location: "", problem: "missing: give a document or --canvas WxH")
        }
        documentName = options.input ?? "--canvas"
        let pinsName = PinSource.name(of: options.pins)
        var pins = try PinDecoder(source: pinsName)
            .decode(pinsDocument ?? PinSource.read(options.pins, headers: options.headers, timeout: options.fetchTimeout,
                                                   maxResponse: options.maxResponse))
        let pageCount = document.pageCount
        for (index, pin) in pins.enumerated() where pin.isRoot && pin.page > pageCount {
            throw InputError(source: pinsName, location: PinDecoder.location(ofPinAt: index) + ".page",
                             problem: "page \(pin.page), but \(documentName) has \(pageCount) page\(pageCount == 1 ? "" : "s")")
        }
        var warnings = document.warnings
        if let file = options.themeFile { warnings += options.theme.contrastWarnings.map { "\(file): \($0)" } }
        let contentIds = Set(pins.map(\.contentId))
        if let wanted = options.contentId {
            if !pins.isEmpty && !contentIds.contains(wanted) {
                warnings.append("--content-id \"\(wanted)\" matches none of the \(pins.count) pins of \(pinsName) "
                                + "(their contentId: \(Self.list(contentIds)))")
            }
            pins = pins.filter { $0.contentId == wanted }
        } else if contentIds.count > 1 {
            warnings.append("the pins belong to \(contentIds.count) contents (\(Self.list(contentIds))); drawing all of them: pick one with --content-id")
        }
        let (threads, threadWarnings) = try ThreadBuilder(source: pinsName).build(pins)
        self.threads = threads
        self.warnings = warnings + threadWarnings.map { "\(pinsName): \($0)" }
    }

    /// Content ids for a one-line message: sorted, the first three, each cut at 40
    /// characters, then how many more.
    static func list(_ ids: Set<String>) -> String {
        let sorted = ids.sorted()
        let shown = sorted.prefix(3).map { $0.count > 40 ? $0.prefix(39) + "…" : $0 }
        return (shown + (sorted.count > 3 ? ["and \(sorted.count - 3) more"] : [])).joined(separator: ", ")
    }

    /// The page layout the options ask for, measuring text with Pango.
    static func layout(_ options: RenderOptions) -> PageLayout {
        PageLayout(theme: options.theme, tooltips: options.tooltips, measurer: PangoTextMeasurer(),
                   timeZone: options.timeZone, clustering: options.clustering)
    }
}
