/// Builds numbered threads from a flat list of pins.
///
/// Replies join their root one level deep (a reply to a reply belongs to the same root).
/// Duplicate ids are an error, since the data cannot be trusted; a reply whose root is
/// missing or whose parents form a cycle is left out with a warning that names it.
/// Numbers come from the data's `number`; pins without one are numbered after them, in
/// (createdAt, id) order, skipping numbers already taken.
public struct ThreadBuilder: Sendable {
    /// Something worth telling the user that does not stop the render.
    public struct Warning: Error, Sendable, Equatable, CustomStringConvertible {
        public var pinId: String
        public var message: String
        public var description: String { "pin \(pinId): \(message)" }
    }

    /// How errors name the input.
    public var source: String

    public init(source: String) {
        self.source = source
    }

    /// Groups `pins` into threads, ordered by number.
    public func build(_ pins: [Pin]) throws -> (threads: [CommentThread], warnings: [Warning]) {
        var byId: [String: Pin] = [:]
        byId.reserveCapacity(pins.count)
        for (index, pin) in pins.enumerated() {
            if byId.updateValue(pin, forKey: pin.id) != nil {
                throw InputError(source: source, location: PinDecoder.location(ofPinAt: index) + ".id",
                                    problem: "duplicate id \"\(pin.id)\"")
            }
        }
        var warnings: [Warning] = []
        var repliesByRoot: [String: [Pin]] = [:]
        for pin in pins where !pin.isRoot {
            switch rootId(of: pin, in: byId) {
            case .success(let rootId):
                var reply = pin
                reply.place(under: byId[rootId]!)
                repliesByRoot[rootId, default: []].append(reply)
            case .failure(let warning):
                warnings.append(warning)
            }
        }
        let roots = pins.filter(\.isRoot).sorted(by: Pin.chronological)
        let numbers = assignNumbers(roots)
        let threads = roots.map { root in
            CommentThread(root: root, number: numbers[root.id]!,
                          replies: (repliesByRoot[root.id] ?? []).sorted(by: Pin.chronological))
        }.sorted { ($0.number, $0.root.createdAt, $0.id) < ($1.number, $1.root.createdAt, $1.id) }
        return (threads, warnings)
    }

    private func rootId(of reply: Pin, in byId: [String: Pin]) -> Result<String, Warning> {
        var seen: Set<String> = [reply.id]
        var current = reply
        while let parentId = current.parentId {
            guard let parent = byId[parentId] else {
                return .failure(Warning(pinId: reply.id,
                                        message: "reply to \"\(parentId)\", which is not in the input; left out"))
            }
            guard seen.insert(parentId).inserted else {
                return .failure(Warning(pinId: reply.id,
                                        message: "its parents form a cycle (through \"\(parentId)\"); left out"))
            }
            current = parent
        }
        return .success(current.id)
    }

    private func assignNumbers(_ roots: [Pin]) -> [String: Int] {
        var numbers: [String: Int] = [:]
        var taken = Set<Int>()
        for root in roots {
            if let number = root.number {
                numbers[root.id] = number
                taken.insert(number)
            }
        }
        var next = 1
        for root in roots where root.number == nil {
            while taken.contains(next) { next += 1 }
            numbers[root.id] = next
            taken.insert(next)
        }
        return numbers
    }
}
