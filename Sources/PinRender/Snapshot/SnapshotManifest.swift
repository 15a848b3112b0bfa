import Foundation
import PinRenderCore
import PinRenderGraphics

/// `pinrender snapshot`: a manifest of render cases, each rendered and checked against its
/// reference in a snapshot directory.
///
///     {"threshold": 0.1, "maxDiffPixels": 0,
///      "cases": [{"name": "plan-p1", "input": "../samples/floorplan.pdf",
///                 "pins": "../samples/pins/floorplan-few.json", "page": 1, "dpi": 72}]}
///
/// Paths are relative to the manifest. A case also takes `width`, `scale`, `canvas` ("WxH"),
/// `device`, `zoom`, `focus`, `tooltips`, `cluster`, `include`, `threads` ("panel").
public struct SnapshotManifest: Decodable {
    public struct Case: Decodable {
        public var name: String
        public var input: String?
        public var canvas: String?
        public var pins: String
        public var page: Int?
        public var dpi: Double?
        public var width: Int?
        public var scale: Double?
        public var device: String?
        public var zoom: Double?
        public var focus: String?
        public var tooltips: String?
        public var cluster: String?
        public var include: String?
        public var threads: String?
    }

    public var threshold: Double?
    public var maxDiffPixels: Int?
    public var cases: [Case]

    /// Reads a manifest; errors name the file and what is wrong.
    public static func load(_ path: String) throws -> SnapshotManifest {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw InputError(source: path, location: "", problem: "cannot read the manifest")
        }
        do {
            let manifest = try JSONDecoder().decode(SnapshotManifest.self, from: data)
            let names = manifest.cases.map(\.name)
            if let duplicate = names.first(where: { name in names.filter { $0 == name }.count > 1 }) {
                throw InputError(source: path, location: "cases", problem: "the name \"\(duplicate)\" is used twice")
            }
            if let bad = names.firstIndex(where: { $0.isEmpty || $0.contains("/") }) {
                throw InputError(source: path, location: "cases[\(bad)].name", problem: "must be a file name (no /)")
            }
            return manifest
        } catch let error as InputError {
            throw error
        } catch let DecodingError.keyNotFound(key, context) {
            throw InputError(source: path, location: (context.codingPath + [key]).map(\.stringValue).joined(separator: "."),
                             problem: "missing")
        } catch let DecodingError.typeMismatch(_, context) {
            throw InputError(source: path, location: context.codingPath.map(\.stringValue).joined(separator: "."),
                             problem: "has the wrong type")
        } catch {
            throw InputError(source: path, location: "", problem: "not a snapshot manifest (\(error))")
        }
    }

    /// The render options of a case, paths resolved against `base`.
    public func options(for c: Case, base: URL, output: String) throws -> RenderOptions {
        func resolve(_ path: String) -> String {
            path.hasPrefix("/") || path.hasPrefix("http") || path == "-" ? path : base.appendingPathComponent(path).path
        }
        var canvas: CGSize?
        if let text = c.canvas {
            let parts = text.split(separator: "x").compactMap { Double($0) }
            guard parts.count == 2 else { throw InputError(source: c.name, location: "canvas", problem: "needs WxH") }
            canvas = CGSize(width: parts[0], height: parts[1])
        }
        var options = RenderOptions(input: c.input.map(resolve), canvas: canvas, pins: resolve(c.pins), output: output)
        if let page = c.page { options.pages = .list([page]) } else { options.pages = .list([1]) }
        if let dpi = c.dpi { options.size = .dpi(dpi) }
        if let width = c.width { options.size = .fit(width: width, height: nil) }
        if let scale = c.scale { options.size = .scale(scale) }
        if let device = c.device { options.device = try DevicePreset.screen(named: device) }
        if let zoom = c.zoom { options.zoomScale = zoom }
        options.focusPinId = c.focus
        if let text = c.tooltips {
            guard let mode = TooltipMode(rawValue: text) else { throw InputError(source: c.name, location: "tooltips", problem: "auto, all or none") }
            options.tooltips = mode
        }
        if let text = c.cluster {
            guard let mode = ClusterMode(rawValue: text) else { throw InputError(source: c.name, location: "cluster", problem: "auto or off") }
            options.clustering = mode
        }
        if let text = c.include {
            guard let filter = CommentFilter(rawValue: text) else { throw InputError(source: c.name, location: "include", problem: "open, resolved or all") }
            options.include = filter
        }
        options.threadsPanel = c.threads == "panel"
        return options
    }

    /// Renders a case into `scratch` and returns its pixels and layout JSON.
    public func render(_ c: Case, base: URL, scratch: URL) throws -> (PixelBuffer, Data) {
        let png = scratch.appendingPathComponent("\(c.name).png").path
        let layout = scratch.appendingPathComponent("\(c.name).json").path
        var options = try options(for: c, base: base, output: png)
        options.layoutJSON = layout
        _ = try RenderJob(options: options).run()
        return (try PixelBuffer(pngAt: png), try Data(contentsOf: URL(fileURLWithPath: layout)))
    }
}
