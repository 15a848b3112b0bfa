import PinServiceCore

/// Events sent together to the clients of one content: each event's JSON text (encoded
/// once for all of them) and, for the clients that take batches, all of them as one JSON
/// array (joined once, when the first such client needs it).
final class EventBatch {
    let events: [(text: String, seq: Int?)]

    init(_ events: [(text: String, seq: Int?)]) {
        self.events = events
    }

    /// One event.
    convenience init(_ event: PinEvent) {
        self.init([(event.text, event.seq)])
    }

    /// The events as a JSON array.
    private(set) lazy var array = Self.array(events)

    /// `events` as a JSON array.
    static func array(_ events: [(text: String, seq: Int?)]) -> String {
        "[" + events.map(\.text).joined(separator: ",") + "]"
    }
}
