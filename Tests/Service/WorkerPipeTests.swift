import Foundation
import Testing
import PinRender
@testable import PinService

/// A render worker's pipe, over a real socket pair: a payload sent from an unnamed file
/// (the kernel's copy) arrives whole after its line; one larger than the reader takes is
/// refused before it is read.
@Suite struct WorkerPipeTests {
    /// Both ends of a local socket pair, as a worker's answers travel.
    static func pair() throws -> (writer: WorkerPipe, reader: WorkerPipe) {
        var ends: [Int32] = [-1, -1]
        guard socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0, &ends) == 0 else { throw WorkerPipeError.failed("socketpair") }
        return (WorkerPipe(descriptor: ends[0]), WorkerPipe(descriptor: ends[1]))
    }

    /// An unnamed file holding `bytes`.
    static func file(_ bytes: Data) throws -> UnnamedFile {
        let file = try UnnamedFile(label: "render.png")
        try bytes.write(to: URL(fileURLWithPath: file.path))
        return file
    }

    @Test func aFileArrivesWholeAfterItsLine() throws {
        let (writer, reader) = try Self.pair()
        // Within the socket's buffer, so that one thread can send, then read.
        let bytes = Data((0..<100_000).map { UInt8(truncatingIfNeeded: $0 &* 7) })
        let file = try Self.file(bytes)
        try writer.write(WorkerAnswer(bytes: file.size), file: file)
        let read = try #require(try reader.read(WorkerAnswer.self, until: RenderWorkerSlot.now() + 60, maxBytes: bytes.count))
        #expect(read.0.bytes == bytes.count)
        #expect(read.1 == bytes)
    }

    @Test func aPayloadPastTheLimitIsRefusedUnread() throws {
        let (writer, reader) = try Self.pair()
        try writer.write(WorkerAnswer(bytes: 101), payload: Data(count: 101))
        #expect {
            _ = try reader.read(WorkerAnswer.self, until: RenderWorkerSlot.now() + 60, maxBytes: 100)
        } throws: { error in
            if case WorkerPipeError.tooLarge(bytes: 101) = error { true } else { false }
        }
    }
}
