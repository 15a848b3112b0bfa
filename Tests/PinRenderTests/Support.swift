import Foundation
import Testing
import PinRenderCore
import PinRenderGraphics

/// The package root, the built `pinrender`, fixtures and a scratch directory per test.
enum Support {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    static func path(_ relative: String) -> String { root.appendingPathComponent(relative).path }

    /// `pinrender` beside the test binary (SwiftPM builds it, the tests depend on it).
    static let binary: String = {
        let beside = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
            .appendingPathComponent("pinrender").path
        if FileManager.default.isExecutableFile(atPath: beside) { return beside }
        return path(".build/debug/pinrender")
    }()

    /// A fresh empty directory.
    static func scratch() throws -> URL {
        let url = FileManager.default.temporaryDirectory
            .appendingPathComponent("pinrender-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    struct Run {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    /// Runs a program to completion, feeding `input` to its standard input (or giving it
    /// `standardInput`, which the caller may hold open). Output goes through files, so a
    /// chatty child can never block on a full pipe.
    static func run(_ executable: String, _ arguments: [String], input: Data? = nil, standardInput: FileHandle? = nil,
                    environment: [String: String?] = [:]) throws -> Run {
        let dir = try scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let outURL = dir.appendingPathComponent("out"), errURL = dir.appendingPathComponent("err")
        _ = FileManager.default.createFile(atPath: outURL.path, contents: nil)
        _ = FileManager.default.createFile(atPath: errURL.path, contents: nil)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        var variables = ProcessInfo.processInfo.environment
        for (key, value) in environment { variables[key] = value }
        process.environment = variables
        let out = try FileHandle(forWritingTo: outURL), err = try FileHandle(forWritingTo: errURL)
        let inPipe = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = standardInput ?? inPipe
        try process.run()
        if let input { inPipe.fileHandleForWriting.write(input) }
        try inPipe.fileHandleForWriting.close()
        process.waitUntilExit()
        try out.close()
        try err.close()
        return Run(status: process.terminationStatus,
                   stdout: String(decoding: try Data(contentsOf: outURL), as: UTF8.self),
                   stderr: String(decoding: try Data(contentsOf: errURL), as: UTF8.self))
    }

    /// Runs `pinrender`.
    static func pinrender(_ arguments: [String], input: Data? = nil, standardInput: FileHandle? = nil,
                          environment: [String: String?] = [:]) throws -> Run {
        try run(binary, arguments, input: input, standardInput: standardInput, environment: environment)
    }

    /// Whether `condition` holds within `seconds`, polled every 20 ms: a bound against a
    /// hang, not a timing (it returns as soon as the condition holds).
    static func eventually(_ seconds: Double = 60, _ condition: () throws -> Bool) rethrows -> Bool {
        let end = Date().addingTimeInterval(seconds)
        while try !condition() {
            guard Date() < end else { return false }
            usleep(20_000)
        }
        return true
    }

    /// Runs a tool from poppler-utils or qpdf and returns its standard output.
    static func tool(_ name: String, _ arguments: [String]) throws -> String {
        let result = try run("/usr/bin/\(name)", arguments)
        #expect(result.status == 0, "\(name) \(arguments) failed: \(result.stderr)")
        return result.stdout
    }

    /// Writes a PDF made of `objects` (object 1 is the catalog) with a correct xref table.
    static func writePDF(_ objects: [String], to url: URL) throws {
        var pdf = "%PDF-1.4\n", offsets: [Int] = []
        for (i, object) in objects.enumerated() {
            offsets.append(pdf.utf8.count)
            pdf += "\(i + 1) 0 obj\n\(object)\nendobj\n"
        }
        let xref = pdf.utf8.count
        pdf += "xref\n0 \(objects.count + 1)\n0000000000 65535 f \n"
            + offsets.map { String(format: "%010d 00000 n \n", $0) }.joined()
        pdf += "trailer\n<< /Size \(objects.count + 1) /Root 1 0 R >>\nstartxref\n\(xref)\n%%EOF\n"
        try Data(pdf.utf8).write(to: url)
    }

    /// Writes a pins JSON file of root pins at the given normalized points (page, u, v).
    static func pinsFile(_ points: [(page: Int, u: Double, v: Double)], in directory: URL,
                         name: String = "pins.json", text: String = "Check this") throws -> String {
        let pins = points.enumerated().map { index, p in
            ["id": "p\(index + 1)", "contentId": "doc", "page": p.page, "relativeX": p.u, "relativeY": p.v,
             "authorId": "tester", "createdAt": String(format: "2026-11-02T09:%02d:00Z", index % 60),
             "text": text, "resolved": false, "parentId": NSNull()] as [String: Any]
        }
        let url = directory.appendingPathComponent(name)
        try JSONSerialization.data(withJSONObject: ["pins": pins], options: [.sortedKeys]).write(to: url)
        return url.path
    }
}

/// Finding drawn things in decoded pixels.
extension PixelBuffer {
    /// The center of the bounding box of pixels matching `color` (within `tolerance` per
    /// channel) inside a square window around `near`; nil when none match.
    func centerOfColor(_ color: (UInt8, UInt8, UInt8), tolerance: Int = 0,
                       near: (x: Double, y: Double), window: Int) -> (x: Double, y: Double)? {
        var minX = Int.max, minY = Int.max, maxX = Int.min, maxY = Int.min
        let x0 = max(0, Int(near.x) - window), x1 = min(width - 1, Int(near.x) + window)
        let y0 = max(0, Int(near.y) - window), y1 = min(height - 1, Int(near.y) + window)
        guard x0 <= x1, y0 <= y1 else { return nil }
        for y in y0...y1 {
            for x in x0...x1 {
                let p = pixel(x: x, y: y)
                if abs(Int(p.r) - Int(color.0)) <= tolerance, abs(Int(p.g) - Int(color.1)) <= tolerance,
                   abs(Int(p.b) - Int(color.2)) <= tolerance {
                    minX = min(minX, x); maxX = max(maxX, x); minY = min(minY, y); maxY = max(maxY, y)
                }
            }
        }
        guard minX <= maxX else { return nil }
        // Pixel (x, y) covers [x, x+1): the box's center is halfway across its pixels.
        return (Double(minX + maxX + 1) / 2, Double(minY + maxY + 1) / 2)
    }

    /// How many pixels match `color` exactly.
    func count(of color: (UInt8, UInt8, UInt8)) -> Int {
        var n = 0
        for i in stride(from: 0, to: rgba.count, by: 4)
        where rgba[i] == color.0 && rgba[i + 1] == color.1 && rgba[i + 2] == color.2 { n += 1 }
        return n
    }
}

/// The default theme's open marker fill.
let markerFill = Theme().markerFill.bytes
let magenta: (UInt8, UInt8, UInt8) = (255, 0, 255)

extension Color {
    /// The 8-bit red, green and blue a PNG holds for this opaque color.
    var bytes: (UInt8, UInt8, UInt8) {
        (UInt8((red * 255).rounded()), UInt8((green * 255).rounded()), UInt8((blue * 255).rounded()))
    }
}
