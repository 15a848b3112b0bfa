import Foundation
import PinRenderCore
import PinRenderGraphics

/// `pinrender preview`: one page and its pins on several screens and zoom levels, side by
/// side on one sheet at a common physical scale, each labelled.
///
///     let job = PreviewJob(options: options, screens: [try DevicePreset.screen(named: "iphone-se")], zooms: [1, 3])
///     try job.run()
public struct PreviewJob {
    public var options: RenderOptions
    public var screens: [DevicePreset.Screen]
    public var zooms: [Double]
    /// Sheet pixels per physical inch.
    public var sheetPixelsPerInch = PreviewSheet.pixelsPerInch
    /// Ends the process when ``RenderOptions/timeout`` passes inside a step that cannot be
    /// interrupted (see ``RenderJob/overrun``).
    public var overrun: (@Sendable (LimitError) -> Never)?
    /// Where the job's limit reads the time (tests move their own clock).
    var clock = JobClock.monotonic

    public init(options: RenderOptions, screens: [DevicePreset.Screen], zooms: [Double]) {
        self.options = options
        self.screens = screens
        self.zooms = zooms
    }

    /// Renders every screen, lays out the sheet, writes it (and its plan with `--layout-json`),
    /// within ``RenderOptions/jobTimeout`` seconds; returns the scenes drawn and the sheet.
    @discardableResult
    public func run() throws -> (scenes: [Scene], sheet: PreviewSheet, warnings: [String]) {
        let deadline = Deadline(seconds: options.jobTimeout, maxMemory: options.maxMemory, subject: options.input ?? "--canvas",
                                clock: clock)
        let outputs = OutputFiles()
        return try deadline.guarding(outputs, overrun: overrun) { try run(outputs, deadline: deadline) }
    }

    private func run(_ outputs: OutputFiles, deadline: Deadline) throws -> (scenes: [Scene], sheet: PreviewSheet, warnings: [String]) {
        guard try OutputKind(path: options.output) == .png else {
            throw InputError(source: options.output, location: "", problem: "a preview sheet is a .png")
        }
        for path in [options.output, options.layoutJSON].compactMap({ $0 }) {
            try OutputFiles.checkDirectory(of: path)
        }
        var paths = OutputPaths(reading: options)
        paths.write(options.output, option: "-o")
        if let path = options.layoutJSON { paths.write(path, option: "--layout-json") }
        try paths.check()
        try deadline.step(.reading)
        let input = try RenderInput(options: options)
        let page: Int
        switch options.pages {
        case .all: page = 1
        case .list(let list): page = list.first ?? 1
        }
        _ = try PageSelection.list([page]).pages(of: input.document.pageCount, file: input.documentName)
        let threads = input.threads.filter { $0.root.page == page }
        let layout = RenderInput.layout(options)
        let content = try input.document.contentSize(page: page)
        var scenes: [Scene] = []
        var screensByRow: [[ImageCanvas]] = []
        for zoom in zooms {
            var row: [ImageCanvas] = []
            for screen in screens {
                try deadline.step(.drawingScreen(screen.label, zoom: PreviewSheet.zoomText(zoom)))
                var job = options
                job.zoomScale = zoom
                let render = DeviceRender(screen: screen, options: job, layout: layout)
                let (canvas, scene) = try render.draw(input.document, page: page, threads: threads, contentSize: content)
                row.append(canvas)
                scenes.append(scene)
            }
            screensByRow.append(row)
        }
        let sheet = PreviewSheet(screens: screens, zooms: zooms, sizes: screensByRow.map { $0.map(\.size) },
                                 fontFamily: options.theme.fontFamily, pixelsPerInch: sheetPixelsPerInch)
        let canvas = try ImageCanvas(width: Int(sheet.width), height: Int(sheet.height))
        canvas.draw(sheet, screens: screensByRow)
        try deadline.step(.writing(options.output))
        try canvas.writePNG(to: outputs.temporaryPath(for: options.output), name: options.output)
        if let path = options.layoutJSON {
            try deadline.step(.writing(path))
            try LayoutFile(kind: .sheet, source: LayoutFile.Source(input.document), pages: scenes, sheet: sheet)
                .write(to: outputs.temporaryPath(for: path), name: path)
        }
        try outputs.commit(under: deadline)
        return (scenes, sheet, input.warnings)
    }
}
