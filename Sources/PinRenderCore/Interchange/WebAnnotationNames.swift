import Foundation

/// The names pinrender gives in the W3C Web Annotation data model: the contexts, its own
/// terms (`resolved`, `durationMs`: docs/ns/pinrender.jsonld), and the stable IRIs of contents,
/// pins and authors, as `urn:pinrender:...` or under a base URL.
///
///     WebAnnotationNames.pinIRI(contentId: "plan", pinId: "p 1", baseURL: nil)
///     // "urn:pinrender:pin:plan/p%201"
public enum WebAnnotationNames {
    /// The model's own context.
    public static let modelContext = "http://www.w3.org/ns/anno.jsonld"
    /// The namespace of pinrender's terms.
    public static let namespace = "urn:pinrender:ns:"
    /// pinrender's terms and their IRIs, as docs/ns/pinrender.jsonld defines them (and each
    /// export repeats, so that no processor has to fetch it): `resolved` (a boolean: the
    /// thread is resolved) and `durationMs` (a voice comment's length, on its `Sound` body).
    public static let terms: [(term: String, iri: String)] = [("resolved", namespace + "resolved"),
                                                              ("durationMs", namespace + "durationMs")]

    /// `Sound`, the model's name (its normative class table) for the class of a voice
    /// comment's body, `dctypes:Sound`, which anno.jsonld defines only as `Audio` (erratum
    /// w3c/web-annotation#455): defined beside pinrender's terms so that a JSON-LD processor
    /// keeps the type.
    public static let soundClass = (term: "Sound", iri: "http://purl.org/dc/dcmitype/Sound")

    /// The context of pinrender's terms and of `Sound`, `{"resolved": {"@id": ...}, ...}`.
    public static var termsContext: [String: [String: String]] {
        Dictionary(uniqueKeysWithValues: (terms + [soundClass]).map { ($0.term, ["@id": $0.iri]) })
    }

    /// A content's IRI: `urn:pinrender:content:ID`, or `BASE/contents/ID`.
    public static func contentIRI(contentId: String, baseURL: String?) -> String {
        baseURL.map { joined($0, "contents/" + encoded(contentId)) } ?? "urn:pinrender:content:" + encoded(contentId)
    }

    /// A pin's annotation IRI: `urn:pinrender:pin:CONTENT/ID`, or `BASE/annotations/CONTENT/ID`
    /// (the W3C protocol's container of the content).
    public static func pinIRI(contentId: String, pinId: String, baseURL: String?) -> String {
        containerIRI(contentId: contentId, baseURL: baseURL) + encoded(pinId)
    }

    /// The IRI of a content's annotations, what a pin's IRI starts with (an AnnotationPage's id).
    public static func containerIRI(contentId: String, baseURL: String?) -> String {
        baseURL.map { joined($0, "annotations/" + encoded(contentId) + "/") } ?? "urn:pinrender:pin:" + encoded(contentId) + "/"
    }

    /// An author's IRI: `urn:pinrender:author:ID`.
    public static func authorIRI(_ authorId: String) -> String {
        "urn:pinrender:author:" + encoded(authorId)
    }

    /// The pin id in one of pinrender's annotation IRIs; the IRI itself for another one.
    public static func pinId(fromIRI iri: String, baseURL: String?) -> String {
        for prefix in ["urn:pinrender:pin:"] + (baseURL.map { [joined($0, "annotations/")] } ?? [])
        where iri.hasPrefix(prefix) {
            let rest = iri.dropFirst(prefix.count)
            if let slash = rest.lastIndex(of: "/"), let id = String(rest[rest.index(after: slash)...]).removingPercentEncoding {
                return id
            }
        }
        return iri
    }

    /// The content id in one of pinrender's content IRIs; the IRI without its fragment for another one.
    public static func contentId(fromIRI iri: String, baseURL: String?) -> String {
        let plain = iri.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first.map(String.init) ?? iri
        for prefix in ["urn:pinrender:content:"] + (baseURL.map { [joined($0, "contents/")] } ?? []) where plain.hasPrefix(prefix) {
            if let id = String(plain.dropFirst(prefix.count)).removingPercentEncoding { return id }
        }
        return plain
    }

    /// The author id in pinrender's author IRI; the IRI itself for another one.
    public static func authorId(fromIRI iri: String) -> String {
        let prefix = "urn:pinrender:author:"
        guard iri.hasPrefix(prefix), let id = String(iri.dropFirst(prefix.count)).removingPercentEncoding else { return iri }
        return id
    }

    /// `text` with every byte but RFC 3986's unreserved ones percent-encoded.
    static func encoded(_ text: String) -> String {
        text.addingPercentEncoding(withAllowedCharacters: unreserved) ?? text
    }

    private static let unreserved = CharacterSet(charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")

    private static func joined(_ base: String, _ path: String) -> String {
        base.hasSuffix("/") ? base + path : base + "/" + path
    }
}
