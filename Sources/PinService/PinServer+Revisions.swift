import Foundation
import PinPlatform
import PinRenderCore
import PinServiceCore

/// What `POST /v1/contents/{id}/revisions` did: the revision, the content as it now is, the
/// carry's report as kept (``ReviewService/keepRevision(_:pages:read:carried:report:number:)``), and the pins it
/// edited (moved, or flagged `changed` or `gone`).
struct RevisionAnswer: Encodable {
    var revision: RevisionRecord
    var content: ContentRecord
    var report: JSONText
    var edited: [StoredPin]
    /// The store's last change after it: the events up to it include the edits.
    var cursor: Int
}

/// JSON kept as it was written (a carry report), encoded as that value.
struct JSONText: Encodable {
    var data: Data

    func encode(to encoder: Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(try JSONDecoder().decode(JSONAny.self, from: data))
    }
}

/// Any JSON value, read and written again as it was (key order aside: written sorted, as
/// the service's encoder writes every answer).
private enum JSONAny: Codable {
    case null, bool(Bool), number(Double), string(String), array([JSONAny]), object([String: JSONAny])

    init(from decoder: Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() { self = .null }
        else if let value = try? container.decode(Bool.self) { self = .bool(value) }
        else if let value = try? container.decode(Double.self) { self = .number(value) }
        else if let value = try? container.decode(String.self) { self = .string(value) }
        else if let value = try? container.decode([JSONAny].self) { self = .array(value) }
        else { self = .object(try container.decode([String: JSONAny].self)) }
    }

    func encode(to encoder: Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .null: try container.encodeNil()
        case .bool(let value): try container.encode(value)
        case .number(let value): try container.encode(value)
        case .string(let value): try container.encode(value)
        case .array(let value): try container.encode(value)
        case .object(let value): try container.encode(value)
        }
    }
}

extension PinServer {
    /// `POST /v1/contents/{id}/revisions` with the new revision's file as the body (a PDF, PNG
    /// or JPEG, within the upload's limit, written to a file as it came): checked by a render
    /// worker as an upload is (``RenderService/check(_:done:)``), then the content's live pins
    /// carried from its latest revision to it in that worker as `pinrender carry` does
    /// (``RenderService/carry(_:from:to:done:)``), then kept with the pins' edits in one
    /// transaction (``ReviewService/keepRevision(_:pages:read:carried:report:number:)``), each an
    /// event; what people did to the pins meanwhile is kept (``CarriedEdit``). 201 with
    /// ``RevisionAnswer``; a body that cannot be read is a 400 naming it.
    func uploadRevision(_ request: HTTPRequest, contentId: String) throws {
        guard let body = request.bodyFile else {
            throw ServiceError(status: 500, message: "the revision's body was not kept")
        }
        let staged = try service.stage(contentId, file: try body.finish())
        let bound = LoopBound(value: request)
        let finish: @Sendable (Result<RevisionAnswer, Error>) -> Void = { result in
            MainLoop.perform {
                try? FileManager.default.removeItem(at: staged.temporary)
                switch result {
                case .success(let answer): bound.value.respond(201, json: answer)
                case .failure(let error): bound.value.fail(ServiceError(error))
                }
                bound.value.resume()
            }
        }
        request.pause()
        let directory = store.contentsDirectory
        stores.readers.async { [service, renders, stores, carryGate] in
            let (content, number, read, pins): (ContentRecord, Int, [Pin], Data)
            do {
                content = try service.content(contentId)
                number = (try service.revisions(of: contentId).last?.number ?? 1) + 1
                read = try service.pins(of: contentId).pins.map(\.pin)
                pins = try JSONEncoder().encode(["pins": read.map { WirePin($0) }])
            } catch {
                return finish(.failure(error))
            }
            carryGate?.pass()
            let old = directory.appendingPathComponent(content.file).path
            MainLoop.perform {
                renders.check(staged.temporary) { checked in
                    let pages: RenderService.Checked
                    do { pages = try checked.mapError { Self.revisionRefusal($0, of: staged) }.get() } catch { return finish(.failure(error)) }
                    renders.carry(pins, from: old, to: staged.temporary) { carried in
                        stores.batches.async {
                            finish(Result {
                                let carried = try carried.mapError { Self.revisionRefusal($0, of: staged) }.get()
                                let report = Self.named(carried.report, paths: [old: "revision \(number - 1)", staged.temporary.path: "revision \(number)"])
                                var kept: ReviewService.RevisionOutcome?
                                try stores.writeStep {
                                    kept = try service.keepRevision(staged, pages: ReviewService.DocumentPages(pages: pages.pages, unit: pages.unit),
                                                                    read: read, carried: carried.pins, report: report, number: number)
                                }
                                guard let kept else { throw ServiceError(status: 500, message: "the revision was not kept") }
                                MainLoop.perform { renders.forget(contentId) }
                                return RevisionAnswer(revision: kept.revision, content: kept.content,
                                                      report: JSONText(data: kept.revision.report ?? report),
                                                      edited: kept.edited, cursor: try service.lastSeq())
                            })
                        }
                    }
                }
            }
        }
    }

