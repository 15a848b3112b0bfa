import Foundation
import PinRender
import PinRenderCore

/// Who may do what: bearer tokens from the `--tokens` file, each limited to contents (shell
/// patterns: `plan-*`) and a role. Without a file, everyone is an admin (the server then
/// listens on loopback only; see ``ServiceConfiguration``).
///
///     {"tokens": [{"token": "s3cret", "contents": ["plan-*"], "role": "comment"}]}
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
            grants.append(Grant(token: token, contents: texts, role: role))
        }
        return AccessTokens(grants: grants)
    }

    /// Whether `token` (nil when none was sent) may act with `role` on `contentId` (nil:
    /// on no content in particular, e.g. listing contents, which is filtered by
    /// ``allows(_:contentId:)`` afterwards). Throws 401 without a known token, 403 out of its
    /// scope.
    public func check(_ token: String?, role: Role, contentId: String?) throws(ServiceError) {
        guard let grants else { return }
        // Every grant is compared, so the time taken does not tell which one matched.
        var found: Grant?
        if let token {
            for grant in grants where Self.same(grant.token.utf8, token.utf8) { found = grant }
        }
        guard let grant = found else {
            throw ServiceError(status: 401, message: "a bearer token is needed (Authorization: Bearer TOKEN)")
        }
        if let contentId, !grant.contents.contains(where: { Self.matches($0, contentId) }) {
            throw ServiceError(status: 403, message: "the token does not cover content \"\(contentId)\"")
        }
        if grant.role < role {
            throw ServiceError(status: 403, message: "the token's role is \(grant.role.rawValue); this needs \(role.rawValue)")
        }
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
