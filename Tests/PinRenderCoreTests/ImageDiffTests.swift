import Foundation
import Testing
@testable import PinRenderCore

/// pixelmatch's metric on hand-made pairs whose differences are known exactly.
@Suite struct ImageDiffTests {
    /// A white image with rectangles painted in.
    struct Picture {
        var width: Int, height: Int
        var rgba: [UInt8]

        init(_ width: Int, _ height: Int) {
            self.width = width
            self.height = height
            rgba = [UInt8](repeating: 255, count: width * height * 4)
        }

        mutating func fill(x: Int, y: Int, w: Int, h: Int, _ color: (UInt8, UInt8, UInt8, UInt8)) {
            for yy in y..<y + h {
                for xx in x..<x + w {
                    let i = (yy * width + xx) * 4
                    (rgba[i], rgba[i + 1], rgba[i + 2], rgba[i + 3]) = color
                }
            }
        }
    }

    let black: (UInt8, UInt8, UInt8, UInt8) = (0, 0, 0, 255)

    func compare(_ a: Picture, _ b: Picture, _ options: ImageDiff.Options = .init()) -> ImageDiff.Result {
        ImageDiff(options: options).compare(a.rgba, b.rgba, width: a.width, height: a.height, diffImage: true)
    }

    @Test func identicalImagesAreTheSame() {
        var a = Picture(40, 40)
        a.fill(x: 10, y: 10, w: 10, h: 10, black)
        let result = compare(a, a)
        #expect(result.diffPixels == 0 && result.aaPixels == 0 && result.regions.isEmpty)
    }

    @Test func aSquareMovedTwoPixelsRight() {
        var a = Picture(40, 40), b = Picture(40, 40)
        a.fill(x: 10, y: 10, w: 10, h: 10, black)
        b.fill(x: 12, y: 10, w: 10, h: 10, black)
        let result = compare(a, b)
        // Columns 10-11 turned white, 20-21 turned black: 2 x 10 + 2 x 10 pixels, hard edges.
        #expect(result.diffPixels == 40 && result.aaPixels == 0)
        #expect(result.regions == [CGRect(x: 10, y: 10, width: 12, height: 10)])
        // Diff image: lighter pixels green, darker red, the rest faded.
        let image = result.image!
        func pixel(_ x: Int, _ y: Int) -> [UInt8] { Array(image[(y * 40 + x) * 4..<(y * 40 + x) * 4 + 3]) }
        #expect(pixel(10, 15) == [0, 200, 0], "a pixel that got lighter")
        #expect(pixel(21, 15) == [255, 0, 0], "a pixel that got darker")
        #expect(pixel(15, 15)[0] > 200 && pixel(15, 15)[0] == pixel(15, 15)[1], "the base, faded gray")
    }

    @Test func anAntiAliasedEdgeIsReportedApart() {
        var a = Picture(40, 40)
        a.fill(x: 10, y: 10, w: 10, h: 10, black)
        var b = a
        // A gray column along the square's right edge, as anti-aliasing draws it.
        b.fill(x: 20, y: 10, w: 1, h: 10, (128, 128, 128, 255))
        let result = compare(a, b)
        #expect(result.diffPixels == 0 && result.aaPixels == 10)
        let counted = compare(a, b, .init(includeAA: true))
        #expect(counted.diffPixels == 10 && counted.aaPixels == 0)
        #expect(counted.regions == [CGRect(x: 20, y: 10, width: 1, height: 10)])
    }

    @Test func anAlphaChangeIsBlendedOverWhite() {
        var a = Picture(30, 30)
        a.fill(x: 5, y: 5, w: 5, h: 5, (255, 0, 0, 255))
        var b = a
        b.fill(x: 5, y: 5, w: 5, h: 5, (255, 0, 0, 128))
        let result = compare(a, b)
        #expect(result.diffPixels == 25 && result.aaPixels == 0)
        #expect(result.regions == [CGRect(x: 5, y: 5, width: 5, height: 5)])
        // Fully transparent anything equals white.
        var c = Picture(30, 30), d = Picture(30, 30)
        c.fill(x: 0, y: 0, w: 3, h: 3, (12, 200, 7, 0))
        d.fill(x: 0, y: 0, w: 3, h: 3, (255, 255, 255, 255))
        #expect(compare(c, d).diffPixels == 0)
    }

    @Test func thresholdIgnoreRegionsAndEarlyStop() {
        var a = Picture(50, 20), b = Picture(50, 20)
        b.fill(x: 2, y: 2, w: 4, h: 4, (235, 235, 235, 255))
        b.fill(x: 30, y: 5, w: 6, h: 6, black)
        // Light gray is below 0.1's distance; black is not.
        #expect(compare(a, b).diffPixels == 36)
        #expect(compare(a, b, .init(threshold: 0)).diffPixels == 36 + 16)
        #expect(compare(a, b, .init(ignore: [CGRect(x: 28, y: 0, width: 10, height: 20)])).diffPixels == 0)
        let quick = ImageDiff(options: .init(stopAfter: 5)).compare(a.rgba, b.rgba, width: 50, height: 20)
        #expect(quick.stoppedEarly && quick.diffPixels == 6)
        a.fill(x: 0, y: 0, w: 1, h: 1, black)
        #expect(compare(a, b).regions.count == 2)
    }
}
