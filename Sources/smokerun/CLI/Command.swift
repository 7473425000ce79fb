import SmokeCore
import SmokeKit

/// One `smokerun <name>` command: parses its own arguments, then runs against a context.
protocol Command: Sendable {
    static var name: String { get }
    /// One line for `smokerun --help`.
    static var summary: String { get }
    static var help: String { get }

    init(arguments: [String]) throws(UsageError)
    func run(in context: HostContext) async throws -> ExitCode
}
