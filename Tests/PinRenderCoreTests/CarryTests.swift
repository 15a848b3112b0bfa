import Foundation
import Testing
@testable import PinRenderCore

/// `pinrender carry`'s pure parts: the robust fit, page pairing, the local match and the
/// verdicts, and the JSON it writes.
@Suite struct CarryTests {
    /// Points spread over a page, and where `transform` takes them.
    func pairs(_ transform: PageTransform, count: Int = 30) -> [PointPair] {
        (0..<count).map { i in
            let old = Point(x: Double((i * 37) % 500) + 20, y: Double((i * 91) % 400) + 15)
            return PointPair(old: old, new: transform.apply(old))
        }
    }

    @Test func aSimilarityIsFoundDespiteOutliers() throws {
        let truth = PageTransform.similarity(scale: 1.25, rotation: 0.3, shift: Point(x: 40, y: -12))
        var data = pairs(truth)
        for i in stride(from: 0, to: 30, by: 4) { data[i].new.x += 50 + Double(i) }  // moved on their own
        let fit = try #require(TransformFit.robust(data, tolerance: 2))
        #expect(fit.kind == .similarity)
        #expect(fit.inliers == 22)
        #expect(fit.residual < 1e-6)
        #expect(abs(fit.transform.scale - 1.25) < 1e-9)
        #expect(abs(fit.transform.rotation - 0.3) < 1e-9)
    }

    @Test func affineOnlyWhereItFitsClearlyBetter() throws {
        let sheared = PageTransform(a: 1.1, b: 0.0, c: 0.25, d: 0.9, e: 5, f: 7)
        let fit = try #require(TransformFit.robust(pairs(sheared), tolerance: 50))
        #expect(fit.kind == .affine)
        #expect(abs(fit.transform.c - 0.25) < 1e-9 && abs(fit.transform.d - 0.9) < 1e-9)
        let similar = try #require(TransformFit.robust(pairs(.similarity(scale: 0.8, rotation: -1, shift: Point(x: 3, y: 4))), tolerance: 2))
        #expect(similar.kind == .similarity)
    }

    @Test func noAgreementNoFit() {
        #expect(TransformFit.robust([PointPair(old: Point(x: 0, y: 0), new: Point(x: 1, y: 1))], tolerance: 2) == nil)
        // Unrelated points: the best consensus is a pair of pairs, which the job refuses.
        let random = (0..<20).map { (i: Int) -> PointPair in
            let old = Point(x: Double(i * 13 % 97), y: Double(i * 29 % 89))
            return PointPair(old: old, new: Point(x: Double(i * 53 % 83), y: Double(i * 7 % 71)))
        }
        #expect((TransformFit.robust(random, tolerance: 1)?.inliers ?? 0) < 6)
    }

    @Test func transformsComposeAndInvert() throws {
        let t = PageTransform.similarity(scale: 2, rotation: .pi / 2, shift: Point(x: 10, y: 0))
        let p = t.apply(Point(x: 1, y: 0))
        #expect(abs(p.x - 10) < 1e-12 && abs(p.y - 2) < 1e-12)
        let back = try #require(t.inverted).apply(p)
        #expect(abs(back.x - 1) < 1e-12 && abs(back.y) < 1e-12)
        let both = t.followed(by: .similarity(scale: 1, rotation: 0, shift: Point(x: 0, y: 5))).apply(Point(x: 1, y: 0))
        #expect(abs(both.y - 7) < 1e-12)
    }

    func page(_ words: [String], label: String? = nil) -> PageText {
        PageText(label: label, words: words.enumerated().map { PageText.Word(text: $1, box: Rect(x: Double($0) * 10, y: 0, width: 8, height: 4)) })
    }

    @Test func pagesPairByOptionLabelSheetNumberThenOrder() {
        let old = [page(["A-101", "Plan"]), page(["A-102", "Section"]), page(["Notes"]), page(["x"], label: "cover")]
        let new = [page(["x"], label: "cover"), page(["A-102"]), page(["A-101"]), page(["Notes"]), page(["y"])]
        let pairs = PagePairing.pair(old: old, new: new)
        #expect(pairs.map(\.new) == [3, 2, 4, 1])
        #expect(pairs.map(\.reason) == [.text, .text, .order, .label])
        let given = PagePairing.pair(old: old, new: new, given: [1: 5])
        #expect(given[0].new == 5 && given[0].reason == .option)
        #expect(PagePairing.pair(old: old, new: [page([])]).map(\.new) == [1, nil, nil, nil])
    }

    @Test func sheetNumbers() {
        #expect(PageText.isSheetNumber("A-101") && PageText.isSheetNumber("S2.03") && PageText.isSheetNumber("M101"))
        #expect(!PageText.isSheetNumber("101") && !PageText.isSheetNumber("Kitchen") && !PageText.isSheetNumber("ABCD1"))
    }

    @Test func uniqueWordsMatchByText() {
        let old = page(["Kitchen", "Hall", "Hall", "Bath"]), new = page(["Bath", "Kitchen", "Hall"])
        let matches = PageText.uniqueMatches(old: old, new: new)
        #expect(matches.count == 2)  // Hall is twice on the old page
        #expect(matches[0].old.x == 4 && matches[0].new.x == 14)
    }

    /// A white image with a few black bars: content to correlate.
    func drawing(width: Int = 200, height: Int = 160, offset: Int = 0) -> GreyImage {
        var image = GreyImage(width: width, height: height)
        for (x0, y0, w, h) in [(40, 30, 60, 4), (70, 30, 4, 50), (120, 90, 30, 30), (30, 110, 50, 3)] {
            for y in y0..<(y0 + h) {
                for x in (x0 + offset)..<(x0 + offset + w) where x < width { image.pixels[y * width + x] = 0 }
            }
        }
        return image
    }

