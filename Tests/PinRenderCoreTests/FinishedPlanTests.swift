import Foundation
import Testing
@testable import PinRenderCore

/// Decisions the drawing step made before and the plan makes now (issue 30): where a marker
/// stands on pixels, what tooltips bury, every color and font of a mark, the UI scale of a
/// job, the focus pin's scroll. Each is in the scene, and so in the layout JSON.
@Suite struct FinishedPlanTests {
    func threads(_ count: Int, resolvedEvery: Int = 3) -> [CommentThread] {
        (0..<count).map { i in
            let id = "p\(i)"
            let root = rootPin(id, x: 0.013 + 0.0917 * Double(i % 10), y: 0.021 + 0.0933 * Double(i / 10), at: Double(i),
                               resolved: i % resolvedEvery == 0)
            let replies = (0..<(i % 4)).map { r in
                Pin(id: "\(id)-r\(r)", page: 1, authorId: "u", createdAt: Date(timeIntervalSince1970: Double(i * 10 + r + 1)),
                    text: "reply", parentId: id)
            }
            return CommentThread(root: root, number: i + 1, replies: replies)
        }
    }

    func scene(_ theme: Theme = Theme(), tooltips: TooltipMode = .all, count: Int = 40) -> Scene {
        PageLayout(theme: theme, tooltips: tooltips, measurer: StandInMeasurer())
            .scene(page: 1, threads: threads(count), outputSize: CGSize(width: 997, height: 613))
    }

    @Test func onPixelsEveryMarkerStandsOnTheQuarterPixelOfItsDisc() throws {
        let drawn = scene().onPixels()
        #expect(drawn.markers.count == 40 && drawn.markers.contains { $0.lean != nil })
        for marker in drawn.markers {
            let snap = try #require(marker.snap)
            #expect(snap.x == (marker.disc.x * 4).rounded() / 4 && snap.y == (marker.disc.y * 4).rounded() / 4)
            #expect(abs(snap.x - marker.disc.x) <= 0.125 && abs(snap.y - marker.disc.y) <= 0.125)
            #expect(snap.badges.count == marker.badges.count)
            for (badge, center) in zip(marker.badges, snap.badges) {
                #expect(center.x * 4 == (center.x * 4).rounded() && abs(center.x - badge.x) <= 0.25 + 1e-9)
                #expect(center.y * 4 == (center.y * 4).rounded() && abs(center.y - badge.y) <= 0.25 + 1e-9)
            }
            #expect((snap.pointer == nil) == (marker.lean == nil))
        }
        // A PDF's scene is drawn where it is: no snap, nothing buried.
        #expect(scene().markers.allSatisfy { $0.snap == nil } && scene().buried == nil)
    }

    @Test func onPixelsTheSceneSaysWhatTooltipsBury() throws {
        // Twenty small boxes under three large ones, and one half out from under them.
        let small = (0..<20).map { i in BuriedMarksTests.tooltip("t\(i)", 200 + Double(i % 5) * 70, 200 + Double(i / 5) * 60, 100, 50) }
        let covers = (0..<3).map { i in BuriedMarksTests.tooltip("c\(i)", 150 + Double(i), 150, 500, 350) }
        var crowded = BuriedMarksTests.scene(small + [BuriedMarksTests.tooltip("half", 600, 300, 200, 100)] + covers)
        crowded.markers = scene().markers
        let drawn = crowded.onPixels()
        let burial = try #require(drawn.buried)
        #expect(burial == crowded.buried(in: CGRect(x: 0, y: 0, width: 1000, height: 800)))
        #expect(burial.tooltips.count > 10 && !burial.shown.isEmpty)
        // The layout JSON keeps it, and reads back the same.
        let data = try JSONEncoder().encode(drawn)
        let json = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let buried = try #require(json["buried"] as? [String: Any])
        #expect((buried["tooltips"] as? [Int]) == burial.tooltips.sorted())
        #expect(try JSONDecoder().decode(Scene.self, from: data) == drawn)
    }

