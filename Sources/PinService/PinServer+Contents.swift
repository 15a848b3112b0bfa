import Foundation
import PinRender
import PinRenderCore

extension PinServer {
    /// `PUT /v1/contents/{id}` with the file as the body: a PDF, PNG or JPEG (by its bytes),
    /// opened by the render engine to check it and read its pages' sizes. 201 when new, 200
    /// when it replaced the content's file (its pins stay). The body was written to a file
    /// as it came (the early handler asked for it: ``HTTPRequest/streamBody(into:name:)``).
    func upload(_ request: HTTPRequest, contentId: String) throws {
        guard let body = request.bodyFile else {
            throw ServiceError(status: 500, message: "the upload's body was not kept")
        }
        let (record, created) = try saveContent(contentId, file: try body.finish())
        request.respond(created ? 201 : 200, json: record)
    }

    /// Stores the file at `temporary` (in ``PinStore/contentsDirectory``: moved into place,
    /// or removed) as the file of a content, replacing the one it had; `created` when it had
    /// none. Throws 400 when the file is not a PDF, PNG or JPEG the engine can open.
    public func saveContent(_ contentId: String, file temporary: URL) throws -> (content: ContentRecord, created: Bool) {
        defer { try? FileManager.default.removeItem(at: temporary) }
        try Route.check(contentId: contentId)
        let bytes = (try? FileManager.default.attributesOfItem(atPath: temporary.path)[.size] as? Int) ?? 0
        let head = try FileHandle(forReadingFrom: temporary).read(upToCount: 1024) ?? Data()
        let kind: String
        if head.starts(with: [0x89, 0x50, 0x4E, 0x47]) {
            kind = "png"
        } else if head.starts(with: [0xFF, 0xD8, 0xFF]) {
            kind = "jpeg"
        } else if head.range(of: Data("%PDF-".utf8)) != nil {
            kind = "pdf"
        } else {
            throw ServiceError(status: 400, message: "body: not a PDF, PNG or JPEG file (\(bytes) bytes)")
        }
        let directory = store.contentsDirectory
        let file = "\(contentId).\(kind)"
        let document: SourceDocument
        do {
            document = try SourceDocument.open(path: temporary.path, password: nil, pixelLimit: RenderOptions.unset.pixelLimit)
        } catch {
            throw ServiceError(status: 400, message: "body: the \(kind.uppercased()) cannot be read: \(Self.reason(error, file: temporary.path))")
        }
        let pages = try (1...document.pageCount).map { page in
            let size = try document.contentSize(page: page)
            return ContentRecord.PageSize(page: page, width: size.width, height: size.height)
        }
        let previous = try store.content(contentId)
        guard rename(temporary.path, directory.appendingPathComponent(file).path) == 0 else {
            throw ServiceError(status: 500, message: "cannot store the file: \(String(cString: strerror(errno)))")
        }
        if let previous, previous.file != file {
            try? FileManager.default.removeItem(at: directory.appendingPathComponent(previous.file))
        }
        let record = ContentRecord(id: contentId, kind: kind, file: file, bytes: bytes,
                                   unit: document.unitsPerInch == nil ? "px" : "pt", pages: pages,
                                   updatedAt: AppPin.timestamp(Date()))
        try store.saveContent(record)
        return (record, previous == nil)
    }

    /// `--demo`: the samples' floor plan, photo and screenshot with their pins (the ones
    /// `make demo` renders), unless they are there already.
    public func loadDemo(samples: URL) throws {
        let demos = [("floorplan", "floorplan.pdf", "threads.json"), ("photo", "photo.jpg", "photo.json"),
                     ("screenshot", "screenshot.png", "screenshot.json")]
        for (id, file, pins) in demos where try store.content(id) == nil {
            let copy = try UploadFile(directory: store.contentsDirectory, name: id)
            try Data(contentsOf: samples.appendingPathComponent(file)).withUnsafeBytes { copy.append($0) }
            _ = try saveContent(id, file: try copy.finish())
            let path = samples.appendingPathComponent("pins").appendingPathComponent(pins).path
            for pin in try PinDecoder(source: path).decode(try Data(contentsOf: URL(fileURLWithPath: path)))
                .sorted(by: { ($0.parentId != nil ? 1 : 0, $0.createdAt) < ($1.parentId != nil ? 1 : 0, $1.createdAt) }) {
                _ = try store.create(pin)
            }
        }
    }

    /// An error's text without the scratch file's path.
    private static func reason(_ error: Error, file: String) -> String {
        "\(error)".replacingOccurrences(of: file + ": ", with: "").replacingOccurrences(of: file, with: "the file")
    }
}
