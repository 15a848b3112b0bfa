import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif

/// An element of an XML document read by ``read(_:source:)`` under limits: no document type
/// (so no entity is ever declared, expanded or fetched: no billion laughs, no external
/// entities), UTF-8 only, at most ``InterchangeLimits`` deep and big.
///
///     let root = try MarkupElement.read(data, source: "comments.xfdf")
///     root.elements("annots").first?.path // "/xfdf/annots"
public struct MarkupElement: Sendable {
    /// Text and elements in document order.
    public enum Node: Sendable {
        case text(String)
        case element(MarkupElement)
    }

    /// The local name (without a namespace prefix).
    public var name: String
    /// Attributes by local name.
    public var attributes: [String: String]
    public var nodes: [Node] = []
    /// Where it is, as an XPath with 1-based positions among same-named siblings: `/xfdf/annots/text[3]`.
    public var path: String

    /// The child elements, of one name when given.
    public func elements(_ name: String? = nil) -> [MarkupElement] {
        nodes.compactMap {
            guard case .element(let element) = $0, name == nil || element.name == name else { return nil }
            return element
        }
    }

    /// The text directly inside, as it is (nested elements' left out).
    public var text: String {
        nodes.reduce(into: "") { text, node in
            if case .text(let part) = node { text += part }
        }
    }

    /// The text inside, nested elements' included; block elements (`p`, `div`, `br`, `li`)
    /// end a line, as a reader of rich text shows them.
    public var plainText: String {
        var lines = ""
        collectText(into: &lines)
        while lines.hasSuffix("\n") { lines.removeLast() }
        return lines
    }

    private func collectText(into text: inout String) {
        for node in nodes {
            switch node {
            case .text(let part): text += part
            case .element(let element):
                element.collectText(into: &text)
                if ["p", "div", "br", "li"].contains(element.name), !text.isEmpty, !text.hasSuffix("\n") { text += "\n" }
            }
        }
    }

    /// Reads a whole document; its root element.
    /// - Parameters:
    ///   - data: the bytes, UTF-8.
    ///   - source: how errors name the file.
    /// - Throws: ``InputError`` naming the file (and the line, or the element at fault).
    public static func read(_ data: Data, source: String) throws -> MarkupElement {
        guard data.count <= InterchangeLimits.maximumBytes else {
            throw InputError(source: source, location: "", problem: "larger than \(InterchangeLimits.maximumBytes >> 20) MiB")
        }
        if data.starts(with: [0xFE, 0xFF]) || data.starts(with: [0xFF, 0xFE]) || data.contains(0) {
            throw InputError(source: source, location: "", problem: "not UTF-8 XML (UTF-16 and NUL bytes are refused)")
        }
        for declaration in ["<!DOCTYPE", "<!ENTITY"] where data.range(of: Data(declaration.utf8)) != nil {
            throw InputError(source: source, location: "", problem: """
                has a document type (\(declaration)): refused, since its entities could expand without bound or read \
                other files, and XFDF needs none
                """)
        }
        let builder = TreeBuilder(source: source)
        let parser = XMLParser(data: data)
        parser.shouldResolveExternalEntities = false
        parser.shouldProcessNamespaces = false
        parser.delegate = builder
        let parsed = parser.parse()
        if let failure = builder.failure { throw failure }
        guard parsed, let root = builder.root else {
            let reason = parser.parserError.map { ($0 as NSError).localizedDescription } ?? "not well-formed"
            throw InputError(source: source, location: "line \(parser.lineNumber)", problem: "not well-formed XML (\(reason))")
        }
        return root
    }
}

/// Builds ``MarkupElement``s from XMLParser's events, within the depth limit.
private final class TreeBuilder: NSObject, XMLParserDelegate {
    let source: String
    var stack: [MarkupElement] = []
    /// Per open element, how many children of each name it has had (for the paths).
    var counts: [[String: Int]] = [[:]]
    /// Per open element, the text read since its last child (XMLParser hands it in pieces).
    var pending: [String] = []
    var root: MarkupElement?
    var failure: InputError?

    init(source: String) {
        self.source = source
    }

    private static func localName(_ qualified: String) -> String {
        qualified.split(separator: ":").last.map(String.init) ?? qualified
    }

    func parser(_ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
                qualifiedName: String?, attributes: [String: String] = [:]) {
        let name = Self.localName(elementName)
        guard stack.count < InterchangeLimits.maximumDepth else {
            failure = InputError(source: source, location: "line \(parser.lineNumber)",
                                 problem: "elements nested more than \(InterchangeLimits.maximumDepth) deep")
            parser.abortParsing()
            return
        }
        flushText()
        let position = (counts[counts.count - 1][name] ?? 0) + 1
        counts[counts.count - 1][name] = position
        let parentPath = stack.last?.path ?? ""
        var named: [String: String] = [:]
        for (key, value) in attributes where !key.hasPrefix("xmlns") { named[Self.localName(key)] = value }
        stack.append(MarkupElement(name: name, attributes: named, path: "\(parentPath)/\(name)\(position > 1 ? "[\(position)]" : "")"))
        counts.append([:])
        pending.append("")
    }

    func parser(_ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName: String?) {
        flushText()
        guard let element = stack.popLast() else { return }
        counts.removeLast()
        pending.removeLast()
        if stack.isEmpty {
            root = element
        } else {
            stack[stack.count - 1].nodes.append(.element(element))
        }
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
        append(string)
    }

    func parser(_ parser: XMLParser, foundCDATA CDATABlock: Data) {
        append(String(decoding: CDATABlock, as: UTF8.self))
    }

    private func append(_ text: String) {
        guard !pending.isEmpty else { return }
        pending[pending.count - 1] += text
    }

    /// Moves the open element's pending text into its nodes.
    private func flushText() {
        guard let text = pending.last, !text.isEmpty else { return }
        stack[stack.count - 1].nodes.append(.text(text))
        pending[pending.count - 1] = ""
    }

    func parser(_ parser: XMLParser, resolveExternalEntityName name: String, systemID: String?) -> Data? {
        nil
    }
}
