import Testing
@testable import PinPlatform

/// The events socket's frames: what a client may send, checked before a byte of it is kept
/// past its limit, and how many messages it may send.
@Suite struct WebSocketFramesTests {
    /// A client's frame: masked, final unless told.
    func frame(_ opcode: UInt8, _ payload: [UInt8], final: Bool = true, masked: Bool = true, length: [UInt8]? = nil) -> [UInt8] {
        let mask: [UInt8] = [0x37, 0xFA, 0x21, 0x3D]
        var bytes: [UInt8] = [(final ? 0x80 : 0) | opcode]
        let size = length ?? (payload.count < 126 ? [UInt8(payload.count)] : [126, UInt8(payload.count >> 8), UInt8(payload.count & 0xFF)])
        bytes += [size[0] | (masked ? 0x80 : 0)] + size.dropFirst()
        if masked { bytes += mask }
        bytes += payload.enumerated().map { masked ? $0.element ^ mask[$0.offset % 4] : $0.element }
        return bytes
    }

    func messages(_ bytes: [UInt8], maxPayload: Int = 4096, chunk: Int = 1) throws(ClientFault) -> [ClientMessage] {
        var reader = WebSocketReader(maxPayload: maxPayload)
        var found: [ClientMessage] = []
        var at = 0
        while at < bytes.count {
            reader.append(bytes[at..<min(at + chunk, bytes.count)])
            at += chunk
            while let message = try reader.next() { found.append(message) }
        }
        return found
    }

    @Test func framesArriveWholeWhateverTheChunks() throws {
        let bytes = frame(0x9, Array("hello".utf8)) + frame(0xA, []) + frame(0x1, Array(repeating: 0x61, count: 300))
            + frame(0x8, [0x03, 0xE8, 0x62, 0x79, 0x65])
        for chunk in [1, 3, 7, 4096] {
            #expect(try messages(bytes, chunk: chunk) == [.ping(Array("hello".utf8)), .pong, .data, .close(1000)], "chunks of \(chunk)")
        }
        #expect(try messages(frame(0x8, [])) == [.close(nil)])
    }

    @Test func whatTheProtocolForbidsIsAFault() {
        let cases: [([UInt8], UInt16)] = [
            (frame(0x9, Array("x".utf8), masked: false), 1002),
            (frame(0x9, Array(repeating: 1, count: 126)), 1002),
            (frame(0x9, [], final: false), 1002),
            (frame(0x3, []), 1002),
            (frame(0xB, []), 1002),
            ([0xC1, 0x80, 0, 0, 0, 0], 1002),
            (frame(0x8, [0x03]), 1002),
            (frame(0x2, Array(repeating: 0, count: 5000)), 1009),
        ]
        for (bytes, code) in cases {
            #expect(throws: ClientFault.self, "\(bytes.prefix(4))") { _ = try messages(bytes, chunk: 4096) }
            do { _ = try messages(bytes, chunk: 4096) } catch { #expect(error.code == code, "\(bytes.prefix(4)): \(error)") }
        }
    }

    @Test func aHugeLengthIsRefusedFromItsHeader() {
        // 2^63 - 1 bytes announced, none sent: refused at once, nothing waited for.
        let header = frame(0x2, [], length: [127, 0x7F, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF])
        do {
            _ = try messages(header, chunk: 4096)
            Issue.record("accepted")
        } catch {
            #expect(error.code == 1009)
        }
    }

    @Test func serverFramesAreUnmaskedWithTheShortestLength() {
        #expect(WebSocketFrame.encode(0x1, Array("hi".utf8)) == [0x81, 2, 0x68, 0x69])
        #expect(WebSocketFrame.encode(0x1, [UInt8](repeating: 0, count: 200)).prefix(4) == [0x81, 126, 0, 200])
        #expect(WebSocketFrame.encode(0x1, [UInt8](repeating: 0, count: 70000)).prefix(10) == [0x81, 127, 0, 0, 0, 0, 0, 1, 0x11, 0x70])
        let close = WebSocketFrame.close(code: 4000, reason: String(repeating: "é", count: 100))
        #expect(close.count <= 127 && close[1] <= 125 && close[2...3] == [0x0F, 0xA0])
        #expect(String(decoding: close[4...], as: UTF8.self).allSatisfy { $0 == "é" }, "cut between characters")
    }

    @Test func aBudgetOfMessagesRefillsWithTime() {
        var budget = MessageBudget(burst: 100, perSecond: 10)
        let spent = (0..<101).map { _ in budget.spend(at: 50) }
        #expect(spent == Array(repeating: true, count: 100) + [false])
        let later = [budget.spend(at: 50.1), budget.spend(at: 50.1)]
        #expect(later == [true, false], "a tenth of a second: one more")
        let refilled = (0..<101).map { _ in budget.spend(at: 1000) }
        #expect(refilled == Array(repeating: true, count: 100) + [false], "refilled, to its burst")
    }
}
