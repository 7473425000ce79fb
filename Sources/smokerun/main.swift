import Foundation
import SmokeCore
import SmokeKit

// Commands that run tests adopt orphans of the tests' processes (Linux subreaper, see ProcessTree) for the
// sweep to end. Here, not in the commands: a test binary running a command in-process must not change this.
if let command = CommandLine.arguments.dropFirst().first, ["run", "schedule", "bisect"].contains(command) {
    ProcessTree.adoptOrphans()
}
// A reader that went away (`smokerun run | head -1`, a log shipper restarting) fails a write, which is noted, rather
// than ending smokerun mid-run with no report; the processes it starts get SIGPIPE's default back.
signal(SIGPIPE, SIG_IGN)
exit(await CommandLineTool.main(arguments: Array(CommandLine.arguments.dropFirst())))
