import Foundation
import PinRender
import PinRenderCore
import PinPlatform

/// Who may do what: bearer tokens from the `--tokens` file, each limited to contents (shell
/// patterns: `plan-*`) and a role. Without a file, everyone is an admin (the server then
/// listens on loopback only; see ``ServiceConfiguration``).
///
/// A token may have a `name`, which the access log writes instead of the token (by default the
/// first 8 hex digits of the token's SHA-256).
///
///     {"tokens": [{"token": "s3cret", "contents": ["plan-*"], "role": "comment", "name": "ci"}]}
public struct AccessTokens: Sendable {
    /// What a token lets its bearer do; each role may do what the ones before it may.
    public enum Role: String, Sendable, Comparable {
        /// Read contents, pins, changes, renders and events.
        case read
        /// Also create, edit and delete pins, and sync.
        case comment
        /// Also upload contents.
        case admin

        private var rank: Int { [.read, .comment, .admin].firstIndex(of: self)! }
        public static func < (a: Role, b: Role) -> Bool { a.rank < b.rank }
    }

    struct Grant: Sendable {
        var token: String
        var contents: [String]
        var role: Role
        /// What the logs call the token.
        var name: String
    }

    /// Nil: open access.
    private let grants: [Grant]?

    /// Everyone may do everything.
    public static let open = AccessTokens(grants: nil)

    private init(grants: [Grant]?) {
        self.grants = grants
    }

    /// True without a tokens file.
    public var isOpen: Bool { grants == nil }

    /// Reads and checks a tokens file; errors name the file and the field (`tokens[2].role`).
    public static func load(_ path: String) throws -> AccessTokens {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw InputError(source: path, location: "", problem: "cannot read the tokens file")
        }
        let root: FieldValue
        do {
            root = try JSONDecoder().decode(FieldValue.self, from: data)
        } catch {
            throw InputError(source: path, location: "", problem: "not valid JSON")
        }
        guard case .object(let fields) = root, case .list(let items)? = fields["tokens"] else {
            throw InputError(source: path, location: "tokens", problem: "needs {\"tokens\": [{\"token\", \"contents\", \"role\"}]}")
        }
        var grants: [Grant] = []
        for (index, item) in items.enumerated() {
            let at = "tokens[\(index)]"
            guard case .object(let grant) = item else { throw InputError(source: path, location: at, problem: "needs an object") }
            guard case .text(let token)? = grant["token"], token.count >= 8 else {
                throw InputError(source: path, location: at + ".token", problem: "needs a text of at least 8 characters")
            }
            guard case .list(let patterns)? = grant["contents"], !patterns.isEmpty else {
                throw InputError(source: path, location: at + ".contents", problem: "needs a list of content id patterns, e.g. [\"plan-*\"]")
            }
            let texts = try patterns.enumerated().map { position, pattern -> String in
                guard case .text(let text) = pattern, !text.isEmpty else {
                    throw InputError(source: path, location: "\(at).contents[\(position)]", problem: "needs a pattern")
                }
                return text
            }
            guard case .text(let name)? = grant["role"], let role = Role(rawValue: name) else {
                throw InputError(source: path, location: at + ".role", problem: "needs read, comment or admin")
            }
            if grants.contains(where: { $0.token == token }) {
                throw InputError(source: path, location: at + ".token", problem: "the same token as an earlier one")
            }
            let shown = try Self.name(grant["name"], of: token, in: path, at: at + ".name")
            if grants.contains(where: { $0.name == shown }) {
                throw InputError(source: path, location: at + ".name", problem: "the same name as an earlier token's")
            }
            grants.append(Grant(token: token, contents: texts, role: role, name: shown))
        }
        return AccessTokens(grants: grants)
    }

    /// Whether `token` (nil when none was sent) may act with `role` on `contentId` (nil:
    /// on no content in particular, e.g. listing contents, which is filtered by
    /// ``allows(_:contentId:)`` afterwards). Throws 401 without a known token, 403 out of its
    /// scope.
    public func check(_ token: String?, role: Role, contentId: String?) throws(ServiceError) {
        guard let grants else { return }
        guard let grant = Self.grant(of: token, in: grants) else {
            throw ServiceError(status: 401, message: "a bearer token is needed (Authorization: Bearer TOKEN)")
        }
        if let contentId, !grant.contents.contains(where: { Self.matches($0, contentId) }) {
            throw ServiceError(status: 403, message: "the token does not cover content \"\(contentId)\"")
        }
        if grant.role < role {
            throw ServiceError(status: 403, message: "the token's role is \(grant.role.rawValue); this needs \(role.rawValue)")
        }
    }

    /// The name of `token` (``Grant/name``); nil without a tokens file, or for a token it
    /// does not hold.
    public func name(of token: String?) -> String? {
        grants.flatMap { Self.grant(of: token, in: $0) }?.name
    }

    /// The grant of `token`, if any. Every grant is compared, so the time taken does not
    /// tell which one matched.
    private static func grant(of token: String?, in grants: [Grant]) -> Grant? {
        guard let token else { return nil }
        var found: Grant?
        for grant in grants where same(grant.token.utf8, token.utf8) { found = grant }
        return found
    }

    /// A grant's `name`: 1 to 64 printable characters; without one, the first 8 hex digits of
    /// the token's SHA-256, which tell tokens apart in a log without telling the token.
    private static func name(_ value: FieldValue?, of token: String, in path: String, at location: String) throws -> String {
        guard let value else { return String(SHA256.hex(of: token).prefix(8)) }
        guard case .text(let name) = value, (1...64).contains(name.count), name == PinSource.printable(name) else {
            throw InputError(source: path, location: location, problem: "needs a text of 1 to 64 printable characters")
        }
        return name
    }

    /// Whether `token`, known, may read `contentId`.
    public func allows(_ token: String?, contentId: String) -> Bool {
        (try? check(token, role: .read, contentId: contentId)) != nil
    }

    /// A shell pattern (`*`, `?`, `[...]`) matched against a whole content id.
    private static func matches(_ pattern: String, _ id: String) -> Bool {
        fnmatch(pattern, id, 0) == 0
    }

    /// Whether two byte strings are equal, in time that depends on their lengths only: every
    /// byte of the longer one is read and compared, whether the lengths or the first bytes
    /// differ or not, so a guess's timing tells neither how long a token is nor how much of
    /// it the guess got right.
    static func same(_ a: some Collection<UInt8>, _ b: some Collection<UInt8>) -> Bool {
        var difference: UInt8 = a.count == b.count ? 0 : 1
        var x = a.makeIterator(), y = b.makeIterator()
        for _ in 0..<max(a.count, b.count) {
            difference |= (x.next() ?? 0) ^ (y.next() ?? 0)
        }
        return difference == 0
    }
}
