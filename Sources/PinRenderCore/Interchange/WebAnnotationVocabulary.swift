/// The IRIs of the JSON-LD terms pinrender writes (an annotation, a page, a container), as the
/// contexts it names define them: the model's (http://www.w3.org/ns/anno.jsonld), LDP's for a
/// container's type, and pinrender's own (``WebAnnotationNames/terms``). What
/// ``WebAnnotationTurtle`` writes RDF with; a term missing here is refused there, so a new key
/// of the JSON-LD fails its tests until it is given its IRI.
enum WebAnnotationVocabulary {
    /// How a term's value becomes RDF, as its context defines it.
    enum Kind {
        /// A node: an IRI (`@type: @id`), or an object described in turn.
        case node
        /// A term of the vocabulary (`@type: @vocab`): `commenting` is `oa:commenting`.
        case vocabulary
        /// An ordered list of nodes (`@container: @list`).
        case list
        /// A literal; with the datatype the context gives it, else JSON's (a string, a
        /// boolean, an integer).
        case literal(datatype: String?)
    }

    /// The prefixes Turtle is written with.
    static let prefixes: [(prefix: String, iri: String)] = [
        ("as", "http://www.w3.org/ns/activitystreams#"), ("dc", "http://purl.org/dc/elements/1.1/"),
        ("dcterms", "http://purl.org/dc/terms/"), ("dctypes", "http://purl.org/dc/dcmitype/"),
        ("foaf", "http://xmlns.com/foaf/0.1/"), ("ldp", "http://www.w3.org/ns/ldp#"), ("oa", "http://www.w3.org/ns/oa#"),
        ("pinrender", WebAnnotationNames.namespace), ("rdf", "http://www.w3.org/1999/02/22-rdf-syntax-ns#"),
        ("rdfs", "http://www.w3.org/2000/01/rdf-schema#"), ("xsd", "http://www.w3.org/2001/XMLSchema#"),
    ]

    /// Each term's property (a prefixed name of ``prefixes``) and kind.
    static let terms: [String: (property: String, kind: Kind)] = [
        "body": ("oa:hasBody", .node), "target": ("oa:hasTarget", .node), "source": ("oa:hasSource", .node),
        "selector": ("oa:hasSelector", .node), "refinedBy": ("oa:refinedBy", .node), "creator": ("dcterms:creator", .node),
        "conformsTo": ("dcterms:conformsTo", .node), "canonical": ("oa:canonical", .node), "via": ("oa:via", .node),
        "partOf": ("as:partOf", .node), "first": ("as:first", .node), "last": ("as:last", .node),
        "next": ("as:next", .node), "prev": ("as:prev", .node), "items": ("as:items", .list),
        "motivation": ("oa:motivatedBy", .vocabulary),
        "created": ("dcterms:created", .literal(datatype: "xsd:dateTime")),
        "total": ("as:totalItems", .literal(datatype: "xsd:nonNegativeInteger")),
        "startIndex": ("as:startIndex", .literal(datatype: "xsd:nonNegativeInteger")),
        "value": ("rdf:value", .literal(datatype: nil)), "format": ("dc:format", .literal(datatype: nil)),
        "name": ("foaf:name", .literal(datatype: nil)), "label": ("rdfs:label", .literal(datatype: nil)),
        "resolved": ("pinrender:resolved", .literal(datatype: nil)), "durationMs": ("pinrender:durationMs", .literal(datatype: nil)),
    ]

    /// The classes and vocabulary terms pinrender writes, by their JSON-LD names. `Sound`
    /// (a voice comment's body, as the model's text names the class) is `dctypes:Sound`,
    /// which anno.jsonld calls `Audio`.
    static let names: [String: String] = [
        "Annotation": "oa:Annotation", "TextualBody": "oa:TextualBody", "SpecificResource": "oa:SpecificResource",
        "FragmentSelector": "oa:FragmentSelector", "Person": "foaf:Person", "Sound": "dctypes:Sound",
        "AnnotationPage": "as:OrderedCollectionPage", "AnnotationCollection": "as:OrderedCollection",
        "BasicContainer": "ldp:BasicContainer", "commenting": "oa:commenting", "replying": "oa:replying",
    ]
}
