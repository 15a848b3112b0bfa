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
    public var sheetPixelsPerInch = 120.0
    /// Ends the process when ``RenderOptions/timeout`` passes inside a step that cannot be
    /// interrupted (see ``RenderJob/overrun``).
    public var overrun: (@Sendable (TimeoutError) -> Never)?

    public init(options: RenderOptions, screens: [DevicePreset.Screen], zooms: [Double]) {
        self.options = options
        self.screens = screens
        self.zooms = zooms
    }

    /// Renders every screen, lays out the sheet, writes it, within ``RenderOptions/jobTimeout``
    /// seconds; returns the scenes drawn.
    @discardableResult
    public func run() throws -> (scenes: [Scene], warnings: [String]) {
        let deadline = Deadline(seconds: options.jobTimeout, subject: options.input ?? "--canvas")
        let outputs = OutputFiles()
        return try deadline.guarding(outputs, overrun: overrun) { try run(outputs, deadline: deadline) }
    }

    private func run(_ outputs: OutputFiles, deadline: Deadline) throws -> (scenes: [Scene], warnings: [String]) {
        guard try OutputKind(path: options.output) == .png else {
            throw InputError(source: options.output, location: "", problem: "a preview sheet is a .png")
        }
        try OutputFiles.checkDirectory(of: options.output)
        var paths = OutputPaths(reading: options)
        paths.write(options.output, option: "-o")
        try paths.check()
        try deadline.step("reading the document and the pins")
        let input = try RenderInput(options: options)
        let page: Int
        switch options.pages {
        case .all: page = 1
        case .list(let list): page = list.first ?? 1
        }
        _ = try PageSelection.list([page]).pages(of: input.document.pageCount, file: input.documentName)
        let threads = input.threads.filter { $0.root.page == page }
        let layout = input.layout(options)
        let content = try input.document.contentSize(page: page)
        var scenes: [Scene] = []
        var screensByRow: [[Canvas]] = []
        for zoom in zooms {
            var row: [Canvas] = []
            for screen in screens {
                try deadline.step("drawing \(screen.label) at zoom \(Self.zoomText(zoom))x")
                var job = options
                job.zoomScale = zoom
                let render = DeviceRender(screen: screen, options: job, layout: layout)
                let (canvas, scene) = try render.draw(input.document, page: page, threads: threads, contentSize: content)
                row.append(canvas)
                scenes.append(scene)
            }
            screensByRow.append(row)
        }
        let sizes = screensByRow.map { row in
            zip(row, screens).map { canvas, screen in
                let factor = sheetPixelsPerInch / screen.device.pixelsPerInch
                return CGSize(width: (canvas.size.width * factor).rounded(), height: (canvas.size.height * factor).rounded())
            }
        }
        let labelStyle = TextStyle(fontFamily: options.theme.fontFamily, size: 13, color: Color(hex: "#1D2939")!, maxLines: 3)
        let sheet = ContactSheet(rows: sizes, labelHeight: 40)
        let canvas = try Canvas(imageWidth: Int(sheet.size.width), height: Int(sheet.size.height))
        for (r, row) in sheet.cells.enumerated() {
            for (c, cell) in row.enumerated() {
                canvas.fillRoundedRect(cell.bezel, radius: 14, color: Color(hex: "#101828")!)
                canvas.draw(screensByRow[r][c], in: cell.screen)
                canvas.drawText("\(screens[c].label)\nzoom \(Self.zoomText(zooms[r]))x", at: cell.label.origin, width: cell.label.width,
                                style: labelStyle)
            }
        }
        try deadline.step("writing \(options.output)")
        try canvas.writePNG(to: outputs.temporaryPath(for: options.output), name: options.output)
        try outputs.commit(under: deadline)
        return (scenes, input.warnings)
    }

    /// A zoom level as labels show it: 3, 2.5.
    private static func zoomText(_ zoom: Double) -> String {
        zoom == zoom.rounded() ? String(Int(zoom)) : String(zoom)
    }
}
