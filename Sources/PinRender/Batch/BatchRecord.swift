import Foundation
import PinRenderCore
import PinRenderGraphics

/// What a finished batch line leaves beside its output, so that running the manifest again
/// skips it while nothing it was made from has changed: a digest of the tool, the line's
/// options and the bytes of every file it read, and the size of every file it wrote. Kept
/// as a hidden file beside the output (`out/.a1.png.pinrender-batch`), written after the
/// outputs and by rename, so a killed run leaves either no record (the line runs again)
/// or a whole one.
struct BatchRecord: Codable, Equatable {
    /// SHA-256, hex, of what the outputs were made from.
    var digest: String
    /// The files written and their sizes.
    var files: [String: Int]

    /// Where the record of `output` lies.
    static func path(for output: String) -> String {
        let url = URL(fileURLWithPath: output)
        return url.deletingLastPathComponent().appendingPathComponent(".\(url.lastPathComponent).pinrender-batch").path
    }

    /// The digest of a line: `tool` (name and version), its options, and the bytes of the
    /// document, pins file and theme file it reads; nil when its pins come from a URL
    /// (fetched anew each time, so never known to be unchanged).
    static func digest(of line: BatchManifest.Line, tool: String) throws -> String? {
        let options = line.options
        if options.pins.hasPrefix("http://") || options.pins.hasPrefix("https://") { return nil }
        var parts = [tool, line.recipe]
        for file in [options.input, options.pins, options.themeFile].compactMap({ $0 }) {
            guard let data = FileManager.default.contents(atPath: file) else {
                throw InputError(source: file, location: "", problem: "cannot be read")
            }
            parts.append(Checksum.sha256(data))
        }
        return Checksum.sha256(Data(parts.joined(separator: "\n").utf8))
    }

    /// The record of `output` if it is there, matches `digest`, and every file it lists is
    /// still there with its size.
    static func current(for output: String, digest: String) -> Bool {
        guard let data = FileManager.default.contents(atPath: path(for: output)),
              let record = try? JSONDecoder().decode(BatchRecord.self, from: data), record.digest == digest else { return false }
        return record.files.allSatisfy { file, size in
            (try? FileManager.default.attributesOfItem(atPath: file)[.size] as? Int) == size
        }
    }

    /// Records the files written for `output`, by a temporary file renamed into place.
    func write(for output: String) throws {
        let target = path(for: output)
        let temporary = target + ".\(getpid()).tmp"
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        do {
            try encoder.encode(self).write(to: URL(fileURLWithPath: temporary))
            guard rename(temporary, target) == 0 else { throw OutputError(file: target, reason: String(cString: strerror(errno))) }
        } catch {
            unlink(temporary)
            throw error
        }
    }

    private func path(for output: String) -> String { Self.path(for: output) }

    /// Removes from `directory` the temporary records (`.NAME.pinrender-batch.PID.tmp`) that
    /// runs killed between writing and renaming them left behind: those whose process is
    /// gone. A running batch's are left alone, and so is any other file.
    static func removeStale(in directory: String) {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory) else { return }
        for name in names {
            guard let writer = writer(ofTemporary: name), kill(writer, 0) != 0, errno == ESRCH else { continue }
            unlink(URL(fileURLWithPath: directory).appendingPathComponent(name).path)
        }
    }

    /// The process that writes a temporary record of this name (see ``write(for:)``); nil
    /// when the name is no such record's.
    static func writer(ofTemporary name: String) -> pid_t? {
        guard name.hasPrefix("."), name.hasSuffix(".tmp") else { return nil }
        let stem = name.dropLast(4)
        guard let dot = stem.lastIndex(of: "."), stem[..<dot].hasSuffix(".pinrender-batch"), stem[..<dot].count > 17,
              let pid = pid_t(stem[stem.index(after: dot)...]), pid > 0 else { return nil }
        return pid
    }
}
