import Foundation
import PinRenderCore
import PinRenderGraphics

/// `pinrender carry`: a review's pins carried from one revision of a drawing to the next.
/// Each old page is paired with a new one, registered (from its words, its pixels, or both),
/// and each root pin is mapped through the page transform, refined locally and judged
/// (see docs/CARRY.md). Writes CARRIED.json, and REPORT.json and the overlay when asked, all
/// or nothing.
///
///     var job = CarryJob(old: "rev-b.pdf", new: "rev-c.pdf", pins: "pins.json", output: "carried.json")
///     job.report = "report.json"
///     let report = try job.run()
public struct CarryJob: Sendable {
    public var old: String
    public var new: String
    public var pins: String
    /// CARRIED.json, or `-` for standard output.
    public var output: String
    public var report: String?
    /// The overlay PNG (`-N` before the extension for each old page when there are several).
    public var overlay: String?
    /// `--pages`: old page to new page, before any pairing of the others.
    public var pages: [Int: Int] = [:]
    /// The resolution of the rasters the pixel work is done on.
    public var dpi = 150.0
    /// The most pixels one raster may have.
    public var pixelLimit = 100_000_000
    /// The most root pins carried.
    public static let pinLimit = 100_000

    public init(old: String, new: String, pins: String, output: String) {
        self.old = old
        self.new = new
        self.pins = pins
        self.output = output
    }

    /// The neighbourhood of the grid that cross-checks a registration, pixels each way at --dpi.
    var radius: Int { max(8, Int((32 * dpi / 150).rounded())) }
    /// A pin's neighbourhood matched on the new page, pixels each way at --dpi: the first of
    /// these with ink on the old page.
    var radii: [Int] { [32, 64, 96].map { max(8, Int((Double($0) * dpi / 150).rounded())) } }
    /// How far a pin's content is looked for beyond the page transform.
    var reach: Int { max(16, Int((96 * dpi / 150).rounded())) }

    /// Carries the pins and writes the outputs; returns the report.
    @discardableResult
    public func run() throws -> CarryReport {
        try checkPaths()
        let data = try PinSource.read(pins)
        let decoded = try PinDecoder(source: pins).decode(data)
        let roots = decoded.enumerated().filter { $0.element.isRoot }
        guard roots.count <= Self.pinLimit else {
            throw InputError(source: pins, location: "pins", problem: "\(roots.count) root pins, more than \(Self.pinLimit)")
        }
        let oldDocument = try SourceDocument.open(path: old, password: nil, pixelLimit: pixelLimit)
        let newDocument = try SourceDocument.open(path: new, password: nil, pixelLimit: pixelLimit)
        for (index, pin) in roots where pin.page > oldDocument.pageCount {
            throw InputError(source: pins, location: PinDecoder.location(ofPinAt: index) + ".page",
                             problem: "page \(pin.page) is not in \(old) (\(oldDocument.pageCount) page\(oldDocument.pageCount == 1 ? "" : "s"))")
        }
        for (oldPage, newPage) in pages.sorted(by: { $0.key < $1.key }) {
            if oldPage > oldDocument.pageCount {
                throw InputError(source: "--pages", location: "\(oldPage):\(newPage)", problem: "\(old) has no page \(oldPage)")
            }
            if newPage > newDocument.pageCount {
                throw InputError(source: "--pages", location: "\(oldPage):\(newPage)", problem: "\(new) has no page \(newPage)")
            }
        }
        let (oldTexts, newTexts) = (try texts(of: oldDocument), try texts(of: newDocument))
        let pairs = PagePairing.pair(old: oldTexts, new: newTexts, given: pages)
        var reportPages: [CarryReport.Page] = []
        var carried: [Int: CarryReport.Pin] = [:]
        var overlays: [(page: Int, canvas: ImageCanvas)] = []
        for pair in pairs {
            let pagePins = roots.filter { $0.element.page == pair.old }
            let registered = try pair.new.flatMap { try register(oldDocument, pair.old, newDocument, $0, texts: (oldTexts[pair.old - 1], newTexts[$0 - 1])) }
            guard let registered, let newPage = pair.new else {
                reportPages.append(CarryReport.Page(old: pair.old, new: nil, pairedBy: nil, method: nil, fit: nil))
                for (index, pin) in pagePins { carried[index] = gone(pin) }
                continue
            }
            reportPages.append(CarryReport.Page(old: pair.old, new: newPage, pairedBy: pair.reason, method: registered.method,
                                                fit: registered.fit))
            var marks: [CarryOverlay.Mark] = []
            for (index, pin) in pagePins {
                let (result, mark) = carry(pin, on: registered, newPage: newPage)
                carried[index] = result
                if let mark { marks.append(mark) }
            }
            if overlay != nil {
                let canvas = try ImageCanvas(width: registered.rasters.new.width, height: registered.rasters.new.height)
                let map = registered.rasters.pixelMap(registered.fit.transform).inverted ?? .identity
                try canvas.paint(CarryOverlay(marks: marks, pixelsPerPoint: registered.rasters.newScale),
                                 old: registered.rasters.old, new: registered.rasters.new, map: map)
                overlays.append((pair.old, canvas))
            }
        }
        let report = CarryReport(old: old, new: new, pages: reportPages,
                                 pins: roots.compactMap { carried[$0.offset] })
        if overlay != nil && overlays.isEmpty {
            overlays.append((1, try unmatchedOverlay(newDocument)))
        }
        try write(CarriedPins.write(data, source: pins, carried: carried), report: report, overlays: overlays)
        return report
    }

