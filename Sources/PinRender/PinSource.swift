import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import PinRenderCore

/// Where pins come from: a file, standard input (`-`), or a REST endpoint (`http(s)://`)
/// fetched with GET, extra headers and a timeout.
public enum PinSource {
    /// Reads the bytes of `source`.
    /// - Parameters:
    ///   - headers: `Name: value` lines sent with a request (e.g. `Authorization: Bearer ...`).
    ///   - timeout: seconds to wait for an answer.
    public static func read(_ source: String, headers: [String] = [], timeout: Double = 30) throws -> Data {
        if source == "-" {
            return FileHandle.standardInput.readDataToEndOfFile()
        }
        if source.hasPrefix("http://") || source.hasPrefix("https://") {
            return try fetch(source, headers: headers, timeout: timeout)
        }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: source, isDirectory: &isDirectory), !isDirectory.boolValue,
              let data = FileManager.default.contents(atPath: source) else {
            throw InputError(source: source, location: "", problem: "cannot read the pins file (no such file?)")
        }
        return data
    }

    private final class Box: @unchecked Sendable {
        var result: Result<(Data, Int), Error>?
    }

    private static func fetch(_ address: String, headers: [String], timeout: Double) throws -> Data {
        guard let url = URL(string: address) else {
            throw InputError(source: address, location: "", problem: "not a valid URL")
        }
        var request = URLRequest(url: url, timeoutInterval: timeout)
        for header in headers {
            guard let colon = header.firstIndex(of: ":") else {
                throw InputError(source: "--header", location: "", problem: "\"\(header)\" is not Name: value")
            }
            request.addValue(header[header.index(after: colon)...].trimmingCharacters(in: .whitespaces),
                             forHTTPHeaderField: header[..<colon].trimmingCharacters(in: .whitespaces))
        }
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = timeout
        configuration.timeoutIntervalForResource = timeout
        let session = URLSession(configuration: configuration)
        defer { session.finishTasksAndInvalidate() }
        let box = Box()
        let done = DispatchSemaphore(value: 0)
        session.dataTask(with: request) { data, response, error in
            if let error {
                box.result = .failure(error)
            } else {
                box.result = .success((data ?? Data(), (response as? HTTPURLResponse)?.statusCode ?? 0))
            }
            done.signal()
        }.resume()
        // The session's own timeout answers first; this is the backstop.
        guard done.wait(timeout: .now() + timeout + 5) == .success, let result = box.result else {
            throw InputError(source: address, location: "", problem: "no answer within \(Int(timeout)) s")
        }
        switch result {
        case .failure(let error as URLError) where error.code == .timedOut:
            throw InputError(source: address, location: "", problem: "no answer within \(Int(timeout)) s (raise --timeout)")
        case .failure(let error):
            throw InputError(source: address, location: "", problem: "cannot fetch the pins: \(error.localizedDescription)")
        case .success(let (data, status)):
            guard (200..<300).contains(status) else {
                throw InputError(source: address, location: "",
                                 problem: "the server answered HTTP \(status) \(HTTPURLResponse.localizedString(forStatusCode: status))")
            }
            return data
        }
    }
}
