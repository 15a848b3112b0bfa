import Foundation
import PinServiceCore
internal import CSoup

/// A connection of its own that LISTENs for the changes committed by any server on the
/// database (``SQLDialect/commitWrite`` notifies) and calls ``onNotify`` on the loop thread
/// when some came; its socket is watched by the GLib main loop. The notifications carry
/// nothing: the server reads the changes after the last one it published from the database,
/// so one lost or folded notification loses no change.
final class PostgresListener {
    /// The channel every server of the database LISTENs on.
    static let channel = SQLDialect.changesChannel

    private let connection: PostgresConnection
    private var watch: guint = 0
    private let onNotify: () -> Void
    /// False once the connection was lost: the owner opens another.
    private(set) var isListening = true

    /// Connects, LISTENs and watches the socket; call on the loop's thread.
    init(uri: String, onNotify: @escaping () -> Void) throws {
        connection = try PostgresConnection(uri: uri)
        self.onNotify = onNotify
        try connection.execute("LISTEN \(Self.channel)")
        let channel = g_io_channel_unix_new(connection.socket)
        defer { g_io_channel_unref(channel) }
        // G_IO_IN | G_IO_HUP | G_IO_ERR: GLib defines them as poll(2)'s bits (glibconfig.h). The
        // Swift names of these enumerators are not found in this module since PinRender no
        // longer imports CSoup (GLib's headers reach it through more than one C module).
        let condition = GIOCondition(rawValue: UInt32(POLLIN | POLLHUP | POLLERR))
        watch = g_io_add_watch(channel, condition, { _, _, data in
            Unmanaged<PostgresListener>.fromOpaque(data!).takeUnretainedValue().readable() ? 1 : 0
        }, Unmanaged.passUnretained(self).toOpaque())
    }

    deinit {
        if watch != 0 { g_source_remove(watch) }
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
