import Foundation
import PinRender
import PinRenderCore

/// `pinrender render`: parses arguments into ``RenderOptions`` and runs the job.
enum RenderCommand {
    static let help = """
    pinrender render: draw comment pins on a PDF, PNG, JPEG or blank canvas

    USAGE
      pinrender render INPUT --pins PINS -o OUT [options]
      pinrender render --canvas WxH --pins PINS -o OUT [options]

    INPUT       a PDF, PNG or JPEG (EXIF orientation honoured: pins refer to the image as displayed)
    --pins      the pins JSON ({"pins": [...]} or an array), - for standard input, or an
                http(s) URL of a REST endpoint (GET; add --header 'Authorization: Bearer ...',
                repeatable)
    -o, --output OUT
                .png or .pdf. A PDF from a PDF keeps the document as it is (text, links, bookmarks,
                forms) with the pins stamped over the selected pages (in document order), every
                comment as a real PDF comment (replies threaded, resolved ones marked), and a
                comment summary at the end, linked both ways with the pins.
                Several pages to PNG write one file per page: OUT-N.png (plan.png -> plan-3.png),
                or put %d in OUT to place the page number yourself (page-%d.png).

    OPTIONS
      --page N, --pages LIST   1-based pages, e.g. 2 or 1,3-5 (default: all)
      --dpi D                  PNG resolution of PDF pages (default 150)
      --scale S                PNG output units per content unit (images: pixels; default 1)
      --width W, --height H    fit the PNG inside W and/or H pixels, keeping the aspect
      --threads panel          a PNG gets the thread panel beside the page (the apps' bottom
                               sheet): each thread's number, status, text and replies
      --tooltips auto|all|none auto (default): where they fit without covering others, on
                               pages of at most 25 pins; all: every pin; none: markers only
      --cluster auto|off       auto (default): markers that would overlap become one bubble
                               with the count and, in red, how many are open
      --theme FILE             JSON of colors, sizes and font (see README.md)
      --layout-json FILE       write what was drawn, in output pixels, per page
      --summary-json FILE, --summary-csv FILE
                               the exported comments (number, page, status, author, replies,
                               text), in the order of the summary
      --content-id ID          draw only the pins of this contentId
      --include open|resolved|all
                               which threads to draw and export (default all)
      --password PW            for an encrypted PDF
      --max-pixels N           refuse images and outputs larger than N pixels (default 400000000,
                               at most 1073676289: 32767 x 32767, the largest image Cairo draws)
      --timeout SECONDS        give up on a pins URL, and on a page that takes longer than
                               this to render, with a clear error (default 60)
      --timezone TZ            time zone of the times in tooltips (default UTC)

    DEVICES (see pinrender devices)
      --device NAME            render what that screen shows, at its pixel size: iphone-15,
                               ipad-pro-12.9@landscape, or WxH@S (points and scale, 390x844@3)
      --zoom Z                 UIScrollView zoomScale, 1 (whole page, aspect-fit) or more
      --offset X,Y             contentOffset in points of the zoomed content (clamped)
      --focus PIN_ID           scroll so this pin is centered
      --safe-area              keep the content inside the device's safe area
      Pins out of view show as indicators on the edge toward them, with a count.

    EXIT STATUS
      0 written; 2 bad usage or bad input (one line on standard error; nothing written)

    EXAMPLES
      pinrender render samples/floorplan.pdf --pins samples/pins/floorplan-few.json -o out/plan.pdf
      pinrender render samples/photo.jpg --pins samples/pins/photo.json --width 800 -o photo.png
      cat pins.json | pinrender render --canvas 390x844 --pins - -o view.png --tooltips all
      pinrender render samples/floorplan.pdf --pins samples/pins/floorplan-crowd.json --page 1 \\
          --device iphone-15 --zoom 3 --focus p20 -o zoomed.png
    """

    static let valued: Set<String> = ["--pins", "-o", "--output", "--page", "--pages", "--dpi", "--scale",
                                      "--width", "--height", "--tooltips", "--cluster", "--theme", "--layout-json",
                                      "--content-id", "--password", "--max-pixels", "--timezone", "--canvas",
                                      "--device", "--zoom", "--offset", "--focus", "--include",
                                      "--summary-json", "--summary-csv", "--header", "--timeout", "--threads"]

