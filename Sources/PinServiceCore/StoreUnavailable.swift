import PinPlatform
import PinRenderCore

/// The store cannot take changes now, for a reason of the machine's, not of the request's:
/// its SQLite database is no longer the file it opened (deleted or replaced: lost), or a
/// write fails (a full disk, a read-only file system or database, an I/O error, the
/// connection to PostgreSQL). Answered 503; `/health` says so until a write commits again.
public struct StoreUnavailable: Error, Sendable, Equatable, CustomStringConvertible {
    /// What `/health` calls it.
    public enum Reason: String, Sendable {
        /// The database at the store's path is not the one it opened: restore it, restart.
        case lost = "store-lost"
        /// A write fails; it may go through again (space freed, the database back).
        case unwritable = "store-unwritable"
    }

    public var reason: Reason
    /// One line for clients and `/health`, without the server's paths.
    public var message: String
    /// The failure as the database or the system reported it, for the server's log.
    public var detail: String

    public var description: String { message }

    /// A store that cannot be opened or written for `message`, said to clients and the log alike.
    init(unwritable message: String) {
        self.init(reason: .unwritable, message: message, detail: message)
    }

    init(reason: Reason, message: String, detail: String) {
        self.reason = reason
        self.message = message
        self.detail = detail
    }

    /// The database's files were deleted or replaced while the server ran.
    static func lost(_ detail: String) -> StoreUnavailable {
        StoreUnavailable(reason: .lost, message: """
            the store is lost: pins.db is no longer the file this server opened (deleted or replaced), \
            so nothing is saved; restore it and restart the server
            """, detail: detail)
    }

    /// `error` of a write or a read as a store that cannot take one, when it is a condition
    /// of the machine's (SQLite: full, read-only, I/O, cannot open; PostgreSQL: read-only, out
    /// of resources, the connection); nil for anything else (a bug, a bad statement).
    init?(_ error: any Error) {
        let cause: String
        switch error {
        case let error as StoreUnavailable:
            self = error
            return
        case let error as SQLiteError:
            guard let known = Self.cause(sqlite: error.condition) else { return nil }
            cause = known
        case let error as PostgresError:
            guard let known = Self.cause(postgres: error.state) else { return nil }
            cause = known
        default:
            return nil
        }
        self.init(reason: .unwritable, message: "the store is unavailable: \(cause); nothing was changed", detail: "\(error)")
    }

    private static func cause(sqlite condition: SQLiteError.Condition?) -> String? {
        switch condition {
        case .full: "the disk is full"
        case .readOnly: "it is read-only"
        case .inputOutput: "an I/O error"
        case .cannotOpen: "its file cannot be opened"
        case nil: nil
        }
    }

    /// By SQLSTATE: 25006 a read-only transaction, class 53 out of resources (53100 the
    /// disk), 08 and 57P the connection; empty: libpq's own (the connection failed).
    private static func cause(postgres state: String) -> String? {
        switch state {
        case "25006": "the database is read-only"
        case "53100": "the database's disk is full"
        case _ where state.hasPrefix("53"): "the database server is out of resources"
        case _ where state.isEmpty || state.hasPrefix("08") || state.hasPrefix("57P"):
            "the connection to the database failed (it is made again at the next request)"
        default: nil
        }
    }
}
