import Foundation
import Testing
@testable import PinRenderCore

/// A4-ish MediaBox 600 x 800 with a CropBox offset inside it:
/// x 50...450 (width 400), y 100...600 (height 500), in PDF page space (bottom-left origin).
private let media = CGRect(x: 0, y: 0, width: 600, height: 800)
private let crop = CGRect(x: 50, y: 100, width: 400, height: 500)

/// The CropBox corners in PDF page space, named as the unrotated page shows them.
private let topLeft = CGPoint(x: 50, y: 600)      // (minX, maxY)
private let topRight = CGPoint(x: 450, y: 600)    // (maxX, maxY)
private let bottomLeft = CGPoint(x: 50, y: 100)   // (minX, minY)
private let bottomRight = CGPoint(x: 450, y: 100) // (maxX, minY)
/// An asymmetric interior point: 100 pt right of the crop's left edge, 50 pt below its top.
private let interior = CGPoint(x: 150, y: 550)

private struct RotationCase: Sendable, CustomTestStringConvertible {
    var rotation: Rotation
    var size: CGSize
    var topLeft: CGPoint
    var topRight: CGPoint
    var bottomLeft: CGPoint
    var bottomRight: CGPoint
    var interior: CGPoint
    var testDescription: String { "/Rotate \(rotation.rawValue)" }
}

private let rotationCases: [RotationCase] = [
    // /Rotate 0: displayed as stored, 400 x 500. Corners stay put; the interior point is
    // 100 from the left and 50 from the top.
    RotationCase(rotation: .none, size: CGSize(width: 400, height: 500),
                 topLeft: CGPoint(x: 0, y: 0), topRight: CGPoint(x: 400, y: 0),
                 bottomLeft: CGPoint(x: 0, y: 500), bottomRight: CGPoint(x: 400, y: 500),
                 interior: CGPoint(x: 100, y: 50)),
    // /Rotate 90 (clockwise): displayed 500 wide, 400 high. The page's top edge becomes the
    // right edge: top-left -> top-right (500, 0), top-right -> bottom-right (500, 400),
    // bottom-right -> bottom-left (0, 400), bottom-left -> top-left (0, 0).
    // Interior: its distance from the top (50) becomes its distance from the right
    // (x = 500 - 50 = 450); its distance from the left (100) becomes y = 100.
    RotationCase(rotation: .quarter, size: CGSize(width: 500, height: 400),
                 topLeft: CGPoint(x: 500, y: 0), topRight: CGPoint(x: 500, y: 400),
                 bottomLeft: CGPoint(x: 0, y: 0), bottomRight: CGPoint(x: 0, y: 400),
                 interior: CGPoint(x: 450, y: 100)),
    // /Rotate 180: 400 x 500, upside down: every corner goes to the opposite one.
    // Interior: 100 from the right (x = 300), 50 from the bottom (y = 450).
    RotationCase(rotation: .half, size: CGSize(width: 400, height: 500),
                 topLeft: CGPoint(x: 400, y: 500), topRight: CGPoint(x: 0, y: 500),
                 bottomLeft: CGPoint(x: 400, y: 0), bottomRight: CGPoint(x: 0, y: 0),
                 interior: CGPoint(x: 300, y: 450)),
    // /Rotate 270 (a quarter counter-clockwise): 500 x 400. The page's top edge becomes the
    // left edge: top-left -> bottom-left (0, 400), top-right -> top-left (0, 0),
    // bottom-right -> top-right (500, 0), bottom-left -> bottom-right (500, 400).
    // Interior: distance from the top (50) becomes distance from the left (x = 50); distance
    // from the left (100) becomes distance from the bottom (y = 400 - 100 = 300).
    RotationCase(rotation: .threeQuarters, size: CGSize(width: 500, height: 400),
                 topLeft: CGPoint(x: 0, y: 400), topRight: CGPoint(x: 0, y: 0),
                 bottomLeft: CGPoint(x: 500, y: 400), bottomRight: CGPoint(x: 500, y: 0),
                 interior: CGPoint(x: 50, y: 300)),
]

struct PageGeometryTests {
    @Test("displayed size", arguments: rotationCases)
    fileprivate func displayedSize(_ c: RotationCase) {
        let page = PageGeometry(mediaBox: media, cropBox: crop, rotation: c.rotation)
        #expect(page.cropBox == crop)
        #expect(page.displayedSize == c.size)
    }

    @Test("CropBox corners land on the displayed corners", arguments: rotationCases)
    fileprivate func cornersToContent(_ c: RotationCase) {
        let page = PageGeometry(mediaBox: media, cropBox: crop, rotation: c.rotation)
        #expect(page.contentPoint(fromPageSpace: topLeft) == c.topLeft)
        #expect(page.contentPoint(fromPageSpace: topRight) == c.topRight)
        #expect(page.contentPoint(fromPageSpace: bottomLeft) == c.bottomLeft)
        #expect(page.contentPoint(fromPageSpace: bottomRight) == c.bottomRight)
        #expect(page.contentPoint(fromPageSpace: interior) == c.interior)
    }

    @Test("displayed corners map back to the CropBox corners", arguments: rotationCases)
    fileprivate func cornersToPageSpace(_ c: RotationCase) {
        let page = PageGeometry(mediaBox: media, cropBox: crop, rotation: c.rotation)
        #expect(page.pageSpacePoint(fromContent: c.topLeft) == topLeft)
        #expect(page.pageSpacePoint(fromContent: c.topRight) == topRight)
        #expect(page.pageSpacePoint(fromContent: c.bottomLeft) == bottomLeft)
        #expect(page.pageSpacePoint(fromContent: c.bottomRight) == bottomRight)
        #expect(page.pageSpacePoint(fromContent: c.interior) == interior)
    }

