import Foundation
import PinRender

/// A message on a render worker's pipes (``WorkerJob``, ``WorkerAnswer``): a line of JSON,
/// then as many bytes as its ``bytes`` says (the pins of a render, the rendered file).
protocol WorkerMessage: Codable {
    /// The bytes that follow the line.
    var bytes: Int { get }
}

/// What went wrong on a worker's pipe.
enum WorkerPipeError: Error, CustomStringConvertible {
    /// Nothing came before the deadline.
    case timedOut
    /// The pipe ended inside a message.
    case cut
    /// The line is not the message it should be.
    case malformed(String)
    /// A read or write failed (`errno`'s text).
    case failed(String)
    /// The message says more bytes follow than the reader takes (its payload is not read).
    case tooLarge(bytes: Int)

    var description: String {
        switch self {
        case .timedOut: "no answer in time"
        case .cut: "the pipe ended inside a message"
        case .malformed(let reason): "a message that cannot be read (\(reason))"
        case .failed(let reason): reason
        case .tooLarge(let bytes): "a message of \(bytes) bytes, more than it may be"
        }
    }
}

/// One end of a worker's pipe: writes messages, or reads them as they come, waiting for each
/// until a deadline when given one. Owns the file descriptor and closes it.
///
///     let pipe = WorkerPipe(descriptor: fd)
///     try pipe.write(job, payload: pins)
///     let (answer, file) = try pipe.read(WorkerAnswer.self, until: deadline)!
final class WorkerPipe {
    private(set) var descriptor: Int32
    private var buffer = Data()

    init(descriptor: Int32) {
        self.descriptor = descriptor
    }

    deinit { close() }

    /// Closes the descriptor (the other side reads the end of the pipe); once only.
    func close() {
        if descriptor >= 0 { Glibc.close(descriptor) }
        descriptor = -1
    }

    /// Writes `message` and its `payload` (of `message.bytes` bytes) whole, waiting until
    /// `deadline` at most when given one (as ``read(_:until:maxBytes:)``).
    func write(_ message: some WorkerMessage, payload: Data, until deadline: Double? = nil) throws {
        var line = try JSONEncoder().encode(message)
        line.append(UInt8(ascii: "\n"))
        for part in [line, payload] {
            try part.withUnsafeBytes { raw in
                var done = 0
                while done < raw.count {
                    try wait(for: POLLOUT, until: deadline)
                    let count = Glibc.write(descriptor, raw.baseAddress! + done, raw.count - done)
                    if count < 0 && errno == EINTR { continue }
                    guard count > 0 else { throw WorkerPipeError.failed("writing: \(String(cString: strerror(errno)))") }
                    done += count
                }
            }
        }
    }

    /// Writes `message`, then the first `message.bytes` bytes of `file` as its payload,
    /// copied by the kernel (`sendfile`): they never pass through this process's memory.
    func write(_ message: some WorkerMessage, file: UnnamedFile) throws {
        try write(message, payload: Data())
        var offset: off_t = 0
        while offset < message.bytes {
            let count = sendfile(descriptor, file.descriptor, &offset, message.bytes - Int(offset))
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else {
                throw count == 0 ? WorkerPipeError.cut : WorkerPipeError.failed("sending: \(String(cString: strerror(errno)))")
            }
        }
    }

    /// The next message and its payload; nil when the pipe ends between messages. With a
    /// `deadline` (seconds on `DispatchTime`'s clock), throws ``WorkerPipeError/timedOut``
    /// once it passes; throws ``WorkerPipeError/tooLarge(bytes:)`` for a payload of more
    /// than `maxBytes`, before reading it. The payload is read into its own buffer of its
    /// size, never held twice.
    func read<Message: WorkerMessage>(_ type: Message.Type, until deadline: Double? = nil,
                                      maxBytes: Int = .max) throws -> (Message, Data)? {
        var newline = buffer.firstIndex(of: UInt8(ascii: "\n"))
        while newline == nil {
            guard try fill(until: deadline) else {
                if buffer.isEmpty { return nil }
                throw WorkerPipeError.cut
            }
            newline = buffer.firstIndex(of: UInt8(ascii: "\n"))
        }
        let line = buffer[buffer.startIndex..<newline!]
        let message: Message
        do {
            message = try JSONDecoder().decode(Message.self, from: line)
        } catch {
            throw WorkerPipeError.malformed(String(decoding: line.prefix(200), as: UTF8.self))
        }
        buffer = Data(buffer[(newline! + 1)...])
        guard message.bytes >= 0 else { throw WorkerPipeError.malformed("bytes: \(message.bytes)") }
        guard message.bytes <= maxBytes else { throw WorkerPipeError.tooLarge(bytes: message.bytes) }
        let buffered = min(buffer.count, message.bytes)
        var payload = Data(count: message.bytes)
        payload.replaceSubrange(0..<buffered, with: buffer.prefix(buffered))
        buffer = Data(buffer.dropFirst(buffered))
        try payload.withUnsafeMutableBytes { raw in
            var done = buffered
            while done < raw.count {
                try wait(for: POLLIN, until: deadline)
                let count = Glibc.read(descriptor, raw.baseAddress! + done, raw.count - done)
                if count < 0 && errno == EINTR { continue }
                guard count >= 0 else { throw WorkerPipeError.failed("reading: \(String(cString: strerror(errno)))") }
                guard count > 0 else { throw WorkerPipeError.cut }
                done += count
            }
        }
        return (message, payload)
    }

    /// Waits for the other side to close its end, until `deadline`, dropping what it sends;
    /// false when the deadline came first.
    func waitForEnd(until deadline: Double) -> Bool {
        do {
            while try fill(until: deadline) { buffer.removeAll() }
            return true
        } catch WorkerPipeError.timedOut {
            return false
        } catch {
            // A read that fails: the end, as far as this side can tell.
            return true
        }
    }

    /// Reads what is there into ``buffer``, waiting until `deadline` for it; false at the end.
    private func fill(until deadline: Double?) throws -> Bool {
        try wait(for: POLLIN, until: deadline)
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = chunk.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count >= 0 else { throw WorkerPipeError.failed("reading: \(String(cString: strerror(errno)))") }
            buffer.append(contentsOf: chunk[..<count])
            return count > 0
        }
    }

    /// Waits until the descriptor is ready for `events` (or has ended), or throws
    /// ``WorkerPipeError/timedOut`` once `deadline` passes; at once without a deadline.
    private func wait(for events: Int32, until deadline: Double?) throws {
        guard let deadline else { return }
        var ready = pollfd(fd: descriptor, events: Int16(events), revents: 0)
        while true {
            let left = deadline - Double(DispatchTime.now().uptimeNanoseconds) / 1e9
            guard left > 0 else { throw WorkerPipeError.timedOut }
            let status = poll(&ready, 1, Int32(min(left * 1000, 60_000).rounded(.up)))
            if status > 0 { return }
            if status < 0 && errno != EINTR { throw WorkerPipeError.failed("waiting: \(String(cString: strerror(errno)))") }
        }
    }
}
