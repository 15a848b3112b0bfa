import Foundation
import PinRenderCore

/// The lines of a `pinrender batch` manifest: JSON Lines, one render or export a line, whose
/// fields are the render options by their keys (`input`, `pins`, `output`, `dpi`, ...),
/// read and checked by the same ``OptionParser`` as `pinrender render`:
///
///     {"input": "sheets/a1.pdf", "pins": "pins/a1.json", "output": "out/a1.png", "dpi": 150}
///     {"input": "sheets/a2.pdf", "pins": "https://pins.example/a2", "output": "out/a2.pdf"}
///
/// Paths are relative to the manifest. Blank lines are skipped. A bad line is named with its
/// number and field: `batch.jsonl: line 12.dpi: needs a positive number`; two lines writing
/// one output are refused.
public struct BatchManifest: Sendable {
    /// One line: where it is, its render options (paths resolved), and what it is known by.
    public struct Line: Sendable {
        /// 1-based, as editors count.
        public var number: Int
        public var options: RenderOptions
        /// The output as the manifest writes it: what a shard is chosen by, so the share
        /// does not depend on where the manifest lies.
        public var key: String
        /// The line's fields, paths resolved, as canonical JSON: what a finished output
        /// records, so that any change of options renders it again.
        public var recipe: String
    }

    public var lines: [Line]

    /// The most bytes a manifest line may have.
    public static let maxLineBytes = 1 << 20
    /// The most lines a manifest may have.
    public static let maxLines = 1_000_000
    /// The deepest nesting of lists and objects a line may have.
    static let maxDepth = 8

    /// The fields of a line: every option of `pinrender render`.
    public static let lineOptions = OptionParser<RenderOptions>.render(command: "batch")

    /// Reads and checks a manifest, every line's options included.
    public static func load(_ path: String) throws -> BatchManifest {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw InputError(source: path, location: "", problem: "cannot read the manifest")
        }
        let base = URL(fileURLWithPath: path).deletingLastPathComponent()
        var lines: [Line] = []
        var outputs: [String: Int] = [:]
        var number = 0
        for text in data.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false) {
            number += 1
            guard text.contains(where: { !($0 == 0x20 || $0 == 0x09 || $0 == 0x0D) }) else { continue }
            guard lines.count < maxLines else {
                throw InputError(source: path, location: "line \(number)", problem: "more than \(maxLines) lines")
            }
            let line = try Line(Data(text), number: number, in: path, base: base)
            for output in line.options.writtenPaths {
                if let first = outputs[output] {
                    throw InputError(source: path, location: "line \(number).output",
                                     problem: "\(output) is also written by line \(first)")
                }
                outputs[output] = number
            }
            lines.append(line)
        }
        return BatchManifest(lines: lines)
    }
}

extension BatchManifest.Line {
    init(_ data: Data, number: Int, in path: String, base: URL) throws {
        let location = "line \(number)"
        func failure(_ problem: String) -> InputError { InputError(source: path, location: location, problem: problem) }
        guard data.count <= BatchManifest.maxLineBytes else {
            throw failure("longer than \(BatchManifest.maxLineBytes) bytes")
        }
        guard BatchManifest.depth(of: data) <= BatchManifest.maxDepth else {
            throw failure("nested more than \(BatchManifest.maxDepth) levels deep")
        }
        let value: FieldValue
        do {
            value = try JSONDecoder().decode(FieldValue.self, from: data)
        } catch {
            throw failure("not a JSON object (\(BatchManifest.reason(error)))")
        }
        guard case .object(let fields) = value else {
            throw failure("needs an object {\"input\", \"pins\", \"output\", ...}")
        }
        guard case .text(let output)? = fields["output"], !output.isEmpty else {
            throw InputError(source: path, location: "\(location).output", problem: fields["output"] == nil ? "missing" : "needs a path")
        }
        if case .text("-")? = fields["pins"] {
            throw InputError(source: path, location: "\(location).pins", problem: "standard input is not available to a batch")
        }
        var options = RenderOptions.unset
        var resolved = fields
        let resolve = { (file: String) in
            file.hasPrefix("/") || file.hasPrefix("http://") || file.hasPrefix("https://") ? file : base.appendingPathComponent(file).path
        }
        try BatchManifest.lineOptions.parse(fields: fields, into: &options, source: path, location: location,
                                            resolvingPaths: resolve)
        for option in BatchManifest.lineOptions.options where option.isPath {
            if case .text(let file)? = fields[option.key] { resolved[option.key] = .text(resolve(file)) }
        }
        self.init(number: number, options: options, key: output, recipe: BatchManifest.canonical(.object(resolved)))
    }
}

extension BatchManifest {
    /// The deepest nesting of `[` and `{` outside strings.
    static func depth(of data: Data) -> Int {
        var depth = 0, deepest = 0, inString = false, escaped = false
        for byte in data {
            if inString {
                if escaped { escaped = false } else if byte == UInt8(ascii: "\\") { escaped = true } else if byte == UInt8(ascii: "\"") { inString = false }
                continue
            }
            switch byte {
            case UInt8(ascii: "\""): inString = true
            case UInt8(ascii: "["), UInt8(ascii: "{"):
                depth += 1
                deepest = max(deepest, depth)
            case UInt8(ascii: "]"), UInt8(ascii: "}"): depth -= 1
            default: break
            }
        }
        return deepest
    }

    /// A JSON decoding error in a few words.
    static func reason(_ error: any Error) -> String {
        guard case DecodingError.dataCorrupted(let context) = error else { return "\(error)" }
        return (context.underlyingError as NSError?)?.userInfo[NSDebugDescriptionErrorKey] as? String ?? context.debugDescription
    }

    /// A field value as JSON with sorted keys, the same text for the same value.
    static func canonical(_ value: FieldValue) -> String {
        switch value {
        case .text(let text): return quoted(text)
        case .number(let number): return number == number.rounded() && abs(number) < 1e15 ? String(Int(number)) : "\(number)"
        case .bool(let flag): return flag ? "true" : "false"
        case .null: return "null"
        case .list(let items): return "[" + items.map(canonical).joined(separator: ",") + "]"
        case .object(let fields):
            return "{" + fields.keys.sorted().map { quoted($0) + ":" + canonical(fields[$0]!) }.joined(separator: ",") + "}"
        }
    }

    /// A text as a JSON string.
    static func quoted(_ text: String) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.withoutEscapingSlashes]
        return (try? encoder.encode(text)).map { String(decoding: $0, as: UTF8.self) } ?? "\"\""
    }
}

extension RenderOptions {
    /// The files a render writes, as given (page files are numbered from `output`).
    var writtenPaths: [String] {
        [output, layoutJSON, summaryJSON, summaryCSV].compactMap { $0 }
    }
}