    @Test func localMatchFindsContentThatMoved() {
        let rasters = RasterPair(old: drawing(), new: drawing(offset: 12), oldScale: 1, newScale: 1)
        let match = LocalMatch.find(in: rasters, at: Point(x: 72, y: 40), transform: .identity, radii: [16], reach: 24)
        #expect(abs(match.shift.x - 12) < 0.3 && abs(match.shift.y) < 0.3)
        #expect(match.peak > 0.95)
        let judgement = CarryRules.judge(match, pageConfidence: 1) { hypot($0.x, $0.y) > 0.5 }
        #expect(judgement.verdict == .moved)
        let still = LocalMatch.find(in: RasterPair(old: drawing(), new: drawing(), oldScale: 1, newScale: 1), at: Point(x: 72, y: 40),
                                    transform: .identity, radii: [16], reach: 24)
        #expect(hypot(still.shift.x, still.shift.y) < 0.05)
        #expect(CarryRules.judge(still, pageConfidence: 1) { hypot($0.x, $0.y) > 0.5 }.verdict == .same)
    }

    @Test func contentDeletedIsGoneAndBlankFollowsThePage() {
        let rasters = RasterPair(old: drawing(), new: GreyImage(width: 200, height: 160), oldScale: 1, newScale: 1)
        let deleted = LocalMatch.find(in: rasters, at: Point(x: 135, y: 105), transform: .identity, radii: [16], reach: 24)
        #expect(CarryRules.judge(deleted, pageConfidence: 1) { _ in false }.verdict == .gone)
        let blank = LocalMatch.find(in: rasters, at: Point(x: 180, y: 10), transform: .identity, radii: [8], reach: 16)
        #expect(CarryRules.judge(blank, pageConfidence: 0.9) { _ in true } == CarryRules.Judgement(verdict: .moved, confidence: 0.9,
                                                                                                  shift: Point(x: 0, y: 0)))
        var other = GreyImage(width: 200, height: 160)
        for y in 95..<115 { for x in 125..<145 where (x + y) % 6 < 2 { other.pixels[y * 200 + x] = 0 } }
        let changed = LocalMatch.find(in: RasterPair(old: drawing(), new: other, oldScale: 1, newScale: 1), at: Point(x: 135, y: 105),
                                      transform: .identity, radii: [16], reach: 24)
        #expect(CarryRules.judge(changed, pageConfidence: 1) { _ in false }.verdict == .changed)
    }

    @Test func carriedPinsKeepEveryPinAndField() throws {
        let input = Data(#"{"pins": [{"id": "a", "page": 1, "relativeX": 0.5, "relativeY": 0.25, "extra": [1, 2.5]}, {"id": "r", "parentId": "a", "text": "é\n"}, {"id": "b", "page": 2, "relativeX": 0.1, "relativeY": 0.2}]}"#.utf8)
        let from = CarryReport.Place(page: 1, x: 0.5, y: 0.25)
        let carried = [
            0: CarryReport.Pin(id: "a", verdict: .moved, confidence: 0.9, from: from, to: CarryReport.Place(page: 3, x: 0.75, y: 0.5), shift: 0),
            2: CarryReport.Pin(id: "b", verdict: .gone, confidence: 1, from: CarryReport.Place(page: 2, x: 0.1, y: 0.2),
                               to: CarryReport.Place(page: 2, x: 0.1, y: 0.2), shift: 0),
        ]
        let text = String(decoding: try CarriedPins.write(input, source: "pins.json", carried: carried), as: UTF8.self)
        #expect(text == """
            {"pins": [
              {"id": "a", "page": 3, "relativeX": 0.75, "relativeY": 0.5, "extra": [1, 2.5], "carry": {"verdict": "moved", "confidence": 0.9, "from": {"page": 1, "x": 0.5, "y": 0.25}}},
              {"id": "r", "parentId": "a", "text": "é\\n"},
              {"id": "b", "page": 2, "relativeX": 0.1, "relativeY": 0.2, "carry": {"verdict": "gone", "confidence": 1, "from": {"page": 2, "x": 0.1, "y": 0.2}}}
            ]}

            """)
    }

    @Test func reportJSONInTheContractsShape() throws {
        let fit = TransformFit(kind: .similarity, transform: .similarity(scale: 1, rotation: 0, shift: Point(x: 2, y: 0)), inliers: 9,
                               candidates: 10, residual: 0.12345, inlierFraction: 0.9)
        let place = CarryReport.Place(page: 1, x: 0.5, y: 0.5)
        let report = CarryReport(old: "a.pdf", new: "b.pdf", pages: [
            CarryReport.Page(old: 1, new: 1, pairedBy: .order, method: .textAndPixels, fit: fit),
            CarryReport.Page(old: 2, new: nil, pairedBy: nil, method: nil, fit: nil),
        ], pins: [CarryReport.Pin(id: "p1", verdict: .same, confidence: 1, from: place, to: place, shift: 0)])
        let object = try #require(try JSONSerialization.jsonObject(with: report.json()) as? [String: Any])
        #expect(object["match"] as? Bool == true)
        let pages = try #require(object["pages"] as? [[String: Any]])
        #expect(pages[0]["method"] as? String == "text+pixels")
        #expect((pages[0]["transform"] as? [String: Any])?["matrix"] as? [Double] == [1, 0, 0, 1, 2, 0])
        #expect((pages[0]["transform"] as? [String: Any])?["residual"] as? Double == 0.1235)
        #expect(pages[1]["new"] is NSNull && pages[1]["transform"] is NSNull)
        #expect(object["counts"] as? [String: Int] == ["same": 1, "moved": 0, "changed": 0, "gone": 0])
    }
}