    /// `GET /v1/contents/{id}/revisions/{n}`: the revision and its carry report (null for the first).
    func showRevision(_ request: HTTPRequest, contentId: String, number: Int) {
        answer(request, on: .readers, { [service] in try service.revision(number, of: contentId) }) { request, revision in
            struct Shown: Encodable {
                var revision: RevisionRecord
                var report: JSONText?

                enum CodingKeys: CodingKey { case revision, report }

                /// `report` always written: null for the first revision.
                func encode(to encoder: Encoder) throws {
                    var container = encoder.container(keyedBy: CodingKeys.self)
                    try container.encode(revision, forKey: .revision)
                    try container.encode(report, forKey: .report)
                }
            }
            request.respond(200, json: Shown(revision: revision, report: revision.report.map { JSONText(data: $0) }))
        }
    }

    /// The content as `?revision=N` asks to see it: the file of that revision in place of the
    /// latest; the content itself without it.
    static func content(_ content: ContentRecord, revisionIn query: [String: String], of service: ReviewService) throws -> ContentRecord {
        Self.content(content, showing: try olderRevision(in: query, of: content.id, service: service)?.shown)
    }

    /// The content and its live pins as `?revision=N` shows them: that revision's file, each
    /// pin where it was on it (``RevisionPlaces``: the pins created on a later revision left
    /// out); the latest file and the pins as they are without it. The pins are read before
    /// the revisions, so that a revision kept in between finds them as its carry read them.
    static func shown(_ contentId: String, revisionIn query: [String: String],
                      of service: ReviewService) throws -> (content: ContentRecord, pins: [StoredPin]) {
        let latest = try service.content(contentId)
        let pins = try service.pins(of: contentId).pins
        guard let (revision, revisions) = try olderRevision(in: query, of: contentId, service: service) else { return (latest, pins) }
        return (content(latest, showing: revision), try RevisionPlaces.pins(pins, on: revision.number, revisions: revisions))
    }

    /// `content` with the file of `revision` in place of its own (itself for nil).
    private static func content(_ content: ContentRecord, showing revision: RevisionRecord?) -> ContentRecord {
        guard let revision else { return content }
        var shown = content
        (shown.file, shown.kind) = (revision.file, revision.kind)
        return shown
    }

    /// The revision `?revision=N` names, with all of the content's, nil without it or when it
    /// is the latest: 400 for a value that is not a revision number, 404 for one the content
    /// does not have.
    private static func olderRevision(in query: [String: String], of contentId: String,
                                      service: ReviewService) throws -> (shown: RevisionRecord, all: [RevisionRecord])? {
        guard let asked = query["revision"] else { return nil }
        guard let number = Int(asked), number >= 1, String(number) == asked else {
            throw ReviewError.invalid("revision", "\"\(asked.prefix(40))\" is not a revision number (a whole number from 1)")
        }
        let revisions = try service.revisions(of: contentId)
        let revision = try ReviewService.revision(number, in: revisions, of: contentId)
        return revision.number == revisions.last?.number ? nil : (revision, revisions)
    }

    /// A worker's refusal of a revision's body as the answer, without the temporary file's path.
    private static func revisionRefusal(_ error: ServiceError, of staged: ReviewService.StagedUpload) -> ServiceError {
        guard error.status == 400 || error.status == 422 else { return error }
        let reason = error.message.replacingOccurrences(of: staged.temporary.path + ": ", with: "")
            .replacingOccurrences(of: staged.temporary.path, with: "the file")
        return ServiceError(status: error.status, message: reason.hasPrefix("body") ? reason : "body: " + reason)
    }

    /// A report with the files it names (JSON strings) named as `paths` says.
    private static func named(_ report: Data, paths: [String: String]) -> Data {
        var text = String(decoding: report, as: UTF8.self)
        let encoder = JSONEncoder()
        encoder.outputFormatting = .withoutEscapingSlashes
        for (path, name) in paths.sorted(by: { $0.key.count > $1.key.count }) {
            let quoted = String(decoding: (try? encoder.encode(path)) ?? Data(), as: UTF8.self)
            text = text.replacingOccurrences(of: quoted, with: "\"\(name)\"")
        }
        return Data(text.utf8)
    }
}
