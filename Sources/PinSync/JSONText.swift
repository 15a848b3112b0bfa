import Foundation

/// The wire model's values as the store keeps them (JSON text in SQLite): written with
/// sorted keys, so the same value is the same text.
enum JSONText {
    /// The value of `text`; nil when it is not one.
    static func value<Value: Decodable>(_ type: Value.Type, _ text: String) -> Value? {
        try? JSONDecoder().decode(type, from: Data(text.utf8))
    }

    static func text(_ value: some Encodable) -> String {
        String(decoding: data(value), as: UTF8.self)
    }

    static func data(_ value: some Encodable) -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        return (try? encoder.encode(value)) ?? Data("{}".utf8)
    }
}
