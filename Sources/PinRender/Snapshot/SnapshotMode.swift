import Foundation
import PinRenderCore

/// When snapshot references are written, as swift-snapshot-testing has it: `all` always,
/// `failed` when missing or different, `missing` (the default) only when missing, `never`.
/// `PINRENDER_RECORD` sets it from the environment; with `CI` set and no mode asked for,
/// nothing is recorded silently: a missing reference is a failure.
public enum SnapshotMode: String, Sendable, CaseIterable {
    case all, failed, missing, never

    /// The mode asked for, else `PINRENDER_RECORD`, else `missing`.
    public static func resolve(_ asked: SnapshotMode?, environment: [String: String] = ProcessInfo.processInfo.environment) throws -> SnapshotMode {
        if let asked { return asked }
        guard let text = environment["PINRENDER_RECORD"], !text.isEmpty else { return .missing }
        guard let mode = SnapshotMode(rawValue: text) else {
            throw InputError(source: "PINRENDER_RECORD=\(text)", location: "", problem: "use all, failed, missing or never")
        }
        return mode
    }

    /// True when a missing reference must fail instead of being recorded: under CI, unless a
    /// mode was asked for (`asked`, or `PINRENDER_RECORD`).
    public static func forbidsRecording(asked: SnapshotMode?,
                                        environment: [String: String] = ProcessInfo.processInfo.environment) -> Bool {
        isCI(environment) && asked == nil && (environment["PINRENDER_RECORD"] ?? "").isEmpty
    }

    /// True when running under CI (the `CI` variable set to anything but empty or false).
    public static func isCI(_ environment: [String: String] = ProcessInfo.processInfo.environment) -> Bool {
        guard let value = environment["CI"] else { return false }
        return !value.isEmpty && value.lowercased() != "false" && value != "0"
    }
}

/// A snapshot that did not match, or could not be checked.
public enum SnapshotError: Error, CustomStringConvertible {
    case missing(name: String, reference: String)
    case different(name: String, summary: String, artifacts: [String])

    public var description: String {
        switch self {
        case .missing(let name, let reference):
            return "\(name): no reference at \(reference), and CI is set so none was recorded (record it locally, or ask for a mode: PINRENDER_RECORD=missing or --record missing)"
        case .different(let name, let summary, let artifacts):
            return "\(name): \(summary)\n" + artifacts.map { "  \($0)" }.joined(separator: "\n")
        }
    }
}
