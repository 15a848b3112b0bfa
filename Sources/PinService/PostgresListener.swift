import Foundation
import PinPlatform
import PinServiceCore

/// A connection of its own that LISTENs for the changes committed by any server on the
/// database (``SQLDialect/commitWrite`` notifies) and calls ``onNotify`` on the loop thread
/// when some came; its socket is watched by the GLib main loop. The notifications carry
/// nothing: the server reads the changes after the last one it published from the database,
/// so one lost or folded notification loses no change.
final class PostgresListener {
    /// The channel every server of the database LISTENs on.
    static let channel = SQLDialect.changesChannel

    private let connection: PostgresConnection
    private var watch: UInt32 = 0
    private let onNotify: () -> Void
    /// False once the connection was lost: the owner opens another.
    private(set) var isListening = true

    /// Connects, LISTENs and watches the socket; call on the loop's thread.
    init(uri: String, onNotify: @escaping () -> Void) throws {
        connection = try PostgresConnection(uri: uri)
        self.onNotify = onNotify
        try connection.execute("LISTEN \(Self.channel)")
        watch = MainLoop.watch(descriptor: connection.socket) { [unowned self] in readable() }
    }

    deinit {
        if watch != 0 { MainLoop.cancel(watch) }
    }

    /// Returns whether to keep watching.
    private func readable() -> Bool {
        do {
            if try connection.consumeNotifications() > 0 { onNotify() }
            return true
        } catch {
            isListening = false
            watch = 0
            return false
        }
    }
}