    /// The files read and written, checked before anything is read.
    private func checkPaths() throws {
        var paths = OutputPaths()
        paths.read(old, option: "OLD", role: "the old revision")
        paths.read(new, option: "NEW", role: "the new revision")
        paths.read(pins, option: "--pins", role: "the pins file")
        if output != "-" { paths.write(output, option: "-o") }
        if let report { paths.write(report, option: "--report") }
        if let overlay { paths.write(overlay, option: "--overlay") }
        try paths.check()
        for path in [output == "-" ? nil : output, report, overlay].compactMap({ $0 }) { try OutputFiles.checkDirectory(of: path) }
    }

    /// Each page's words and label; an image has none.
    private func texts(of document: SourceDocument) throws -> [PageText] {
        guard case .pdf(let pdf) = document else { return [PageText(label: nil, words: [])] }
        return try (1...pdf.pageCount).map { try pdf.page(at: $0).text() }
    }

    /// A page pair registered: the transform, how it was found, and the two rasters.
    struct Registered {
        var fit: TransformFit
        /// The transforms of other parts of the page that moved otherwise, tried for the pins
        /// that ``fit`` does not carry.
        var others: [PageTransform]
        var method: CarryReport.Method
        var rasters: RasterPair
        var oldSize: CGSize
        var newSize: CGSize
        var confidence: Double
        /// The old page's words and the new page's by text, when both have them.
        var words: (old: PageText, new: [String: [Point]])?
    }

