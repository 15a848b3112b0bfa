import Foundation

/// The plan of a `pinrender preview` sheet: every screen's place at one physical scale, its
/// bezel and its label. The screens themselves are scenes of their own, drawn at their
/// device's pixel size and scaled into `screen`.
///
///     let sheet = PreviewSheet(screens: [screen], zooms: [1, 3], sizes: [[size1], [size3]])
///     sheet.cells[1][0].screen // where the first screen at zoom 3 goes
public struct PreviewSheet: Sendable, Equatable, Codable {
    /// One screen on the sheet.
    public struct Cell: Sendable, Equatable, Codable {
        /// Where the screen's pixels are scaled into.
        public var screen: Rect
        /// The bezel filled behind it.
        public var bezel: Rect
        public var bezelRadius: Double
        public var bezelColor: Color
        /// Device, orientation, size and zoom, under the bezel.
        public var label: TextBlock
    }

    /// Sheet pixels per physical inch of a device's screen, unless told.
    public static let pixelsPerInch = 120.0

    public var width: Double
    public var height: Double
    /// Cells by row (one per zoom level), then column (one per screen).
    public var cells: [[Cell]]

    /// Lays out `screens` (columns) at `zooms` (rows); `sizes[row][column]` is the pixel size
    /// each screen was rendered at, shown at `pixelsPerInch` of the real device.
    public init(screens: [DevicePreset.Screen], zooms: [Double], sizes: [[CGSize]], fontFamily: String,
                pixelsPerInch: Double = PreviewSheet.pixelsPerInch) {
        let scaled = sizes.map { row in
            zip(row, screens).map { size, screen in
                let factor = pixelsPerInch / screen.device.pixelsPerInch
                return CGSize(width: (size.width * factor).rounded(), height: (size.height * factor).rounded())
            }
        }
        let style = TextStyle(fontFamily: fontFamily, size: 13, color: Color(hex: "#1D2939")!, maxLines: 3)
        let sheet = ContactSheet(rows: scaled, labelHeight: 40)
        width = sheet.size.width
        height = sheet.size.height
        cells = sheet.cells.enumerated().map { r, row in
            row.enumerated().map { c, cell in
                Cell(screen: Rect(cell.screen), bezel: Rect(cell.bezel), bezelRadius: 14,
                     bezelColor: Color(hex: "#101828")!,
                     label: TextBlock(text: "\(screens[c].label)\nzoom \(Self.zoomText(zooms[r]))x",
                                      x: cell.label.minX, y: cell.label.minY, width: cell.label.width, style: style))
            }
        }
    }

    /// A zoom level as labels show it: 3, 2.5.
    public static func zoomText(_ zoom: Double) -> String {
        zoom == zoom.rounded() ? String(Int(zoom)) : String(zoom)
    }
}
