import Foundation
import PinRenderCore

/// Reads the bytes of a pins file, or standard input for `-`.
enum PinSource {
    static func read(_ source: String) throws -> Data {
        if source == "-" {
            return FileHandle.standardInput.readDataToEndOfFile()
        }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: source, isDirectory: &isDirectory), !isDirectory.boolValue,
              let data = FileManager.default.contents(atPath: source) else {
            throw InputError(source: source, location: "", problem: "cannot read the pins file (no such file?)")
        }
        return data
    }
}
