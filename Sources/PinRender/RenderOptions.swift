import Foundation
import PinRenderCore

/// Everything `pinrender render` is asked to do.
public struct RenderOptions: Sendable, Equatable {
    /// A document path, or nil with ``canvas`` set.
    public var input: String?
    /// A blank container of this size instead of a document (`--canvas WxH`).
    public var canvas: CGSize?
    /// Pins: a path, `-` for standard input, or an http(s) URL.
    public var pins: String
    /// Headers for a pins URL (`Name: value`).
    public var headers: [String] = []
    /// The most the whole job may take, in seconds: fetching a pins URL, reading, drawing
    /// and writing (`--timeout`). Nil: a minute for a pins URL, ten for the whole job
    /// (see ``fetchTimeout`` and ``jobTimeout``).
    public var timeout: Double?
    /// The seconds a pins URL may take.
    public var fetchTimeout: Double { timeout ?? 60 }
    /// The seconds the whole job may take.
    public var jobTimeout: Double { timeout ?? 600 }
    /// The most resident memory the job may take, in bytes (`--max-memory`).
    public var maxMemory = RenderOptions.defaultMaxMemory
    /// 4 GiB: Poppler's own pathological pages (a decompression bomb, a huge shading) take
    /// more, an A0 plan at 300 dpi on 8 cores a fraction of it.
    public static let defaultMaxMemory = 4 << 30
    /// The most bytes a pins URL may answer, after decompression (`--max-response`).
    public var maxResponse = PinSource.defaultMaxResponse
    /// `.png` or `.pdf`; several PNG pages go to numbered files (see ``PageFiles/path(_:page:)``).
    public var output: String
    public var pages: PageSelection = .all
    /// nil: 150 dpi for PDF pages, scale 1 for images and canvases.
    public var size: SizeRequest?
    public var tooltips: TooltipMode = .auto
    public var clustering: ClusterMode = .auto
    /// Draw the thread panel beside a PNG (`--threads panel`).
    public var threadsPanel = false
    /// Which threads are drawn and exported (`--include`).
    public var include: CommentFilter = .all
    public var theme = Theme()
    /// Pixels per UI point of an input image (`--ui-scale`); nil: from the PNG's pHYs, else 1.
    public var uiScale: Double?
    /// The file ``theme`` was read from (`--theme`): no output may overwrite it.
    public var themeFile: String?
    public var layoutJSON: String?
    /// The exported comments as JSON and CSV (`--summary-json`, `--summary-csv`).
    public var summaryJSON: String?
    public var summaryCSV: String?
    /// Only pins of this contentId (all when nil).
    public var contentId: String?
    public var password: String?
    /// The most pixels an input image or an output page may have.
    public var pixelLimit = 400_000_000
    public var timeZone = TimeZone.gmt
    /// Render what this screen shows instead of the whole page (PNG only).
    public var device: DevicePreset.Screen?
    public var zoomScale = 1.0
    /// UIScrollView's contentOffset, points of the zoomed content.
    public var contentOffset = CGPoint.zero
    /// Scroll so this pin is centered (wins over ``contentOffset``).
    public var focusPinId: String?
    /// Fit the content inside the device's safe area.
    public var safeArea = false

    public init(input: String?, canvas: CGSize? = nil, pins: String, output: String) {
        self.input = input
        self.canvas = canvas
        self.pins = pins
        self.output = output
    }

    /// The options before any is given: the defaults, and no input, pins or output yet.
    public static var unset: RenderOptions { RenderOptions(input: nil, pins: "", output: "") }
}
