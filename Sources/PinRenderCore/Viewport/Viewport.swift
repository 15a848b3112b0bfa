import Foundation

/// A screen showing content the way UIScrollView does: the content aspect-fits the
/// viewport at `zoomScale` 1 (centered, letterboxed), zooms by `zoomScale`, and scrolls by
/// `contentOffset`, in points of the zoomed content, clamped so it never scrolls past an
/// edge. With `s = fitScale * zoomScale`:
///
///     viewport = content * s + inset - contentOffset
///
/// where `inset` centers the zoomed content on an axis where it is smaller than the
/// viewport. Safe-area insets, when given, shrink the area the content fits and scrolls in.
///
///     let view = Viewport(size: CGSize(width: 393, height: 852), scale: 3,
///                         contentSize: CGSize(width: 1191, height: 842), zoomScale: 3)
///     view.convert(CGPoint(x: 0.5, y: 0.5), from: .normalized, to: .viewport)
public struct Viewport: Sendable, Equatable {
    /// The coordinate spaces of the brief.
    public enum Space: Sendable {
        /// Fractions of the displayed content, top-left origin.
        case normalized
        /// The displayed content in its own units (PDF points or image pixels).
        case content
        /// Points of the screen, top-left origin.
        case viewport
    }

    /// Insets in points, as UIKit's safe area.
    public struct Insets: Sendable, Equatable {
        public var top: Double, left: Double, bottom: Double, right: Double
        public init(top: Double = 0, left: Double = 0, bottom: Double = 0, right: Double = 0) {
            self.top = top
            self.left = left
            self.bottom = bottom
            self.right = right
        }
        public static let zero = Insets()
    }

    /// The screen in points.
    public var size: CGSize
    /// Pixels per point.
    public var scale: Double
    public var contentSize: CGSize
    /// 1 shows the whole content; more zooms in. Values below 1 are treated as 1.
    public var zoomScale: Double
    /// The requested scroll position in points of the zoomed content; see ``clampedOffset``.
    public var contentOffset: CGPoint
    public var safeArea: Insets

    /// Creates a viewport.
    /// - Parameters:
    ///   - size: the screen in points.
    ///   - scale: pixels per point (2 or 3 on iPhones).
    ///   - contentSize: the displayed content's size in its units.
    ///   - zoomScale: 1 or more.
    ///   - contentOffset: the scroll position, clamped as UIScrollView clamps it.
    ///   - safeArea: insets the content keeps clear of.
    public init(size: CGSize, scale: Double, contentSize: CGSize, zoomScale: Double = 1,
                contentOffset: CGPoint = .zero, safeArea: Insets = .zero) {
        self.size = size
        self.scale = scale
        self.contentSize = contentSize
        self.zoomScale = zoomScale
        self.contentOffset = contentOffset
        self.safeArea = safeArea
    }

    /// The part of the screen the content lives in (the screen less the safe area).
    public var frame: CGRect {
        CGRect(x: safeArea.left, y: safeArea.top, width: max(0, size.width - safeArea.left - safeArea.right),
               height: max(0, size.height - safeArea.top - safeArea.bottom))
    }

    /// The scale that aspect-fits the content in ``frame``.
    public var fitScale: Double {
        min(frame.width / contentSize.width, frame.height / contentSize.height)
    }

    /// Content units to points: `fitScale * zoomScale`.
    public var effectiveScale: Double { fitScale * max(1, zoomScale) }

    /// The zoomed content's size in points.
    public var zoomedSize: CGSize {
        CGSize(width: contentSize.width * effectiveScale, height: contentSize.height * effectiveScale)
    }

    /// What centers the zoomed content on an axis where it is smaller than the frame.
    public var inset: CGPoint {
        CGPoint(x: max(0, (frame.width - zoomedSize.width) / 2), y: max(0, (frame.height - zoomedSize.height) / 2))
    }

    /// ``contentOffset`` clamped to `[0, max(0, zoomedSize - frame size)]` on each axis.
    public var clampedOffset: CGPoint {
        CGPoint(x: min(max(contentOffset.x, 0), max(0, zoomedSize.width - frame.width)),
                y: min(max(contentOffset.y, 0), max(0, zoomedSize.height - frame.height)))
    }

    /// Converts a point between spaces; the conversions are exact inverses of each other.
    public func convert(_ point: CGPoint, from source: Space, to target: Space) -> CGPoint {
        let content: CGPoint
        switch source {
        case .normalized:
            content = CGPoint(x: point.x * contentSize.width, y: point.y * contentSize.height)
        case .content:
            content = point
        case .viewport:
            let s = effectiveScale, offset = clampedOffset, inset = inset, frame = frame
            content = CGPoint(x: (point.x - frame.minX - inset.x + offset.x) / s,
                              y: (point.y - frame.minY - inset.y + offset.y) / s)
        }
        switch target {
        case .normalized:
            return CGPoint(x: content.x / contentSize.width, y: content.y / contentSize.height)
        case .content:
            return content
        case .viewport:
            let s = effectiveScale, offset = clampedOffset, inset = inset, frame = frame
            return CGPoint(x: content.x * s + inset.x - offset.x + frame.minX,
                           y: content.y * s + inset.y - offset.y + frame.minY)
        }
    }

    /// The part of the screen, in points, where content is shown.
    public var visibleRect: CGRect {
        let origin = convert(.zero, from: .content, to: .viewport)
        let content = CGRect(origin: origin, size: zoomedSize)
        return content.intersection(frame)
    }

    /// The offset that centers a content point on the frame (then clamped as usual).
    public func offset(centering contentPoint: CGPoint) -> CGPoint {
        let s = effectiveScale
        return CGPoint(x: contentPoint.x * s - frame.width / 2, y: contentPoint.y * s - frame.height / 2)
    }

    /// This viewport scrolled to center a pin's normalized point on the frame (then clamped
    /// as usual): what `--focus` shows.
    ///
    ///     let view = Viewport(size: CGSize(width: 390, height: 844), scale: 3, contentSize: page, zoomScale: 3)
    ///     view.focused(on: CGPoint(x: 0.9, y: 0.1)).clampedOffset
    public func focused(on normalizedPoint: CGPoint) -> Viewport {
        var focused = self
        focused.contentOffset = offset(centering: convert(normalizedPoint, from: .normalized, to: .content))
        return focused
    }
}