    @Test func everyMarkCarriesTheThemesColorsAndFont() throws {
        var theme = Theme()
        theme.markerStroke = Color(hex: "#FFEE00")!
        theme.markerShadow = Color(hex: "#11223344")!
        theme.badgeText = Color(hex: "#ABCDEF")!
        theme.tooltipBackground = Color(hex: "#FAFAF0")!
        theme.tooltipBorder = Color(hex: "#123456")!
        theme.leaderLine = Color(hex: "#654321")!
        theme.fontFamily = "Noto Sans"
        let planned = scene(theme)
        let ink = MarkInk(theme: theme)
        #expect(ink.stroke == theme.markerStroke && ink.shadow == theme.markerShadow && ink.badgeText == theme.badgeText
                && ink.fontFamily == "Noto Sans")
        #expect(!planned.markers.isEmpty && planned.markers.allSatisfy { $0.ink == ink })
        #expect(!planned.tooltips.isEmpty && planned.tooltips.allSatisfy {
            $0.ink.background == theme.tooltipBackground && $0.ink.border == theme.tooltipBorder && $0.ink.leader == theme.leaderLine
        })
        let clustered = PageLayout(theme: theme, tooltips: .none, measurer: StandInMeasurer(), clustering: .auto)
            .scene(page: 1, threads: threads(60), outputSize: CGSize(width: 200, height: 120))
        #expect(!clustered.clusters.isEmpty && clustered.clusters.allSatisfy { $0.ink == ink })
        let text = String(decoding: try JSONEncoder().encode(planned), as: UTF8.self)
        for color in ["#FFEE00FF", "#11223344", "#ABCDEFFF", "#FAFAF0FF", "#123456FF", "#654321FF"] {
            #expect(text.contains(color), "\(color) is not in the layout JSON")
        }
    }

    @Test func aLayoutFileWithoutInkDrawsInTheDefaultTheme() throws {
        var json = try #require(try JSONSerialization.jsonObject(with: JSONEncoder().encode(scene())) as? [String: Any])
        for key in ["markers", "tooltips"] {
            json[key] = (json[key] as! [[String: Any]]).map { var old = $0; old["ink"] = nil; return old }
        }
        let old = try JSONDecoder().decode(Scene.self, from: JSONSerialization.data(withJSONObject: json))
        #expect(old.markers.allSatisfy { $0.ink == MarkInk(theme: Theme()) })
        #expect(old.tooltips.allSatisfy { $0.ink == TooltipInk(theme: Theme()) })
    }

    @Test func aJobsUIScaleIsThePlansAndTheThemeStaysAsGiven() {
        var layout = PageLayout(theme: Theme(), tooltips: .none, measurer: StandInMeasurer())
        layout.uiScale = 2.5
        let planned = layout.scene(page: 1, threads: threads(3), outputSize: CGSize(width: 400, height: 300))
        #expect(planned.uiScale == 2.5 && planned.markers.allSatisfy { $0.radius == Theme().markerRadius * 2.5 })
        #expect(layout.theme == Theme() && layout.theme.uiScale == nil)
        // Over a theme's fixed scale too.
        var fixed = Theme()
        fixed.uiScale = 1.5
        layout.theme = fixed
        #expect(layout.uiScale(for: CGSize(width: 400, height: 300)) == 2.5)
        layout.uiScale = nil
        #expect(layout.uiScale(for: CGSize(width: 400, height: 300)) == 1.5)
    }

    @Test func aFocusedViewportCentersThePinWhereItCan() {
        let view = Viewport(size: CGSize(width: 390, height: 844), scale: 3, contentSize: CGSize(width: 1191, height: 842),
                            zoomScale: 4, safeArea: Viewport.Insets(top: 47, bottom: 34))
        let focused = view.focused(on: CGPoint(x: 0.4, y: 0.55))
        let point = focused.convert(CGPoint(x: 0.4, y: 0.55), from: .normalized, to: .viewport)
        #expect(abs(point.x - focused.frame.midX) < 1e-9 && abs(point.y - focused.frame.midY) < 1e-9)
        #expect(view.contentOffset == .zero && focused.zoomScale == view.zoomScale)
        // Near a corner the offset is clamped: the pin is off the center, the content's corner on the frame's.
        let corner = view.focused(on: CGPoint(x: 0.01, y: 0.01))
        #expect(corner.clampedOffset == .zero)
    }
}
