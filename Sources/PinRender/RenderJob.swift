import Foundation
import PinRenderCore
import PinRenderGraphics

/// `pinrender render`: a document and its pins to annotated PNG or PDF, plus the layout
/// JSON. Validates everything before writing; writes all outputs or none.
///
///     var options = RenderOptions(input: "plan.pdf", pins: "pins.json", output: "out.pdf")
///     let report = try RenderJob(options: options).run()
public struct RenderJob: Sendable {
    public var options: RenderOptions
    /// Hears how far the job is (``RenderProgress``): after each PNG page, after each stripe
    /// of rows of a single PNG page, or for a PDF export after each page drawn, then pinned,
    /// then each thread added as comments; one call at a time.
    public var progress: (@Sendable (RenderProgress) -> Void)?
    /// Ends the process when ``RenderOptions/timeout`` passes inside a step that cannot be
    /// interrupted (Poppler drawing a page, qpdf writing the PDF), after the temporary files
    /// are removed, with the error to report. Without it, the limit is checked between steps
    /// (pages, stripes, comments, files) only.
    public var overrun: (@Sendable (LimitError) -> Never)?
    /// Where the output goes: the files the options name (the default), or one unnamed file.
    public var destination = RenderDestination.files
    /// The pins document itself, read instead of the file ``RenderOptions/pins`` names (which
    /// then names it in messages): a render worker's, whose pins come down its pipe.
    public var pinsDocument: Data?
    /// Where the job's limit reads the time (tests move their own clock).
    var clock = JobClock.monotonic

    /// What a finished job wrote and what it noticed.
    public struct Report {
        public var files: [String]
        public var warnings: [String]
        public var scenes: [Scene]
    }

    public init(options: RenderOptions, progress: (@Sendable (RenderProgress) -> Void)? = nil) {
        self.options = options
        self.progress = progress
    }

    /// Runs the job, within ``RenderOptions/jobTimeout`` seconds from start to finish; on any
    /// failure no output is left, old or partial (a destination file is left empty).
    public func run() throws -> Report {
        let deadline = Deadline(seconds: options.jobTimeout, maxMemory: options.maxMemory, subject: options.input ?? "--canvas",
                                clock: clock)
        var destinationFile: UnnamedFile?
        if case .file(let file) = destination { destinationFile = file }
        let outputs = OutputFiles(into: destinationFile)
        return try deadline.guarding(outputs, overrun: overrun) { try run(outputs, deadline: deadline) }
    }

