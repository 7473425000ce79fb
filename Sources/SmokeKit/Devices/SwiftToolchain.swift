import Foundation
import SmokeCore

/// The `swift` that builds and runs the tests, and what it says about itself.
package struct SwiftToolchain: Sendable, Equatable {
    /// The `swift` to invoke (as found on PATH, so it picks its own toolchain).
    var swift: URL
    /// First line of `swift --version`, e.g. `Swift version 6.3.1 (swift-6.3.1-RELEASE)`.
    var version: String

    var info: ToolchainInfo {
        ToolchainInfo(version: version, path: ExecutableLocator.resolved(swift).path)
    }

    static func detect(environment: [String: String], runner: any CommandRunning) throws -> SwiftToolchain {
        try identify(try locate(environment: environment), environment: environment, runner: runner)
    }

    /// The `swift` on PATH (or `SMOKERUN_SWIFT`).
    package static func locate(environment: [String: String]) throws -> URL {
        let chosen = environment["SMOKERUN_SWIFT"].flatMap { $0.isEmpty ? nil : $0 }
        let name = chosen ?? "swift"
        guard let swift = ExecutableLocator.find(name, path: environment["PATH"]) else {
            if let chosen {
                let place = chosen.contains("/") ? "is not an executable file" : "is not on PATH"
                throw ToolchainError(
                    message: """
                        SMOKERUN_SWIFT names '\(chosen)', which \(place); set it to the swift binary of a Swift \
                        toolchain, or unset it to use the swift on PATH
                        """)
            }
            throw ToolchainError(
                message:
                    "cannot find '\(name)' on PATH; install a Swift toolchain or set SMOKERUN_SWIFT to its swift binary"
            )
        }
        return swift
    }

    static func identify(_ swift: URL, environment: [String: String], runner: any CommandRunning) throws
        -> SwiftToolchain
    {
        let result = try runner.run(swift.path, ["--version"], environment: environment, currentDirectory: nil)
        guard result.exitStatus == 0, let version = versionLine(in: result.outputText + result.errorText) else {
            // What it printed says why (`Error: couldNotFindTmpDir("/run/user/1000/tmp")`: a TMPDIR not made yet).
            let said = (result.errorText + result.outputText).split(separator: "\n").suffix(3).joined(separator: " / ")
            if said.contains("couldNotFindTmpDir"), let folder = environment["TMPDIR"] {
                throw ToolchainError(
                    message: """
                        swift cannot run: its temporary folder TMPDIR=\(folder) does not exist or cannot be written; \
                        create it, or unset TMPDIR (in the job's environment or .smokerun/env)
                        """)
            }
            throw ToolchainError(
                message: "`\(swift.path) --version` did not print a Swift version (exit status \(result.exitStatus))"
                    + (said.isEmpty ? "" : ": \(said)"))
        }
        return SwiftToolchain(swift: swift, version: version)
    }

    /// The version the build's compiler recorded: SwiftPM writes `swift-version-<hash>.txt` into the bin folder on every
    /// build. Used only when there is exactly one, so it is the compiler that just built; nil otherwise.
    static func recorded(_ swift: URL, binFolder: URL) -> SwiftToolchain? {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: binFolder.path)) ?? []
        let records = names.filter { $0.hasPrefix("swift-version-") && $0.hasSuffix(".txt") }
        guard records.count == 1,
            let data = FileManager.default.contents(atPath: binFolder.appendingPathComponent(records[0]).path),
            let version = versionLine(in: String(decoding: data, as: UTF8.self))
        else { return nil }
        return SwiftToolchain(swift: swift, version: version)
    }

    static func versionLine(in text: String) -> String? {
        text.split(separator: "\n").first(where: { $0.contains("Swift version") })
            .map { $0.trimmingCharacters(in: .whitespaces) }
    }

    var versionNumber: String? {
        guard let range = version.range(of: "Swift version ") else { return nil }
        return version[range.upperBound...].split(separator: " ").first.map(String.init)
    }

    /// Whether this toolchain satisfies a profile's `swift` prefix ("6", "6.3", "6.3.1").
    func matches(prefix: String) -> Bool {
        guard let number = versionNumber else { return false }
        return number == prefix || number.hasPrefix(prefix + ".")
    }
}

/// The toolchain is missing or not the pinned one; exits 3.
struct ToolchainError: LocalizedError, DomainError {
    var message: String
    var kind: ErrorKind { .infrastructure }
    var errorDescription: String? { message }
}
