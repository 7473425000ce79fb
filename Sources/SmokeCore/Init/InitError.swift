import Foundation

/// Why `smokerun init` could not write a pipeline for an Xcode project; each message lists the options.
package enum InitError: Error, Equatable, LocalizedError, DomainError {
    case severalContainers(kind: String, found: [String])
    case noSchemes(container: String)
    case unknownScheme(requested: String, container: String, schemes: [String])
    case severalSchemes(container: String, candidates: [String])
    case unknownTestPlan(requested: String, scheme: String, plans: [String])
    case noRuntime(platform: String, installed: [String])
    case unknownRuntime(requested: String, installed: [String])
    case unknownDevice(requested: String, runtime: String, devices: [String], deviceTypes: [String])
    case noIPhone(runtime: String)
    case xcodeMissing(container: String)
    case unreadableOutput(command: String, reason: String)
    case commandFailed(command: String, exitStatus: Int32?, output: String)

    package var kind: ErrorKind {
        switch self {
        case .xcodeMissing, .noRuntime, .noIPhone, .unreadableOutput, .commandFailed: return .infrastructure
        default: return .invalidInput
        }
    }

    package var errorDescription: String? {
        switch self {
        case .severalContainers(let kind, let found):
            return
                "this folder holds several Xcode \(kind)s (\(found.joined(separator: ", "))); pick one with --\(kind) NAME"
        case .noSchemes(let container):
            return "\(container) has no shared schemes; share one in Xcode (Product > Scheme > Manage Schemes > Shared)"
        case .unknownScheme(let requested, let container, let schemes):
            return
                "\(container) has no scheme '\(requested)'; its schemes: \(NameList.text(schemes)). Pass one with --scheme NAME"
        case .severalSchemes(let container, let candidates):
            return
                """
                \(container) has several schemes with tests: \(NameList.text(candidates)). Pick the one to smoke-test \
                with --scheme NAME
                """
        case .unknownTestPlan(let requested, let scheme, let plans):
            return "scheme '\(scheme)' has no test plan '\(requested)'; its test plans: \(NameList.text(plans))"
        case .noRuntime(let platform, let installed):
            return
                """
                no \(platform) simulator runtime is installed (installed: \(NameList.text(installed))); add one in \
                Xcode > Settings > Components (or `xcodebuild -downloadPlatform iOS`), then run init again
                """
        case .unknownRuntime(let requested, let installed):
            return
                """
                --runtime '\(requested)' is not an installed simulator runtime; installed: \(NameList.text(installed)). \
                Pass one of these, or install it in Xcode > Settings > Components
                """
        case .unknownDevice(let requested, let runtime, let devices, let deviceTypes):
            return
                """
                --device '\(requested)' is neither a simulator on \(runtime) nor a device type this Xcode can \
                create; simulators on \(runtime): \(NameList.text(devices)); device types: \(NameList.text(deviceTypes)). \
                Pass one of these names exactly
                """
        case .noIPhone(let runtime):
            return
                "\(runtime) has no iPhone simulator and no iPhone device type; pin one with --device NAME --runtime VERSION"
        case .xcodeMissing(let container):
            return
                """
                \(container) is an Xcode project: init reads its schemes with xcodebuild, which needs macOS with \
                Xcode (not found on PATH). Run `smokerun init` on a Mac with Xcode selected (`xcode-select -p`)
                """
        case .unreadableOutput(let command, let reason):
            return "could not read what `\(command)` printed: \(reason)"
        case .commandFailed(let command, let exitStatus, let output):
            let status = exitStatus.map { "exited with status \($0)" } ?? "could not run"
            return "`\(command)` \(status)" + (output.isEmpty ? "" : ": \(output)")
        }
    }
}
