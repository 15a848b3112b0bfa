import Foundation

/// A phone or tablet screen: its size in points, pixels per point, pixel density and safe
/// area, in portrait or landscape. Names are lower case with dashes
/// (`ipad-pro-12.9@landscape`); `WxH@S` is a custom screen (`390x844@3`).
public struct DevicePreset: Sendable, Equatable {
    public var name: String
    public var displayName: String
    /// Portrait size in points.
    public var portrait: CGSize
    public var scale: Double
    /// Physical pixels per inch, for drawing devices at one physical scale.
    public var pixelsPerInch: Double
    /// Portrait safe area, points.
    public var safeArea: Viewport.Insets

    /// The built-in presets (sizes, scales and densities from the makers' specifications).
    public static let all: [DevicePreset] = [
        DevicePreset(name: "iphone-se", displayName: "iPhone SE (3rd gen)", portrait: CGSize(width: 375, height: 667),
                     scale: 2, pixelsPerInch: 326, safeArea: .init(top: 20)),
        DevicePreset(name: "iphone-15", displayName: "iPhone 15", portrait: CGSize(width: 393, height: 852),
                     scale: 3, pixelsPerInch: 460, safeArea: .init(top: 59, bottom: 34)),
        DevicePreset(name: "iphone-15-pro-max", displayName: "iPhone 15 Pro Max", portrait: CGSize(width: 430, height: 932),
                     scale: 3, pixelsPerInch: 460, safeArea: .init(top: 59, bottom: 34)),
        DevicePreset(name: "ipad-mini", displayName: "iPad mini", portrait: CGSize(width: 744, height: 1133),
                     scale: 2, pixelsPerInch: 326, safeArea: .init(top: 24, bottom: 20)),
        DevicePreset(name: "ipad-pro-11", displayName: "iPad Pro 11\"", portrait: CGSize(width: 834, height: 1194),
                     scale: 2, pixelsPerInch: 264, safeArea: .init(top: 24, bottom: 20)),
        DevicePreset(name: "ipad-pro-12.9", displayName: "iPad Pro 12.9\"", portrait: CGSize(width: 1024, height: 1366),
                     scale: 2, pixelsPerInch: 264, safeArea: .init(top: 24, bottom: 20)),
        DevicePreset(name: "pixel-8", displayName: "Pixel 8", portrait: CGSize(width: 412, height: 915),
                     scale: 2.625, pixelsPerInch: 428, safeArea: .init(top: 24, bottom: 24)),
        DevicePreset(name: "galaxy-s23", displayName: "Galaxy S23", portrait: CGSize(width: 360, height: 780),
                     scale: 3, pixelsPerInch: 425, safeArea: .init(top: 24, bottom: 24)),
    ]

    /// An orientation of a preset.
    public enum Orientation: String, Sendable, CaseIterable {
        case portrait, landscape
    }

    /// A preset turned to an orientation: size and safe area follow.
    public struct Screen: Sendable, Equatable {
        public var device: DevicePreset
        public var orientation: Orientation
        /// Size in points in this orientation.
        public var size: CGSize {
            orientation == .portrait ? device.portrait : CGSize(width: device.portrait.height, height: device.portrait.width)
        }
        /// Safe area in this orientation: in landscape the notch side moves left and right.
        public var safeArea: Viewport.Insets {
            let s = device.safeArea
            guard orientation == .landscape else { return s }
            let side = max(s.top, s.bottom) > 30 ? max(s.top, s.bottom) : 0
            return .init(top: min(s.top, 24), left: side, bottom: s.bottom > 0 ? min(s.bottom, 21) : 0, right: side)
        }
        /// `iPhone 15 · portrait · 393x852 pt @3x`
        public var label: String {
            let scale = device.scale == device.scale.rounded() ? String(Int(device.scale)) : String(device.scale)
            return "\(device.displayName) · \(orientation.rawValue) · \(Int(size.width))x\(Int(size.height)) pt @\(scale)x"
        }
    }

    /// Finds a screen: `iphone-15`, `iphone-15@landscape`, or `WxH@S` (points and scale).
    public static func screen(named text: String) throws -> Screen {
        let lower = text.lowercased()
        let parts = lower.split(separator: "@", maxSplits: 1).map(String.init)
        if let first = parts.first, let custom = custom(first, scale: parts.count > 1 ? parts[1] : "1") {
            return Screen(device: custom, orientation: .portrait)
        }
        let orientation: Orientation
        if parts.count > 1 {
            guard let value = Orientation(rawValue: parts[1]) else {
                throw InputError(source: "device", location: "", problem: "\"\(text)\": the orientation is portrait or landscape")
            }
            orientation = value
        } else {
            orientation = .portrait
        }
        guard let device = all.first(where: { $0.name == parts.first }) else {
            throw InputError(source: "device", location: "",
                             problem: "unknown device \"\(text)\" (see pinrender devices, or give WxH@S like 390x844@3)")
        }
        return Screen(device: device, orientation: orientation)
    }

    private static func custom(_ size: String, scale: String) -> DevicePreset? {
        let sides = size.split(separator: "x")
        guard sides.count == 2, let w = Double(sides[0]), let h = Double(sides[1]), let s = Double(scale),
              w > 0, h > 0, s > 0, w.isFinite, h.isFinite, s.isFinite else { return nil }
        return DevicePreset(name: "\(size)@\(scale)", displayName: "Custom", portrait: CGSize(width: w, height: h),
                            scale: s, pixelsPerInch: 163 * s, safeArea: .zero)
    }
}
