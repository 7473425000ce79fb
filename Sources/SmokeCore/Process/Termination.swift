import Foundation

/// How a child process ended.
package enum Termination: Sendable, Equatable {
    case exited(Int32)
    case signaled(Int32)

    package var succeeded: Bool { self == .exited(0) }

    /// The exit status as a shell reports it: the status, or 128 + the signal.
    package var exitStatus: Int32 {
        switch self {
        case .exited(let status): status
        case .signaled(let signal): 128 + signal
        }
    }

    package var description: String {
        switch self {
        case .exited(let status): "exit status \(status)"
        case .signaled(let signal): Self.signalText(signal)
        }
    }

    /// What ended the process, said of it: "exited with status 0", "was ended by signal 11 (SIGSEGV)".
    package var ended: String {
        switch self {
        case .exited(let status): "exited with status \(status)"
        case .signaled(let signal): "was ended by \(Self.signalText(signal))"
        }
    }

    /// "signal 11 (SIGSEGV)", or "signal 40" for a signal without a well-known name.
    private static func signalText(_ signal: Int32) -> String {
        let name = signalName(signal)
        return name.hasPrefix("signal") ? name : "signal \(signal) (\(name))"
    }

    static func signalName(_ signal: Int32) -> String {
        switch signal {
        case SIGILL: "SIGILL"
        case SIGTRAP: "SIGTRAP"
        case SIGABRT: "SIGABRT"
        case SIGBUS: "SIGBUS"
        case SIGFPE: "SIGFPE"
        case SIGKILL: "SIGKILL"
        case SIGSEGV: "SIGSEGV"
        case SIGTERM: "SIGTERM"
        case SIGINT: "SIGINT"
        default: "signal \(signal)"
        }
    }
}
