import Foundation

extension PageLayout {
    /// `scene` with the thread panel of `threads` on its right (after the tooltips' column of
    /// `--tooltips margin`): a third of the page's width, kept between 300 and 560 UI
    /// points, as tall as the page. The output grows by the panel's width
    /// (``Scene/drawnSize``); the page and its pins stay where they were.
    public func addingPanel(to scene: Scene, threads: [CommentThread]) -> Scene {
        let ui = scene.uiScale
        let width = min(max(scene.width * 0.32, 300 * ui), 560 * ui).rounded()
        let content = SummaryLayout(layout: self, size: CGSize(width: width, height: scene.height), scale: ui)
            .panel(threads)
        var scene = scene
        let x = scene.drawnSize.width
        scene.panel = ThreadPanel(
            rect: Rect(x: x, y: 0, width: width, height: scene.height), background: theme.panelFill,
            divider: Fill(rect: Rect(x: x, y: 0, width: max(1, ui), height: scene.height),
                          color: theme.tooltipBorder),
            uiScale: content.uiScale, markers: content.markers, texts: content.texts)
        return scene
    }
}
