import Foundation
import PinCommandLine
import PinRender
import PinRemote
import PinService

// Every command: those of `pinrender` and the ones that need the network or a database (the
// pin service and its render workers, the sync client, pins from a URL or a store). `pinrender` runs this program
// in its place for them, with the same arguments.
PinSource.remote = RemotePinSource()
exit(Program(commands: Program.fileCommands.merging(["serve": ServeCommand.self, "pins": PinsCommand.self,
                                                                       RenderWorker.command: RenderWorkerCommand.self]) { $1 },
             sibling: nil).run(CommandLine.arguments))
