import Foundation
import PinRender
import PinRenderCore
import PinSync

/// Reads pins from a REST endpoint (`http(s)://`, GET with extra headers, a deadline and a
/// size limit: see ``HTTPFetch``) or from a sync client's store (`store:FILE`, its pins as
/// shown, pending changes included). Set it as ``PinSource/remote`` to read these sources:
///
///     PinSource.remote = RemotePinSource()
public struct RemotePinSource: RemotePinReader {
    public init() {}

    public func read(_ source: String, headers: [String], timeout: Double, maxResponse: Int) throws -> Data {
        if source.hasPrefix(PinSource.storePrefix) {
            let path = String(source.dropFirst(PinSource.storePrefix.count))
            guard FileManager.default.fileExists(atPath: path) else {
                throw InputError(source: path, location: "", problem: "no such store (pinrender pins add --store FILE makes one)")
            }
            do {
                return try PinSyncStore(path: path, readOnly: true).pinsJSON()
            } catch let error as PinSyncError {
                throw InputError(source: path, location: "", problem: error.description)
            }
        }
        do {
            guard let url = URL(string: source) else { throw FetchError.invalidURL }
            return try HTTPFetch(url: url, headers: Self.parse(headers), timeout: timeout, maxResponse: maxResponse).run()
        } catch let error as FetchError {
            throw InputError(source: PinSource.name(of: source), location: "", problem: error.problem)
        }
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
