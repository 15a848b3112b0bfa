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
    /// Called with (done, total) after each page.
    public var progress: (@Sendable (Int, Int) -> Void)?
    /// Ends the process when ``RenderOptions/timeout`` passes inside a step that cannot be
    /// interrupted (Poppler drawing a page, qpdf writing the PDF), after the temporary files
    /// are removed, with the error to report. Without it, the limit is checked between steps
    /// (pages, stripes, comments, files) only.
    public var overrun: (@Sendable (TimeoutError) -> Never)?

    /// What a finished job wrote and what it noticed.
    public struct Report {
        public var files: [String]
        public var warnings: [String]
        public var scenes: [Scene]
    }

    public init(options: RenderOptions, progress: (@Sendable (Int, Int) -> Void)? = nil) {
        self.options = options
        self.progress = progress
    }

    /// Runs the job, within ``RenderOptions/jobTimeout`` seconds from start to finish; on any
    /// failure no output is left, old or partial.
    public func run() throws -> Report {
        let deadline = Deadline(seconds: options.jobTimeout, subject: options.input ?? "--canvas")
        let outputs = OutputFiles()
        return try deadline.guarding(outputs, overrun: overrun) { try run(outputs, deadline: deadline) }
    }

    private func run(_ outputs: OutputFiles, deadline: Deadline) throws -> Report {
        let kind = try OutputKind(path: options.output)
        if options.device != nil, kind == .pdf || options.size != nil {
            throw InputError(source: "--device", location: "",
                             problem: "renders a PNG at the device's own size; leave out --dpi/--scale/--width and use a .png output")
        }
        if kind == .pdf, options.tooltips == .margin {
            throw InputError(source: "--tooltips", location: "",
                             problem: "margin widens a PNG; a PDF export keeps its pages and lists the comments in its summary")
        }
        if kind == .pdf, options.size != nil {
            throw InputError(source: "--dpi/--scale/--width/--height", location: "",
                             problem: "set the size of PNG output; a PDF keeps the page size in points")
        }
        for path in [options.output, options.layoutJSON, options.summaryJSON, options.summaryCSV].compactMap({ $0 }) {
            try OutputFiles.checkDirectory(of: path)
        }
        try deadline.step("reading the document and the pins")
        let input = try RenderInput(options: options)
        let document = input.document
        let pages = try options.pages.pages(of: document.pageCount, file: input.documentName)
        let pagePaths = kind == .png && pages.count > 1 ? pages.map { PageFiles.path(options.output, page: $0) } : [options.output]
        var paths = OutputPaths(reading: options)
        for path in pagePaths { paths.write(path, option: "-o") }
        for (option, path) in [("--layout-json", options.layoutJSON), ("--summary-json", options.summaryJSON),
                               ("--summary-csv", options.summaryCSV)] {
            if let path { paths.write(path, option: option) }
        }
        try paths.check()
        let threads = input.threads.filter(options.include.includes)
        var warnings = input.warnings
        let layout = input.layout(options)
        let byPage = Dictionary(grouping: threads, by: \.root.page)
        var files: [String] = []
        var scenes: [Scene] = []
        if kind == .pdf {
            let scratch = try outputs.scratchDirectory()
            let temporary = outputs.temporaryPath(for: options.output)
            scenes = try ReviewExport(input: input, options: options, layout: layout, pages: pages.sorted(), deadline: deadline)
                .write(to: temporary, name: options.output, scratch: scratch)
            files.append(options.output)
            progress?(pages.count, pages.count)
        }
        if kind == .png {
            // Paths first (OutputFiles is not shared between threads), then the pages on
            // both cores, each worker with its own document handle: poppler's are not
            // thread-safe.
            let targets = zip(pages, pagePaths).map { page, path -> (page: Int, path: String, temporary: String) in
                (page, path, outputs.temporaryPath(for: path))
            }
            files += targets.map(\.path)
            try deadline.step("drawing the pages")
            scenes = try renderPNGPages(targets, input: input, byPage: byPage, firstLayout: layout, deadline: deadline)
        }
        let exported = threads.filter { pages.contains($0.root.page) }
        let sideOutputs: [(String?, (String, String) throws -> Void)] = [
            (options.summaryJSON, { try SummaryFiles.writeJSON(exported, to: $0, name: $1) }),
            (options.summaryCSV, { try SummaryFiles.writeCSV(exported, to: $0, name: $1) }),
            (options.layoutJSON, { [scenes] in try LayoutFile.write(scenes, to: $0, name: $1) }),
        ]
        for case let (path?, write) in sideOutputs {
            try deadline.step("writing \(path)")
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

    /// Renders PNG pages on every core: several pages side by side, each worker with its own
    /// document handle (Poppler's are not thread-safe); a single page in stripes side by side.
    private func renderPNGPages(_ targets: [(page: Int, path: String, temporary: String)], input: RenderInput,
                                byPage: [Int: [CommentThread]], firstLayout: PageLayout, deadline: Deadline) throws -> [Scene] {
        let cores = min(ProcessInfo.processInfo.activeProcessorCount, 8)
        if targets.count == 1, let target = targets.first {
            let scene = try deadline.during("drawing page \(target.page)") {
                try renderPNGPage(target.page, layout: firstLayout, threads: byPage[target.page] ?? [],
                                  to: target.temporary, name: target.path, workers: cores, checkpoint: deadline.check) { worker in
                    worker == 0 ? input.document : try input.document.forAnotherThread(password: options.password)
                }
            }
            progress?(1, 1)
            return [scene]
        }
        // The first failure in page order is the one reported.
        return try WorkerPool(workers: cores).map(targets.count, context: { worker in
            worker == 0 ? (document: input.document, layout: firstLayout)
                : (document: try input.document.forAnotherThread(password: options.password), layout: input.layout(options))
        }, onDone: progress) { context, index in
            let target = targets[index]
            return try deadline.during("drawing page \(target.page)") {
                try renderPNGPage(target.page, layout: context.layout, threads: byPage[target.page] ?? [],
                                  to: target.temporary, name: target.path, workers: 1,
                                  checkpoint: deadline.check) { _ in context.document }
            }
        }
    }

    /// One PNG page: the page, its pins, the thread panel when asked; a device screen with
    /// --device. Drawn in stripes by `workers` workers, each with the document `document`
    /// gives it, `checkpoint` run before each stripe.
    private func renderPNGPage(_ page: Int, layout: PageLayout, threads: [CommentThread], to temporary: String,
                               name: String, workers: Int, checkpoint: () throws -> Void,
                               document: (Int) throws -> SourceDocument) throws -> Scene {
        let first = try document(0)
        let content = try first.contentSize(page: page)
        if let screen = options.device {
            return try DeviceRender(screen: screen, options: options, layout: layout)
                .render(first, page: page, threads: threads, contentSize: content, to: temporary, name: name)
        }
        let request = options.size ?? defaultSize(first)
        let outputSize = try request.pixelSize(contentSize: content, unitsPerInch: first.unitsPerInch,
                                               pixelLimit: options.pixelLimit)
        let scale = try request.scale(contentSize: content, unitsPerInch: first.unitsPerInch)
        let pageSize = CGSize(width: content.width * scale, height: content.height * scale)
        var scene = layout.scene(page: page, threads: threads, outputSize: outputSize, pageSize: pageSize)
        if options.threadsPanel { scene = layout.addingPanel(to: scene, threads: threads) }
        let size = scene.drawnSize
        try StripedPNG.write(width: Int(size.width), height: Int(size.height), workers: workers,
                             to: temporary, name: name, checkpoint: checkpoint,
                             worker: { $0 == 0 ? first : try document($0) }) { canvas, source in
            try source.draw(scene, on: canvas, theme: options.theme)
        }
        return scene
    }

    private func defaultSize(_ document: SourceDocument) -> SizeRequest {
        document.unitsPerInch == nil ? .scale(1) : .dpi(150)
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
