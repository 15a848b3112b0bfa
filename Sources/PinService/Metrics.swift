import Foundation

/// The service's measurements, for `GET /metrics` (written by ``MetricsText``): counters,
/// gauges and histograms, each a family of samples by labels. Thread-safe: requests are
/// counted on the loop's thread, renders and store work on others. Behind an `NSLock` (a
/// pthread mutex, which the thread sanitizer sees; it cannot see into the Synchronization
/// module's `Mutex` on Linux and reports its users' accesses as races).
///
///     let metrics = Metrics([Metrics.requests])
///     metrics.add(Metrics.requests, ["route": "/v1/sync", "method": "POST", "status": "200"])
///     print(MetricsText.render(metrics.families()))
final class Metrics: @unchecked Sendable {
    /// What a family's samples are.
    enum Kind: String, Sendable {
        /// Only goes up (a name ending in `_total`).
        case counter
        /// Goes up and down.
        case gauge
        /// Observations counted into buckets, with their sum and count.
        case histogram
    }

    /// A family's name, kind, help text, the names of its labels and (a histogram's) bucket
    /// bounds.
    struct Name: Sendable {
        let name: String
        let kind: Kind
        let help: String
        var labels: [String] = []
        /// Upper bounds, ascending; +Inf is implied.
        var buckets: [Double] = []
    }

    /// One label of a sample: `route="/v1/sync"`.
    struct Label: Hashable, Sendable {
        var name: String
        var value: String
    }

    /// The value of one sample: a counter's or gauge's `value`; a histogram's observations
    /// per bucket (not cumulative; the last one past every bound), their sum and count.
    struct Sample: Sendable {
        var value = 0.0
        var buckets: [Int] = []
        var sum = 0.0
        var count = 0
    }

    /// A family with its samples, by labels in the order first seen.
    struct Family: Sendable {
        var name: Name
        var samples: [(labels: [Label], sample: Sample)] = []
    }

    private let lock = NSLock()
    /// The families (under ``lock``).
    private var state: [Family]
    private let index: [String: Int]

    /// A registry of `names`, written in that order; a counter or gauge without labels starts
    /// at 0, the others have a sample once one is counted.
    init(_ names: [Name]) {
        state = names.map { name in
            Family(name: name, samples: name.kind == .histogram || !name.labels.isEmpty ? [] : [([], Sample())])
        }
        index = Dictionary(uniqueKeysWithValues: names.enumerated().map { ($1.name, $0) })
    }

    /// Adds `amount` to a counter (or a gauge).
    func add(_ name: Name, _ labels: KeyValuePairs<String, String> = [:], _ amount: Double = 1) {
        update(name, labels) { $0.value += amount }
    }

    /// Sets a gauge.
    func set(_ name: Name, _ labels: KeyValuePairs<String, String> = [:], to value: Double) {
        update(name, labels) { $0.value = value }
    }

    /// Counts `value` into a histogram's bucket: the first whose bound is at least `value`.
    func observe(_ name: Name, _ labels: KeyValuePairs<String, String> = [:], _ value: Double) {
        let bucket = name.buckets.firstIndex { value <= $0 } ?? name.buckets.count
        update(name, labels) { sample in
            if sample.buckets.isEmpty { sample.buckets = Array(repeating: 0, count: name.buckets.count + 1) }
            sample.buckets[bucket] += 1
            sample.sum += value
            sample.count += 1
        }
    }

    /// Every family as it is now, in the order registered.
    func families() -> [Family] {
        lock.withLock { state }
    }

    private func update(_ name: Name, _ labels: KeyValuePairs<String, String>, _ change: (inout Sample) -> Void) {
        guard let position = index[name.name] else { return }
        let key = labels.map { Label(name: $0.key, value: $0.value) }
        lock.withLock {
            if let found = state[position].samples.firstIndex(where: { $0.labels == key }) {
                change(&state[position].samples[found].sample)
            } else {
                var sample = Sample()
                change(&sample)
                state[position].samples.append((key, sample))
            }
        }
    }
}