    /// Registers new page `newPage` on old page `oldPage`: from their words when both have
    /// enough in common, cross-checked with their pixels; else from their pixels alone. Nil
    /// when neither finds a transform that enough of the page agrees with.
    private func register(_ oldDocument: SourceDocument, _ oldPage: Int, _ newDocument: SourceDocument, _ newPage: Int,
                          texts: (old: PageText, new: PageText)) throws -> Registered? {
        let oldSize = try oldDocument.contentSize(page: oldPage), newSize = try newDocument.contentSize(page: newPage)
        let (oldRaster, oldScale) = try raster(oldDocument, page: oldPage)
        let (newRaster, newScale) = try raster(newDocument, page: newPage)
        let rasters = RasterPair(old: oldRaster, new: newRaster, oldScale: oldScale, newScale: newScale)
        let matches = PageText.uniqueMatches(old: texts.old, new: texts.new)
        let fits = TransformFit.robustSet(matches, tolerance: 2, minimumInliers: 6, limit: 3).filter { $0.residual <= 1 }
        if !fits.isEmpty, Double(fits.reduce(0) { $0 + $1.inliers }) >= 0.3 * Double(matches.count) {
            // The fit that most of the page's ink agrees with leads; the others are tried for
            // the pins it does not carry (a title block that kept its size).
            let checks = fits.map { GridRegistration.refine(rasters, initial: $0.transform, radius: radius, reach: 4) }
            let lead = checks.indices.max { (checks[$0]?.inliers ?? 0, -$0) < (checks[$1]?.inliers ?? 0, -$1) } ?? 0
            let agrees = checks[lead].map { $0.inliers >= 8 && Self.deviation($0.transform, fits[lead].transform, size: oldSize) * newScale <= 1.5 } ?? false
            var others = fits
            let fit = others.remove(at: lead)
            return Registered(fit: fit, others: others.map(\.transform), method: agrees ? .textAndPixels : .text, rasters: rasters,
                              oldSize: oldSize, newSize: newSize, confidence: CarryRules.confidence(of: fit),
                              words: (texts.old, texts.new.centersByText))
        }
        let guess = PhaseCorrelation.register(old: oldRaster, oldScale: oldScale, new: newRaster, newScale: newScale)
        guard let first = GridRegistration.refine(rasters, initial: guess.transform, radius: radius, reach: reach),
              let fit = GridRegistration.refine(rasters, initial: first.transform, radius: radius, reach: 4),
              fit.inliers >= 8, fit.inlierFraction >= 0.3, fit.residual * oldScale <= 1.5 else { return nil }
        return Registered(fit: fit, others: [], method: .pixels, rasters: rasters, oldSize: oldSize, newSize: newSize,
                          confidence: CarryRules.confidence(of: fit), words: nil)
    }

    /// The most two transforms differ over a page of `size`, at its corners, in points.
    static func deviation(_ a: PageTransform, _ b: PageTransform, size: CGSize) -> Double {
        [Point(x: 0, y: 0), Point(x: size.width, y: 0), Point(x: 0, y: size.height), Point(x: size.width, y: size.height)].map {
            let (p, q) = (a.apply($0), b.apply($0))
            return hypot(p.x - q.x, p.y - q.y)
        }.max() ?? 0
    }

    /// A page drawn grey: a PDF page at --dpi, an image at its own pixels (one a point), each
    /// reduced to fit ``pixelLimit`` and Cairo's sides; with its pixels per point.
    private func raster(_ document: SourceDocument, page: Int) throws -> (GreyImage, Double) {
        let size = try document.contentSize(page: page)
        var scale = document.unitsPerInch.map { dpi / $0 } ?? 1
        let side = 32_767.0
        scale = min(scale, side / size.width, side / size.height, (Double(pixelLimit) / (size.width * size.height)).squareRoot())
        let width = max(1, Int((size.width * scale).rounded())), height = max(1, Int((size.height * scale).rounded()))
        let canvas = try ImageCanvas(width: width, height: height)
        try document.draw(page: page, on: canvas)
        return (canvas.greyImage(), Double(width) / size.width)
    }

    /// What a pin on a page with no partner becomes: gone, where it was.
    private func gone(_ pin: Pin) -> CarryReport.Pin {
        let place = CarryReport.Place(page: pin.page, x: pin.relativeX ?? 0, y: pin.relativeY ?? 0)
        return CarryReport.Pin(id: pin.id, verdict: .gone, confidence: 1, from: place, to: place, shift: 0)
    }

