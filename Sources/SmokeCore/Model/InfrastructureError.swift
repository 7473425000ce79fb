/// Something outside the tests went wrong: a build, a tool, a device.
package struct InfrastructureError: Codable, Sendable, Equatable {
    package var message: String
    /// The command that failed, as its arguments, when there was one.
    var command: [String]?
    var exitStatus: Int32?
    /// The lines that explain it (compiler errors, the tail of the output).
    package var details: [String]

    package init(message: String, command: [String]? = nil, exitStatus: Int32? = nil, details: [String] = []) {
        self.message = message
        self.command = command
        self.exitStatus = exitStatus
        self.details = details
    }
}
