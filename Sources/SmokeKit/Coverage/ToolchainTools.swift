import Foundation
import SmokeCore

/// The toolchain's own `llvm-profdata` and `llvm-cov`: beside the resolved `swift` on Linux, `xcrun --find` on
/// macOS. Never the first on PATH, which may be an older LLVM that rejects the toolchain's profiles.
struct ToolchainTools: Sendable, Equatable {
    var llvmProfdata: URL
    var llvmCov: URL

    enum Host: Sendable { case linux, macOS }

    /// Finds and checks both tools (each must answer `--version`); `swift` defaults to the first on PATH.
    static func locate(
        swift: URL? = nil,
        environment: [String: String] = ProcessInfo.processInfo.environment,
        runner: any CommandRunning = ProcessCommandRunner(),
        host: Host = .current
    ) throws(CoverageError) -> ToolchainTools {
        var found: [URL] = []
        for tool in ["llvm-profdata", "llvm-cov"] {
            let candidate: URL
            if host == .macOS, swift == nil {
                candidate = try xcrunFind(tool, environment: environment, runner: runner)
            } else {
                candidate = try besideSwift(tool, swift: swift, environment: environment)
            }
            try verify(tool, at: candidate, environment: environment, runner: runner)
            found.append(candidate)
        }
        return ToolchainTools(llvmProfdata: found[0], llvmCov: found[1])
    }

    static func besideSwift(_ tool: String, swift: URL?, environment: [String: String]) throws(CoverageError) -> URL {
        let path = environment["PATH"] ?? ""
        guard let swift = swift ?? firstExecutable(named: "swift", path: path) else {
            throw .toolUnavailable(
                tool: tool, tried: [],
                reason: "no `swift` on PATH (\(path.isEmpty ? "PATH is empty" : path)) to find the toolchain by")
        }
        let resolved = swift.resolvingSymlinksInPath()
        let candidate = resolved.deletingLastPathComponent().appendingPathComponent(tool)
        guard FileManager.default.isExecutableFile(atPath: candidate.path) else {
            throw .toolUnavailable(
                tool: tool, tried: [candidate.path],
                reason:
                    "not found next to \(resolved.path) (the resolved \(swift.path)); this toolchain does not ship it"
            )
        }
        return candidate
    }

    static func xcrunFind(_ tool: String, environment: [String: String], runner: any CommandRunning)
        throws(CoverageError) -> URL
    {
        let result: CommandResult
        do {
            result = try runner.run(
                "/usr/bin/xcrun", ["--find", tool], environment: environment, currentDirectory: nil)
        } catch {
            throw .toolUnavailable(tool: tool, tried: ["xcrun --find \(tool)"], reason: error.localizedDescription)
        }
        let path = result.outputText.trimmingCharacters(in: .whitespacesAndNewlines)
        guard result.exitStatus == 0, path.hasPrefix("/") else {
            throw .toolUnavailable(
                tool: tool, tried: ["xcrun --find \(tool)"],
                reason:
                    """
                    xcrun exited with status \(result.exitStatus): \
                    \(result.errorText.trimmingCharacters(in: .whitespacesAndNewlines))
                    """
            )
        }
        return URL(fileURLWithPath: path)
    }

    static func verify(_ tool: String, at url: URL, environment: [String: String], runner: any CommandRunning)
        throws(CoverageError)
    {
        let result: CommandResult
        do {
            result = try runner.run(url.path, ["--version"], environment: environment, currentDirectory: nil)
        } catch {
            throw .toolUnavailable(
                tool: tool, tried: [url.path], reason: "it does not start: \(error.localizedDescription)")
        }
        let text = result.outputText + result.errorText
        guard result.exitStatus == 0, text.contains("LLVM") else {
            let tail = text.split(separator: "\n").suffix(3).joined(separator: " ")
            throw .toolUnavailable(
                tool: tool, tried: [url.path],
                reason:
                    "`\(url.path) --version` exited with status \(result.exitStatus)\(tail.isEmpty ? "" : ": \(tail)")")
        }
    }

    static func firstExecutable(named name: String, path: String) -> URL? {
        for directory in path.split(separator: ":") where !directory.isEmpty {
            let candidate = URL(fileURLWithPath: String(directory)).appendingPathComponent(name)
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        return nil
    }
}

extension ToolchainTools.Host {
    static var current: Self {
        #if os(macOS)
            .macOS
        #else
            .linux
        #endif
    }
}
