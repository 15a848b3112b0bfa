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
/// A case's fields are the render options (``caseOptions``) by their keys (`--max-pixels`
/// is `maxPixels`), read and checked by the same ``OptionParser`` as the command line; its
/// one page is `page` (1 by default). Paths are relative to the manifest. A bad field is
/// named with its case: `snapshots.json: cases[3].dpi: needs a positive number`.
public struct SnapshotManifest {
    /// One render case: its name (the reference's file name) and what it renders.
    public struct Case {
        public var name: String
        /// The render options, paths resolved; no output yet.
        public var options: RenderOptions
    }

    /// How an image is compared with its reference (`threshold`).
    public var diff = ImageDiff.Options()
    /// Differing pixels allowed (`maxDiffPixels`).
    public var maxDiffPixels = 0
    public var cases: [Case] = []

    /// The manifest's own fields besides `cases`: the comparison, as `pinrender diff` has it.
    public static let settings = OptionParser<SnapshotManifest>(command: "snapshot", groups: [
        OptionGroup(title: nil, options: [.threshold(\.diff.threshold), .maxDiffPixels(\.maxDiffPixels)]),
    ])

    /// The fields of a case besides `name`: the render options of one PNG page.
    public static let caseOptions = OptionParser<RenderOptions>(command: "snapshot", groups: [
        .document, .page, .pinsSource, .threads, .size, .drawing, .device, .view,
    ])

    /// Reads and checks a manifest, every case's options included; errors name the file
    /// and the field (`cases[3].dpi`).
    public static func load(_ path: String) throws -> SnapshotManifest {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw InputError(source: path, location: "", problem: "cannot read the manifest")
        }
        let root: FieldValue
        do {
            root = try JSONDecoder().decode(FieldValue.self, from: data)
        } catch let error as DecodingError {
            var error = InputError(source: path, decoding: error)
            error.problem = "not a snapshot manifest: \(error.problem)"
            throw error
        }
        guard case .object(let fields) = root else {
            throw InputError(source: path, location: "", problem: "not a snapshot manifest: expected an object {\"cases\": [...]}")
        }
        guard case .list(let list)? = fields["cases"] else {
            throw InputError(source: path, location: "cases", problem: fields["cases"] == nil ? "missing" : "needs a list of cases")
        }
        var manifest = SnapshotManifest()
        try settings.parse(fields: fields, into: &manifest, source: path, location: "", ignoring: ["cases"])
        let base = URL(fileURLWithPath: path).deletingLastPathComponent()
        for (index, item) in list.enumerated() {
            manifest.cases.append(try Case(item, at: "cases[\(index)]", in: path, base: base, before: manifest.cases))
        }
        return manifest
    }

    /// Renders a case into `scratch` and returns its pixels and layout JSON.
    public func render(_ c: Case, scratch: URL) throws -> (PixelBuffer, Data) {
        var options = c.options
        options.output = scratch.appendingPathComponent("\(c.name).png").path
        options.layoutJSON = scratch.appendingPathComponent("\(c.name).json").path
        _ = try RenderJob(options: options).run()
        return (try PixelBuffer(pngAt: options.output), try Data(contentsOf: URL(fileURLWithPath: options.layoutJSON!)))
    }
}

extension SnapshotManifest.Case {
    /// Reads the case at `location` of the manifest `path`, whose earlier cases are `before`.
    init(_ value: FieldValue, at location: String, in path: String, base: URL, before: [Self]) throws {
        guard case .object(let fields) = value else {
            throw InputError(source: path, location: location, problem: "needs an object {\"name\", \"pins\", ...}")
        }
        guard case .text(let name)? = fields["name"] else {
            throw InputError(source: path, location: "\(location).name", problem: fields["name"] == nil ? "missing" : "needs a text")
        }
        guard !name.isEmpty, !name.contains("/") else {
            throw InputError(source: path, location: "\(location).name", problem: "must be a file name (no /)")
        }
        if let same = before.firstIndex(where: { $0.name == name }) {
            throw InputError(source: path, location: "\(location).name", problem: "\"\(name)\" is also the name of cases[\(same)]")
        }
        var options = RenderOptions.unset
        options.pages = .list([1])
        try SnapshotManifest.caseOptions.parse(fields: fields, into: &options, source: path, location: location,
                                               ignoring: ["name"]) { file in
            file.hasPrefix("/") || file.hasPrefix("http") || file == "-" ? file : base.appendingPathComponent(file).path
        }
        self.init(name: name, options: options)
    }
}