    static func run(_ words: [String]) throws -> Int32 {
        var arguments = try Arguments.parse(words, valued: valued)
        if arguments.flag("--help", "-h") {
            print(help)
            return 0
        }
        let canvas = try arguments.value("--canvas").map(parseCanvas)
        guard let pins = arguments.value("--pins") else { throw usage("render needs --pins PINS") }
        guard let output = arguments.value("-o", "--output") else { throw usage("render needs -o OUT") }
        let positionals = arguments.positionals
        guard positionals.count == (canvas == nil ? 1 : 0) else {
            throw usage(canvas == nil ? "render needs one INPUT document (or --canvas WxH)"
                                      : "give either INPUT or --canvas, not both")
        }
        var options = RenderOptions(input: positionals.first, canvas: canvas, pins: pins, output: output)
        if let page = arguments.value("--page") {
            guard let number = Int(page), number >= 1 else { throw usage("--page needs a page number from 1") }
            options.pages = .list([number])
        }
        if let list = arguments.value("--pages") { options.pages = try PageSelection(parsing: list, option: "--pages") }
        options.size = try sizeRequest(&arguments)
        try parseDrawingOptions(&arguments, into: &options)
        if let name = arguments.value("--device") { options.device = try DevicePreset.screen(named: name) }
        if let zoom = arguments.value("--zoom") {
            guard let value = Double(zoom), value >= 1, value <= 1000 else { throw usage("--zoom needs a number from 1 (the whole page) up") }
            options.zoomScale = value
        }
        if let offset = arguments.value("--offset") {
            let parts = offset.split(separator: ",").compactMap { Double($0.trimmingCharacters(in: .whitespaces)) }
            guard parts.count == 2, parts.allSatisfy(\.isFinite) else { throw usage("--offset needs X,Y in points, e.g. 400,900") }
            options.contentOffset = CGPoint(x: parts[0], y: parts[1])
        }
        if options.device == nil, options.zoomScale != 1 || options.contentOffset != .zero || options.focusPinId != nil || options.safeArea {
            throw usage("--zoom, --offset, --focus and --safe-area need --device")
        }
        if let threads = arguments.value("--threads") {
            guard threads == "panel" || threads == "none" else { throw usage("--threads takes panel or none") }
            options.threadsPanel = threads == "panel"
        }
        options.layoutJSON = arguments.value("--layout-json")
        options.summaryJSON = arguments.value("--summary-json")
        options.summaryCSV = arguments.value("--summary-csv")
        try arguments.finish()
        let interactive = isatty(STDERR_FILENO) != 0
        var job = RenderJob(options: options) { done, total in
            guard interactive, total > 1 else { return }
            FileHandle.standardError.write(Data("\rpage \(done)/\(total)\(done == total ? "\n" : "")".utf8))
        }
        let document = options.input ?? "--canvas", limit = options.timeout
        job.pageTimeout = (limit, { page in
            FileHandle.standardError.write(Data(
                "pinrender: \(document): page \(page) took more than \(limit) s to render (--timeout); nothing was written\n".utf8))
            exit(2)
        })
        let report = try job.run()
        for warning in report.warnings { warn(warning) }
        return 0
    }

    /// Options render and preview share: what is drawn and how.
    static func parseDrawingOptions(_ arguments: inout Arguments, into options: inout RenderOptions) throws {
        if let mode = arguments.value("--tooltips") {
            guard let value = TooltipMode(rawValue: mode) else { throw usage("--tooltips takes auto, all or none") }
            options.tooltips = value
        }
        if let mode = arguments.value("--cluster") {
            guard let value = ClusterMode(rawValue: mode) else { throw usage("--cluster takes auto or off") }
            options.clustering = value
        }
        if let theme = arguments.value("--theme") {
            guard let data = FileManager.default.contents(atPath: theme) else {
                throw InputError(source: theme, location: "", problem: "cannot read the theme file")
            }
            options.theme = try Theme.decode(data, source: theme)
        }
        if let include = arguments.value("--include") {
            guard let value = CommentFilter(rawValue: include) else { throw usage("--include takes open, resolved or all") }
            options.include = value
        }
        options.headers = arguments.values(["--header"])
        if let timeout = arguments.value("--timeout") {
            guard let value = Double(timeout), value > 0, value <= 3600 else { throw usage("--timeout needs seconds, e.g. 10") }
            options.timeout = value
        }
        options.contentId = arguments.value("--content-id")
        options.password = arguments.value("--password")
        if let limit = arguments.value("--max-pixels") {
            guard let value = Int(limit), value > 0 else { throw usage("--max-pixels needs a positive whole number") }
            guard value <= SizeRequest.maximumPixels else {
                throw usage("--max-pixels can be at most \(SizeRequest.maximumPixels) (\(SizeRequest.maximumSide) x \(SizeRequest.maximumSide), the largest image Cairo draws)")
            }
            options.pixelLimit = value
        }
        if let zone = arguments.value("--timezone") {
            guard let value = TimeZone(identifier: zone) else { throw usage("--timezone: unknown time zone \(zone)") }
            options.timeZone = value
        }
        options.focusPinId = arguments.value("--focus")
        options.safeArea = arguments.flag("--safe-area")
    }

    private static func sizeRequest(_ arguments: inout Arguments) throws -> SizeRequest? {
        let dpi = arguments.value("--dpi"), scale = arguments.value("--scale")
        let width = arguments.value("--width"), height = arguments.value("--height")
        guard [dpi, scale, width ?? height].compactMap({ $0 }).count <= 1 else {
            throw usage("use one of --dpi, --scale, --width/--height")
        }
        if let dpi {
            guard let value = Double(dpi), value > 0, value.isFinite else { throw usage("--dpi needs a positive number") }
            return .dpi(value)
        }
        if let scale {
            guard let value = Double(scale), value > 0, value.isFinite else { throw usage("--scale needs a positive number") }
            return .scale(value)
        }
        if width != nil || height != nil {
            let w = try width.map { try positiveInt($0, "--width") }
            let h = try height.map { try positiveInt($0, "--height") }
            return .fit(width: w, height: h)
        }
        return nil
    }

    private static func positiveInt(_ text: String, _ option: String) throws -> Int {
        guard let value = Int(text), value > 0 else { throw usage("\(option) needs a positive whole number of pixels") }
        return value
    }

    private static func parseCanvas(_ text: String) throws -> CGSize {
        let parts = text.lowercased().split(separator: "x")
        guard parts.count == 2, let w = Double(parts[0]), let h = Double(parts[1]), w > 0, h > 0,
              w.isFinite, h.isFinite else {
            throw usage("--canvas needs WxH, e.g. 390x844")
        }
        return CGSize(width: w, height: h)
    }
}
