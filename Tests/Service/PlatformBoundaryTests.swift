import Foundation
import Testing

/// The service and sync side reaches GLib, libsoup, SQLite and libpq through PinPlatform
/// only: no other module imports their C modules (PinRenderGraphics reaches GLib through
/// Poppler, and may), and no other target depends on them in Package.swift. Read from the
/// sources and the manifest as written, so a new `import CSoup` anywhere fails here.
@Suite struct PlatformBoundaryTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// The C modules of the platform and the modules that may import each.
    static let owners: [String: Set<String>] = ["CSoup": ["PinPlatform", "PinRenderGraphics"],
                                                "CSQLite": ["PinPlatform"], "CPostgres": ["PinPlatform"]]

    @Test func onlyPinPlatformImportsLibsoupAndGLib() throws {
        #expect(try Self.importers(of: "CSoup").subtracting(Self.owners["CSoup"]!) == [])
        #expect(try Self.dependents(of: "CSoup").subtracting(Self.owners["CSoup"]!) == [])
    }

    /// The SQLite and libpq wrappers move into PinPlatform with the storage part of issue 30:
    /// enable this test once that is merged.
    @Test(.disabled("until the SQLite and libpq wrappers are in PinPlatform (issue 30, storage)"))
    func onlyPinPlatformImportsTheDatabaseLibraries() throws {
        for library in ["CSQLite", "CPostgres"] {
            #expect(try Self.importers(of: library).subtracting(Self.owners[library]!) == [], "\(library)")
            #expect(try Self.dependents(of: library).subtracting(Self.owners[library]!) == [], "\(library)")
        }
    }

    /// The checks see what they look for: the owners import and depend on their libraries.
    @Test func theChecksFindTheOwners() throws {
        #expect(try Self.importers(of: "CSoup").contains("PinPlatform"))
        #expect(try Self.dependents(of: "CSoup") == ["PinPlatform"])
        #expect(try Self.importers(of: "CPoppler") == ["PinRenderGraphics"])
    }

    /// The folders under Sources/ and Tests/ with a Swift file that imports `module` (in any
    /// form: `import`, `internal import`, `@_implementationOnly import`...).
    static func importers(of module: String) throws -> Set<String> {
        var found: Set<String> = []
        for top in ["Sources", "Tests", "Fuzz"] {
            let folder = root.appendingPathComponent(top)
            guard let files = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil) else { continue }
            for case let file as URL in files where file.pathExtension == "swift" {
                let text = try String(contentsOf: file, encoding: .utf8)
                let imports = text.split(separator: "\n").contains { line in
                    let words = line.split(separator: " ")
                    return words.count >= 2 && words[words.count - 2] == "import" && words.last! == module
                }
                if imports {
                    let relative = file.path.dropFirst(folder.path.count + 1)
                    found.insert(String(relative.split(separator: "/").first!))
                }
            }
        }
        return found
    }

    /// The targets of Package.swift whose dependencies name `module`.
    static func dependents(of module: String) throws -> Set<String> {
        let manifest = try String(contentsOf: root.appendingPathComponent("Package.swift"), encoding: .utf8)
        var found: Set<String> = []
        // Each target declaration runs from `Target(name: "X"` to the next one.
        let declarations = manifest.components(separatedBy: "arget(name: \"").dropFirst()
        for declaration in declarations {
            let name = String(declaration.prefix { $0 != "\"" })
            guard let start = declaration.range(of: "dependencies: [") else { continue }
            let list = declaration[start.upperBound...].prefix { $0 != "]" }
            if list.contains("\"\(module)\"") { found.insert(name) }
        }
        return found
    }
}
