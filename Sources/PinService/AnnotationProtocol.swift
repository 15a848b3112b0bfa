import Foundation
import PinRenderCore
import PinServiceCore

/// The W3C Web Annotation Protocol's fixed parts (https://www.w3.org/TR/annotation-protocol/):
/// its media type, the methods and `Link`s of a container and of an annotation, what a
/// client's `Prefer` asks of a container, the pages of a container, and the CORS headers that
/// let a browser client of another origin use them. docs/INTERCHANGE.md lists which of the
/// protocol's MUST and SHOULD requirements the service meets.
enum AnnotationProtocol {
    /// JSON-LD with the model's profile, what every representation is sent as.
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

    /// The headers of every answer about a container (and its pages).
    static func containerHeaders(etag: String, location: String) -> [(String, String)] {
        [("Link", "<\(ldp)BasicContainer>; rel=\"type\", <http://www.w3.org/TR/annotation-protocol/>; rel=\"\(ldp)constrainedBy\""),
         ("Allow", containerMethods.joined(separator: ", ")), ("Accept-Post", mediaType), ("Vary", "Accept, Prefer"),
         ("ETag", etag), ("Content-Location", location)]
    }

    /// The headers of every answer about an annotation.
    static func annotationHeaders(etag: String) -> [(String, String)] {
        [("Link", "<\(ldp)Resource>; rel=\"type\""), ("Allow", annotationMethods.joined(separator: ", ")),
         ("Vary", "Accept"), ("ETag", etag)]
    }

    /// An annotation's ETag: the seq of its pin's last change, which every change moves.
    static func etag(of pin: StoredPin) -> String {
        "\"\(pin.seq)\""
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
    /// its first page embedded with the annotations' descriptions (the default), with
    /// their IRIs only, or no page at all (the minimal container); `applied` when the
    /// preference was read.
    struct Preference: Equatable {
        enum Contained: Equatable {
            case descriptions, iris, none
        }

        var contained = Contained.descriptions
        var applied = false

        init(header: String?) {
            guard let header, header.lowercased().contains("return=representation") else {
                if header?.lowercased().contains("return=minimal") == true { (contained, applied) = (.none, true) }
                return
            }
            applied = true
            let include = Self.iris(in: header, parameter: "include"), omit = Self.iris(in: header, parameter: "omit")
            if include.contains(ldp + "PreferMinimalContainer") || omit.contains(ldp + "PreferContainment") {
                contained = .none
            } else if include.contains(ldp + "PreferContainedIRIs") || omit.contains(ldp + "PreferContainedDescriptions") {
                contained = .iris
            }
        }

        /// The IRIs of a parameter (`include="a b"`).
        private static func iris(in header: String, parameter: String) -> Set<String> {
            guard let start = header.range(of: parameter + "=\"") else { return [] }
            let rest = header[start.upperBound...]
            return Set((rest.firstIndex(of: "\"").map { rest[..<$0] } ?? rest).split(separator: " ").map(String.init))
        }
    }

    /// Whether `Accept` takes JSON-LD (absent, `*/*`, `application/*`, JSON or JSON-LD):
    /// the only representation served; else 406.
    static func acceptsJSONLD(_ accept: String?) -> Bool {
        guard let accept, !accept.trimmingCharacters(in: .whitespaces).isEmpty else { return true }
        return accept.split(separator: ",").contains { item in
            let type = item.split(separator: ";").first?.trimmingCharacters(in: .whitespaces).lowercased() ?? ""
            let refused = item.replacingOccurrences(of: " ", with: "").contains(";q=0") && !item.contains(";q=0.")
            return !refused && ["*/*", "application/*", "application/json", "application/ld+json"].contains(type)
        }
    }
}
