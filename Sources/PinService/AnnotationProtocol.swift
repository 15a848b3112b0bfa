import Foundation
import PinRenderCore
import PinServiceCore

/// The W3C Web Annotation Protocol's fixed parts (https://www.w3.org/TR/annotation-protocol/):
/// its media type, the methods and `Link`s of a container and of an annotation, what a
/// client's `Prefer` asks of a container, the pages of a container, and the CORS headers that
/// let a browser client of another origin use them. docs/INTERCHANGE.md lists which of the
/// protocol's MUST and SHOULD requirements the service meets.
enum AnnotationProtocol {
    /// JSON-LD with the model's profile, what a representation is sent as unless `Accept` asks
    /// for Turtle (``Representation``).
    static let mediaType = "application/ld+json; profile=\"http://www.w3.org/ns/anno.jsonld\""
    /// The most annotations of one AnnotationPage.
    static let pageSize = 100
    static let containerMethods = ["GET", "HEAD", "OPTIONS", "POST"]
    static let annotationMethods = ["GET", "HEAD", "OPTIONS", "PUT", "DELETE"]
    static let ldp = "http://www.w3.org/ns/ldp#"
    /// The contexts of a container: the model's, LDP's, then pinrender's terms.
    static var containerContext: [Any] {
        [WebAnnotationNames.modelContext, "http://www.w3.org/ns/ldp.jsonld"] + WebAnnotationDocument.context.dropFirst()
    }

    /// The `Link` of every answer of a container: its type and the protocol's constraints.
    static let containerLink = ("Link", "<\(ldp)BasicContainer>; rel=\"type\", <http://www.w3.org/TR/annotation-protocol/>; rel=\"\(ldp)constrainedBy\"")

    /// The headers of a container's representation (its `Link` is set on every answer of
    /// the container's IRI: ``containerLink``).
    static func containerHeaders(etag: String, location: String) -> [(String, String)] {
        [("Allow", containerMethods.joined(separator: ", ")), ("Accept-Post", mediaType), ("Vary", "Accept, Prefer"),
         ("ETag", etag), ("Content-Location", location)]
    }

    /// The headers of a page of a container (not a container: no `Link` type).
    static func pageHeaders(etag: String, location: String) -> [(String, String)] {
        [("Allow", "GET, HEAD, OPTIONS"), ("Vary", "Accept, Prefer"), ("ETag", etag), ("Content-Location", location)]
    }

    /// The `Link` to a content's container, on the content's own answers: where annotations
    /// of it are made (the protocol's discovery).
    static func serviceLink(baseURL: String, contentId: String) -> (String, String) {
        ("Link", "<\(WebAnnotationNames.containerIRI(contentId: contentId, baseURL: baseURL))>; rel=\"http://www.w3.org/ns/oa#annotationService\"")
    }

    /// The headers of every answer about an annotation.
    static func annotationHeaders(etag: String) -> [(String, String)] {
        [("Link", "<\(ldp)Resource>; rel=\"type\""), ("Allow", annotationMethods.joined(separator: ", ")),
         ("Vary", "Accept"), ("ETag", etag)]
    }

    /// An annotation's ETag: the seq of its pin's last change, which every change moves, and
    /// `-ttl` after it for the Turtle (another representation, another tag). `If-Match` may
    /// name either.
    static func etag(of pin: StoredPin, as representation: Representation = .jsonLD) -> String {
        representation == .turtle ? "\"\(pin.seq)-ttl\"" : "\"\(pin.seq)\""
    }

    /// The headers a browser needs to read the answers from another origin: granted to
    /// any origin on a server with tokens (a page cannot send a token it does not know), none
    /// without (such a server answers its own pages only, ``RequestPolicy``).
    static func cors(origin: String?, preflight: Bool, methods: [String]) -> [(String, String)] {
        guard origin != nil else { return [] }
        var headers = [("Access-Control-Allow-Origin", "*"),
                       ("Access-Control-Expose-Headers", "ETag, Link, Location, Allow, Vary, Content-Location, Accept-Post, Preference-Applied")]
        if preflight {
            headers += [("Access-Control-Allow-Methods", methods.joined(separator: ", ")),
                        ("Access-Control-Allow-Headers", "Authorization, Content-Type, Accept, If-Match, If-None-Match, Prefer, Slug"),
                        ("Access-Control-Max-Age", "600")]
        }
        return headers
    }

