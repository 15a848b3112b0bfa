import Foundation

/// JSON objects as the store keeps them (text in SQLite) and the API sends them: read and
/// written with `JSONSerialization`, keys sorted so the same object is the same text.
enum JSONText {
    static func object(_ text: String) -> [String: Any] {
        (try? JSONSerialization.jsonObject(with: Data(text.utf8))) as? [String: Any] ?? [:]
    }

    static func object(_ data: Data) -> [String: Any]? {
        (try? JSONSerialization.jsonObject(with: data)) as? [String: Any]
    }

    static func text(_ object: [String: Any]) -> String {
        String(decoding: data(object), as: UTF8.self)
    }

    static func data(_ object: [String: Any]) -> Data {
        (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])) ?? Data("{}".utf8)
    }
}
