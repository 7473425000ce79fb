import Foundation
import SmokeCore
import SmokeKit

// The commands that run tests adopt what the tests' processes orphan (Linux subreaper; see ProcessTree), so
// the sweep after each test process can end it. Here and not in the commands: only the real process, never
// a test binary that runs a command in-process, changes how its orphans are re-parented.
if let command = CommandLine.arguments.dropFirst().first, ["run", "schedule", "bisect"].contains(command) {
    ProcessTree.adoptOrphans()
}
exit(await CommandLineTool.main(arguments: Array(CommandLine.arguments.dropFirst())))
