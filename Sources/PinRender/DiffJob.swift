import Foundation
import PinRenderCore
import PinRenderGraphics

/// `pinrender diff`: two images (or PDFs, page by page) compared with pixelmatch's metric,
/// against pixel budgets, with an optional diff image.
public struct DiffJob: Sendable {
    public var expected: String
    public var actual: String
    public var options = ImageDiff.Options()
    /// Differing pixels allowed (default 0).
    public var maxDiffPixels = 0
    /// Fraction of pixels allowed to differ; both budgets must hold.
    public var maxDiffRatio: Double?
    /// Where the diff image goes (`-N` before the extension for PDF pages).
    public var output: String?
    /// Expected | actual | diff side by side instead of the diff alone.
    public var composite = false
    /// Count every differing pixel even past the budget (for reports); otherwise counting
    /// stops once the budget is exceeded, unless a diff image is asked for.
    public var exhaustive = false
    /// Resolution of PDF pages.
    public var dpi = 72.0
    /// The most pixels an input image or page may have (`--max-pixels`).
    public var pixelLimit = 400_000_000

    public init(expected: String, actual: String) {
        self.expected = expected
        self.actual = actual
    }

    /// One page's verdict.
    public struct PageResult: Sendable {
        public var page: Int
        public var width: Int
        public var height: Int
        /// Set when the sizes differ: nothing else was compared.
        public var actualSize: (width: Int, height: Int)?
        public var diffPixels: Int
        public var aaPixels: Int
        public var regions: [CGRect]
        /// Counting stopped at the budget: more pixels may differ.
        public var stoppedEarly = false
        public var ratio: Double { width * height == 0 ? 0 : Double(diffPixels) / Double(width * height) }
    }

    /// The whole comparison.
    public struct Report: Sendable {
        public var pages: [PageResult]
        /// Set when the page counts differ.
        public var pageCounts: (expected: Int, actual: Int)?
        public var withinBudget: Bool
        public var files: [String]
    }

    public func run() throws -> Report {
        if let output { try OutputFiles.checkDirectory(of: output) }
        // The two inputs open side by side, one per core: a PNG's header only, its rows are
        // read as they are compared.
        let paths = [expected, actual]
        let opened = try WorkerPool(workers: 2).map(2, context: { _ in }) { _, index in try pages(of: paths[index]) }
        let a = opened[0], b = opened[1]
        guard a.count == b.count else {
            return Report(pages: [], pageCounts: (a.count, b.count), withinBudget: false, files: [])
        }
        let diffPaths = output.map { output in a.count == 1 ? [output] : (1...a.count).map { PageFiles.path(output, page: $0) } }
        var checked = OutputPaths()
        checked.read(expected, option: "EXPECTED", role: "the expected image")
        checked.read(actual, option: "ACTUAL", role: "the actual image")
        for path in diffPaths ?? [] { checked.write(path, option: "-o") }
        try checked.check()
        let outputs = OutputFiles()
        do {
            return try compare(a, b, diffPaths: diffPaths, outputs: outputs)
        } catch {
            outputs.discard()
            throw error
        }
    }

    /// Compares the pages pair by pair, writing page N's diff image to `diffPaths[N - 1]`;
    /// commits the diff images.
    private func compare(_ a: [DiffPage], _ b: [DiffPage], diffPaths: [String]?, outputs: OutputFiles) throws -> Report {
        var results: [PageResult] = []
        var within = true
        var files: [String] = []
        for (index, (x, y)) in zip(a, b).enumerated() {
            let page = index + 1
            guard x.width == y.width, x.height == y.height else {
                results.append(PageResult(page: page, width: x.width, height: x.height, actualSize: (y.width, y.height),
                                          diffPixels: 0, aaPixels: 0, regions: []))
                within = false
                continue
            }
            var pageOptions = options
            if output == nil && !exhaustive {
                let ratioLimit = maxDiffRatio.map { Int(($0 * Double(x.width * x.height)).rounded(.down)) } ?? Int.max
                pageOptions.stopAfter = min(maxDiffPixels, ratioLimit)
            }
            let path = diffPaths?[index]
            let result = try compare(x, y, options: pageOptions, writingTo: path.map { (outputs.temporaryPath(for: $0), $0) })
            var pageResult = PageResult(page: page, width: x.width, height: x.height, actualSize: nil,
                                        diffPixels: result.diffPixels, aaPixels: result.aaPixels, regions: result.regions)
            pageResult.stoppedEarly = result.stoppedEarly
            results.append(pageResult)
            if pageResult.diffPixels > maxDiffPixels || (maxDiffRatio.map { pageResult.ratio > $0 } ?? false) { within = false }
            if let path { files.append(path) }
        }
        try outputs.commit()
        return Report(pages: results, pageCounts: nil, withinBudget: within, files: files)
    }

