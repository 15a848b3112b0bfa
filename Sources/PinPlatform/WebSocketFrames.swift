/// The frames of a WebSocket's server side (RFC 6455), as bytes: the server's own frames
/// (final, unmasked) and a reader of what a client sends. Pure data, so the limits are
/// tested without a socket (``ServerWebSocket`` does the input and output).
enum WebSocketFrame {
    static let text: UInt8 = 0x1
    static let close: UInt8 = 0x8
    static let ping: UInt8 = 0x9
    static let pong: UInt8 = 0xA

    /// A final frame of `opcode` with `payload`, unmasked as a server sends it.
    static func encode(_ opcode: UInt8, _ payload: some Collection<UInt8>) -> [UInt8] {
        var frame: [UInt8] = [0x80 | opcode]
        let count = payload.count
        switch count {
        case ..<126: frame.append(UInt8(count))
        case ..<65536: frame += [126, UInt8(count >> 8), UInt8(count & 0xFF)]
        default: frame += [127] + (0..<8).reversed().map { UInt8((count >> ($0 * 8)) & 0xFF) }
        }
        frame += payload
        return frame
    }

    /// A close frame with `code` and as much of `reason` as fits a control frame (123
    /// bytes, cut between characters).
    static func close(code: UInt16, reason: String) -> [UInt8] {
        var text = Substring(reason)
        while text.utf8.count > 123 { text = text.dropLast() }
        return encode(close, [UInt8(code >> 8), UInt8(code & 0xFF)] + Array(text.utf8))
    }
}

/// What a client sent, one frame at a time.
enum ClientMessage: Equatable {
    case ping([UInt8])
    case pong
    /// The client closes, with its code (none when it gave none).
    case close(UInt16?)
    /// A text, binary or continuation frame: the events socket takes none, and drops them.
    case data
}

/// Why a client's connection is closed: a frame the protocol forbids, or one too large.
struct ClientFault: Error, Equatable {
    /// The close code: 1002 (protocol error), 1009 (too big).
    var code: UInt16
    var reason: String
}

/// The frames of a client's bytes as they arrive, each checked as RFC 6455 says a server
/// must (masked, no reserved bits, control frames final and at most 125 bytes) and no longer
/// than `maxPayload`: a frame's bytes are kept only until it is whole, so at most
/// `maxPayload` and its header are held.
struct WebSocketReader {
    /// The largest payload taken in one frame.
    let maxPayload: Int
    private var buffer: [UInt8] = []
    /// Where the next frame starts in `buffer`: the frames before were read.
    private var start = 0

    init(maxPayload: Int) {
        self.maxPayload = maxPayload
    }

    /// Bytes received.
    mutating func append(_ bytes: some Collection<UInt8>) {
        buffer.removeFirst(start)
        start = 0
        buffer += bytes
    }

    /// The next whole frame received, nil until one is.
    mutating func next() throws(ClientFault) -> ClientMessage? {
        let available = buffer.count - start
        guard available >= 2 else { return nil }
        let first = buffer[start], second = buffer[start + 1]
        let opcode = first & 0x0F, final = first & 0x80 != 0
        guard first & 0x70 == 0 else { throw ClientFault(code: 1002, reason: "reserved bits set (no extension was agreed)") }
        guard second & 0x80 != 0 else { throw ClientFault(code: 1002, reason: "a client's frames must be masked") }
        var length = Int(second & 0x7F), header = 2
        if length == 126 {
            guard available >= 4 else { return nil }
            length = Int(buffer[start + 2]) << 8 | Int(buffer[start + 3])
            header = 4
        } else if length == 127 {
            guard available >= 10 else { return nil }
            // Read no further than past the limit: a length of 2^63 must not overflow.
            length = buffer[start + 2..<start + 10].reduce(0) { total, byte in total > maxPayload ? total : total << 8 | Int(byte) }
            header = 10
        }
        if opcode & 0x8 != 0 {
            guard final, length <= 125 else { throw ClientFault(code: 1002, reason: "a control frame must be final and at most 125 bytes") }
            guard [WebSocketFrame.close, WebSocketFrame.ping, WebSocketFrame.pong].contains(opcode) else {
                throw ClientFault(code: 1002, reason: "unknown opcode \(opcode)")
            }
        } else {
            guard opcode <= 0x2 else { throw ClientFault(code: 1002, reason: "unknown opcode \(opcode)") }
            guard length <= maxPayload else { throw ClientFault(code: 1009, reason: "a frame of more than \(maxPayload) bytes") }
        }
        guard available >= header + 4 + length else { return nil }
        let mask = start + header, body = mask + 4
        let payload = (0..<length).map { buffer[body + $0] ^ buffer[mask + $0 % 4] }
        start = body + length
        switch opcode {
        case WebSocketFrame.ping: return .ping(payload)
        case WebSocketFrame.pong: return .pong
        case WebSocketFrame.close:
            guard payload.count != 1 else { throw ClientFault(code: 1002, reason: "a close frame with half a code") }
            return .close(payload.count >= 2 ? UInt16(payload[0]) << 8 | UInt16(payload[1]) : nil)
        default: return .data
        }
    }
}

/// How many messages a client may send: `burst` at once, then `perSecond` (a token bucket).
/// The events socket is one way, so a client needs few: answers to pings, its own pings, a
/// close.
struct MessageBudget {
    let burst: Double
    let perSecond: Double
    private var tokens: Double
    private var last: Double?

    init(burst: Int, perSecond: Double) {
        self.burst = Double(burst)
        self.perSecond = perSecond
        tokens = Double(burst)
    }

    /// Spends one message at `now` (seconds, monotonic); false when the budget is spent.
    mutating func spend(at now: Double) -> Bool {
        if let last { tokens = min(burst, tokens + (now - last) * perSecond) }
        last = now
        guard tokens >= 1 else { return false }
        tokens -= 1
        return true
    }
}
