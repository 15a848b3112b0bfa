import Foundation
import PinCommandLine

// The commands that need only files. `serve`, `pins`, `render-worker`, and pins from a URL or a store are run
// by pinrender-net, beside this program: see `Program`.
exit(Program(commands: Program.fileCommands, sibling: .init(name: "pinrender-net", commands: ["serve", "pins", "render-worker"]))
    .run(CommandLine.arguments))