    /// Compares two pages of the same size a stripe of rows at a time, reading their rows as
    /// it goes, and writes the diff image (or the composite) stripe by stripe when asked.
    private func compare(_ x: DiffPage, _ y: DiffPage, options: ImageDiff.Options,
                         writingTo file: (temporary: String, name: String)?) throws -> ImageDiff.Result {
        var comparison = ImageDiff.Comparison(ImageDiff(options: options), width: x.width, height: x.height,
                                              diffImage: file != nil)
        var held = (x: DiffPage.Rows(), y: DiffPage.Rows())
        func stripe(_ rows: Range<Int>) throws -> (diff: [UInt8]?, x: DiffPage.Rows, y: DiffPage.Rows) {
            let needed = max(0, rows.lowerBound - ImageDiff.context)..<min(x.height, rows.upperBound + ImageDiff.context)
            try DiffPage.hold(needed, of: [x, y], in: &held)
            return (comparison.compare(rows: rows, expected: held.x.rgba[...], actual: held.y.rgba[...],
                                       heldFrom: held.x.first), held.x, held.y)
        }
        guard let file else {
            for start in stride(from: 0, to: x.height, by: DiffPage.stripeRows) where !comparison.stoppedEarly {
                _ = try stripe(start..<min(x.height, start + DiffPage.stripeRows))
            }
            return comparison.result(image: nil)
        }
        let width = composite ? x.width * 3 + Self.gap * 2 : x.width
        try PixelBuffer.writePNG(width: width, height: x.height, alpha: options.diffMask, to: file.temporary,
                                 name: file.name) { rows in
            let (diff, a, b) = try stripe(rows)
            guard composite else { return diff! }
            return Self.sideBySide([a.pixels(rows, width: x.width), b.pixels(rows, width: x.width),
                                    PixelBuffer(width: x.width, height: rows.count, rgba: diff!)]).rgba
        }
        return comparison.result(image: nil)
    }

    /// Every page of a PNG, JPEG or PDF (PDF pages at ``dpi``): a PNG is read row by row
    /// as it is compared; the others are drawn whole.
    func pages(of path: String) throws -> [DiffPage] {
        if let head = FileHandle(forReadingAtPath: path).flatMap({ try? $0.read(upToCount: 8) }),
           head.starts(with: [0x89, 0x50, 0x4E, 0x47]) {
            return [.png(try PNGRowReader(path: path, pixelLimit: pixelLimit))]
        }
        let document = try SourceDocument.open(path: path, password: nil, pixelLimit: pixelLimit)
        return try (1...document.pageCount).map { page in
            let content = try document.contentSize(page: page)
            let pixels = try document.unitsPerInch.map {
                try SizeRequest.dpi(dpi).pixelSize(contentSize: content, unitsPerInch: $0, pixelLimit: pixelLimit)
            } ?? content
            let canvas = try ImageCanvas(width: Int(pixels.width), height: Int(pixels.height))
            try document.draw(page: page, on: canvas)
            return .pixels(canvas.pixels())
        }
    }

    /// White pixels between the images of a composite.
    static let gap = 8

    /// Images side by side, ``gap`` white pixels apart.
    static func sideBySide(_ images: [PixelBuffer]) -> PixelBuffer {
        let width = images.map(\.width).reduce(0, +) + gap * (images.count - 1)
        let height = images.map(\.height).max() ?? 0
        var rgba = [UInt8](repeating: 255, count: width * height * 4)
        var left = 0
        for image in images {
            for y in 0..<image.height {
                let source = y * image.width * 4, target = (y * width + left) * 4
                rgba.replaceSubrange(target..<target + image.width * 4, with: image.rgba[source..<source + image.width * 4])
            }
            left += image.width + gap
        }
        return PixelBuffer(width: width, height: height, rgba: rgba)
    }
}
