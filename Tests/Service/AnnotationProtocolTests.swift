import Foundation
import Testing
import PinRenderCore
@testable import PinService

/// The Web Annotation Protocol's pieces without a socket: what `Prefer` and `Accept` ask,
/// the routes under `/annotations/`, and a container's pages.
struct AnnotationProtocolTests {
    @Test func preferIsReadAsTheProtocolWritesIt() {
        typealias Preference = AnnotationProtocol.Preference
        let none = Preference(header: nil)
        #expect(!none.iris && !none.minimal && !none.applied)
        let minimal = Preference(header: #"return=representation;include="http://www.w3.org/ns/ldp#PreferMinimalContainer""#)
        #expect(minimal.minimal && !minimal.iris && minimal.applied)
        let both = Preference(header: #"return=representation; include="http://www.w3.org/ns/ldp#PreferMinimalContainer http://www.w3.org/ns/oa#PreferContainedIRIs""#)
        #expect(both.minimal && both.iris)
        #expect(Preference(header: #"return=representation;include="http://www.w3.org/ns/ldp#PreferContainedIRIs""#).iris)
        #expect(!Preference(header: #"return=representation;include="http://www.w3.org/ns/oa#PreferContainedDescriptions""#).iris)
        #expect(Preference(header: #"return=representation;omit="http://www.w3.org/ns/oa#PreferContainedDescriptions""#).iris)
        #expect(Preference(header: "return=minimal").minimal)
        #expect(!Preference(header: "respond-async").applied)
    }

    @Test func acceptChoosesJSONLDOrTurtleByQualityOrNeither() {
        typealias Protocol = AnnotationProtocol
        for accept in [nil, "", "*/*", "application/ld+json; profile=\"http://www.w3.org/ns/anno.jsonld\"", "text/html, application/json;q=0.5",
                       "text/turtle, application/ld+json", "text/turtle;q=0.5, */*", "text/*;q=0.2, application/*;q=0.3"] {
            #expect(Protocol.representation(for: accept) == .jsonLD, "\(accept ?? "nil")")
        }
        for accept in ["text/turtle", "application/ld+json;q=0.5, text/turtle", "*/*;q=0.1, text/turtle", "text/*, application/json;q=0.9",
                       "TEXT/TURTLE; charset=utf-8"] {
            #expect(Protocol.representation(for: accept) == .turtle, "\(accept)")
        }
        for accept in ["application/rdf+xml, text/html", "application/ld+json;q=0", "text/turtle;q=0, application/json;q=0.000",
                       "*/*;q=0"] {
            #expect(Protocol.representation(for: accept) == nil, "\(accept)")
        }
    }

    @Test func theRoutesUnderAnnotations() throws {
        #expect(try Route(method: "GET", path: "/annotations/plan/") == .annotationContainer("plan"))
        #expect(try Route(method: "HEAD", path: "/annotations/plan/") == .annotationContainer("plan"))
        #expect(try Route(method: "POST", path: "/annotations/plan/") == .createAnnotation("plan"))
        #expect(try Route(method: "OPTIONS", path: "/annotations/plan/") == .annotationOptions("plan", nil))
        #expect(try Route(method: "PUT", path: "/annotations/plan/p1") == .replaceAnnotation("plan", "p1"))
        #expect(try Route(method: "DELETE", path: "/annotations/plan/p1") == .deleteAnnotation("plan", "p1"))
        #expect(try Route(method: "OPTIONS", path: "/annotations/plan/p1") == .annotationOptions("plan", "p1"))
        #expect(try Route(method: "POST", path: "/v1/contents/plan/import") == .importComments("plan"))
        #expect(try Route(method: "GET", path: "/v1/contents/plan/pins.jsonld") == .exportPins("plan", format: .w3c))
        #expect(Route.annotation("plan", "p1").template == "/annotations/{contentId}/{pinId}")
        #expect(Route.annotationOptions("plan", nil).template == "/annotations/{contentId}/")
        func refusal(_ method: String, _ path: String) -> ServiceError? {
            do {
                _ = try Route(method: method, path: path)
                return nil
            } catch {
                return error
            }
        }
        let moved = refusal("GET", "/annotations/plan")
        #expect(moved?.status == 308 && moved?.headers.first?.1 == "/annotations/plan/")
        let notAllowed = refusal("PATCH", "/annotations/plan/p1")
        #expect(notAllowed?.status == 405 && notAllowed?.headers.first?.1 == "GET, HEAD, OPTIONS, PUT, DELETE")
        #expect(refusal("POST", "/annotations/plan/p1")?.status == 405)
        #expect(refusal("GET", "/annotations/plan/p1/x")?.status == 404)
        #expect(refusal("GET", "/annotations/.plan/")?.status == 400)
    }

    @Test func aContainersPagesHoldEveryAnnotationOnceInOrder() throws {
        let date = Date(timeIntervalSince1970: 1_790_000_000)
        let pins = (0..<205).map { n in
            Pin(id: "p\(n)", contentId: "plan", relativeX: 0.5, relativeY: 0.5, authorId: "a", createdAt: date + Double(n), text: "\(n)")
        }
        let container = try AnnotationContainer(contentId: "plan", baseURL: "http://h", live: pins.reversed())
        #expect(container.pageCount == 3)
        var seen: [String] = []
        for page in 0..<3 {
            let object = try container.page(page, iris: true, embedded: false)
            #expect(object["startIndex"] as? Int == page * 100)
            #expect((object["next"] as? String) == (page < 2 ? "http://h/annotations/plan/?iris=1&page=\(page + 1)" : nil))
            #expect((object["prev"] as? String) == (page > 0 ? "http://h/annotations/plan/?iris=1&page=\(page - 1)" : nil))
            seen += object["items"] as? [String] ?? []
        }
        #expect(seen == pins.map { "http://h/annotations/plan/\($0.id)" })
        #expect(throws: ServiceError.self) { try container.page(3, iris: false, embedded: false) }
        let minimal = try container.container(iris: false, minimal: true)
        #expect(minimal["first"] as? String == "http://h/annotations/plan/?iris=0&page=0" && minimal["total"] as? Int == 205)
        let empty = try AnnotationContainer(contentId: "plan", baseURL: "http://h", live: [])
        #expect(try (empty.container(iris: false, minimal: false)["first"] as? [String: Any])?["items"] as? [Any] != nil)
    }
}