    private func run(_ outputs: OutputFiles, deadline: Deadline) throws -> Report {
        let kind = try OutputKind(path: options.output)
        if options.device != nil, kind == .pdf || options.size != nil {
            throw InputError(source: "--device", location: "",
                             problem: "renders a PNG at the device's own size; leave out --dpi/--scale/--width and use a .png output")
        }
        if let screen = options.device { try DeviceRender.checkSize(of: screen, pixelLimit: options.pixelLimit) }
        if kind == .pdf, options.size != nil {
            throw InputError(source: "--dpi/--scale/--width/--height", location: "",
                             problem: "set the size of PNG output; a PDF keeps the page size in points")
        }
        let sideOutputs = [("--layout-json", options.layoutJSON), ("--summary-json", options.summaryJSON),
                           ("--summary-csv", options.summaryCSV)]
        if case .file = destination {
            if let (option, _) = sideOutputs.first(where: { $0.1 != nil }) {
                throw InputError(source: option, location: "", problem: "is a file of its own; a render into one file has one output")
            }
        } else {
            for path in [options.output] + sideOutputs.compactMap(\.1) { try OutputFiles.checkDirectory(of: path) }
        }
        try deadline.step(.reading)
        let input = try RenderInput(options: options, forEditing: kind == .pdf, pinsDocument: pinsDocument)
        let document = input.document
        let source = LayoutFile.Source(document)
        if kind == .pdf, case .pdf(let pdf) = document, let damage = pdf.damage {
            throw InputError(source: input.documentName, location: "",
                             problem: "qpdf cannot read it (\(damage)), so it cannot be exported to PDF; a .png output draws it as Poppler reads it")
        }
        let pages = try options.pages.pages(of: document.pageCount, file: input.documentName)
        let pagePaths = kind == .png && pages.count > 1 ? pages.map { PageFiles.path(options.output, page: $0) } : [options.output]
        if case .file = destination {
            // Nothing is written to a path, so no output can be a file read.
            guard pagePaths.count == 1 else {
                throw InputError(source: "page", location: "",
                                 problem: "\(pages.count) pages of PNG are \(pages.count) files; a render into one file is of one page, or a PDF")
            }
        } else {
            var paths = OutputPaths(reading: options)
            for path in pagePaths { paths.write(path, option: "-o") }
            for case let (option, path?) in sideOutputs { paths.write(path, option: option) }
            try paths.check()
        }
        let threads = input.threads.filter(options.include.includes)
        var warnings = input.warnings
        let byPage = Dictionary(grouping: threads, by: \.root.page)
        let exported = threads.filter { pages.contains($0.root.page) }
        var files: [String] = []
        var scenes: [Scene] = []
        var review: LayoutFile?
        if kind == .pdf {
            let drawing = ReviewDrawing(document: document, documentName: input.documentName, password: options.password,
                                        deadline: deadline, progress: progress)
            let overlay = try outputs.intermediatePath("drawn.pdf")
            let pdf = try drawing.openInput(keeping: pages.sorted())
            let plan = try ReviewExport(document: document, deadline: deadline)
                .plan(exported, pages: pages.sorted(), layout: RenderInput.layout(options), over: pdf)
            warnings += try drawing.write(plan, over: pdf, to: outputs.temporaryPath(for: options.output), name: options.output,
                                          overlay: overlay)
            scenes = plan.scenes
            review = LayoutFile(kind: .review, source: source, pages: plan.scenes, bookmarks: plan.bookmarks, review: plan.review)
            files.append(options.output)
        }
        if kind == .png {
            // Paths first (OutputFiles is not shared between threads), then the pages on
            // both cores, each worker with its own document handle: poppler's are not
            // thread-safe.
            let targets = zip(pages, pagePaths).map { page, path -> (page: Int, path: String, temporary: String) in
                (page, path, outputs.temporaryPath(for: path))
            }
            files += targets.map(\.path)
            try deadline.step(.drawingPages)
            scenes = try renderPNGPages(targets, document: document, byPage: byPage, deadline: deadline)
        }
        let sideWriters: [(String?, (String, String) throws -> Void)] = [
            (options.summaryJSON, { try SummaryFiles.writeJSON(exported, to: $0, name: $1) }),
            (options.summaryCSV, { try SummaryFiles.writeCSV(exported, to: $0, name: $1) }),
            (options.layoutJSON, { [scenes, review] in
                try (review ?? LayoutFile(kind: options.device == nil ? .pages : .screens, source: source, pages: scenes))
                    .write(to: $0, name: $1)
            }),
        ]
        for case let (path?, write) in sideWriters {
            try deadline.step(.writing(path))
            try write(outputs.temporaryPath(for: path), path)
            files.append(path)
        }
        // Asked for every tooltip, the user hears of those that did not fit.
        if options.tooltips != .auto { warnings += scenes.compactMap(\.tooltipShortfall) }
        let skipped = threads.filter { !pages.contains($0.root.page) }.count
        if skipped > 0 && options.pages != .all {
            warnings.append("\(skipped) pin\(skipped == 1 ? " is" : "s are") on pages not rendered")
        }
        try outputs.commit(under: deadline)
        return Report(files: files, warnings: warnings, scenes: scenes)
    }

    /// Renders PNG pages on every core, or as many as ``workers(for:document:)`` allows:
    /// several pages side by side, each worker with its own document handle (Poppler's are not
    /// thread-safe; the first worker takes `document`, the one the job opened); a single page
    /// in stripes side by side.
    private func renderPNGPages(_ targets: [(page: Int, path: String, temporary: String)], document: sending SourceDocument,
                                byPage: [Int: [CommentThread]], deadline: Deadline) throws -> [Scene] {
        let cores = workers(for: targets.map(\.page), document: document)
        let opener = document.opener(password: options.password)
        let first = Exclusive(document)
        if targets.count == 1, let target = targets.first {
            let progress = self.progress
            return [try drawing(page: target.page, under: deadline) {
                try renderPNGPage(target.page, layout: RenderInput.layout(options), threads: byPage[target.page] ?? [],
                                  to: target.temporary, name: target.path, workers: cores, checkpoint: deadline.check,
                                  progress: { progress?(RenderProgress(.stripe, done: $0, total: $1)) }) { worker in
                    worker == 0 ? first : Exclusive(try opener.open())
                }
            }]
        }
        let progress = self.progress
        // The first failure in page order is the one reported.
        return try WorkerPool(workers: cores).map(targets.count, context: { worker in
            (document: worker == 0 ? first : Exclusive(try opener.open()), layout: RenderInput.layout(options))
        }, onDone: { progress?(RenderProgress(.page, done: $0, total: $1)) }) { context, index in
            let target = targets[index]
            return try drawing(page: target.page, under: deadline) {
                try renderPNGPage(target.page, layout: context.layout, threads: byPage[target.page] ?? [],
                                  to: target.temporary, name: target.path, workers: 1,
                                  checkpoint: deadline.check) { [document = context.document] _ in document }
            }
        }
    }

    /// Draws `page` as the deadline's activity. What Cairo refuses meanwhile (an image it
    /// has no memory for) is named after the input and the page, as every failure is.
    private func drawing<T>(page: Int, under deadline: Deadline, _ body: () throws -> T) throws -> T {
        do {
            return try deadline.during(.drawingPage(page), body)
        } catch GraphicsError.cairo(let context, let status) {
            throw GraphicsError.cairo(context: "\(deadline.subject): page \(page): \(context)", status: status)
        }
    }

