import Foundation
import PinPlatform
import PinServiceCore

extension PinServer {
    /// `GET /v1/contents/{id}/render.png?...` and `render.pdf`: the content with its current
    /// pins, as `pinrender render` draws them with the same options, in a render worker within
    /// the service's limits (422 naming the limit past one); 304 when the client's ETag is the
    /// current one; `?revision=N` draws that revision's file with the pins where they were on it
    /// (``shown(_:revisionIn:of:)``).
    /// The content and its pins are read by the store's readers, off the loop thread; the
    /// cache and the workers are the loop's.
    func render(_ request: HTTPRequest, contentId: String, format: String) throws {
        let (service, server) = (service, LoopBound(value: self))
        let (query, ifNoneMatch) = (request.query, request.header("If-None-Match"))
        request.answerLater({ finish in
            stores.readers.async {
                let read = Result {
                    let (content, pins) = try Self.shown(contentId, revisionIn: query, of: service)
                    return (content, pins, try service.pinsSeq(of: contentId))
                }.mapError(ServiceError.answer(for:))
                MainLoop.perform {
                    do {
                        let (content, pins, pinsSeq) = try read.get()
                        try server.value.render(content: content, pins: pins, pinsSeq: pinsSeq, query: query, format: format,
                                                ifNoneMatch: ifNoneMatch, finish: finish)
                    } catch {
                        finish(.failure(ServiceError.answer(for: error)))
                    }
                }
            }
        }, answer: { request, outcome in
            switch outcome {
            case .success(let answer) where answer.body == nil: request.respond(304, headers: answer.headers)
            case .success(let answer): request.respond(200, body: answer.body!, type: answer.type, headers: answer.headers)
            // A 500 (a worker that died, a store that failed) goes to the log, with its id in the answer.
            case .failure(let error): request.fail(ServiceError(error))
            }
        })
    }

    /// A render's answer: its bytes (nil for 304: the client has them) and headers.
    struct RenderAnswer: Sendable {
        var body: Data?
        var type: String
        var headers: [(String, String)]
    }

    /// Answers from the cache, or with 304, or sends the job to the workers; on the loop.
    private func render(content: ContentRecord, pins: [StoredPin], pinsSeq: Int, query: [String: String], format: String,
                        ifNoneMatch: String?, finish: @escaping @Sendable (Result<RenderAnswer, ServiceError>) -> Void) throws {
        let job = try renders.request(query: query, format: format, content: content, pinsSeq: pinsSeq)
        let type = format == "png" ? "image/png" : "application/pdf"
        let headers = [("ETag", job.etag), ("Cache-Control", "no-cache")]
        if ifNoneMatch?.split(separator: ",").contains(where: { $0.trimmingCharacters(in: .whitespaces) == job.etag }) == true {
            return finish(.success(RenderAnswer(body: nil, type: type, headers: headers)))
        }
        if let data = renders.cached(job) {
            return finish(.success(RenderAnswer(body: data, type: type, headers: headers)))
        }
        try renders.render(job, document: store.path(of: content), pins: pins) { result in
            finish(result.map { RenderAnswer(body: $0, type: type, headers: headers) })
        }
    }
}
