import Foundation
import Testing

/// A PDF page comes out the size pdftocairo (and PyMuPDF) make it: the page's size at the
/// dpi, each side rounded up (an A1 sheet's 1684 pt at 150 dpi is 3508.3 px: 3509 rows, not
/// 3508), in the PNG and in the layout JSON alike.
@Suite struct PagePixelSizeTests {
    /// The width and height in a PNG's IHDR chunk.
    static func headerSize(ofPNGAt path: String) throws -> (width: Int, height: Int) {
        let handle = try #require(FileHandle(forReadingAtPath: path))
        defer { try? handle.close() }
        let head = [UInt8](try #require(try handle.read(upToCount: 33)))
        let ihdr = try #require(PNGBytes.chunks(of: head).first { $0.type == "IHDR" })
        let side = { (at: Int) in ihdr.data[at..<at + 4].reduce(0) { $0 << 8 | Int($1) } }
        return (side(0), side(4))
    }

    /// Page sizes in points and dpis whose scaled sides fall just past a whole pixel, on
    /// one (letter at 150 and 300 dpi: 1650 exactly), or on a half.
    @Test(arguments: [("2384", "1684", 150), ("612", "792", 150), ("612", "792", 300), ("595.28", "841.89", 100),
                      ("100.5", "200.25", 72), ("595", "842", 37)])
    func pageSizeMatchesPdftocairo(width: String, height: String, dpi: Int) throws {
        let dir = try Support.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let pdf = dir.appendingPathComponent("page.pdf")
        try Support.writePDF(["<< /Type /Catalog /Pages 2 0 R >>", "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
                              "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 \(width) \(height)] >>"], to: pdf)
        let reference = dir.appendingPathComponent("pdftocairo").path
        _ = try Support.tool("pdftocairo", ["-png", "-singlefile", "-r", "\(dpi)", "-f", "1", "-l", "1", pdf.path, reference])
        let expected = try Self.headerSize(ofPNGAt: reference + ".png")

        let pins = try Support.pinsFile([(1, 0.5, 0.5)], in: dir)
        let out = dir.appendingPathComponent("out.png").path, json = dir.appendingPathComponent("layout.json").path
        #expect(try Support.pinsrenderOK(["render", pdf.path, "--pins", pins, "--dpi", "\(dpi)", "-o", out,
                                           "--layout-json", json]))
        let drawn = try Self.headerSize(ofPNGAt: out)
        #expect(drawn == expected, "\(width) x \(height) pt at \(dpi) dpi: pinrender \(drawn), pdftocairo \(expected)")
        let layout = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: json))) as? [String: Any])
        let page = try #require((layout["pages"] as? [[String: Any]])?.first)
        #expect(page["width"] as? Int == expected.width && page["height"] as? Int == expected.height, "layout JSON: \(page)")
    }
}
