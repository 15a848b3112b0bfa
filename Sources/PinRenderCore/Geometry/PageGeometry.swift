import Foundation

/// The boxes and rotation of one PDF page, and the mapping between PDF page space
/// (points, bottom-left origin, unrotated) and content space (the displayed page: the
/// CropBox after `/Rotate`, points, top-left origin), which is where pins live.
///
///     let page = PageGeometry(mediaBox: CGRect(x: 0, y: 0, width: 595, height: 842),
///                             rotation: .quarter)
///     page.displayedSize                            // 842 x 595
///     page.contentPoint(fromPageSpace: CGPoint(x: 0, y: 0)) // (842, 595)... see tests
public struct PageGeometry: Sendable, Equatable {
    /// The MediaBox in PDF page space.
    public var mediaBox: CGRect
    /// The CropBox in PDF page space, already intersected with the MediaBox.
    public var cropBox: CGRect
    /// The page's `/Rotate`.
    public var rotation: Rotation

    /// Creates a page geometry.
    /// - Parameters:
    ///   - mediaBox: the MediaBox, in PDF points.
    ///   - cropBox: the CropBox; defaults to the MediaBox, and is clipped to it as viewers do.
    ///   - rotation: the page's `/Rotate`.
    public init(mediaBox: CGRect, cropBox: CGRect? = nil, rotation: Rotation = .none) {
        let media = mediaBox.standardized
        self.mediaBox = media
        let crop = (cropBox ?? media).standardized.intersection(media)
        self.cropBox = crop.isNull || crop.isEmpty ? media : crop
        self.rotation = rotation
    }

    /// The size of the page as a viewer shows it, in points.
    public var displayedSize: CGSize {
        rotation.swapsAxes ? CGSize(width: cropBox.height, height: cropBox.width) : cropBox.size
    }

    /// Maps a point of PDF page space to content space.
    public func contentPoint(fromPageSpace p: CGPoint) -> CGPoint {
        // Relative to the CropBox, with y downwards as it is before rotating.
        let x = p.x - cropBox.minX
        let y = cropBox.maxY - p.y
        let w = cropBox.width, h = cropBox.height
        switch rotation {
        case .none: return CGPoint(x: x, y: y)
        case .quarter: return CGPoint(x: h - y, y: x)
        case .half: return CGPoint(x: w - x, y: h - y)
        case .threeQuarters: return CGPoint(x: y, y: w - x)
        }
    }

    /// Maps a point of content space to PDF page space: the inverse of
    /// ``contentPoint(fromPageSpace:)``.
    public func pageSpacePoint(fromContent c: CGPoint) -> CGPoint {
        let w = cropBox.width, h = cropBox.height
        let x: CGFloat, y: CGFloat
        switch rotation {
        case .none: (x, y) = (c.x, c.y)
        case .quarter: (x, y) = (c.y, h - c.x)
        case .half: (x, y) = (w - c.x, h - c.y)
        case .threeQuarters: (x, y) = (w - c.y, c.x)
        }
        return CGPoint(x: x + cropBox.minX, y: cropBox.maxY - y)
    }

    /// The page grown to the right of how it is displayed by `width` points (a column of
    /// comments beside it): its MediaBox and CropBox, in page space, each holding the column.
    public func widened(by width: Double) -> (mediaBox: CGRect, cropBox: CGRect) {
        let size = displayedSize
        let corners = [CGPoint(x: size.width, y: 0), CGPoint(x: size.width + width, y: size.height)]
            .map(pageSpacePoint(fromContent:))
        let column = CGRect(x: min(corners[0].x, corners[1].x), y: min(corners[0].y, corners[1].y),
                            width: abs(corners[1].x - corners[0].x), height: abs(corners[1].y - corners[0].y))
        return (mediaBox.union(column), cropBox.union(column))
    }

    /// The matrix that places a drawing of the displayed page (PDF coordinates, bottom-left
    /// origin, `displayedSize` big, as Cairo writes an overlay page) onto this page in PDF
    /// page space, whatever its CropBox and /Rotate: PDF's `[a b c d e f]`.
    public var overlayMatrix: [Double] {
        let h = displayedSize.height
        let origin = pageSpacePoint(fromContent: CGPoint(x: 0, y: h))
        let unitX = pageSpacePoint(fromContent: CGPoint(x: 1, y: h))
        let unitY = pageSpacePoint(fromContent: CGPoint(x: 0, y: h - 1))
        return [unitX.x - origin.x, unitX.y - origin.y, unitY.x - origin.x, unitY.y - origin.y, origin.x, origin.y]
    }
}
