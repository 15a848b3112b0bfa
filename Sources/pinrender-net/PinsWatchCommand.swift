import Foundation
import PinCommandLine
import PinRender
import PinRenderCore
import PinSync

/// What `pinrender pins watch` is asked to do: the store and the service, and with
/// `--render` the page drawn after every change (``render``'s pins are the store's).
struct PinsWatchOptions: Sendable {
    var pins = PinsOptions()
    var render = RenderOptions.unset
    var rendering = false
}

/// `pinrender pins watch`: follows the service's live events into a store
/// (``PinSyncStore/watch(_:with:idleTimeout:)``), prints each change, and with `--render`
/// draws the page again after each, with the engine and options of `pinrender render`.
enum PinsWatchCommand {
    /// The options of `pins watch`; with `--render`, those of `render` that say what is
    /// drawn and how (not where the pins come from, nor other outputs).
    static func parser(rendering: Bool) -> OptionParser<PinsWatchOptions> {
        let drawing: [OptionGroup<RenderOptions>] = rendering ? [.document, .pages, .threads, .size, .drawing, .device, .view] : []
        return OptionParser(command: "pins watch", groups: [OptionGroup<PinsOptions>.store, .server].map { $0.pullback(\.pins) }
                                + [render] + drawing.map { $0.pullback(\.render) })
    }

    /// `--render OUT.png`.
    static let render = OptionGroup<PinsWatchOptions>(title: "WATCH", options: [
        Option("--render", value: "OUT.png", help: """
            draw the page again after each change: INPUT (or --canvas) with
            the store's pins, and any option of pinrender render but --pins
            and the outputs (see pinrender render --help)
            """, isPath: true) { text, options in
            options.render.output = text
            options.rendering = true
        },
    ])

    static func run(_ words: [String]) throws -> Int32 {
        let rendering = words.contains { $0 == "--render" || $0.hasPrefix("--render=") }
        var options = PinsWatchOptions()
        let rest = try parser(rendering: rendering).parse(words, into: &options)
        guard rest.isEmpty else { throw InputError.usage("pins watch takes no PIN (\(rest[0])); INPUT goes with --render OUT.png") }
        guard let url = options.pins.server else { throw InputError.usage("pins watch needs --server URL") }
        let store: PinSyncStore, contentId: String
        do {
            store = try PinSyncStore(path: options.pins.store)
            contentId = try PinsCommand.content(options.pins, store)
        } catch let error as PinSyncError {
            throw InputError(source: options.pins.store, location: "", problem: error.description)
        }
        var render: RenderJob?
        if options.rendering {
            options.render.pins = PinSource.storePrefix + options.pins.store
            options.render.contentId = contentId
            render = RenderJob(options: options.render)
            // A bad INPUT or option stops here, before any connection, with nothing written.
            _ = try render!.run()
        }
        let server = SyncServer(url: url, token: options.pins.token, retry: RetryPolicy(attempts: options.pins.retries + 1))
        do {
            try watch(contentId, of: store, with: server, rendering: render)
        } catch let error as PinSyncError {
            throw InputError(source: url.absoluteString, location: "", problem: error.description)
        }
        return 0
    }

    /// Watches until SIGINT or SIGTERM (or a refusal), printing each event; renders run one
    /// at a time, changes that come during one are drawn by the next.
    private static func watch(_ contentId: String, of store: PinSyncStore, with server: SyncServer, rendering job: RenderJob?) throws {
        let events = store.events()
        let (redraws, redraw) = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))
        let watching = Task { try await store.watch(contentId, with: server) }
        let printing = Task {
            for await event in events {
                if case .pinsChanged = event, job != nil { redraw.yield() }
                if case .watch(let seen) = event { report(seen, server: server) }
            }
        }
        let drawing = Task {
            for await _ in redraws {
                do { _ = try job?.run() } catch { warn("\(commandLineMessage(error)); the last drawing stays") }
            }
        }
        var signals: [DispatchSourceSignal] = []
        for number in [SIGINT, SIGTERM] {
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler { watching.cancel() }
            source.resume()
            signals.append(source)
        }
        defer { signals.forEach { $0.cancel() } }
        try waitFor {
            let outcome = await watching.result
            printing.cancel()
            redraw.finish()
            // A drawing under way is finished: no temporary file is left behind.
            await drawing.value
            try outcome.get()
        }
    }

    /// One line per change on standard output; the connection's state on standard error.
    private static func report(_ event: WatchEvent, server: SyncServer) {
        switch event {
        case .change(let change):
            var line = "seq \(change.seq)  \(change.type)  \(change.pinId)"
            if let parent = change.parentId { line += "  reply to \(parent)" }
            if let text = change.text { line += "  \(change.authorId ?? "?"): \(text)" }
            FileHandle.standardOutput.write(Data((line + "\n").utf8))
        case .connected(let contentId, let cursor):
            status("watching \(contentId) at \(server.url.absoluteString), up to seq \(cursor)")
        case .disconnected(_, let reason, let retryIn):
            status("connection lost (\(reason)); trying again in \(String(format: "%.1f", retryIn)) s")
        case .resynced(_, let pulled, let cursor):
            status("fell behind: \(pulled) change\(pulled == 1 ? "" : "s") taken from the changes endpoint, up to seq \(cursor)")
        }
    }

    private static func status(_ message: String) {
        FileHandle.standardError.write(Data("pinrender pins watch: \(message)\n".utf8))
    }
}
