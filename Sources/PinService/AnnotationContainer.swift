import Foundation
import PinRenderCore

/// A content's live pins as the protocol's container (an LDP BasicContainer and a W3C
/// AnnotationCollection) and its AnnotationPages of ``AnnotationProtocol/pageSize``: each
/// thread's root, then its replies, in the order of `pins.jsonld`. The representations with
/// descriptions and with IRIs have IRIs of their own, `?iris=0` and `?iris=1` after the
/// container's, and their pages `?iris=0&page=N` (from 0) and `?iris=1&page=N`.
struct AnnotationContainer {
    var contentId: String
    var baseURL: String
    /// The annotations' pins, in order.
    var pins: [Pin]

    /// The content's pins in the container's order (``ThreadBuilder``'s threads).
    init(contentId: String, baseURL: String, live: [Pin]) throws {
        let (threads, _) = try ThreadBuilder(source: "content \"\(contentId)\"").build(live)
        self.contentId = contentId
        self.baseURL = baseURL
        pins = threads.flatMap { [$0.root] + $0.replies }
    }

    /// The ETag of a representation of the container or of a page: a hash of its bytes.
    static func etag(of body: Data) -> String {
        "\"\(RenderService.hash(body))\""
    }

    var iri: String { WebAnnotationNames.containerIRI(contentId: contentId, baseURL: baseURL) }
    var pageCount: Int { max(1, (pins.count + AnnotationProtocol.pageSize - 1) / AnnotationProtocol.pageSize) }

    /// The IRI of the container's representation with IRIs or with descriptions.
    func representationIRI(iris: Bool) -> String {
        iri + (iris ? "?iris=1" : "?iris=0")
    }

    func pageIRI(_ page: Int, iris: Bool) -> String {
        representationIRI(iris: iris) + "&page=\(page)"
    }

    /// The container with the annotations' IRIs or descriptions: its first page embedded, or
    /// only linked when `minimal`; `first`, `last`, `total`.
    func container(iris: Bool, minimal: Bool) throws -> [String: Any] {
        var object: [String: Any] = [
            "@context": AnnotationProtocol.containerContext, "id": representationIRI(iris: iris),
            "type": ["BasicContainer", "AnnotationCollection"], "label": "Comments on content \(contentId)", "total": pins.count,
            "last": pageIRI(pageCount - 1, iris: iris),
        ]
        object["first"] = minimal ? pageIRI(0, iris: iris) : try page(0, iris: iris, embedded: true)
        return object
    }

    /// Page `page`: its annotations (each with its `@context`) or their IRIs, `partOf` the
    /// container (with its `total` on its own), `startIndex`, `next` and `prev`. A page past
    /// the last is a 404.
    func page(_ page: Int, iris: Bool, embedded: Bool) throws -> [String: Any] {
        guard page < pageCount else {
            throw ServiceError(status: 404, message: "page: \(page) is past the last page of \(iri), \(pageCount - 1)")
        }
        let size = AnnotationProtocol.pageSize
        let slice = pins[(page * size)..<min((page + 1) * size, pins.count)]
        var object: [String: Any] = ["id": pageIRI(page, iris: iris), "type": "AnnotationPage", "startIndex": page * size]
        object["items"] = iris ? slice.map { WebAnnotationNames.pinIRI(contentId: contentId, pinId: $0.id, baseURL: baseURL) }
                               : try slice.map { try annotation($0) }
        if embedded {
            object["partOf"] = representationIRI(iris: iris)
        } else {
            object["@context"] = WebAnnotationDocument.context
            // Its own context is the model's (no LDP's BasicContainer): the collection it is part of.
            object["partOf"] = ["id": representationIRI(iris: iris), "type": "AnnotationCollection", "total": pins.count] as [String: Any]
        }
        if page + 1 < pageCount { object["next"] = pageIRI(page + 1, iris: iris) }
        if page > 0 { object["prev"] = pageIRI(page - 1, iris: iris) }
        return object
    }

    /// One pin as a full annotation description, with its `@context`.
    func annotation(_ pin: Pin) throws -> [String: Any] {
        var object = try WebAnnotationDocument.object(of: pin, contentId: contentId, baseURL: baseURL)
        object["@context"] = WebAnnotationDocument.context
        return object
    }
}
