import Foundation

/// Why a simulator profile could not be resolved or prepared. Always exit 3 (infrastructure): the Mac is
/// missing something, and the message lists what it has.
package enum SimulatorError: Error, Equatable, LocalizedError, DomainError {
    case noDeviceName(platform: String)
    case runtimeNotInstalled(requested: String, installed: [String])
    /// simctl lists it, unavailable (`isAvailable: false`), with its reason when it gives one.
    case runtimeUnavailable(requested: String, runtime: String, reason: String?, installed: [String])
    case deviceTypeNotInstalled(requested: String, installed: [String])
    case deviceMissing(name: String, runtime: String, available: [String])
    /// The runtime does not run the device type (simctl's `supportedDeviceTypes`); `runBy`: the runtimes that do.
    case deviceTypeNotRun(deviceType: String, runtime: String, runBy: [String])
    case udidMissing(udid: String, available: [String])
    /// `device.udid` names a simulator on another runtime than the pinned one.
    case udidOnAnotherRuntime(udid: String, name: String, runtime: String, requested: String)
    case unreadableListing(source: String, reason: String)
    /// `xcrun` could not be started at all (not on PATH): simulators need a Mac with Xcode.
    case xcrunMissing(command: String, reason: String, onMacOS: Bool)
    case simctlFailed(command: String, exitStatus: Int32?, output: String)
    /// Still running when the run had to stop (its deadline, SIGINT/SIGTERM): `bootstatus -b` on a device that cannot
    /// finish booting waits for ever.
    case simctlStopped(command: String, reason: String)

    package var kind: ErrorKind { .infrastructure }

    /// The platform `xcodebuild -downloadPlatform` takes for a requested runtime (`tvOS 17.0`, `xrOS`): iOS unless it
    /// names another.
    private static func downloadPlatform(_ requested: String) -> String {
        let platform = RuntimeSpec.parse(requested, defaultPlatform: nil).platform ?? requested
        return ["tvOS", "watchOS"].contains(platform) ? platform : platform == "xrOS" ? "visionOS" : "iOS"
    }

    /// simctl's reason says this macOS is too new for the runtime (`… is not supported on hosts after macOS 10.14.99`).
    private static func hostTooNew(_ reason: String?) -> Bool {
        reason?.contains("not supported on hosts after") ?? false
    }

    package var errorDescription: String? {
        switch self {
        case .noDeviceName(let platform):
            return "device.name is required for a '\(platform)' profile, e.g. \"name\": \"iPhone SE (3rd generation)\""
        case .runtimeNotInstalled(let requested, let installed):
            return
                """
                simulator runtime '\(requested)' (device.runtime) is not installed; installed: \
                \(NameList.text(installed)). Install it in Xcode > Settings > Platforms (or \
                `xcodebuild -downloadPlatform \(Self.downloadPlatform(requested))`), or pin one of these
                """
        case .runtimeUnavailable(let requested, let runtime, let reason, let installed):
            let fix =
                Self.hostTooNew(reason)
                ? "This Mac's macOS cannot run it: pin"
                : "Remove and reinstall it in Xcode > Settings > Platforms (`xcrun simctl runtime list` shows its state), or pin"
            return
                """
                simulator runtime '\(requested)' (device.runtime) is \(runtime), which simctl lists as unavailable\
                \(reason.map { ": \($0)" } ?? ""); installed and available: \(NameList.text(installed)). \(fix) one \
                of these
                """
        case .deviceTypeNotRun(let deviceType, let runtime, let runBy):
            return
                """
                device type '\(deviceType)' (device.name) does not run on \(runtime), simctl says; runtimes installed \
                that run it: \(NameList.text(runBy)). Pin one of these (device.runtime), or a device type \(runtime) \
                runs
                """
        case .udidOnAnotherRuntime(let udid, let name, let runtime, let requested):
            return
                """
                simulator \(name) \(udid) (device.udid) runs \(runtime), not the pinned '\(requested)' \
                (device.runtime). Pin \(runtime), or name a simulator on '\(requested)'
                """
        case .deviceTypeNotInstalled(let requested, let installed):
            return
                """
                device type '\(requested)' (device.name) is not known to this Xcode; known: \(NameList.text(installed)). \
                Pin one of these
                """
        case .deviceMissing(let name, let runtime, let available):
            return
                """
                no available simulator '\(name)' with \(runtime) to use; available: \(NameList.text(available)). \
                Set "create": true (without "reuse") to let smokerun create and own its device, or name an \
                existing simulator with "reuse": true and its name, or "udid"
                """
        case .udidMissing(let udid, let available):
            return
                """
                no available simulator with UDID \(udid) (device.udid); available: \(NameList.text(available)). \
                Name one of these, or remove "udid" to let smokerun create and own its device
                """
        case .xcrunMissing(let command, let reason, true):
            return
                """
                could not run `\(command)` (xcrun \(reason)): simulators need Xcode and its command-line tools; install \
                Xcode, then select it with `sudo xcode-select -s /Applications/Xcode.app`
                """
        case .xcrunMissing(let command, let reason, false):
            return
                """
                could not run `\(command)` (xcrun \(reason)): simulators need macOS with Xcode, and this machine is not \
                a Mac. Check a simulator pipeline on the Mac that runs it; here, pipelines run on this machine with \
                the swiftpm driver ("device": {"platform": "host"})
                """
        case .unreadableListing(let source, let reason):
            return "could not read \(source): \(reason)"
        case .simctlStopped(let command, let reason):
            return """
                `\(command)` had not finished when \(reason): smokerun stopped it. A simulator that cannot finish \
                booting keeps it waiting; `xcrun simctl list devices` shows its state, and erasing it often helps
                """
        case .simctlFailed(let command, let exitStatus, let output):
            let status = exitStatus.map { "exited with status \($0)" } ?? "could not run"
            return "`\(command)` \(status)" + (output.isEmpty ? "" : ": \(output)")
        }
    }
}