    @Test("content -> page -> content round trips", arguments: Rotation.allCases)
    func roundTrip(_ rotation: Rotation) {
        // An unaligned CropBox so that offsets and sizes all differ.
        let page = PageGeometry(mediaBox: CGRect(x: -20, y: 10, width: 700, height: 900),
                                cropBox: CGRect(x: 13.25, y: 47.5, width: 511.75, height: 689.125),
                                rotation: rotation)
        var random = SplitMix64(seed: 0xC0FFEE &+ UInt64(rotation.rawValue))
        let size = page.displayedSize
        var worstContent = 0.0, worstPage = 0.0, outside = 0
        for _ in 0..<1000 {
            let content = CGPoint(x: random.unit() * size.width, y: random.unit() * size.height)
            let pagePoint = page.pageSpacePoint(fromContent: content)
            // The page point is inside the CropBox...
            if !contains(page.cropBox, CGRect(origin: pagePoint, size: .zero), tolerance: 1e-9) { outside += 1 }
            // ...and comes back where it started.
            let back = page.contentPoint(fromPageSpace: pagePoint)
            worstContent = max(worstContent, abs(back.x - content.x), abs(back.y - content.y))

            let other = CGPoint(x: page.cropBox.minX + random.unit() * page.cropBox.width,
                                y: page.cropBox.minY + random.unit() * page.cropBox.height)
            let again = page.pageSpacePoint(fromContent: page.contentPoint(fromPageSpace: other))
            worstPage = max(worstPage, abs(again.x - other.x), abs(again.y - other.y))
        }
        #expect(outside == 0)
        #expect(worstContent <= 1e-9)
        #expect(worstPage <= 1e-9)
    }

    @Test func cropBoxDefaultsToMediaBox() {
        let page = PageGeometry(mediaBox: CGRect(x: 0, y: 0, width: 595, height: 842), rotation: .quarter)
        #expect(page.cropBox == CGRect(x: 0, y: 0, width: 595, height: 842))
        #expect(page.displayedSize == CGSize(width: 842, height: 595))
        // The doc comment's example: the bottom-left of the unrotated page ends up top-left.
        #expect(page.contentPoint(fromPageSpace: CGPoint(x: 0, y: 0)) == CGPoint(x: 0, y: 0))
        #expect(page.contentPoint(fromPageSpace: CGPoint(x: 0, y: 842)) == CGPoint(x: 842, y: 0))
    }

    @Test func cropBoxLargerThanMediaBoxIsClipped() {
        let mediaBox = CGRect(x: 0, y: 0, width: 612, height: 792)
        let page = PageGeometry(mediaBox: mediaBox, cropBox: CGRect(x: -10, y: -20, width: 700, height: 900))
        #expect(page.cropBox == mediaBox)
        #expect(page.displayedSize == CGSize(width: 612, height: 792))
    }

    @Test func cropBoxOverlappingMediaBoxIsIntersected() {
        let page = PageGeometry(mediaBox: CGRect(x: 0, y: 0, width: 612, height: 792),
                                cropBox: CGRect(x: 100, y: 200, width: 1000, height: 1000),
                                rotation: .half)
        #expect(page.cropBox == CGRect(x: 100, y: 200, width: 512, height: 592))
        #expect(page.displayedSize == CGSize(width: 512, height: 592))
    }

    @Test func cropBoxOutsideMediaBoxFallsBackToMediaBox() {
        let mediaBox = CGRect(x: 0, y: 0, width: 612, height: 792)
        let page = PageGeometry(mediaBox: mediaBox, cropBox: CGRect(x: 1000, y: 1000, width: 50, height: 50))
        #expect(page.cropBox == mediaBox)
    }

    @Test func boxesWithNegativeSizesAreStandardized() {
        // Some PDFs write boxes as [x2 y2 x1 y1].
        let page = PageGeometry(mediaBox: CGRect(x: 612, y: 792, width: -612, height: -792))
        #expect(page.mediaBox == CGRect(x: 0, y: 0, width: 612, height: 792))
        #expect(page.cropBox == CGRect(x: 0, y: 0, width: 612, height: 792))
    }
}

struct RotationTests {
    @Test func normalizesMultiplesOf90() {
        #expect(Rotation(degrees: 0) == Rotation.none)
        #expect(Rotation(degrees: 90) == .quarter)
        #expect(Rotation(degrees: 180) == .half)
        #expect(Rotation(degrees: 270) == .threeQuarters)
        #expect(Rotation(degrees: 360) == Rotation.none)
        #expect(Rotation(degrees: -90) == .threeQuarters)
        #expect(Rotation(degrees: -180) == .half)
        #expect(Rotation(degrees: -270) == .quarter)
        #expect(Rotation(degrees: 450) == .quarter)
        #expect(Rotation(degrees: -450) == .threeQuarters)
        #expect(Rotation(degrees: 720) == Rotation.none)
    }

    @Test func rejectsOtherAngles() {
        #expect(Rotation(degrees: 45) == nil)
        #expect(Rotation(degrees: -45) == nil)
        #expect(Rotation(degrees: 1) == nil)
        #expect(Rotation(degrees: 91) == nil)
    }

    @Test func swapsAxesOnQuarterTurns() {
        #expect(!Rotation.none.swapsAxes)
        #expect(Rotation.quarter.swapsAxes)
        #expect(!Rotation.half.swapsAxes)
        #expect(Rotation.threeQuarters.swapsAxes)
    }
}
