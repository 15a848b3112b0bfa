import Foundation
import PinCommandLine
import PinRender
import PinRenderCore
import PinSync

/// `pinrender pins`: adds and edits pins in a local store, offline; `sync` sends the queued
/// changes to the pin service and takes the others' (``PinSyncStore``).
enum PinsCommand: Command {
    static let actions = ["add", "reply", "edit", "resolve", "reopen", "delete", "list", "sync", "watch"]

    static let parser = OptionParser<PinsOptions>(command: "pins", groups: [.store, .changes, .server])

    static var manual: Manual {
        Manual(pinrender: "pins", summary: "add and edit pins offline in a local store; sync them with the pin service", synopsis: [
            "pinrender pins add --store FILE --content ID --at X,Y --text TEXT [--page N]",
            "pinrender pins reply PIN --store FILE --text TEXT",
            "pinrender pins edit PIN --store FILE [--text TEXT] [--at X,Y] [--page N]",
            "pinrender pins resolve|reopen|delete PIN --store FILE",
            "pinrender pins list --store FILE [--content ID] [--json]",
            "pinrender pins sync --store FILE --server URL [--token TOKEN] [--content ID]",
            """
            pinrender pins watch --store FILE --server URL [--token TOKEN] [--content ID]
                                 [--render OUT.png INPUT|--canvas WxH [render options]]
            """,
        ], description: [
            .paragraph("""
                A change shows at once in list, marked [pending], and waits in the store until
                sync sends it. sync reports each change the server refused (a bad field, no
                permission) or that lost to another client's change to the same pin (the
                server's state wins); these are rolled back in the store. Render a store with
                pinrender render INPUT --pins store:FILE.
                """),
            .paragraph("""
                watch follows the service's live events until SIGINT or SIGTERM: each change
                from another client is applied to the store and printed as one line (seq,
                event, pin, author: text); a lost connection is opened again from the store's
                cursor. With --render OUT.png the page is drawn again after each change,
                written to a temporary file and renamed over OUT.png.
                """),
        ], options: parser.sections + OptionParser(command: "pins watch", groups: [PinsWatchCommand.render]).sections, exitStatus: [
            Manual.Definition("0", "done (watch: stopped by SIGINT or SIGTERM)"),
            Manual.Definition("1", "sync: a change was refused or lost a conflict (rolled back, listed)"),
            Manual.Definition("2", """
                bad usage or input, the server could not be reached (changes stay queued), or it
                refused the token or content
                """),
        ], examples: [
            Manual.Example("mkdir -p out"),
            Manual.Example(#"pinrender pins add --store out/site.pins --content floorplan --at 0.4,0.6 --text "Crack here""#),
            Manual.Example("pinrender pins list --store out/site.pins", comment: "the new pin, [pending] until a sync"),
            Manual.Example("pinrender render samples/floorplan.pdf --pins store:out/site.pins --page 1 --dpi 72 -o out/site.png"),
            Manual.Example("pinrender pins sync --store out/site.pins --server http://127.0.0.1:8080",
                           comment: "with pinrender serve running", needsServer: true),
            Manual.Example("""
                pinrender pins watch --store out/site.pins --server http://127.0.0.1:8080 \\
                    --render out/plan.png samples/floorplan.pdf --page 1 --dpi 72
                """, needsServer: true),
        ])
    }

    static func run(_ words: [String]) throws -> Int32 {
        guard let action = words.first, actions.contains(action) else {
            throw InputError.usage("pins needs one of \(actions.joined(separator: ", "))\(words.first.map { ", not \($0)" } ?? "")")
        }
        if action == "watch" { return try PinsWatchCommand.run(Array(words.dropFirst())) }
        var options = PinsOptions()
        let rest = try parser.parse(Array(words.dropFirst()), into: &options)
        let needsPin = !["add", "list", "sync"].contains(action)
        guard rest.count == (needsPin ? 1 : 0) else {
            throw InputError.usage(needsPin ? "pins \(action) needs the id of one PIN" : "pins \(action) takes no PIN")
        }
        do {
            return try run(action, pinId: rest.first, options, try PinSyncStore(path: options.store))
        } catch let error as PinSyncError {
            throw InputError(source: options.store, location: "", problem: error.description)
        }
    }

    private static func run(_ action: String, pinId: String?, _ options: PinsOptions, _ store: PinSyncStore) throws -> Int32 {
        let text = { (what: String) throws -> String in
            guard let text = options.text else { throw InputError.usage("pins \(what) needs --text") }
            return text
        }
        switch action {
        case "add":
            guard let point = options.point else { throw InputError.usage("pins add needs --at X,Y") }
            let pin = try store.create(on: try content(options, store), page: options.page ?? 1, x: point.x, y: point.y,
                                       text: try text("add"), author: options.author)
            print(pin.pin.id)
        case "reply":
            let (contentId, id) = try locate(pinId!, options, store)
            print(try store.reply(to: id, of: contentId, text: try text("reply"), author: options.author).pin.id)
        case "edit":
            let (contentId, id) = try locate(pinId!, options, store)
            let edit = PinEdit(text: options.text, point: options.point, page: options.page)
            guard edit != PinEdit() else { throw InputError.usage("pins edit needs --text, --at or --page") }
            try store.edit(id, of: contentId, edit)
        case "resolve", "reopen":
            let (contentId, id) = try locate(pinId!, options, store)
            try store.edit(id, of: contentId, PinEdit(resolved: action == "resolve"))
        case "delete":
            let (contentId, id) = try locate(pinId!, options, store)
            try store.delete(id, of: contentId)
        case "list":
            try list(options, store)
        default:
            return try sync(options, store)
        }
        return 0
    }

    /// `--content`, or the store's only content.
    static func content(_ options: PinsOptions, _ store: PinSyncStore) throws -> String {
        if let content = options.content { return content }
        let contents = try store.contents()
        guard contents.count == 1 else { throw PinSyncError.whichContent(contents) }
        return contents[0]
    }

    /// The content holding a live pin.
    private static func locate(_ id: String, _ options: PinsOptions, _ store: PinSyncStore) throws -> (String, String) {
        let contents = try options.content.map { [$0] } ?? store.contents()
        for contentId in contents where try store.pin(id, of: contentId) != nil {
            return (contentId, id)
        }
        throw PinSyncError.unknownPin(id)
    }

    private static func list(_ options: PinsOptions, _ store: PinSyncStore) throws {
        let contentId = try content(options, store)
        if options.json {
            FileHandle.standardOutput.write(try store.pinsJSON(of: contentId))
            print()
            return
        }
        let pins = try store.pins(of: contentId)
        let queued = try store.queued(of: contentId)
        print("\(contentId): \(pins.filter(\.pin.isRoot).count) pins, \(queued) change\(queued == 1 ? "" : "s") queued")
        for root in pins where root.pin.isRoot {
            let point = String(format: "%.3f,%.3f", root.pin.relativeX ?? 0, root.pin.relativeY ?? 0)
            print(line(root, "\(root.pin.id)  page \(root.pin.page) at \(point)  \(root.pin.resolved ? "resolved" : "open")"))
            for reply in pins where reply.pin.parentId == root.pin.id {
                print(line(reply, "  reply \(reply.pin.id)"))
            }
        }
    }

    private static func line(_ pin: SyncedPin, _ head: String) -> String {
        "\(head)  \(pin.pin.authorId): \(pin.pin.text)\(pin.pendingSync ? "  [pending]" : "")"
    }

    private static func sync(_ options: PinsOptions, _ store: PinSyncStore) throws -> Int32 {
        guard let url = options.server else { throw InputError.usage("pins sync needs --server URL") }
        let server = SyncServer(url: url, token: options.token, retry: RetryPolicy(attempts: options.retries + 1))
        let contents = try options.content.map { [$0] } ?? store.contents()
        let reports = try waitFor { try await contents.asyncMap { try await store.sync($0, with: server) } }
        for report in reports {
            let lost = report.problems.filter { $0.kind == .conflict }.count
            print("\(report.contentId): \(report.applied) applied, \(report.problems.count - lost) refused, \(lost) lost a conflict, "
                  + "\(report.pulled) taken from the server (cursor \(report.cursor))")
            for problem in report.problems {
                let outcome = problem.kind == .conflict ? "lost a conflict, the server's pin kept" : "refused, rolled back"
                print("  \(problem.operation) of pin \(problem.pinId)\(summary(problem)) \(outcome): \(problem.reason)")
            }
        }
        return reports.contains { !$0.problems.isEmpty } ? 1 : 0
    }
}

extension PinsCommand {
    /// What a lost change carried: a new pin's text, an edit's fields; nothing for a delete.
    fileprivate static func summary(_ problem: SyncProblem) -> String {
        switch problem.operation {
        case "create":
            let fields = (try? JSONSerialization.jsonObject(with: Data(problem.fields.utf8))) as? [String: Any]
            return (fields?["text"] as? String).map { " (\"\($0)\")" } ?? ""
        case "update": return " " + problem.fields
        default: return ""
        }
    }
}

extension Array where Element: Sendable {
    /// Each element through `transform`, one after the other.
    fileprivate func asyncMap<T>(_ transform: (Element) async throws -> T) async rethrows -> [T] {
        var results: [T] = []
        for element in self { results.append(try await transform(element)) }
        return results
    }
}

/// Runs async work from the synchronous command line and waits for it.
func waitFor<T: Sendable>(_ work: @escaping @Sendable () async throws -> T) throws -> T {
    let outcome = Outcome<T>()
    let done = DispatchSemaphore(value: 0)
    Task {
        do { outcome.result = .success(try await work()) } catch { outcome.result = .failure(error) }
        done.signal()
    }
    done.wait()
    return try outcome.result!.get()
}

/// What async work ended with, handed from its task to the waiting thread (the semaphore
/// orders the write before the read).
private final class Outcome<T>: @unchecked Sendable {
    var result: Result<T, Error>?
}
