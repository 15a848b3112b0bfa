import Foundation
import Testing
@testable import PinRenderCore

/// A stored image 800 wide, 600 high. Its corners, top-left origin.
private let stored = CGSize(width: 800, height: 600)
private let sTL = CGPoint(x: 0, y: 0)
private let sTR = CGPoint(x: 800, y: 0)
private let sBL = CGPoint(x: 0, y: 600)
private let sBR = CGPoint(x: 800, y: 600)
/// An asymmetric interior point: 100 from the left, 50 from the top.
private let sP = CGPoint(x: 100, y: 50)

private struct OrientationCase: Sendable, CustomTestStringConvertible {
    var exif: Int
    var orientation: ImageOrientation
    var displayed: CGSize
    /// Where the stored top-left, top-right, bottom-left, bottom-right and sP are displayed.
    var tl: CGPoint, tr: CGPoint, bl: CGPoint, br: CGPoint, p: CGPoint
    var testDescription: String { "EXIF \(exif) (\(orientation))" }
}

// Displayed size is 800 x 600 for 1-4 and 600 x 800 for 5-8.
private let orientationCases: [OrientationCase] = [
    // 1: shown as stored.
    OrientationCase(exif: 1, orientation: .up, displayed: CGSize(width: 800, height: 600),
                    tl: CGPoint(x: 0, y: 0), tr: CGPoint(x: 800, y: 0),
                    bl: CGPoint(x: 0, y: 600), br: CGPoint(x: 800, y: 600), p: CGPoint(x: 100, y: 50)),
    // 2: mirrored left-right: left and right corners trade places; x' = 800 - x.
    OrientationCase(exif: 2, orientation: .upMirrored, displayed: CGSize(width: 800, height: 600),
                    tl: CGPoint(x: 800, y: 0), tr: CGPoint(x: 0, y: 0),
                    bl: CGPoint(x: 800, y: 600), br: CGPoint(x: 0, y: 600), p: CGPoint(x: 700, y: 50)),
    // 3: turned 180: each corner goes to the opposite one; (800 - x, 600 - y).
    OrientationCase(exif: 3, orientation: .down, displayed: CGSize(width: 800, height: 600),
                    tl: CGPoint(x: 800, y: 600), tr: CGPoint(x: 0, y: 600),
                    bl: CGPoint(x: 800, y: 0), br: CGPoint(x: 0, y: 0), p: CGPoint(x: 700, y: 550)),
    // 4: mirrored top-bottom: top and bottom corners trade places; y' = 600 - y.
    OrientationCase(exif: 4, orientation: .downMirrored, displayed: CGSize(width: 800, height: 600),
                    tl: CGPoint(x: 0, y: 600), tr: CGPoint(x: 800, y: 600),
                    bl: CGPoint(x: 0, y: 0), br: CGPoint(x: 800, y: 0), p: CGPoint(x: 100, y: 550)),
    // 5: transpose (mirror about the main diagonal): (x', y') = (y, x). Top-left stays;
    // the stored top edge becomes the displayed left edge.
    OrientationCase(exif: 5, orientation: .leftMirrored, displayed: CGSize(width: 600, height: 800),
                    tl: CGPoint(x: 0, y: 0), tr: CGPoint(x: 0, y: 800),
                    bl: CGPoint(x: 600, y: 0), br: CGPoint(x: 600, y: 800), p: CGPoint(x: 50, y: 100)),
    // 6: turned 90 clockwise to display: top-left -> top-right, top-right -> bottom-right,
    // bottom-right -> bottom-left, bottom-left -> top-left; (x', y') = (600 - y, x).
    OrientationCase(exif: 6, orientation: .right, displayed: CGSize(width: 600, height: 800),
                    tl: CGPoint(x: 600, y: 0), tr: CGPoint(x: 600, y: 800),
                    bl: CGPoint(x: 0, y: 0), br: CGPoint(x: 0, y: 800), p: CGPoint(x: 550, y: 100)),
    // 7: transverse (mirror about the anti-diagonal): (x', y') = (600 - y, 800 - x). Top-left
    // and bottom-right trade places; top-right -> top-right, bottom-left -> bottom-left.
    OrientationCase(exif: 7, orientation: .rightMirrored, displayed: CGSize(width: 600, height: 800),
                    tl: CGPoint(x: 600, y: 800), tr: CGPoint(x: 600, y: 0),
                    bl: CGPoint(x: 0, y: 800), br: CGPoint(x: 0, y: 0), p: CGPoint(x: 550, y: 700)),
    // 8: turned 90 counter-clockwise to display: top-left -> bottom-left, top-right -> top-left,
    // bottom-right -> top-right, bottom-left -> bottom-right; (x', y') = (y, 800 - x).
    OrientationCase(exif: 8, orientation: .left, displayed: CGSize(width: 600, height: 800),
                    tl: CGPoint(x: 0, y: 800), tr: CGPoint(x: 0, y: 0),
                    bl: CGPoint(x: 600, y: 800), br: CGPoint(x: 600, y: 0), p: CGPoint(x: 50, y: 700)),
]

struct ImageOrientationTests {
    @Test("EXIF value maps to the case", arguments: orientationCases)
    fileprivate func exifValue(_ c: OrientationCase) {
        #expect(ImageOrientation(exifValue: c.exif) == c.orientation)
        #expect(c.orientation.rawValue == c.exif)
    }

    @Test("displayed size", arguments: orientationCases)
    fileprivate func displayedSize(_ c: OrientationCase) {
        #expect(c.orientation.displayedSize(stored: stored) == c.displayed)
        #expect(c.orientation.swapsAxes == (c.exif >= 5))
    }

    @Test("stored corners map onto displayed corners", arguments: orientationCases)
    fileprivate func corners(_ c: OrientationCase) {
        let t = c.orientation.transform(stored: stored)
        #expect(t.transform(sTL) == c.tl)
        #expect(t.transform(sTR) == c.tr)
        #expect(t.transform(sBL) == c.bl)
        #expect(t.transform(sBR) == c.br)
        #expect(t.transform(sP) == c.p)

        // The four corners are a permutation of the displayed rectangle's corners.
        let w = c.displayed.width, h = c.displayed.height
        let expected: Set<[CGFloat]> = [[0, 0], [w, 0], [0, h], [w, h]]
        let actual = Set([sTL, sTR, sBL, sBR].map { t.transform($0) }.map { [$0.x, $0.y] })
        #expect(actual == expected)
    }

    @Test("mirroring orientations reverse handedness", arguments: orientationCases)
    fileprivate func handedness(_ c: OrientationCase) {
        let t = c.orientation.transform(stored: stored)
        let determinant = t.m11 * t.m22 - t.m12 * t.m21
        let mirrors = [2, 4, 5, 7].contains(c.exif)
        #expect(determinant == (mirrors ? -1 : 1))
    }

    @Test func docCommentExample() {
        let t = ImageOrientation.right.transform(stored: CGSize(width: 800, height: 1200))
        #expect(t.transform(CGPoint(x: 0, y: 0)) == CGPoint(x: 1200, y: 0))
    }

    @Test func exifValuesOutsideOneToEightAreUp() {
        #expect(ImageOrientation(exifValue: 0) == .up)
        #expect(ImageOrientation(exifValue: 9) == .up)
        #expect(ImageOrientation(exifValue: -1) == .up)
        #expect(ImageOrientation(exifValue: 65535) == .up)
    }
}
