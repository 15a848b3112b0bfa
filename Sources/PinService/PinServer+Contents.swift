import Foundation
import PinPlatform
import PinRenderCore
import PinServiceCore

extension PinServer {
    /// `PUT /v1/contents/{id}` with the file as the body: a PDF, PNG or JPEG (by its bytes),
    /// written to a file as it came (the early handler asked for it:
    /// ``HTTPRequest/streamBody(into:name:)``), checked by a render worker off the loop thread
    /// (``RenderService/check(_:)``), which reads its pages' sizes, then kept
    /// (``ReviewService/keep(_:pages:)``) by the store's writer. 201 when new, 200 when it
    /// replaced the content's file (its pins stay).
    func upload(_ request: HTTPRequest, contentId: String) throws {
        guard let body = request.bodyFile else {
            throw ServiceError(status: 500, message: "the upload's body was not kept")
        }
        let staged = try service.stage(contentId, file: try body.finish())
        let (service, writer, server) = (service, stores.writer, LoopBound(value: self))
        request.answerLater({ finish in
            server.value.renders.check(staged.temporary) { checked in
                let pages = checked.map { ReviewService.DocumentPages(pages: $0.pages, unit: $0.unit) }
                    .mapError { Self.refusal($0, of: staged) }
                writer.submit({ try service.keep(staged, pages: pages.get()) }, done: { kept in
                    try? FileManager.default.removeItem(at: staged.temporary)
                    finish(kept.mapError(ServiceError.answer(for:)))
                })
            }
        }, answer: { request, kept in
            switch kept {
            case .success(let kept):
                server.value.renders.forget(contentId)
                request.respond(kept.created ? 201 : 200, json: kept.content)
            case .failure(let error):
                request.fail(ServiceError(error))
            }
        })
    }

    /// Stores the file at `temporary` (in ``PinStore/contentsDirectory``: moved into place, or
    /// removed) as the file of a content, replacing the one it had, once a render worker has
    /// checked it (the loop waits for it); `created` when it had none. Throws 400 when the
    /// file is not a PDF, PNG or JPEG the engine can read, 422 when reading it is over the
    /// limits of one render.
    public func saveContent(_ contentId: String, file temporary: URL) throws -> (content: ContentRecord, created: Bool) {
        let staged = try service.stage(contentId, file: temporary)
        defer { try? FileManager.default.removeItem(at: staged.temporary) }
        do {
            return try keep(staged, checked: renders.check(staged.temporary))
        } catch {
            throw Self.refusal(error, of: staged)
        }
    }

    /// Keeps a checked upload and forgets the renders of the content's previous file.
    private func keep(_ staged: ReviewService.StagedUpload, checked: RenderService.Checked) throws
        -> (content: ContentRecord, created: Bool) {
        let kept = try service.keep(staged, pages: ReviewService.DocumentPages(pages: checked.pages, unit: checked.unit))
        renders.forget(staged.contentId)
        return kept
    }

    /// A check's refusal as the upload's answer, without the temporary file's path: 400 when
    /// it cannot be read or has more pixels than the limit, 422 when reading it takes more
    /// memory or time than one render may; other errors as they are.
    private static func refusal(_ error: Error, of staged: ReviewService.StagedUpload) -> Error {
        guard let error = error as? ServiceError, error.status == 400 || error.status == 422 else { return error }
        let path = staged.temporary.path
        let reason = error.message.replacingOccurrences(of: path + ": ", with: "").replacingOccurrences(of: path, with: "the file")
        let what = error.status == 400 ? "cannot be read" : "cannot be read within the service's limits"
        return ServiceError(status: error.status, message: "body: the \(staged.kind.uppercased()) \(what): \(reason)")
    }

    /// `--demo`: the samples' floor plan, photo and screenshot with their pins (the ones
    /// `make demo` renders: the plan and the photo without their calibration targets),
    /// unless they are there already.
    public func loadDemo(samples: URL) throws {
        let demos = [("floorplan", "demo/floorplan.pdf", "threads.json"), ("photo", "demo/photo.jpg", "photo.json"),
                     ("screenshot", "screenshot.png", "screenshot.json")]
        for (id, file, pins) in demos where try service.store.content(id) == nil {
            let copy = try UploadFile(directory: store.contentsDirectory, name: id)
            try Data(contentsOf: samples.appendingPathComponent(file)).withUnsafeBytes { copy.append($0) }
            _ = try saveContent(id, file: try copy.finish())
            let path = samples.appendingPathComponent("pins").appendingPathComponent(pins).path
            for pin in try PinDecoder(source: path).decode(try Data(contentsOf: URL(fileURLWithPath: path)))
                .sorted(by: { ($0.parentId != nil ? 1 : 0, $0.createdAt) < ($1.parentId != nil ? 1 : 0, $1.createdAt) }) {
                _ = try service.create(pin)
            }
        }
    }
}
