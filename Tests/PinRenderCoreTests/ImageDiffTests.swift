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
        // Diff image: differing pixels red, the rest faded.
        func pixel(_ image: [UInt8], _ x: Int, _ y: Int) -> [UInt8] { Array(image[(y * 40 + x) * 4..<(y * 40 + x) * 4 + 4]) }
        let image = result.image!
        #expect(pixel(image, 10, 15) == [255, 0, 0, 255], "a pixel that got lighter")
        #expect(pixel(image, 21, 15) == [255, 0, 0, 255], "a pixel that got darker")
        #expect(pixel(image, 15, 15)[0] > 200 && pixel(image, 15, 15)[0] == pixel(image, 15, 15)[1], "the base, faded gray")
        // pixelmatch's diffColorAlt marks the pixels that got darker; a mask shows nothing else.
        var options = ImageDiff.Options()
        options.diffColor = .init(0, 0, 255)
        options.diffColorAlt = .init(0, 200, 0)
        options.diffMask = true
        let alt = compare(a, b, options).image!
        #expect(pixel(alt, 10, 15) == [0, 0, 255, 255], "a pixel that got lighter")
        #expect(pixel(alt, 21, 15) == [0, 200, 0, 255], "a pixel that got darker")
        #expect(pixel(alt, 15, 15) == [0, 0, 0, 0], "the base, transparent in a mask")
        // alpha: how much of the expected image shows through.
        options = ImageDiff.Options()
        options.alpha = 1
        #expect(pixel(compare(a, b, options).image!, 15, 15) == [0, 0, 0, 255], "black at full opacity")
    }

    /// pixelmatch 7.x blends translucent pixels over a checkerboard: a transparent pixel no
    /// longer equals the opaque white it looks like over white, and two transparent pixels of
    /// different colours stay equal.
    @Test func aTransparentPixelDiffersFromWhiteOverTheCheckerboard() {
        var a = Picture(30, 30), b = Picture(30, 30)
        a.fill(x: 4, y: 4, w: 6, h: 5, (255, 255, 255, 0))
        b.fill(x: 0, y: 0, w: 30, h: 30, (9, 99, 199, 0))
        b.fill(x: 4, y: 4, w: 6, h: 5, (255, 255, 255, 255))
        var options = ImageDiff.Options()
        #expect(compare(a, b, options).diffPixels == 0, "over white, transparent is white")
        options.background = .checkerboard
        let result = compare(a, b, options)
        #expect(result.diffPixels == 30 * 30, "the ground and the square")
        var c = Picture(30, 30), d = Picture(30, 30)
        c.fill(x: 0, y: 0, w: 30, h: 30, (0, 0, 0, 0))
        d.fill(x: 0, y: 0, w: 30, h: 30, (200, 10, 10, 0))
        #expect(compare(c, d, options).diffPixels == 0)
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
