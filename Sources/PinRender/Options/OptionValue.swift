import Foundation
import PinRenderCore

/// Reads option values from text, throwing the ``OptionProblem`` that says what is needed.
public enum OptionValue {
    /// A finite number that `valid` accepts; else "needs `needs`".
    public static func number(_ text: String, needs: String, where valid: (Double) -> Bool) throws -> Double {
        guard let value = Double(text), value.isFinite, valid(value) else { throw OptionProblem.predicate("needs \(needs)") }
        return value
    }

    /// A whole number that `valid` accepts; else "needs `needs`".
    public static func whole(_ text: String, needs: String, where valid: (Int) -> Bool) throws -> Int {
        guard let value = Int(text), valid(value) else { throw OptionProblem.predicate("needs \(needs)") }
        return value
    }

    /// A pixel limit (`--max-pixels`): a positive whole number no larger than the largest
    /// image Cairo draws.
    public static func pixelLimit(_ text: String) throws -> Int {
        try whole(text, needs: "a positive whole number, at most \(SizeRequest.maximumPixels) "
                  + "(\(SizeRequest.maximumSide) x \(SizeRequest.maximumSide), the largest image Cairo draws)") {
            $0 > 0 && $0 <= SizeRequest.maximumPixels
        }
    }

    /// `count` finite numbers separated by commas (`400,900`); else "needs `needs`".
    public static func numbers(_ text: String, count: Int, needs: String) throws -> [Double] {
        let parts = text.split(separator: ",", omittingEmptySubsequences: false)
            .map { Double($0.trimmingCharacters(in: .whitespaces)) }
        guard parts.count == count, parts.allSatisfy({ $0?.isFinite ?? false }) else {
            throw OptionProblem.predicate("needs \(needs)")
        }
        return parts.map { $0! }
    }

    /// One of `choices`; else "takes a, b or c".
    public static func choice(_ text: String, among choices: [String]) throws -> String {
        guard choices.contains(text) else { throw OptionProblem.predicate("takes \(list(choices))") }
        return text
    }

    /// A case of `Value` by its raw value; else "takes a, b or c".
    public static func choice<Value: RawRepresentable & CaseIterable>(_ text: String, of type: Value.Type) throws -> Value
        where Value.RawValue == String {
        guard let value = Value(rawValue: text) else { throw OptionProblem.predicate("takes \(list(Value.allCases.map(\.rawValue)))") }
        return value
    }

    /// The choices of `Value` as help shows them: `auto|all|none`.
    public static func placeholder<Value: RawRepresentable & CaseIterable>(_ type: Value.Type) -> String
        where Value.RawValue == String {
        Value.allCases.map(\.rawValue).joined(separator: "|")
    }

    /// `a`, `a or b`, `a, b or c`.
    private static func list(_ words: [String]) -> String {
        words.count < 2 ? words.joined() : words.dropLast().joined(separator: ", ") + " or " + words.last!
    }
}