    /// What a client's `Prefer: return=representation; include="..."` asks of a container:
    /// its annotations' descriptions (the default, `oa:PreferContainedDescriptions`) or their
    /// IRIs (`oa:PreferContainedIRIs`; LDP's namespace is taken too), and whether the first
    /// page is embedded or only linked (`ldp:PreferMinimalContainer`, or `return=minimal`);
    /// `applied` when a preference was read.
    struct Preference: Equatable {
        var iris = false
        var minimal = false
        var applied = false

        init(header: String?) {
            guard let header = header?.lowercased() else { return }
            if header.contains("return=minimal") { (minimal, applied) = (true, true) }
            guard header.contains("return=representation") else { return }
            applied = true
            let include = Self.iris(in: header, parameter: "include"), omit = Self.iris(in: header, parameter: "omit")
            func named(_ term: String, in set: Set<String>) -> Bool {
                set.contains((ldp + term).lowercased()) || set.contains(("http://www.w3.org/ns/oa#" + term).lowercased())
            }
            minimal = named("PreferMinimalContainer", in: include) || named("PreferContainment", in: omit)
            iris = named("PreferContainedIRIs", in: include) || named("PreferContainedDescriptions", in: omit)
        }

        /// The IRIs of a parameter (`include="a b"`), lowercased.
        private static func iris(in header: String, parameter: String) -> Set<String> {
            guard let start = header.range(of: parameter + "=\"") else { return [] }
            let rest = header[start.upperBound...]
            return Set((rest.firstIndex(of: "\"").map { rest[..<$0] } ?? rest).split(separator: " ").map(String.init))
        }
    }

    /// A representation the protocol's answers come in: JSON-LD (the default) or Turtle, the
    /// same RDF (``WebAnnotationTurtle``).
    enum Representation: Sendable {
        case jsonLD, turtle

        var mediaType: String {
            switch self {
            case .jsonLD: AnnotationProtocol.mediaType
            case .turtle: "text/turtle; charset=utf-8"
            }
        }

        /// The representation of `jsonLD`, pinrender's JSON-LD bytes.
        func body(_ jsonLD: Data) throws -> Data {
            self == .turtle ? try WebAnnotationTurtle.data(fromJSONLD: jsonLD) : jsonLD
        }
    }

    /// The representation `Accept` asks for: the one of the higher quality, each type's the
    /// `q` of the most specific range that matches it (RFC 9110 12.5.1: `text/turtle`, then
    /// `text/*`, then `*/*`; JSON-LD's types are `application/ld+json` and `application/json`);
    /// JSON-LD when they tie or `Accept` is absent; nil when it takes neither (a 406).
    static func representation(for accept: String?) -> Representation? {
        guard let accept, !accept.trimmingCharacters(in: .whitespaces).isEmpty else { return .jsonLD }
        let ranges = accept.split(separator: ",").map { item -> (type: String, q: Double) in
            let parts = item.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
            let q = parts.dropFirst().first { $0.hasPrefix("q=") }.flatMap { Double($0.dropFirst(2)) } ?? 1
            return (parts.first ?? "", min(max(q, 0), 1))
        }
        func quality(_ type: String) -> Double {
            let major = String(type.prefix { $0 != "/" }) + "/*"
            for candidate in [type, major, "*/*"] {
                let matching = ranges.filter { $0.type == candidate }
                if !matching.isEmpty { return matching.map(\.q).max()! }
            }
            return 0
        }
        let jsonLD = max(quality("application/ld+json"), quality("application/json")), turtle = quality("text/turtle")
        guard max(jsonLD, turtle) > 0 else { return nil }
        return turtle > jsonLD ? .turtle : .jsonLD
    }
}
