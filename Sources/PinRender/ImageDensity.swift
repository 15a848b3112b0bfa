import Foundation

/// The pixel density a PNG declares in its pHYs chunk, read from the chunks before its
/// image data (the pixels are not read).
enum ImageDensity {
    /// The screen scale of a PNG whose pHYs gives pixels per meter: its dots per inch over
    /// 72 (a 144 dpi screenshot is @2x), to two decimals; nil without pHYs, for an aspect
    /// ratio only, for a density under 72 dpi or over 40x, or for a file that is not a PNG.
    static func screenScale(ofFileAt path: String) -> Double? {
        guard let file = FileHandle(forReadingAtPath: path) else { return nil }
        defer { try? file.close() }
        guard let signature = try? file.read(upToCount: 8), signature == Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        else { return nil }
        while let header = try? file.read(upToCount: 8), header.count == 8 {
            let length = header.prefix(4).reduce(0) { $0 << 8 | UInt64($1) }
            switch String(decoding: header.suffix(4), as: UTF8.self) {
            case "pHYs":
                guard length == 9, let body = try? file.read(upToCount: 9), body.count == 9, body[body.startIndex + 8] == 1
                else { return nil }
                let x = body.prefix(4).reduce(0) { $0 << 8 | UInt64($1) }
                let scale = (Double(x) * 0.0254 / 72 * 100).rounded() / 100
                return scale >= 1 && scale <= 40 ? scale : nil
            case "IDAT", "IEND":
                return nil
            default:
                guard let offset = try? file.offset(), (try? file.seek(toOffset: offset + length + 4)) != nil else { return nil }
            }
        }
        return nil
    }
}
