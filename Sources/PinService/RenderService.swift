import Foundation
import PinRender
import PinRenderCore

/// Renders for `GET .../render.png` and `.../render.pdf`: the query read by the CLI's own
/// option parser (`page`, `dpi`, `width`, `height`, `scale`, `device`, `zoom`, `offset`,
/// `focus`, `safeArea`, `tooltips`, `cluster`, `include`, `timezone`: the `render`
/// command's options by their keys), the current pins written as the CLI reads them, and
/// ``RenderJob`` run on them, off the loop thread, one render at a time (each uses every
/// core). Answers are cached by content, its pins' last change and the options, with an
/// ETag made of the same.
final class RenderService: @unchecked Sendable {
    /// The render options a query may set: no paths on the server (no theme, no input).
    static let parser = OptionParser<RenderOptions>(command: "render", groups: [
        .page, .size, OptionGroup(title: nil, options: [.tooltips, .cluster, .include, .timezone]), .device, .view,
    ])

    /// What a render is asked for: the options, and the cache key and ETag they give.
    struct Request {
        var contentId: String
        var options: RenderOptions
        var key: String
        var etag: String
    }

    private let scratch: URL
    private let queue = DispatchQueue(label: "pinrender.service.renders")
    /// Renders waiting or running (loop thread only); past ``maxQueued``, 503.
    private(set) var queued = 0
    private let maxQueued = 16
    private var cache = RenderCache(limit: 64 << 20)

    init(scratch: URL) throws {
        self.scratch = scratch
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
    }

    /// Reads the query of a render of `content` (`format` png or pdf) whose pins last
    /// changed at `pinsSeq`. A PNG is of page 1 unless `page` says otherwise; a PDF has every
    /// page unless `page` picks one.
    func request(query: [String: String], format: String, content: ContentRecord, pinsSeq: Int) throws -> Request {
        var options = RenderOptions.unset
        if format == "png" { options.pages = .list([1]) }
        options.timeout = 120
        let fields = query.filter { $0.key != "access_token" }
        try Self.parser.parse(fields: fields.mapValues { FieldValue.text($0) }, into: &options, source: "query", location: "")
        let canonical = fields.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: "&")
        let key = "\(content.id)|\(content.updatedAt)|\(pinsSeq)|\(format)|\(canonical)"
        return Request(contentId: content.id, options: options, key: key, etag: "\"\(Self.hash(key))\"")
    }

    /// A cached answer for `request`, if there is one.
    func cached(_ request: Request) -> Data? {
        cache[request.key]
    }

    /// Renders off the loop thread, then calls `done` on it with the bytes or the error.
    func render(_ request: Request, document: String, pins: [StoredPin], format: String,
                done: @escaping (Result<Data, Error>) -> Void) throws {
        guard queued < maxQueued else {
            throw ServiceError(status: 503, message: "\(queued) renders are waiting; retry in a moment")
        }
        queued += 1
        let pinsJSON = try JSONEncoder().encode(["pins": pins.map { AppPin(pin: $0.pin) }])
        let job = scratch.appendingPathComponent(UUID().uuidString)
        var options = request.options
        options.input = document
        options.pins = job.appendingPathComponent("pins.json").path
        options.output = job.appendingPathComponent("render.\(format)").path
        let finish = LoopBound(value: done)
        queue.async { [self, options] in
            let result = Result { () throws -> Data in
                defer { try? FileManager.default.removeItem(at: job) }
                try FileManager.default.createDirectory(at: job, withIntermediateDirectories: true)
                try pinsJSON.write(to: URL(fileURLWithPath: options.pins))
                do {
                    _ = try RenderJob(options: options).run()
                } catch {
                    throw Self.failure(error, document: document, content: request.contentId)
                }
                return try Data(contentsOf: URL(fileURLWithPath: options.output))
            }
            let sendable = LoopBound(value: result)
            MainLoop.perform { [self] in
                queued -= 1
                if case .success(let data) = sendable.value { cache[request.key] = data }
                finish.value(sendable.value)
            }
        }
    }

    /// A render's error as an answer, the server's paths replaced by the content's name:
    /// a bad option 400, a disk that cannot take the output 500, a document the engine
    /// cannot draw with these options 422.
    private static func failure(_ error: Error, document: String, content: String) -> ServiceError {
        let status: Int
        switch error {
        case is InputError: status = 400
        case is OutputError: status = 500
        default: status = 422
        }
        let text = (error as? InputError).map(ServiceError.describe) ?? "\(error)"
        return ServiceError(status: status, message: text.replacingOccurrences(of: document, with: "content \"\(content)\""))
    }

    /// FNV-1a, 64 bits, in hex: short, and the same on every run.
    private static func hash(_ text: String) -> String {
        var value: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 {
            value ^= UInt64(byte)
            value = value &* 0x100_0000_01b3
        }
        return String(value, radix: 16)
    }
}

/// Rendered bytes by key, the oldest dropped past `limit` bytes in all.
struct RenderCache {
    let limit: Int
    private var entries: [String: Data] = [:]
    private var order: [String] = []
    private var bytes = 0

    init(limit: Int) {
        self.limit = limit
    }

    subscript(key: String) -> Data? {
        get { entries[key] }
        set {
            guard let newValue, newValue.count <= limit, entries[key] == nil else { return }
            entries[key] = newValue
            order.append(key)
            bytes += newValue.count
            while bytes > limit, let oldest = order.first {
                order.removeFirst()
                bytes -= entries.removeValue(forKey: oldest)?.count ?? 0
            }
        }
    }
}
