import PinRenderCore

/// Which lines of a manifest one process renders: shard `index` of `count` (1-based, as
/// `--shard 2/4` writes it) takes the lines whose output hashes to it, so that N processes,
/// on one machine or many, split a manifest with nothing done twice and nothing missed, and
/// a line stays in its shard when other lines are added or removed.
public struct BatchShard: Sendable, Equatable, CustomStringConvertible {
    public var index: Int
    public var count: Int

    /// Every line.
    public static let whole = BatchShard(index: 1, count: 1)

    /// The most shards a manifest may be split into.
    public static let maxCount = 1_000_000

    public init(index: Int, count: Int) {
        self.index = index
        self.count = count
    }

    /// `I/N`, 1 <= I <= N.
    public init(_ text: String) throws {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let index = Int(parts[0]), let count = Int(parts[1]),
              (1...Self.maxCount).contains(count), (1...count).contains(index) else {
            throw OptionProblem.predicate("needs I/N, a shard from 1 to N (e.g. 2/4)")
        }
        self.init(index: index, count: count)
    }

    /// The shard a job array gives this process, if any: a Kubernetes Indexed Job's
    /// `JOB_COMPLETION_INDEX` (from 0) with `JOB_COMPLETIONS` (set by the Job's manifest to its
    /// completions), or Slurm's `SLURM_ARRAY_TASK_ID` from `SLURM_ARRAY_TASK_MIN` (0 when
    /// unset) with `SLURM_ARRAY_TASK_COUNT`.
    public static func from(environment: [String: String]) throws -> BatchShard? {
        func number(_ name: String) throws -> Int? {
            guard let text = environment[name] else { return nil }
            guard let value = Int(text) else {
                throw InputError(source: name, location: "", problem: "needs a whole number, found \"\(text)\"")
            }
            return value
        }
        func shard(_ zeroBased: Int, of count: Int?, index: String, countName: String) throws -> BatchShard {
            guard let count else {
                throw InputError(source: index, location: "", problem: "is set but \(countName), the number of shards, is not")
            }
            guard (1...maxCount).contains(count), (0..<count).contains(zeroBased) else {
                throw InputError(source: index, location: "", problem: "\(zeroBased) is not a shard of \(count) (\(countName))")
            }
            return BatchShard(index: zeroBased + 1, count: count)
        }
        if let index = try number("JOB_COMPLETION_INDEX") {
            return try shard(index, of: try number("JOB_COMPLETIONS"), index: "JOB_COMPLETION_INDEX", countName: "JOB_COMPLETIONS")
        }
        if let id = try number("SLURM_ARRAY_TASK_ID") {
            return try shard(id - (try number("SLURM_ARRAY_TASK_MIN") ?? 0), of: try number("SLURM_ARRAY_TASK_COUNT"),
                             index: "SLURM_ARRAY_TASK_ID", countName: "SLURM_ARRAY_TASK_COUNT")
        }
        return nil
    }

    /// Whether the line whose output is `key` is this shard's: FNV-1a (64 bits) of the key's
    /// UTF-8 bytes, modulo the count, the same on every machine.
    public func owns(_ key: String) -> Bool {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in key.utf8 {
            hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
        }
        return Int(hash % UInt64(count)) == index - 1
    }

    public var description: String { "\(index)/\(count)" }
}
