/// Something outside the tests went wrong: a build, a tool, a device.
package struct InfrastructureError: Codable, Sendable, Equatable {
    package var message: String
    /// The command that failed, as its arguments, when there was one.
    var command: [String]?
    var exitStatus: Int32?
    /// The lines that explain it (compiler errors, the tail of the output).
    package var details: [String]
    /// `note` for something smokerun fixed on its own and only reports (a process a test left running);
    /// `warning` for something the user must fix that does not touch the results (no webhook to notify);
    /// nil for an error. Neither a note nor a warning changes the run's status.
    package var severity: Severity?

    package enum Severity: String, Codable, Sendable {
        case note
        case warning
    }

    package init(
        message: String, command: [String]? = nil, exitStatus: Int32? = nil, details: [String] = [],
        severity: Severity? = nil
    ) {
        self.message = message
        self.command = command
        self.exitStatus = exitStatus
        self.details = details
        self.severity = severity
    }

    /// A note or a warning: reported, never the run's status.
    package var isNote: Bool { severity != nil }
}
