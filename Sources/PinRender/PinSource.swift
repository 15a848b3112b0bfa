import Foundation
import PinRenderCore

/// Where pins come from: a file, standard input (`-`), or, through ``remote``, a REST
/// endpoint (`http(s)://`) or a sync client's store (`store:FILE`).
///
/// Files and standard input are read here. URLs and stores need libsoup and SQLite, which
/// a render from files never calls: they are read by the ``RemotePinReader`` of the module
/// that links them (PinRemote's `RemotePinSource`), set in ``remote`` by the program that
/// wants them. The `pinrender` command links none of them and hands a command that needs one
/// to `pinrender-net`.
public enum PinSource {
    /// The default most bytes of a REST answer, after decompression: 64 MiB.
    public static let defaultMaxResponse = 64 << 20

    /// Reads the bytes of `source`.
    /// - Parameters:
    ///   - headers: `Name: value` lines sent with a request (e.g. `Authorization: Bearer ...`),
    ///     only to the URL's own scheme, host and port, never after a redirect elsewhere.
    ///   - timeout: seconds for the whole request: connecting, redirects and the body.
    ///   - maxResponse: the most bytes of the answer, after decompression.
    /// - Throws: ``RemotePinsUnavailable`` for a URL or a store when ``remote`` is nil.
    public static func read(_ source: String, headers: [String] = [], timeout: Double = 30,
                            maxResponse: Int = defaultMaxResponse) throws -> Data {
        if source == "-" {
            return FileHandle.standardInput.readDataToEndOfFile()
        }
        if isRemote(source) {
            guard let reader = remote else { throw RemotePinsUnavailable(source: name(of: source)) }
            return try reader.read(source, headers: headers, timeout: timeout, maxResponse: maxResponse)
        }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: source, isDirectory: &isDirectory), !isDirectory.boolValue,
              let data = FileManager.default.contents(atPath: source) else {
            throw InputError(source: source, location: "", problem: "cannot read the pins file (no such file?)")
        }
        return data
    }

    /// `store:FILE`: the pins of a sync client's store (`pinrender pins`).
    public static let storePrefix = "store:"

    /// Whether `source` is an http(s) URL or a store, read by ``remote``.
    public static func isRemote(_ source: String) -> Bool {
        isURL(source) || source.hasPrefix(storePrefix)
    }

    /// Throws ``RemotePinsUnavailable`` for the first of `sources` that needs ``remote`` when
    /// there is none: what a command checks once its options are parsed, before it reads or
    /// writes anything.
    public static func requireReadable(_ sources: some Sequence<String>) throws(RemotePinsUnavailable) {
        guard remote == nil, let source = sources.first(where: isRemote) else { return }
        throw RemotePinsUnavailable(source: name(of: source))
    }

    /// How messages name `source`: a URL without its password or query (either may hold a
    /// secret), a path as it is.
    public static func name(of source: String) -> String {
        isURL(source) ? describe(address: source) : source
    }

    /// An address as messages show it: without its password, query and fragment (they may
    /// hold a secret), see ``printable(_:)``.
    public static func describe(address: String) -> String {
        guard var parts = URLComponents(string: address) else { return printable(address) }
        parts.password = parts.password == nil ? nil : "***"
        parts.query = nil
        parts.fragment = nil
        return printable(parts.string ?? address)
    }

    /// Text from a server or a library as messages show it: one line without control
    /// characters, at most 200 characters.
    public static func printable(_ text: String) -> String {
        let kept = String(String.UnicodeScalarView(text.unicodeScalars.filter { !CharacterSet.controlCharacters.contains($0) }))
        return kept.count > 200 ? kept.prefix(200) + "..." : kept
    }

    private static func isURL(_ source: String) -> Bool {
        source.hasPrefix("http://") || source.hasPrefix("https://")
    }
}
