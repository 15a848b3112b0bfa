import Foundation

/// Reads pins that are not in a file: an `http(s)://` URL or a `store:FILE` (see
/// ``PinSource``). PinRemote's `RemotePinSource` is the one there is.
public protocol RemotePinReader: Sendable {
    /// The bytes of `source`, a URL or a store; the parameters are those of
    /// ``PinSource/read(_:headers:timeout:maxResponse:)``.
    func read(_ source: String, headers: [String], timeout: Double, maxResponse: Int) throws -> Data
}

extension PinSource {
    private static let lock = NSLock()
    nonisolated(unsafe) private static var installed: (any RemotePinReader)?

    /// How this process reads URLs and stores: nil unless a program that links a reader sets
    /// it, once, before reading pins (`pinrender-net` does, at start).
    public static var remote: (any RemotePinReader)? {
        get { lock.withLock { installed } }
        set { lock.withLock { installed = newValue } }
    }
}

/// Pins from a URL or a store asked of a process without a ``RemotePinReader``
/// (``PinSource/remote`` is nil): `pinrender` hands the command to `pinrender-net`.
public struct RemotePinsUnavailable: Error, CustomStringConvertible {
    /// The source, as messages name it (``PinSource/name(of:)``).
    public var source: String

    public var description: String {
        "\(source): pins from a URL or a store need a program that links their reader (pinrender-net, or PinRemote)"
    }
}
