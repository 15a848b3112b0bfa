import Foundation
import PinCommandLine
import PinRender
import PinRenderCore
import PinService

/// What `pinrender render-worker` is asked to do.
struct RenderWorkerOptions: Sendable {
    var postgres: String?
    var data = "pinrender-data"
}

/// `pinrender-net render-worker`: what `pinrender serve` runs, as long-lived processes of
/// its own, for its renders and upload checks (``RenderWorker``: its jobs and answers are the
/// service's own messages on standard input and output); or, with `--db`, a worker on any
/// machine taking the render jobs a `serve --db ... --render-workers 0` queued in the database
/// (``DatabaseRenderWorker``).
enum RenderWorkerCommand: Command {
    static let parser = OptionParser<RenderWorkerOptions>(command: "render-worker", groups: [
        OptionGroup(title: "OPTIONS", options: [
            Option("--db", value: "URI", help: """
                take the render jobs queued in this PostgreSQL database
                (postgresql://user@host/db) by serve --db URI --render-workers 0
                """) { text, options in
                guard text.hasPrefix("postgresql://") || text.hasPrefix("postgres://") else {
                    throw OptionProblem.predicate("needs a postgresql:// URI")
                }
                options.postgres = text
            },
            Option("--data", value: "DIR", help: "the service's data directory, as this machine sees it (default ./pinrender-data)",
                   isPath: true) { text, options in options.data = text },
        ]),
    ])

    static var manual: Manual {
        Manual(pinrender: "render-worker", summary: "the renders of pinrender serve, in processes of their own or on other machines",
               synopsis: ["pinrender render-worker --db URI [--data DIR]", "pinrender-net render-worker"], description: [
                   .paragraph("""
                       With --db, takes the render jobs that pinrender serve --db URI --render-workers 0 queues in the
                       database, one at a time, each in a process of its own within the limits the server set
                       (--render-max-memory, --render-timeout), and stores the answer where every server of the
                       database reads it. Start as many as there are machines and cores to spare; a worker that
                       dies gives its job back to the others. DIR is the servers' --data as this machine sees it
                       (a shared volume). It prints a line on standard error for each job taken and answered.
                       """),
                   .paragraph("""
                       Without options it is what pinrender serve runs by itself: it reads jobs on standard input
                       until it ends and answers each on standard output.
                       """),
               ], options: parser.sections, exitStatus: [
                   Manual.Definition("0", "standard input ended"),
                   Manual.Definition("2", "bad usage, a database it cannot use, a job it cannot read, or a limit passed inside a call that cannot be interrupted"),
               ], examples: [
                   Manual.Example("pinrender render-worker --db postgresql://pinrender@db/pins --data /srv/pinrender", needsServer: true),
               ])
    }

    static func run(_ words: [String]) throws -> Int32 {
        var options = RenderWorkerOptions()
        guard try parser.parse(words, into: &options).isEmpty else {
            throw InputError.usage("render-worker takes no INPUT (see pinrender render-worker --help)")
        }
        guard let uri = options.postgres else {
            try RenderWorker.serve()
            return 0
        }
        do {
            try DatabaseRenderWorker.serve(uri: uri, data: URL(fileURLWithPath: options.data))
        } catch {
            throw InputError(source: "--db", location: "", problem: "\(error)")
        }
        return 0
    }
}
