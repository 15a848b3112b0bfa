import Foundation
import Testing
@testable import PinRenderCore

private let a4 = CGSize(width: 595, height: 842)
private let unlimited = Int.max

private func inputError(_ body: () throws -> CGSize, sourceLocation: SourceLocation = #_sourceLocation) -> InputError? {
    do {
        let size = try body()
        Issue.record("expected an InputError, got \(size)", sourceLocation: sourceLocation)
        return nil
    } catch let error as InputError {
        return error
    } catch {
        Issue.record("expected an InputError, got \(error)", sourceLocation: sourceLocation)
        return nil
    }
}

struct OutputSizeTests {
    @Test func dpiOnAPDFPage() throws {
        // Rounded up, as pdftocairo: 595 * 150 / 72 = 1239.58 -> 1240; 842 * 150 / 72 = 1754.17 -> 1755.
        let size = try SizeRequest.dpi(150).pixelSize(contentSize: a4, unitsPerInch: 72, pixelLimit: unlimited)
        #expect(size == CGSize(width: 1240, height: 1755))
        // 72 dpi is one pixel a point.
        #expect(try SizeRequest.dpi(72).pixelSize(contentSize: a4, unitsPerInch: 72, pixelLimit: unlimited) == a4)
        // 300 dpi: 2479.17 -> 2480, 3508.33 -> 3509.
        #expect(try SizeRequest.dpi(300).pixelSize(contentSize: a4, unitsPerInch: 72, pixelLimit: unlimited)
                == CGSize(width: 2480, height: 3509))
        // A whole number of pixels stays that number: letter at 150 dpi is 1275 x 1650
        // (792 x (150 / 72) would be 1650.0000000000002).
        #expect(try SizeRequest.dpi(150).pixelSize(contentSize: CGSize(width: 612, height: 792), unitsPerInch: 72,
                                                   pixelLimit: unlimited) == CGSize(width: 1275, height: 1650))
    }

    @Test func dpiOnImagesThrows() {
        let error = inputError {
            try SizeRequest.dpi(150).pixelSize(contentSize: CGSize(width: 800, height: 600), unitsPerInch: nil,
                                              pixelLimit: unlimited)
        }
        #expect(error?.source == "dpi")
        #expect(error?.remedy == .sizeWithoutDPI)
    }

    @Test func fitToWidth() throws {
        let landscape = try SizeRequest.fit(width: 800, height: nil)
            .pixelSize(contentSize: CGSize(width: 1600, height: 1200), unitsPerInch: nil, pixelLimit: unlimited)
        #expect(landscape == CGSize(width: 800, height: 600))
        // A page's other side is rounded up, as pdftocairo -scale-to-x: 842 * 800 / 595 = 1132.10 -> 1133.
        let page = try SizeRequest.fit(width: 800, height: nil).pixelSize(contentSize: a4, unitsPerInch: 72, pixelLimit: unlimited)
        #expect(page == CGSize(width: 800, height: 1133))
        // Fitting also enlarges.
        let small = try SizeRequest.fit(width: 800, height: nil)
            .pixelSize(contentSize: CGSize(width: 200, height: 50), unitsPerInch: nil, pixelLimit: unlimited)
        #expect(small == CGSize(width: 800, height: 200))
    }

    @Test func fitBoundByHeight() throws {
        // 1600 x 1200 into 800 x 100: the height limits, scale 1/12: 133.33 -> 133 x 100.
        let size = try SizeRequest.fit(width: 800, height: 100)
            .pixelSize(contentSize: CGSize(width: 1600, height: 1200), unitsPerInch: nil, pixelLimit: unlimited)
        #expect(size == CGSize(width: 133, height: 100))
    }

    @Test func fitBoundByWidth() throws {
        let size = try SizeRequest.fit(width: 800, height: 5000)
            .pixelSize(contentSize: CGSize(width: 1600, height: 1200), unitsPerInch: nil, pixelLimit: unlimited)
        #expect(size == CGSize(width: 800, height: 600))
    }

    @Test func fitToHeightOnly() throws {
        let size = try SizeRequest.fit(width: nil, height: 300)
            .pixelSize(contentSize: CGSize(width: 1600, height: 1200), unitsPerInch: nil, pixelLimit: unlimited)
        #expect(size == CGSize(width: 400, height: 300))
    }

    @Test func fitWithoutASideThrows() {
        let error = inputError {
            try SizeRequest.fit(width: nil, height: nil)
                .pixelSize(contentSize: CGSize(width: 10, height: 10), unitsPerInch: nil, pixelLimit: unlimited)
        }
        #expect(error != nil)
    }

    @Test func scale() throws {
        let size = try SizeRequest.scale(2.5)
            .pixelSize(contentSize: CGSize(width: 300, height: 201), unitsPerInch: nil, pixelLimit: unlimited)
        // 750 x 502.5, rounded half away from zero -> 503.
        #expect(size == CGSize(width: 750, height: 503))
        // A tiny scale still gives at least one pixel a side.
        #expect(try SizeRequest.scale(0.001).pixelSize(contentSize: CGSize(width: 100, height: 100),
                                                        unitsPerInch: nil, pixelLimit: unlimited)
                == CGSize(width: 1, height: 1))
    }

    @Test(arguments: [0.0, -1.0, Double.nan, Double.infinity])
    func badScaleThrows(_ value: Double) {
        let error = inputError {
            try SizeRequest.scale(value).pixelSize(contentSize: CGSize(width: 100, height: 100),
                                                   unitsPerInch: nil, pixelLimit: unlimited)
        }
        #expect(error?.problem.contains("positive") == true)
    }

    @Test func sideOver32767Throws() {
        // 400 * 100 = 40000 px wide.
        let error = inputError {
            try SizeRequest.scale(100).pixelSize(contentSize: CGSize(width: 400, height: 300),
                                                 unitsPerInch: nil, pixelLimit: unlimited)
        }
        #expect(error?.problem.contains("32767") == true)
        #expect(error?.problem.contains("40000") == true)
        // A4 at 3000 dpi: 595 * 3000 / 72 = 24792 wide (allowed), 842 * 3000 / 72 = 35083 high (not).
        let tall = inputError {
            try SizeRequest.dpi(3000).pixelSize(contentSize: a4, unitsPerInch: 72, pixelLimit: unlimited)
        }
        #expect(tall?.problem.contains("32767") == true)
    }

    @Test func sideOf32767IsAllowed() throws {
        let size = try SizeRequest.scale(1).pixelSize(contentSize: CGSize(width: 32767, height: 10),
                                                      unitsPerInch: nil, pixelLimit: unlimited)
        #expect(size == CGSize(width: 32767, height: 10))
        #expect(SizeRequest.maximumSide == 32767)
    }

    @Test func pixelLimitThrows() throws {
        let content = CGSize(width: 1000, height: 1000)
        #expect(try SizeRequest.scale(1).pixelSize(contentSize: content, unitsPerInch: nil, pixelLimit: 1_000_000)
                == content)
        let error = inputError {
            try SizeRequest.scale(1).pixelSize(contentSize: content, unitsPerInch: nil, pixelLimit: 999_999)
        }
        #expect(error?.problem.contains("999999") == true)
        #expect(error?.problem.contains("1000 x 1000") == true)
    }
}
