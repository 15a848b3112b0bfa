import Foundation
import PinPlatform
import PinRender
import PinRenderCore
import PinServiceCore

/// The media types an import's body may be sent as, and the format each says.
enum InterchangeTypes {
    /// Every type `POST .../import` takes: none a form or a plain `fetch` sends unasked.
    static let accepted = ["application/pdf", "application/vnd.adobe.xfdf", "application/ld+json", "application/xml",
                           "text/xml", "application/json"]

    /// The format a type names; nil for the generic ones (XML, JSON), whose bytes tell.
    static func format(ofType type: String?) -> InterchangeFormat? {
        switch type?.split(separator: ";").first?.trimmingCharacters(in: .whitespaces).lowercased() {
        case "application/pdf": .pdf
        case "application/vnd.adobe.xfdf": .xfdf
        case "application/ld+json": .w3c
        default: nil
        }
    }
}

/// What an import did, as the service answers it: the ids of the pins created and of those
/// found with the same comment (nothing done), and a line for each comment left out.
struct ImportAnswer: Encodable {
    var contentId: String
    var created: [String]
    var skipped: [String]
    var warnings: [String]
    /// The store's last change after the import: the events and changes up to it include
    /// the pins created.
    var cursor: Int
}

extension PinServer {
    /// `POST /v1/contents/{id}/import` with a PDF, an XFDF or a W3C Web Annotation document
    /// as the body (its format: `?format=`, else its type, else its first bytes), written to a
    /// file as it came, within the upload's limit. A worker reads its comments as `pinrender
    /// import` does (``RenderService/importComments(_:format:contentId:document:baseURL:done:)``:
    /// XFDF and W3C placed on the content's document, a PDF on its own pages), then the pins
    /// are created by ``ReviewService/importPins(_:into:stepSize:step:)`` in steps on the
    /// writer, with the events of any create. 200 with ``ImportAnswer``; a body that cannot
    /// be read is a 400 naming the annotation and field.
    func importComments(_ request: HTTPRequest, contentId: String) throws {
        guard let body = request.bodyFile else {
            throw ServiceError(status: 500, message: "the import's body was not kept")
        }
        let file = try body.finish()
        let bound = LoopBound(value: (request: request, file: file))
        let finish: @Sendable (Result<ImportAnswer, Error>) -> Void = { result in
            MainLoop.perform {
                try? FileManager.default.removeItem(at: bound.value.file)
                switch result {
                case .success(let answer): bound.value.request.respond(200, json: answer)
                case .failure(let error): bound.value.request.fail(ServiceError(error))
                }
                bound.value.request.resume()
            }
        }
        let format: InterchangeFormat
        do {
            let head = (try? FileHandle(forReadingFrom: file))?.readData(ofLength: 1024) ?? Data()
            guard let known = try QueryOptions.parse(request.query, as: .importing).format
                    ?? InterchangeTypes.format(ofType: request.header("Content-Type"))
                    ?? (try? InterchangeFormat.detect(head, source: "body")) else {
                throw InputError(source: "request", location: "body", problem: """
                    is neither a PDF, XFDF nor W3C JSON-LD (send it as its type, or say ?format=pdf|xfdf|w3c)
                    """)
            }
            format = known
        } catch {
            try? FileManager.default.removeItem(at: file)
            throw error
        }
        let base = baseURL(of: request)
        request.pause()
        let directory = store.contentsDirectory
        stores.readers.async { [service, renders, stores] in
            let content: ContentRecord
            do { content = try service.content(contentId) } catch { return finish(.failure(error)) }
            let document = format == .pdf ? nil : directory.appendingPathComponent(content.file).path
            renders.importComments(file, format: format.rawValue, contentId: contentId, document: document, baseURL: base) { imported in
                stores.batches.async {
                    finish(Result {
                        let read = try imported.mapError { Self.importRefusal($0, of: file) }.get()
                        let pins = try PinDecoder(source: "body").decode(read.pinsJSON)
                        let dated = pins.filter { PinRequest.dates.contains($0.createdAt) }
                        let report = try service.importPins(dated, into: contentId, stepSize: StoreQueues.batchStep, step: stores.writeStep)
                        let undated = pins.filter { !PinRequest.dates.contains($0.createdAt) }.map {
                            "\"\($0.id)\": createdAt: \(ISODate.string($0.createdAt)) is not between 1970 and 9999; left out"
                        }
                        return ImportAnswer(contentId: contentId, created: report.created.map(\.pin.id), skipped: report.skipped,
                                            warnings: read.warnings.map { Self.named($0, file: file) } + undated + report.warnings,
                                            cursor: try service.lastSeq())
                    })
                }
            }
        }
    }

    /// A worker's refusal of an import's body as the answer: `body: ` and the annotation and
    /// field at fault, without the body file's path.
    private static func importRefusal(_ error: ServiceError, of file: URL) -> ServiceError {
        guard error.status == 400 || error.status == 422 else { return error }
        let message = named(error.message, file: file)
        return ServiceError(status: error.status, message: message.hasPrefix("body") ? message : "body: " + message)
    }

    /// A worker's line with the body's file named `body`.
    private static func named(_ line: String, file: URL) -> String {
        line.replacingOccurrences(of: file.path, with: "body")
    }

    /// `GET /v1/contents/{id}/pins.xfdf` and `.../pins.jsonld`: the content's live pins as
    /// `pinrender export --format xfdf|w3c` writes them (``ExportJob/export(_:from:format:settings:href:warn:)``):
    /// XFDF with the content's PDF (its pages, `/ID`, its file's name as `<f href>`), W3C with
    /// this server as the base of the ids (`http://HOST/annotations/CONTENT/PIN`, the
    /// protocol's IRIs). XFDF of an image is a 422. `?revision=N`: the export of that revision:
    /// its file (for XFDF, its pages and `/ID`) and the pins where they were on it.
    func exportPins(_ request: HTTPRequest, contentId: String, format: InterchangeFormat) {
        let base = baseURL(of: request)
        let directory = store.contentsDirectory
        let query = request.query
        answer(request, on: .readers, { [service] in
            let (content, stored) = try Self.shown(contentId, revisionIn: query, of: service)
            var settings = InterchangeSettings()
            settings.contentId = contentId
            settings.baseURL = base
            if format == .xfdf {
                guard content.kind == "pdf" else {
                    throw ServiceError(status: 422, message: "content \"\(contentId)\" is a \(content.kind.uppercased()) image: XFDF is about a PDF (its pins are in pins.jsonld)")
                }
                settings.document = directory.appendingPathComponent(content.file).path
            }
            return try ExportJob.export(stored.map(\.pin), from: "content \"\(contentId)\"", format: format, settings: settings,
                                        href: content.file, warn: { _ in }).data
        }) { request, data in
            request.respond(200, body: data, type: format == .xfdf ? "application/vnd.adobe.xfdf" : AnnotationProtocol.mediaType)
        }
    }

    /// This server as its clients reach it, the base of the W3C ids: the request's `Host` (a
    /// proxy in front passes it on) after `https://` when the proxy says
    /// `X-Forwarded-Proto: https`, else `http://`.
    func baseURL(of request: HTTPRequest) -> String {
        let host = request.header("Host").flatMap { $0.isEmpty ? nil : $0 } ?? "\(configuration.host):\(configuration.port)"
        let scheme = request.header("X-Forwarded-Proto")?.lowercased() == "https" ? "https" : "http"
        return scheme + "://" + host.filter { !$0.isWhitespace && $0 != "/" }
    }
}