    /// Carries one root pin over a registered pair: its report entry, and its overlay mark.
    private func carry(_ pin: Pin, on pair: Registered, newPage: Int) -> (CarryReport.Pin, CarryOverlay.Mark?) {
        let from = CarryReport.Place(page: pin.page, x: pin.relativeX ?? 0, y: pin.relativeY ?? 0)
        let point = Point(x: from.x * pair.oldSize.width, y: from.y * pair.oldSize.height)
        let rasters = pair.rasters
        let pixel = Point(x: point.x * rasters.oldScale, y: point.y * rasters.oldScale)
        var transform = pair.fit.transform
        var match = LocalMatch.find(in: rasters, at: pixel, transform: transform, radii: radii, reach: reach)
        for other in pair.others where match.peak < LocalMatch.goodInPlace && match.oldInk >= CarryRules.blankInk {
            let candidate = LocalMatch.find(in: rasters, at: pixel, transform: other, radii: radii, reach: reach)
            if candidate.peak >= CarryRules.unchangedPeak && candidate.peak > match.peak + 0.05 { (transform, match) = (other, candidate) }
        }
        let tolerance = CarryRules.samePixels * 72 / dpi
        func place(_ shift: Point) -> Point {
            transform.apply(Point(x: point.x + shift.x / rasters.oldScale, y: point.y + shift.y / rasters.oldScale))
        }
        var judgement = CarryRules.judge(match, pageConfidence: pair.confidence) { shift in
            let moved = place(shift)
            let dx = moved.x / pair.newSize.width - from.x, dy = moved.y / pair.newSize.height - from.y
            return newPage != pin.page || hypot(dx * pair.newSize.width, dy * pair.newSize.height) > tolerance
        }
        if let words = pair.words, judgement.verdict == .same || judgement.verdict == .moved {
            let shift = Point(x: judgement.shift.x / rasters.oldScale, y: judgement.shift.y / rasters.oldScale)
            let shifted = PageTransform(a: 1, b: 0, c: 0, d: 1, e: shift.x, f: shift.y).followed(by: transform)
            if words.old.wordMissing(near: point, radius: Double(match.radius) / rasters.oldScale, on: words.new, transform: shifted,
                                     tolerance: 2 * transform.scale) {
                judgement = CarryRules.Judgement(verdict: .changed, confidence: 0.9, shift: Point(x: 0, y: 0))
            }
        }
        let mapped = transform.apply(point), landed = place(judgement.shift)
        let onPage = (0...pair.newSize.width).contains(landed.x) && (0...pair.newSize.height).contains(landed.y)
        guard judgement.verdict != .gone, onPage else {
            var result = gone(pin)
            result.confidence = onPage ? judgement.confidence : 1
            return (result, CarryOverlay.Mark(from: scaled(mapped, rasters.newScale), to: scaled(mapped, rasters.newScale), verdict: .gone))
        }
        let to = CarryReport.Place(page: newPage, x: landed.x / pair.newSize.width, y: landed.y / pair.newSize.height)
        let result = CarryReport.Pin(id: pin.id, verdict: judgement.verdict, confidence: judgement.confidence, from: from, to: to,
                                     shift: hypot(landed.x - mapped.x, landed.y - mapped.y))
        return (result, CarryOverlay.Mark(from: scaled(mapped, rasters.newScale), to: scaled(landed, rasters.newScale),
                                          verdict: judgement.verdict))
    }

    private func scaled(_ point: Point, _ scale: Double) -> Point { Point(x: point.x * scale, y: point.y * scale) }

    /// The overlay when nothing matched: the new first page alone, in cyan.
    private func unmatchedOverlay(_ document: SourceDocument) throws -> ImageCanvas {
        let (raster, scale) = try raster(document, page: 1)
        let canvas = try ImageCanvas(width: raster.width, height: raster.height)
        try canvas.paint(CarryOverlay(marks: [], pixelsPerPoint: scale), old: GreyImage(width: 1, height: 1), new: raster,
                         map: PageTransform(a: 0, b: 0, c: 0, d: 0, e: -10, f: -10))
        return canvas
    }

    /// Writes CARRIED.json, REPORT.json and the overlays, all or none.
    private func write(_ carriedPins: Data, report: CarryReport, overlays: [(page: Int, canvas: ImageCanvas)]) throws {
        let files = OutputFiles()
        do {
            func put(_ data: Data, _ path: String) throws {
                guard FileManager.default.createFile(atPath: files.temporaryPath(for: path), contents: data) else {
                    throw OutputError(file: path, reason: "cannot be written")
                }
            }
            if output != "-" { try put(carriedPins, output) }
            if let path = self.report { try put(report.json(), path) }
            if let overlay {
                for (page, canvas) in overlays {
                    let path = overlays.count == 1 ? overlay : PageFiles.path(overlay, page: page)
                    try canvas.writePNG(to: files.temporaryPath(for: path), name: path)
                }
            }
            try files.commit()
        } catch {
            files.discard()
            throw error
        }
        if output == "-" { FileHandle.standardOutput.write(carriedPins) }
    }
}
