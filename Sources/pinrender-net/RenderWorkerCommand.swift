import Foundation
import PinCommandLine
import PinRender
import PinRenderCore
import PinService

/// `pinrender-net render-worker`: what `pinrender serve` runs, in a process of its own, for
/// each render and each upload check (``RenderWorker``). Not a command for people: its jobs
/// and answers are the service's own messages.
enum RenderWorkerCommand: Command {
    static var manual: Manual {
        Manual(pinrender: "render-worker", summary: "the renders and upload checks of pinrender serve, in a process of their own",
               synopsis: ["pinrender-net render-worker"], description: [
                   .paragraph("""
                       Run by pinrender serve, never by hand: reads jobs on standard input until it ends and
                       answers each on standard output, within the limits serve gives it (--render-max-memory,
                       --render-timeout).
                       """),
               ], exitStatus: [
                   Manual.Definition("0", "standard input ended"),
                   Manual.Definition("2", "a job it cannot read, or a limit passed inside a call that cannot be interrupted"),
               ], examples: [])
    }

    static func run(_ words: [String]) throws -> Int32 {
        guard words.isEmpty else { throw InputError.usage("render-worker takes no arguments (it is run by pinrender serve)") }
        try RenderWorker.serve()
        return 0
    }
}
