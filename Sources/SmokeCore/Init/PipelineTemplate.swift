import Foundation

/// The pipelines `smokerun init` writes (pure), named after the package or scheme.
package enum PipelineTemplate {
    package static let fallbackName = "smoke"
    /// `retries.failed`: one more attempt tells a flaky test from a broken one.
    package static let retries = 1

    /// A SwiftPM pipeline; `packagePath` is relative to the project root (`.` for the package itself); `include` the
    /// folders coverage measures (`sourceFolders`).
    package static func swiftPM(name: String, packagePath: String, include: [String] = ["Sources/"]) -> String {
        """
        {
          "name": \(quoted(name)),
          "schedule": "0 */4 * * *",
          "timeZone": "UTC",
          "swiftpm": { "packagePath": \(quoted(packagePath)), "filter": [], "skip": [] },
          "device": { "platform": "host" },
          "ordering": { "mode": "random", "isolation": "suite" },
          "environment": { "IS_UNIT_TESTING": "1" },
          "timeouts": { "runSeconds": 1800, "testSeconds": 300 },
        \(tail(include: include))
        """
    }

    /// The folders a package keeps its targets in: `Sources/`, else each top-level folder's own (`FlyingFox/Sources/`
    /// and `FlyingSocks/Sources/` for a package of several libraries), by the folders that have one; else every file
    /// under the root (`[]`: targets at custom paths, such as SwiftCSV's `SwiftCSV/`, whose test targets never count).
    package static func sourceFolders(rootHasSources: Bool, foldersWithSources: [String]) -> [String] {
        if rootHasSources { return ["Sources/"] }
        return foldersWithSources.sorted().map { "\($0)/Sources/" }
    }

    /// An xcodebuild pipeline on a pinned simulator that smokerun creates and owns (or the user's, with `reuse`).
    /// `IS_UNIT_TESTING=1` reaches the tests because xcodebuild hands on `TEST_RUNNER_`-prefixed variables.
    package static func xcodebuild(
        name: String, container: XcodeContainer, scheme: InitSchemeChoice, device: DeviceProfile
    ) -> String {
        let plan = scheme.testPlan.map { ", \"testPlan\": \(quoted($0))" } ?? ""
        let folder = URL(fileURLWithPath: container.path).deletingPathExtension().lastPathComponent
        let use = device.reuse ? "\"reuse\": true" : "\"create\": true, \"erase\": true"
        return """
            {
              "name": \(quoted(name)),
              "schedule": "0 */4 * * *",
              "timeZone": "UTC",
              "xcodebuild": { \(quoted(container.kind.rawValue)): \(quoted(container.path)), \
            "scheme": \(quoted(scheme.scheme))\(plan), "onlyTesting": [], "skipTesting": [] },
              "device": { "platform": \(quoted(device.platform)), "name": \(quoted(device.name ?? "")), \
            "runtime": \(quoted(device.runtime ?? "")), \(use) },
              "ordering": { "mode": "random", "isolation": "suite" },
              "environment": { "IS_UNIT_TESTING": "1" },
              "timeouts": { "runSeconds": 3600, "testSeconds": 300 },
            \(tail(include: ["\(folder)/"]))
            """
    }

    private static func tail(include: [String]) -> String {
        """
          "retries": { "failed": \(retries) },
          "coverage": { "enabled": true, "include": [\(include.map(quoted).joined(separator: ", "))] },
          "reports": ["json", "junit", "markdown", "html"],
          "output": ".smokerun",
          "retention": { "runs": 60, "days": 14 },
          "notify": { "webhookURLEnvironment": "SMOKERUN_WEBHOOK_URL", "format": "slack", "on": ["failure", "recovery"], \
        "artifactsURL": null, "dashboardURL": null }
        }

        """
    }

    /// The package's `name:` in Package.swift, or nil.
    package static func packageName(manifest: String) -> String? {
        guard let call = manifest.range(of: "Package(") else { return nil }
        let rest = manifest[call.upperBound...]
        guard let key = rest.range(of: #"^\s*name\s*:\s*""#, options: .regularExpression) else { return nil }
        let value = rest[key.upperBound...].prefix { $0 != "\"" && $0 != "\n" }
        return value.isEmpty ? nil : String(value)
    }

    /// A pipeline name from a package or scheme name: letters, digits, `.`, `_`, `-` kept, other runs one `-`.
    package static func pipelineName(from text: String) -> String {
        var name = ""
        for character in text {
            let allowed = character.isASCII && (character.isLetter || character.isNumber || "._-".contains(character))
            if allowed {
                name.append(character)
            } else if !name.hasSuffix("-") {
                name.append("-")
            }
        }
        let trimmed = name.trimmingCharacters(in: CharacterSet(charactersIn: "-."))
        return trimmed.isEmpty ? fallbackName : String(trimmed.prefix(64))
    }

    private static func quoted(_ text: String) -> String {
        let data = (try? JSONSerialization.data(withJSONObject: [text], options: [.withoutEscapingSlashes])) ?? Data()
        let array = String(decoding: data, as: UTF8.self)
        return String(array.dropFirst().dropLast())
    }
}
