import Foundation
import Testing
import PinRender
import PinRenderCore
import PinRenderGraphics

/// Errors from the core and the graphics name the problem; the command line's line adds
/// the flag that gets past it.
@Suite struct CommandLineMessageTests {
    /// What `body` throws.
    private func refusal(_ body: () throws -> Void) -> (any Error)? {
        do {
            try body()
            Issue.record("expected a refusal")
            return nil
        } catch {
            return error
        }
    }

    @Test func anOutputOverTheLimitNamesTheSizeOptionsAndMaxPixels() throws {
        let error = try #require(refusal {
            _ = try SizeRequest.scale(1).pixelSize(contentSize: CGSize(width: 1000, height: 1000), unitsPerInch: nil,
                                                   pixelLimit: 999_999)
        })
        #expect(!"\(error)".contains("--"))
        #expect(commandLineMessage(error) == "size: the output would be 1000 x 1000 px, over the limit of 999999 pixels: "
                + "lower --dpi, --scale or --width, or raise --max-pixels (up to 1073676289)")
    }

    @Test func aDPIForAnImageNamesTheOptionAtFaultAndTheOthers() throws {
        let error = try #require(refusal {
            _ = try SizeRequest.dpi(150).pixelSize(contentSize: CGSize(width: 800, height: 600), unitsPerInch: nil,
                                                   pixelLimit: .max)
        })
        #expect("\(error)" == "dpi: applies to PDF pages only")
        #expect(commandLineMessage(error) == "--dpi: applies to PDF pages only; use --scale or --width for images and canvases")
    }

    @Test func anImageOverTheLimitNamesMaxPixels() throws {
        let dir = try Support.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("big.png").path
        try PixelBuffer(width: 100, height: 100, rgba: [UInt8](repeating: 200, count: 100 * 100 * 4)).writePNG(to: path, name: path)
        let error = try #require(refusal { _ = try SourceDocument.open(path: path, password: nil, pixelLimit: 9_999) })
        #expect(!"\(error)".contains("--"))
        #expect(commandLineMessage(error) == "\(path): the image is 100 x 100 pixels, over the limit of 9999 pixels "
                + "(raise it with --max-pixels, up to 1073676289)")
    }

    @Test func anEncryptedPDFWithoutAPasswordNamesPassword() throws {
        let dir = try Support.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let locked = dir.appendingPathComponent("locked.pdf").path
        _ = try Support.tool("qpdf", ["--encrypt", "secret", "owner", "256", "--", Support.path("samples/floorplan.pdf"), locked])
        let error = try #require(refusal { _ = try SourceDocument.open(path: locked, password: nil, pixelLimit: .max) })
        #expect("\(error)" == "\(locked): the PDF is encrypted")
        #expect(commandLineMessage(error) == "\(locked): the PDF is encrypted: give its password with --password")
        let wrong = try #require(refusal { _ = try SourceDocument.open(path: locked, password: "nope", pixelLimit: .max) })
        #expect(commandLineMessage(wrong) == "\(locked): the PDF is encrypted and the password does not open it")
    }

    @Test func otherErrorsAreSaidAsTheyAre() {
        let error = OutputError(file: "out.png", reason: "disk full")
        #expect(commandLineMessage(error) == "out.png: cannot write: disk full")
    }
}
