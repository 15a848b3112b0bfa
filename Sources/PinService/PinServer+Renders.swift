import Foundation
import PinPlatform

extension PinServer {
    /// `GET /v1/contents/{id}/render.png?...` and `render.pdf`: the content with its current
    /// pins, as `pinrender render` draws them with the same options, in a render worker within
    /// the service's limits (422 naming the limit past one); 304 when the client's ETag is the
    /// current one.
    func render(_ request: HTTPRequest, contentId: String, format: String) throws {
        let content = try Self.content(try service.content(contentId), revisionIn: request.query, of: service)
        let pins = try service.pins(of: contentId).pins
        let pinsSeq = try service.pinsSeq(of: contentId)
        let job = try renders.request(query: request.query, format: format, content: content, pinsSeq: pinsSeq)
        let type = format == "png" ? "image/png" : "application/pdf"
        let headers = [("ETag", job.etag), ("Cache-Control", "no-cache")]
        if request.header("If-None-Match")?.split(separator: ",").contains(where: {
            $0.trimmingCharacters(in: .whitespaces) == job.etag
        }) == true {
            request.respond(304, headers: headers)
            return
        }
        if let data = renders.cached(job) {
            request.respond(200, body: data, type: type, headers: headers)
            return
        }
        let bound = LoopBound(value: request)
        try renders.render(job, document: store.path(of: content), pins: pins) { result in
            switch result {
            case .success(let data): bound.value.respond(200, body: data, type: type, headers: headers)
            // A 500 (a worker that died) goes to the log, with its id in the answer.
            case .failure(let error): bound.value.fail(ServiceError(error))
            }
            bound.value.resume()
        }
        request.pause()
    }
}
