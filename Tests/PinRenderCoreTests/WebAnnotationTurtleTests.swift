import Foundation
import Testing
@testable import PinRenderCore

/// The Turtle of pinrender's JSON-LD without a server: literals and IRIs escaped, JSON's
/// types as JSON-LD types them, a key without an IRI refused. The service's test compares
/// whole graphs with rdflib and pyld.
struct WebAnnotationTurtleTests {
    @Test func anAnnotationsTermsBecomeTriples() throws {
        let pin = Pin(id: "p 1", contentId: "plan", page: 2, relativeX: 0.5, relativeY: 0.25, authorId: "ана",
                      createdAt: ISODate.parse("2026-11-02T09:15:00Z")!, text: "line \"one\"\n\ttab \\ ✓", resolved: true,
                      kind: .voice, audio: .init(url: "https://a/b c.m4a", durationMs: 1500), via: "https://elsewhere.example/a/1")
        var object = try WebAnnotationDocument.object(of: pin, contentId: "plan", baseURL: nil)
        object["@context"] = WebAnnotationDocument.context
        let turtle = String(decoding: try WebAnnotationTurtle.data(fromJSONLD: WebAnnotationDocument.json(object)), as: UTF8.self)
        #expect(turtle.contains("\n<urn:pinrender:pin:plan/p%201>\n    a oa:Annotation ;"))
        #expect(turtle.contains(#"rdf:value "line \"one\"\n\ttab \\ ✓""#))
        #expect(turtle.contains(#"pinrender:resolved "true"^^xsd:boolean"#))
        #expect(turtle.contains(#"pinrender:durationMs "1500"^^xsd:integer"#))
        #expect(turtle.contains("<https://a/b\\u0020c.m4a>\n    a dctypes:Sound"))
        #expect(turtle.contains(#"dcterms:created "2026-11-02T09:15:00Z"^^xsd:dateTime"#))
        #expect(turtle.contains("oa:via <https://elsewhere.example/a/1>"))
        #expect(turtle.contains("oa:motivatedBy oa:commenting"))
        #expect(turtle.hasPrefix("@prefix as: <http://www.w3.org/ns/activitystreams#> .\n"))
    }

    @Test func aKeyWithoutAnIRIIsRefused() {
        #expect(throws: OutputError.self) {
            try WebAnnotationTurtle.data(fromJSONLD: Data(#"{"id": "urn:x", "colour": "red"}"#.utf8))
        }
        #expect(throws: OutputError.self) {
            try WebAnnotationTurtle.data(fromJSONLD: Data(#"{"id": "urn:x", "type": "Unheard"}"#.utf8))
        }
    }

    @Test func numbersAreJSONLDsLiterals() {
        #expect(WebAnnotationTurtle.canonicalDouble(0.25) == "2.5E-1")
        #expect(WebAnnotationTurtle.canonicalDouble(1.5) == "1.5E0")
        #expect(WebAnnotationTurtle.canonicalDouble(-1234.5) == "-1.2345E3")
    }
}
