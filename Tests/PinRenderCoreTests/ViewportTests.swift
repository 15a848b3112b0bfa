import Foundation
import Testing
@testable import PinRenderCore

/// The UIScrollView model: exact round trips, clamping, and presets.
@Suite struct ViewportTests {
    func near(_ a: CGPoint, _ b: CGPoint) -> Bool { abs(a.x - b.x) < 1e-9 && abs(a.y - b.y) < 1e-9 }

    @Test func roundTripsAreExactForRandomViewports() {
        var random = SplitMix64(seed: 21)
        for _ in 0..<2000 {
            let content = CGSize(width: 50 + random.unit() * 5000, height: 50 + random.unit() * 5000)
            let viewport = Viewport(size: CGSize(width: 200 + random.unit() * 1200, height: 200 + random.unit() * 1200),
                                    scale: [1, 2, 3, 2.625][Int(random.unit() * 4)], contentSize: content,
                                    zoomScale: 1 + random.unit() * 20,
                                    contentOffset: CGPoint(x: random.unit() * 30000 - 5000, y: random.unit() * 30000 - 5000),
                                    safeArea: random.unit() < 0.5 ? .zero : .init(top: 59, left: 0, bottom: 34, right: 0))
            let n = CGPoint(x: random.unit(), y: random.unit())
            let c = viewport.convert(n, from: .normalized, to: .content)
            let v = viewport.convert(c, from: .content, to: .viewport)
            let c2 = viewport.convert(v, from: .viewport, to: .content)
            let n2 = viewport.convert(c2, from: .content, to: .normalized)
            let n3 = viewport.convert(viewport.convert(n, from: .normalized, to: .viewport), from: .viewport, to: .normalized)
            #expect(abs(c2.x - c.x) <= 1e-9 * max(1, c.x) && abs(c2.y - c.y) <= 1e-9 * max(1, c.y))
            #expect(abs(n2.x - n.x) <= 1e-9 && abs(n2.y - n.y) <= 1e-9 && abs(n3.x - n.x) <= 1e-9 && abs(n3.y - n.y) <= 1e-9)
        }
    }

    @Test func formulaWorkedByHand() {
        // A 1000 x 500 page on a 400 x 800 screen: fit 0.4, the page 400 x 200 centered at y 300.
        var viewport = Viewport(size: CGSize(width: 400, height: 800), scale: 2, contentSize: CGSize(width: 1000, height: 500))
        #expect(viewport.fitScale == 0.4)
        #expect(viewport.convert(CGPoint(x: 0.5, y: 0.5), from: .normalized, to: .viewport) == CGPoint(x: 200, y: 400))
        #expect(viewport.convert(.zero, from: .content, to: .viewport) == CGPoint(x: 0, y: 300))
        // Zoom 3: 1200 x 600 zoomed; x scrolls (0...800), y still centered: inset (800 - 600) / 2 = 100.
        viewport.zoomScale = 3
        viewport.contentOffset = CGPoint(x: 500, y: 40)
        #expect(near(viewport.inset, CGPoint(x: 0, y: 100)))
        #expect(near(viewport.clampedOffset, CGPoint(x: 500, y: 0)))
        #expect(near(viewport.convert(CGPoint(x: 500, y: 250), from: .content, to: .viewport), CGPoint(x: 100, y: 400)))
        // Offsets clamp as UIScrollView clamps them.
        viewport.contentOffset = CGPoint(x: 5000, y: -20)
        #expect(near(viewport.clampedOffset, CGPoint(x: 800, y: 0)))
        viewport.contentOffset = CGPoint(x: -3, y: 0)
        #expect(viewport.clampedOffset == .zero)
        // Zoom below 1 is 1.
        viewport.zoomScale = 0.5
        #expect(viewport.effectiveScale == viewport.fitScale)
    }

    @Test func centeringOnAPointPutsItInTheMiddle() {
        var viewport = Viewport(size: CGSize(width: 393, height: 852), scale: 3, contentSize: CGSize(width: 1191, height: 842),
                                zoomScale: 4)
        let point = CGPoint(x: 700, y: 400)
        viewport.contentOffset = viewport.offset(centering: point)
        let shown = viewport.convert(point, from: .content, to: .viewport)
        #expect(abs(shown.x - 196.5) < 1e-9 && abs(shown.y - 426) < 1e-9)
    }

