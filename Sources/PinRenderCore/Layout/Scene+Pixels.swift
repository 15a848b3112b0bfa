import Foundation

extension Scene {
    /// Positions within a pixel a mark drawn on pixels may stand on, per axis.
    public static let markPhases = 4.0

    /// `value` on the grid of ``markPhases`` positions a pixel (ties away from zero).
    public static func snapped(_ value: Double) -> Double {
        (value * markPhases).rounded() / markPhases
    }

    /// This scene as it is drawn on pixels (a PNG page, a device screen), every decision of
    /// the pixels made: each marker on its quarter pixel (``Marker/snap``) and what tooltips
    /// bury (``buried``), for the page and for the thread panel's content where the panel
    /// stands on whole pixels (elsewhere its marks are drawn as paths where they are).
    ///
    ///     let drawn = layout.scene(page: 1, threads: threads, outputSize: size).onPixels()
    public func onPixels() -> Scene {
        var scene = self
        scene.markers = Self.snapping(markers)
        scene.buried = buried(in: CGRect(origin: .zero, size: drawnSize))
        if let panel, panel.rect.x == panel.rect.x.rounded(), panel.rect.y == panel.rect.y.rounded() {
            scene.panel?.markers = Self.snapping(panel.markers)
        }
        return scene
    }

    private static func snapping(_ markers: [Marker]) -> [Marker] {
        markers.map { marker in
            var snapped = marker
            snapped.snap = MarkerSnap(marker)
            return snapped
        }
    }
}