    /// How many pages (or stripes of one page, each worker drawing the whole page clipped)
    /// are drawn side by side: every core (at most 8), but no more than keep the heaviest
    /// page's estimate times the workers under half of `--max-memory`. A page's estimate is
    /// its images decoded (``SourceDocument/imageBytes(page:)``; a page whose scan gave up
    /// counts as past any limit) plus its output at 4 bytes a pixel. So pages too heavy to
    /// draw two at a time within the limit are drawn one at a time, and the limit bounds one
    /// page, not one per core. The number depends on the file, the options and the cores only,
    /// and each page comes out the same bytes whatever it is.
    private func workers(for pages: [Int], document: SourceDocument) -> Int {
        let cores = min(ProcessInfo.processInfo.activeProcessorCount, 8)
        let heaviest = pages.map { page -> Double in
            guard let images = document.imageBytes(page: page) else { return .infinity }
            // A size refused here is refused with its message when the page is drawn.
            let output = try? sizeRequest(for: document).pixelSize(contentSize: document.contentSize(page: page),
                                                                   unitsPerInch: document.unitsPerInch,
                                                                   pixelLimit: options.pixelLimit)
            return Double(images) + Double(output.map { $0.width * $0.height * 4 } ?? 0)
        }.max() ?? 0
        let share = Double(options.maxMemory) / 2
        return heaviest * Double(cores) <= share ? cores : max(1, Int(share / heaviest))
    }

    /// The output size asked for, or the default: 150 dpi for a PDF, 1 pixel a pixel otherwise.
    private func sizeRequest(for document: SourceDocument) -> SizeRequest {
        options.size ?? (document.unitsPerInch == nil ? .scale(1) : .dpi(150))
    }

    /// One PNG page: the page, its pins, the thread panel when asked; a device screen with
    /// --device. Drawn in stripes by `workers` workers, each with the document `document`
    /// gives it, `checkpoint` run before each stripe, `progress` told of each stripe written.
    /// `layout` ends before the drawing, so that the fonts its text measurer loaded go back to
    /// PinRenderGraphics' pool of font maps for the first stripe's canvas instead of being loaded again.
    private func renderPNGPage(_ page: Int, layout: consuming PageLayout, threads: [CommentThread], to temporary: String,
                               name: String, workers: Int, checkpoint: @Sendable () throws -> Void,
                               progress: @escaping @Sendable (Int, Int) -> Void = { _, _ in },
                               document: @Sendable (Int) throws -> Exclusive<SourceDocument>) throws -> Scene {
        let first = try document(0)
        let (content, unitsPerInch) = try first.use { (try $0.contentSize(page: page), $0.unitsPerInch) }
        if let screen = options.device {
            let device = DeviceRender(screen: screen, options: options, layout: layout)
            return try first.use { try device.render($0, page: page, threads: threads, contentSize: content, to: temporary, name: name) }
        }
        let request = first.use { sizeRequest(for: $0) }
        let outputSize = try request.pixelSize(contentSize: content, unitsPerInch: unitsPerInch,
                                               pixelLimit: options.pixelLimit)
        let scale = try request.scale(contentSize: content, unitsPerInch: unitsPerInch)
        let pageSize = CGSize(width: content.width * scale, height: content.height * scale)
        // An image's UI points are --ui-scale pixels (else its pHYs's; a theme's fixed scale wins over pHYs), drawn at `scale`.
        if unitsPerInch == nil, let screen = options.uiScale
            ?? (options.theme.uiScale == nil ? options.input.flatMap(ImageDensity.screenScale(ofFileAt:)) : nil) {
            layout.uiScale = max(0.25, screen * scale)
        }
        var scene = layout.scene(page: page, threads: threads, outputSize: outputSize, pageSize: pageSize)
        if options.threadsPanel { scene = layout.addingPanel(to: scene, threads: threads) }
        scene = scene.onPixels()
        _ = consume layout
        let size = scene.drawnSize, drawn = scene
        let plan = first.use { $0.stripePlan(pixels: Int(size.width * size.height)) }
        try StripedPNG.write(width: Int(size.width), height: Int(size.height), workers: workers, plan: plan,
                             to: temporary, name: name, checkpoint: checkpoint, progress: progress,
                             worker: { $0 == 0 ? first : try document($0) }) { canvas, source in
            try source.use { try $0.draw(drawn, on: canvas) }
        }
        return scene
    }
}

/// The output format, from the output's extension.
enum OutputKind {
    case png, pdf

    init(path: String) throws {
        switch URL(fileURLWithPath: path).pathExtension.lowercased() {
        case "png": self = .png
        case "pdf": self = .pdf
        default:
            throw InputError(source: path, location: "", problem: "the output must end in .png or .pdf")
        }
    }
}