    @Test func theContentPointOfAPinIsTheSameOnEveryScreen() throws {
        let content = CGSize(width: 1191, height: 842)
        let pin = CGPoint(x: 0.37, y: 0.81)
        for device in DevicePreset.all {
            for orientation in DevicePreset.Orientation.allCases {
                let screen = try DevicePreset.screen(named: "\(device.name)@\(orientation.rawValue)")
                #expect(screen.device == device && screen.orientation == orientation)
                for zoom in [1.0, 3.0] {
                    let viewport = Viewport(size: screen.size, scale: device.scale, contentSize: content, zoomScale: zoom,
                                            contentOffset: CGPoint(x: 300, y: 200), safeArea: screen.safeArea)
                    let onScreen = viewport.convert(pin, from: .normalized, to: .viewport)
                    let back = viewport.convert(onScreen, from: .viewport, to: .content)
                    #expect(abs(back.x - 0.37 * 1191) < 1e-9 && abs(back.y - 0.81 * 842) < 1e-9, "\(screen.label)")
                }
            }
        }
    }

    @Test func presetsAndCustomScreens() throws {
        #expect(DevicePreset.all.count == 8)
        let landscape = try DevicePreset.screen(named: "ipad-pro-12.9@landscape")
        #expect(landscape.size == CGSize(width: 1366, height: 1024) && landscape.device.scale == 2)
        let custom = try DevicePreset.screen(named: "390x844@3")
        #expect(custom.size == CGSize(width: 390, height: 844) && custom.device.scale == 3)
        #expect(throws: InputError.self) { try DevicePreset.screen(named: "nokia-3310") }
        #expect(throws: InputError.self) { try DevicePreset.screen(named: "iphone-15@sideways") }
    }

    @Test func contactSheetCellsDoNotOverlapAndFit() {
        let rows = [[CGSize(width: 180, height: 390), CGSize(width: 800, height: 600)], [CGSize(width: 180, height: 390)]]
        let sheet = ContactSheet(rows: rows, labelHeight: 40)
        let cells = sheet.cells.flatMap { $0 }
        for (i, a) in cells.enumerated() {
            #expect(CGRect(origin: .zero, size: sheet.size).contains(a.bezel.union(a.label)))
            #expect(a.label.minY >= a.bezel.maxY)
            for b in cells[(i + 1)...] { #expect(!a.bezel.union(a.label).intersects(b.bezel.union(b.label))) }
        }
        #expect(sheet.cells[0][1].screen.size == CGSize(width: 800, height: 600))
    }
}

/// The preview sheet's plan: each screen at one physical scale, its bezel and its label.
@Suite struct PreviewSheetTests {
    @Test func screensAreShownAtOnePhysicalScaleEachInABezelWithItsLabel() throws {
        let se = try DevicePreset.screen(named: "iphone-se"), pixel = try DevicePreset.screen(named: "pixel-8@landscape")
        // Rendered at their pixel sizes; shown at 120 pixels per inch of the real screen.
        let sizes = [[CGSize(width: 750, height: 1334), CGSize(width: 2400, height: 1082)]]
        let sheet = PreviewSheet(screens: [se, pixel], zooms: [2.5], sizes: sizes, fontFamily: "Noto Sans")
        let cells = sheet.cells[0]
        #expect(cells.count == 2)
        for (cell, (size, screen)) in zip(cells, zip(sizes[0], [se, pixel])) {
            let factor = 120 / screen.device.pixelsPerInch
            #expect(cell.screen.width == (size.width * factor).rounded() && cell.screen.height == (size.height * factor).rounded())
            #expect(cell.bezel == Rect(cell.screen.cgRect.insetBy(dx: -10, dy: -10)))
            #expect(cell.bezelRadius == 14 && cell.bezelColor == Color(hex: "#101828"))
            #expect(cell.label.text == "\(screen.label)\nzoom 2.5x")
            #expect(cell.label.y == cell.bezel.y + cell.bezel.height + 8)
            #expect(cell.label.style == TextStyle(fontFamily: "Noto Sans", size: 13, color: Color(hex: "#1D2939")!, maxLines: 3))
            #expect(cell.bezel.x + cell.bezel.width <= sheet.width && cell.label.y + 40 <= sheet.height)
        }
        #expect(PreviewSheet.zoomText(3) == "3" && PreviewSheet.zoomText(1.5) == "1.5")
    }
}
