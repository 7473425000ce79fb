import Foundation
import SmokeCore

/// A pipeline pinning several devices: the test phase once per device, each in its own folders, joined into one
/// `DriverResult` whose tests carry their device's label.
struct DeviceRuns {
    struct Part {
        var label: String?
        var result: DriverResult
    }

    static func labels(_ profiles: [DeviceProfile]) -> [String] {
        let names = profiles.map { $0.name ?? $0.platform }
        return profiles.indices.map { index in
            let name = names[index]
            guard names.filter({ $0 == name }).count > 1, let runtime = profiles[index].runtime else { return name }
            return "\(name) (\(runtime))"
        }
    }

    /// The folder name of a device's files (the label, made safe).
    static func folder(_ label: String) -> String {
        String(label.map { $0.isLetter || $0.isNumber || $0 == "." || $0 == "-" ? $0 : "_" })
    }

    /// Runs `drive` once per pinned device (folder nil for one device); stops early after an interrupted device.
    static func run(context: RunContext, drive: (RunContext, String?) -> DriverResult) -> [Part] {
        let profiles = context.pipeline.devices
        guard profiles.count > 1 else { return [Part(label: nil, result: drive(context, nil))] }
        var parts: [Part] = []
        let progress = DeviceProgress(devices: profiles.count, report: context.progress)
        for (index, (profile, label)) in zip(profiles, labels(profiles)).enumerated() {
            var one = context
            one.pipeline.devices = [profile]
            one.progress = progress.reporter(device: index, label: label)
            context.console.note("device \(label)")
            let result = drive(one, folder(label))
            progress.deviceFinished()
            parts.append(Part(label: label, result: result))
            if result.interrupted { break }
        }
        return parts
    }

    /// The parts as one result: positions continue across devices and errors name their device. Attachments stay with
    /// their part: the same test id has them on every device.
    static func join(_ parts: [Part], fallback: DriverResult) -> DriverResult {
        guard var joined = parts.first?.result else { return fallback }
        guard parts.first?.label != nil else { return joined }
        joined.tests = []
        joined.errors = []
        joined.bundles = []
        joined.attachmentsByDevice = []
        joined.attachments = []
        joined.profiles = []
        joined.testBinaries = []
        for part in parts {
            let offset = joined.tests.count
            joined.tests += part.result.tests.map { test in
                var test = test
                test.order += offset
                test.device = part.label
                return test
            }
            joined.errors += part.result.errors.map { error in
                var error = error
                if let label = part.label { error.message = "\(label): \(error.message)" }
                return error
            }
            joined.bundles += part.result.bundles
            if let label = part.label {
                joined.attachmentsByDevice.append(
                    DeviceAttachments(device: label, attachments: part.result.attachments))
            }
            joined.profiles += part.result.profiles
            joined.testBinaries += part.result.testBinaries
            joined.interrupted = joined.interrupted || part.result.interrupted
            joined.unrecognizedLines += part.result.unrecognizedLines
            joined.toolchain = joined.toolchain ?? part.result.toolchain
        }
        return joined
    }
}
