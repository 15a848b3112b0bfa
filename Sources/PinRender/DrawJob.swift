import Foundation
import PinRenderCore
import PinRenderGraphics

/// `pinrender draw`: the drawing step alone. A layout file (``LayoutFile``, written by
/// `--layout-json`) drawn over the document it was laid out on gives the same bytes as the
/// render that wrote it: every placement, size, color and text is in the file, the document
/// gives only its pages (by number) or image. Validates everything before writing; writes
/// all outputs or none.
///
///     var options = RenderOptions(input: "plan.pdf", pins: "", output: "again.png")
///     let files = try DrawJob(layout: "plan.json", options: options).run()
public struct DrawJob: Sendable {
    /// The layout file.
    public var layout: String
    /// What `draw` reads of them: ``RenderOptions/input`` (nil where the layout is of a blank
    /// canvas), ``RenderOptions/output``, ``RenderOptions/password``, the limits
    /// (``RenderOptions/pixelLimit``, ``RenderOptions/timeout``, ``RenderOptions/maxMemory``).
    public var options: RenderOptions
    /// Ends the process when the time limit passes inside a step that cannot be interrupted
    /// (see ``RenderJob/overrun``).
    public var overrun: (@Sendable (LimitError) -> Never)?
    /// Where the job's limit reads the time (tests move their own clock).
    var clock = JobClock.monotonic

    /// - Parameters:
    ///   - layout: the layout file's path.
    ///   - options: the document, the output and the limits.
    public init(layout: String, options: RenderOptions) {
        self.layout = layout
        self.options = options
    }

    /// Draws the layout, within ``RenderOptions/jobTimeout`` seconds; returns the files written
    /// and what qpdf warned about a PDF input.
    public func run() throws -> (files: [String], warnings: [String]) {
        let deadline = Deadline(seconds: options.jobTimeout, maxMemory: options.maxMemory, subject: layout, clock: clock)
        let outputs = OutputFiles()
        return try deadline.guarding(outputs, overrun: overrun) { try run(outputs, deadline: deadline) }
    }

    private func run(_ outputs: OutputFiles, deadline: Deadline) throws -> (files: [String], warnings: [String]) {
        let kind = try OutputKind(path: options.output)
        try OutputFiles.checkDirectory(of: options.output)
        try deadline.step(.reading)
        let file = try LayoutFile.read(path: layout, pixelLimit: options.pixelLimit)
        guard (file.kind == .review) == (kind == .pdf) else {
            throw InputError(source: options.output, location: "", problem: file.kind == .review
                ? "\(layout) is the plan of a PDF review export: draw it to a .pdf"
                : "\(layout) is the plan of PNG output: draw it to a .png")
        }
        let document = try open(file)
        for (index, scene) in file.pages.enumerated() where scene.page > document.pageCount {
            throw InputError(source: layout, location: "pages[\(index)].page",
                             problem: "page \(scene.page), but \(options.input ?? "the canvas") has \(document.pageCount)")
        }
        let several = (file.kind == .pages || file.kind == .screens) && file.pages.count > 1
        let paths = several ? file.pages.map { PageFiles.path(options.output, page: $0.page) } : [options.output]
        var checked = OutputPaths()
        checked.read(layout, option: "LAYOUT", role: "the layout file")
        if let input = options.input { checked.read(input, option: "INPUT", role: "the input document") }
        for path in paths { checked.write(path, option: "-o") }
        try checked.check()
        let targets = paths.map { (path: $0, temporary: outputs.temporaryPath(for: $0)) }
        var warnings: [String] = []
        switch file.kind {
        case .pages:
            let opener = document.opener(password: options.password)
            for (scene, target) in zip(file.pages, targets) {
                let size = scene.drawnSize, plan = document.stripePlan(pixels: Int(size.width * size.height))
                try deadline.during(.drawingPage(scene.page)) {
                    try StripedPNG.write(width: Int(size.width), height: Int(size.height), workers: 1, plan: plan,
                                         to: target.temporary, name: target.path, checkpoint: deadline.check,
                                         worker: { _ in Exclusive(try opener.open()) }) { canvas, source in
                        try source.use { try $0.draw(scene, on: canvas) }
                    }
                }
            }
        case .screens:
            for (scene, target) in zip(file.pages, targets) {
                let canvas = try deadline.during(.drawingPage(scene.page)) { try screen(scene, of: document) }
                try deadline.step(.writing(target.path))
                try canvas.writePNG(to: target.temporary, name: target.path)
            }
        case .sheet:
            guard let sheet = file.sheet, let target = targets.first else { break }
            // The screens in rows of the sheet's cells, in the order of the pages.
            var next = 0
            let rows = try sheet.cells.map { cells in
                try cells.map { _ in
                    let scene = file.pages[next]
                    next += 1
                    return try deadline.during(.drawingPage(scene.page)) { try screen(scene, of: document) }
                }
            }
            let canvas = try ImageCanvas(width: Int(sheet.width), height: Int(sheet.height))
            canvas.draw(sheet, screens: rows)
            try deadline.step(.writing(target.path))
            try canvas.writePNG(to: target.temporary, name: target.path)
        case .review:
            // Read checked that a review export's file has its review.
            guard let review = file.review else { break }
            let drawing = ReviewDrawing(document: document, documentName: options.input ?? "--canvas", password: options.password,
                                        deadline: deadline)
            let plan = ReviewDrawing.Plan(scenes: file.pages, review: review, bookmarks: file.bookmarks ?? [])
            warnings = try drawing.write(plan, over: drawing.openInput(keeping: file.pages.map(\.page)), to: targets[0].temporary,
                                         name: targets[0].path, overlay: try outputs.intermediatePath("drawn.pdf"))
        case nil:
            break
        }
        try outputs.commit(under: deadline)
        return (paths, warnings)
    }

    /// The document the layout is drawn over: INPUT, of the kind the layout names, or a blank
    /// canvas where the layout is of one (and INPUT is left out).
    private func open(_ file: LayoutFile) throws -> SourceDocument {
        guard file.source != .canvas else {
            if let input = options.input {
                throw InputError(source: input, location: "", problem: "\(layout) is laid out on a blank canvas: leave out INPUT")
            }
            let first = file.pages[0]
            return .canvas(CGSize(width: first.width, height: first.height))
        }
        guard let input = options.input else {
            throw InputError.usage("draw needs INPUT: \(layout) is laid out over \(file.source == .pdf ? "a PDF" : "an image")")
        }
        let document = try SourceDocument.open(path: input, password: options.password, pixelLimit: options.pixelLimit,
                                               forEditing: file.kind == .review)
        guard LayoutFile.Source(document) == file.source else {
            throw InputError(source: input, location: "", problem: "is \(LayoutFile.Source(document) == .pdf ? "a PDF" : "an image"), "
                             + "but \(layout) is laid out over \(file.source == .pdf ? "a PDF" : "an image")")
        }
        return document
    }

    /// A device screen: the scene on a canvas of its size.
    private func screen(_ scene: Scene, of document: SourceDocument) throws -> ImageCanvas {
        let canvas = try ImageCanvas(width: Int(scene.width), height: Int(scene.height))
        try document.draw(scene, on: canvas)
        return canvas
    }
}
