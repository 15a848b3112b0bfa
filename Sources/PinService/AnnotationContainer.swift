import Foundation
import PinRenderCore

/// A content's live pins as the protocol's container (an LDP BasicContainer and a W3C
/// AnnotationCollection) and its AnnotationPages of ``AnnotationProtocol/pageSize``: each
/// thread's root, then its replies, in the order of `pins.jsonld`; a page is `?page=N` (from
/// 0), `?iris=true&page=N` when it lists IRIs.
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

    var iri: String { WebAnnotationNames.containerIRI(contentId: contentId, baseURL: baseURL) }
    var pageCount: Int { max(1, (pins.count + AnnotationProtocol.pageSize - 1) / AnnotationProtocol.pageSize) }

    func pageIRI(_ page: Int, iris: Bool) -> String {
        iri + (iris ? "?iris=true&page=\(page)" : "?page=\(page)")
    }

    /// The container as `preference` asks: its first page embedded (descriptions or IRIs)
    /// or only linked, `first` and `last`, `total`.
    func container(_ preference: AnnotationProtocol.Preference) throws -> [String: Any] {
        let iris = preference.contained == .iris
        var object: [String: Any] = [
            "@context": AnnotationProtocol.containerContext, "id": iri, "type": ["BasicContainer", "AnnotationCollection"],
            "label": "Comments on content \(contentId)", "total": pins.count, "last": pageIRI(pageCount - 1, iris: iris),
        ]
        object["first"] = preference.contained == .none ? pageIRI(0, iris: false) : try page(0, iris: iris, embedded: true)
        return object
    }

    /// Page `page`: its annotations (each with its `@context`) or their IRIs, `startIndex`,
    /// `next` and `prev`; on its own, `partOf` the container. A page past the last is a 404.
    func page(_ page: Int, iris: Bool, embedded: Bool) throws -> [String: Any] {
        guard page < pageCount else {
            throw ServiceError(status: 404, message: "page: \(page) is past the last page of \(iri), \(pageCount - 1)")
        }
        let size = AnnotationProtocol.pageSize
        let slice = pins[(page * size)..<min((page + 1) * size, pins.count)]
        var object: [String: Any] = ["id": pageIRI(page, iris: iris), "type": "AnnotationPage", "startIndex": page * size]
        object["items"] = iris ? slice.map { WebAnnotationNames.pinIRI(contentId: contentId, pinId: $0.id, baseURL: baseURL) }
                               : slice.map { annotation($0) }
        if !embedded {
            object["@context"] = WebAnnotationDocument.context
            object["partOf"] = ["id": iri, "type": ["BasicContainer", "AnnotationCollection"], "total": pins.count] as [String: Any]
        }
        if page + 1 < pageCount { object["next"] = pageIRI(page + 1, iris: iris) }
        if page > 0 { object["prev"] = pageIRI(page - 1, iris: iris) }
        return object
    }

    /// One pin as a full annotation description, with its `@context`.
    func annotation(_ pin: Pin) -> [String: Any] {
        var object = WebAnnotationDocument.object(of: pin, contentId: contentId, baseURL: baseURL)
        object["@context"] = WebAnnotationDocument.context
        return object
    }
}
