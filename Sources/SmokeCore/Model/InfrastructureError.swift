/// Something outside the tests went wrong: a build, a tool, a device.
package struct InfrastructureError: Codable, Sendable, Equatable {
    package var message: String
    /// The command that failed, as its arguments, when there was one.
    var command: [String]?
    var exitStatus: Int32?
    /// The lines that explain it (compiler errors, the tail of the output).
    package var details: [String]
    /// `note`: something smokerun fixed itself and only reports; `warning`: the user must fix it but results are
    /// untouched (no webhook); nil: an error. Neither a note nor a warning changes the run's status.
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

    package var isNote: Bool { severity != nil }
}
