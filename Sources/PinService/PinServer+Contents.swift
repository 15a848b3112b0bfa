import Foundation
import PinRenderCore

extension PinServer {
    /// `PUT /v1/contents/{id}` with the file as the body: a PDF, PNG or JPEG (by its bytes),
    /// checked by a render worker (``checkUpload(_:kind:)``), which reads its pages' sizes.
    /// 201 when new, 200 when it replaced the content's file (its pins stay).
    func upload(_ request: HTTPRequest, contentId: String) throws {
        let (record, created) = try saveContent(contentId, file: request.body)
        request.respond(created ? 201 : 200, json: record)
    }

    /// Stores `body` as the file of a content, replacing the one it had; `created` when it
    /// had none. Throws 400 when the file is not a PDF, PNG or JPEG the engine can read, 422
    /// when reading it is over the limits of one render.
    public func saveContent(_ contentId: String, file body: Data) throws -> (content: ContentRecord, created: Bool) {
        try Route.check(contentId: contentId)
        let kind: String
        if body.starts(with: [0x89, 0x50, 0x4E, 0x47]) {
            kind = "png"
        } else if body.starts(with: [0xFF, 0xD8, 0xFF]) {
            kind = "jpeg"
        } else if body.prefix(1024).range(of: Data("%PDF-".utf8)) != nil {
            kind = "pdf"
        } else {
            throw ServiceError(status: 400, message: "body: not a PDF, PNG or JPEG file (\(body.count) bytes)")
        }
        let directory = store.contentsDirectory
        let file = "\(contentId).\(kind)"
        let temporary = directory.appendingPathComponent(".\(contentId).upload")
        try body.write(to: temporary)
        defer { try? FileManager.default.removeItem(at: temporary) }
        let (pages, unit) = try checkUpload(temporary, kind: kind)
        let previous = try store.content(contentId)
        guard rename(temporary.path, directory.appendingPathComponent(file).path) == 0 else {
            throw ServiceError(status: 500, message: "cannot store the file: \(String(cString: strerror(errno)))")
        }
        if let previous, previous.file != file {
            try? FileManager.default.removeItem(at: directory.appendingPathComponent(previous.file))
        }
        let record = ContentRecord(id: contentId, kind: kind, file: file, bytes: body.count, unit: unit, pages: pages,
                                   updatedAt: AppPin.timestamp(Date()))
        try store.saveContent(record)
        renders.forget(contentId)
        return (record, previous == nil)
    }

    /// `--demo`: the samples' floor plan, photo and screenshot with their pins (the ones
    /// `make demo` renders: the plan and the photo without their calibration targets),
    /// unless they are there already.
    public func loadDemo(samples: URL) throws {
        let demos = [("floorplan", "demo/floorplan.pdf", "threads.json"), ("photo", "demo/photo.jpg", "photo.json"),
                     ("screenshot", "screenshot.png", "screenshot.json")]
        for (id, file, pins) in demos where try store.content(id) == nil {
            _ = try saveContent(id, file: try Data(contentsOf: samples.appendingPathComponent(file)))
            let path = samples.appendingPathComponent("pins").appendingPathComponent(pins).path
            for pin in try PinDecoder(source: path).decode(try Data(contentsOf: URL(fileURLWithPath: path)))
                .sorted(by: { ($0.parentId != nil ? 1 : 0, $0.createdAt) < ($1.parentId != nil ? 1 : 0, $1.createdAt) }) {
                _ = try store.create(pin)
            }
        }
    }

    /// Checks a finished upload before it is kept, in a render worker within the limits of
    /// one render (``RenderService/check(_:)``): that it opens as a render opens it, that an
    /// image's rows all decode (a PNG or JPEG cut short is refused now, not at every render),
    /// and its pages' sizes. 400 when it cannot be read or has more pixels than the limit; 422
    /// when reading it takes more memory or time than one render may; 500 when it could not
    /// be checked.
    func checkUpload(_ file: URL, kind: String) throws(ServiceError) -> (pages: [ContentRecord.PageSize], unit: String) {
        do {
            return try renders.check(file)
        } catch {
            let reason = error.message.replacingOccurrences(of: file.path + ": ", with: "").replacingOccurrences(of: file.path, with: "the file")
            switch error.status {
            case 400: throw ServiceError(status: 400, message: "body: the \(kind.uppercased()) cannot be read: \(reason)")
            case 422: throw ServiceError(status: 422, message: "body: the \(kind.uppercased()) cannot be read within the service's limits: \(reason)")
            default: throw ServiceError(status: error.status, message: "the upload could not be checked: \(reason)")
            }
        }
    }
}
