import Foundation

/// Numbers as exchange formats write them: at most a given number of decimals, without
/// trailing zeros (`12.5`, `3`, never `-0`).
enum DecimalText {
    static func string(_ value: Double, decimals: Int) -> String {
        var text = String(format: "%.\(decimals)f", value)
        if text.contains(".") {
            while text.hasSuffix("0") { text.removeLast() }
            if text.hasSuffix(".") { text.removeLast() }
        }
        return text == "-0" ? "0" : text
    }
}
