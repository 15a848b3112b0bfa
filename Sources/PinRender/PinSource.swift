import Foundation
import PinRenderCore
import PinSync

/// Where pins come from: a file, standard input (`-`), a REST endpoint (`http(s)://`)
/// fetched with GET, extra headers, a deadline and a size limit (see ``HTTPFetch``), or a
/// sync client's store (`store:FILE`, its pins as shown, pending changes included).
public enum PinSource {
    /// The default most bytes of a REST answer, after decompression: 64 MiB.
    public static let defaultMaxResponse = 64 << 20

    /// Reads the bytes of `source`.
    /// - Parameters:
    ///   - headers: `Name: value` lines sent with a request (e.g. `Authorization: Bearer ...`),
    ///     only to the URL's own scheme, host and port, never after a redirect elsewhere.
    ///   - timeout: seconds for the whole request: connecting, redirects and the body.
    ///   - maxResponse: the most bytes of the answer, after decompression.
    public static func read(_ source: String, headers: [String] = [], timeout: Double = 30,
                            maxResponse: Int = defaultMaxResponse) throws -> Data {
        if source == "-" {
            return FileHandle.standardInput.readDataToEndOfFile()
        }
        if source.hasPrefix(storePrefix) {
            let path = String(source.dropFirst(storePrefix.count))
            guard FileManager.default.fileExists(atPath: path) else {
                throw InputError(source: path, location: "", problem: "no such store (pinrender pins add --store FILE makes one)")
            }
            do {
                return try PinSyncStore(path: path, readOnly: true).pinsJSON()
            } catch let error as PinSyncError {
                throw InputError(source: path, location: "", problem: error.description)
            }
        }
        if source.hasPrefix("http://") || source.hasPrefix("https://") {
            do {
                guard let url = URL(string: source) else { throw FetchError.invalidURL }
                return try HTTPFetch(url: url, headers: parse(headers), timeout: timeout, maxResponse: maxResponse).run()
            } catch let error as FetchError {
                throw InputError(source: name(of: source), location: "", problem: error.problem)
            }
        }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: source, isDirectory: &isDirectory), !isDirectory.boolValue,
              let data = FileManager.default.contents(atPath: source) else {
            throw InputError(source: source, location: "", problem: "cannot read the pins file (no such file?)")
        }
        return data
    }

    /// `store:FILE`: the pins of a ``PinSyncStore``.
    public static let storePrefix = "store:"

    /// How messages name `source`: a URL without its password or query (either may hold a
    /// secret), a path as it is.
    public static func name(of source: String) -> String {
        source.hasPrefix("http://") || source.hasPrefix("https://") ? RedirectPolicy.describe(source) : source
    }

    /// The characters of a header name (RFC 9110 `token`).
    private static let token = CharacterSet(charactersIn: "!#$%&'*+-.^_`|~0123456789")
        .union(CharacterSet(charactersIn: "a"..."z")).union(CharacterSet(charactersIn: "A"..."Z"))

    /// `Name: value` lines as pairs; a line without a name, or with a line break, is refused
    /// by its position (its text may hold a secret).
    private static func parse(_ headers: [String]) throws(FetchError) -> [(name: String, value: String)] {
        var pairs: [(name: String, value: String)] = []
        for (index, header) in headers.enumerated() {
            guard let colon = header.firstIndex(of: ":") else { throw .badHeader(index: index + 1) }
            let name = header[..<colon].trimmingCharacters(in: .whitespaces)
            let value = header[header.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            guard !name.isEmpty, name.unicodeScalars.allSatisfy(token.contains),
                  !value.unicodeScalars.contains(where: { CharacterSet.newlines.contains($0) || $0 == "\0" }) else {
                throw .badHeader(index: index + 1)
            }
            pairs.append((name, value))
        }
        return pairs
    }
}
