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
    /// How many stripes are compared at once (the diff image is the same bytes for any).
    public var workers = ProcessInfo.processInfo.activeProcessorCount

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

    /// Compares two pages of the same size a stripe of rows at a time on ``workers`` workers,
    /// reading their rows as it goes, and writes the diff image (or the composite) stripe by
    /// stripe when asked. The stripes are the PNG writer's and their findings are added in
    /// order, so the counts, regions and bytes do not depend on the workers.
    private func compare(_ x: DiffPage, _ y: DiffPage, options: ImageDiff.Options,
                         writingTo file: (temporary: String, name: String)?) throws -> ImageDiff.Result {
        let (width, height, composite) = (x.width, x.height, composite)
        let diff = ImageDiff(options: options)
        let comparison = Exclusive(ImageDiff.Comparison(diff, width: width, height: height, diffImage: file != nil))
        let feeds = (RowFeed(x), RowFeed(y))
        let stripes = ComputedPNG.stripes(height: height)
        let tallest = stripes.map(\.count).max() ?? 0
        // A worker's buffers: each page's rows of a stripe, and a composite's diff rows.
        let buffers: @Sendable (Int) -> (RowBuffer, RowBuffer, RowBuffer?) = { _ in
            let rows = tallest + 2 * ImageDiff.context
            return (RowBuffer(bytes: rows * width * 4), RowBuffer(bytes: rows * width * 4),
                    composite ? RowBuffer(bytes: tallest * width * 4) : nil)
        }
        // A diff image is a faded grey copy with a few colours: indexed, a byte a pixel to
        // compute and deflate instead of RGB's three (a mask is RGBA, a composite holds the
        // images as they are).
        let colors = diff.imageColors
        let palette = options.diffMask || composite ? nil : PNGPalette(darkestGray: colors.darkestGray, colors: colors.colors)
        let order = palette.map { palette in
            ImageDiff.PixelOrder.indexed(aa: palette.index(of: options.aaColor)!, diff: palette.index(of: options.diffColor)!,
                                         darker: palette.index(of: options.diffColorAlt ?? options.diffColor)!)
        } ?? .bgra
        // Compares stripe `index` (image rows `rows`), writing its diff rows, or its composite
        // rows, to `pixels`; nil once the comparison has stopped.
        @Sendable func stripe(_ index: Int, _ rows: Range<Int>, _ buffers: (RowBuffer, RowBuffer, RowBuffer?),
                              into pixels: UnsafeMutablePointer<UInt8>?) throws -> ImageDiff.StripeFindings? {
            let needed = RowFeed.needed(rows, height: height)
            return try feeds.0.rows(stripe: index, needed: needed, buffer: buffers.0.base) { a, first in
                try feeds.1.rows(stripe: index, needed: needed, buffer: buffers.1.base) { b, _ in
                    let output = (buffers.2?.base ?? pixels).map {
                        UnsafeMutableBufferPointer(start: $0, count: rows.count * width * order.bytesPerPixel)
                    }
                    let findings = diff.compare(rows: rows, expected: a, actual: b, heldFrom: first, width: width, height: height,
                                                output: output, order: order)
                    if let pixels, let output, composite {
                        Self.sideBySide(rows: rows, of: [(a, first), (b, first), (UnsafeBufferPointer(output), rows.lowerBound)],
                                        width: width, into: pixels)
                    }
                    return findings
                }
            } ?? nil
        }
        let add: @Sendable (Int, ImageDiff.StripeFindings?) -> Void = { _, findings in
            guard let findings else { return }
            comparison.use { comparison in
                comparison.add(findings)
                if comparison.stoppedEarly {
                    feeds.0.stop()
                    feeds.1.stop()
                }
            }
        }
        if let file {
            let format: ComputedPNG.Format = options.diffMask ? .rgba : palette.map { .indexed($0) } ?? .rgb
            try ComputedPNG.write(width: composite ? width * 3 + Self.gap * 2 : width, height: height, format: format, level: 1,
                                  workers: workers, to: file.temporary, name: file.name, context: buffers,
                                  deliver: add) { buffers, index, rows, pixels in
                try stripe(index, rows, buffers, into: pixels)
            }
        } else {
            try WorkerPool(workers: min(workers, stripes.count)).stream(stripes.count, window: workers, context: buffers,
                                                                        deliver: add) { buffers, index in
                try stripe(index, stripes[index], buffers, into: nil)
            }
        }
        return comparison.use { $0.result(image: nil) }
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

    /// Rows `rows` of images `width` wide side by side, ``gap`` white pixels apart, into
    /// `pixels` as B, G, R, A: the images' rows are RGBA, held from the row given, except the
    /// last (a diff image's rows, already B, G, R, A).
    static func sideBySide(rows: Range<Int>, of images: [(rgba: UnsafeBufferPointer<UInt8>, first: Int)], width: Int,
                           into pixels: UnsafeMutablePointer<UInt8>) {
        let rowBytes = width * 4, total = (width * images.count + gap * (images.count - 1)) * 4
        pixels.update(repeating: 255, count: rows.count * total)
        for y in rows {
            let target = pixels + (y - rows.lowerBound) * total
            for (n, image) in images.enumerated() {
                let source = image.rgba.baseAddress! + (y - image.first) * rowBytes, left = target + n * (rowBytes + gap * 4)
                guard n < images.count - 1 else {
                    left.update(from: source, count: rowBytes)
                    continue
                }
                for i in stride(from: 0, to: rowBytes, by: 4) {
                    (left[i], left[i + 1], left[i + 2], left[i + 3]) = (source[i + 2], source[i + 1], source[i], source[i + 3])
                }
            }
        }
    }
}
