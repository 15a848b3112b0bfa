import Foundation
import PinSync

/// A store's events, collected as they come, for tests to look at while the store works.
final class EventLog: @unchecked Sendable {
    private let lock = NSLock()
    private var events: [StoreEvent] = []
    private var reader: Task<Void, Never>?

    init(_ store: PinSyncStore) {
        let stream = store.events()
        reader = Task { [weak self] in
            for await event in stream { self?.append(event) }
        }
    }

    deinit { reader?.cancel() }

    private func append(_ event: StoreEvent) {
        lock.withLock { events.append(event) }
    }

    var all: [StoreEvent] { lock.withLock { events } }

    /// What the watch saw, in order.
    var watched: [WatchEvent] { all.compactMap { if case .watch(let event) = $0 { event } else { nil } } }

    /// The server changes the watch applied, in order.
    var changes: [ServerChange] { watched.compactMap { if case .change(let change) = $0 { change } else { nil } } }

    var connections: Int { watched.filter { if case .connected = $0 { true } else { false } }.count }

    var disconnections: [String] { watched.compactMap { if case .disconnected(_, let reason, _) = $0 { reason } else { nil } } }
}

/// Polls `condition` until it holds, for at most `seconds` (a bound against a hang, not a
/// measure of speed); returns whether it held. A condition that throws does not hold.
func eventually(_ seconds: Double = 30, _ condition: () async throws -> Bool) async -> Bool {
    let end = Date().addingTimeInterval(seconds)
    while Date() < end {
        if (try? await condition()) == true { return true }
        try? await Task.sleep(nanoseconds: 20_000_000)
    }
    return (try? await condition()) == true
}
