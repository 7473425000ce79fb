import Foundation
import SmokeCore

/// `swift build --build-tests` once, into smokerun's own scratch folder, then where the test binary is.
struct SwiftPMBuild {
    var swift: URL
    var packageRoot: URL
    /// `--scratch-path`: never the developer's `.build` (see `SwiftPMSettings.scratchPath`).
    var scratchPath: URL
    var configuration: String
    var coverage: Bool
    var environment: [String: String]
    var console: ConsoleLog
    var processes: any ProcessRunning = ChildProcessRunner()
    /// Folders inside the package the build check never walks besides the scratch folder.
    var excluded: [URL] = []
    var scan = BuildInputScan()

    /// The build's variables. A coverage build instruments the package's build-tool plugins too: they write their
    /// profile here, not into the package's folder (macros, which the compiler runs without variables, do: see
    /// `StrayProfile`).
    var buildEnvironment: [String: String] {
        var variables = environment
        if coverage { variables["LLVM_PROFILE_FILE"] = "/dev/null" }
        return variables
    }

    var buildArguments: [String] {
        ["build", "--build-tests", "-c", configuration, "--scratch-path", scratchPath.path]
            + (coverage ? ["--enable-code-coverage"] : [])
    }

    /// Builds the tests and returns the `…PackageTests.xctest` binary; the last build's stamp goes first, so a failed
    /// or stopped build is never taken for fresh.
    func buildTests(limits: RunLimits, onCompiling: () -> Void = {}, onLine: (String) -> Void = { _ in }) throws -> URL
    {
        guard FileManager.default.fileExists(atPath: packageRoot.appendingPathComponent("Package.swift").path) else {
            throw BuildFailure(
                record: InfrastructureError(
                    message: "no Package.swift in \(packageRoot.path); check swiftpm.packagePath in the pipeline"))
        }
        try? FileManager.default.removeItem(at: stampFile)
        let stray = StrayProfile(packageRoot: packageRoot)
        defer { if coverage { stray.setAside(into: scratchPath) } }
        var launch = ProcessLaunch(
            executable: swift.path, arguments: buildArguments, environment: buildEnvironment,
            currentDirectory: packageRoot)
        launch.log = console
        launch.graceSeconds = limits.graceSeconds
        // The compilers sit in process groups of their own: marked, they end with a stopped build, never left
        // compiling into the build folder the next run uses.
        launch.endsStrays = true
        var compiling = false
        let build = try LoggedProcess(launch: launch, limits: limits, console: console, processes: processes)
            .run(noted: "swift \(buildArguments.joined(separator: " "))") { line in
                if !compiling, SwiftBuildOutput.compiles(line) {
                    compiling = true
                    onCompiling()
                }
                onLine(line)
            }
        guard build.termination.succeeded else {
            let why =
                build.stopReason.map { $0 == .cancelled ? "was interrupted" : "ran past timeouts.runSeconds" }
                ?? "failed (\(build.termination.description))"
            throw BuildFailure(
                record: InfrastructureError(
                    message: "the build \(why)", command: [swift.path] + buildArguments,
                    exitStatus: build.exitStatus,
                    details: build.errorLines.isEmpty ? build.tail.filter { !$0.hasPrefix("[") } : build.errorLines))
        }
        let binPath = try binFolder()
        let names = (try? FileManager.default.contentsOfDirectory(atPath: binPath.path)) ?? []
        guard let name = names.filter({ $0.hasSuffix("PackageTests.xctest") }).sorted().first else {
            throw BuildFailure(
                record: InfrastructureError(
                    message:
                        """
                        the build made no test binary (*PackageTests.xctest) in \(binPath.path); does the package have \
                        a test target?
                        """
                ))
        }
        return binPath.appendingPathComponent(name)
    }

    /// Whether the last successful build still holds: the same files (by `stat`), `swift`, arguments, build variables
    /// and test binary. Cheaper than `swift build` with nothing to do, which loads the package.
    func check() -> BuildCheck {
        guard let key = currentKey() else { return .stale(key: nil) }
        guard let data = try? Data(contentsOf: stampFile),
            let stamp = try? JSONDecoder().decode(BuildStamp.self, from: data),
            stamp.isFresh(for: key, binaryStamp: BuildInputScan.stamp(stamp.binary)?.stamp)
        else { return .stale(key: key) }
        return .fresh(
            binary: URL(fileURLWithPath: stamp.binary), swiftVersion: stamp.swiftVersion, inputCount: key.inputCount)
    }

    /// Records a successful build made from `key` (scanned before it started, so an edit during the build means a
    /// rebuild). Skipped when the build revealed local dependencies the key did not walk.
    func record(_ key: BuildStamp.Key, binary: URL, swiftVersion: String) {
        guard Array(key.roots.dropFirst()) == localDependencyRoots(),
            let binaryStamp = BuildInputScan.stamp(binary.path)?.stamp
        else { return }
        let stamp = BuildStamp(key: key, binary: binary.path, binaryStamp: binaryStamp, swiftVersion: swiftVersion)
        guard let data = try? JSONEncoder().encode(stamp) else { return }
        try? AtomicFile.write(data, to: stampFile)
    }

    private var stampFile: URL { scratchPath.appendingPathComponent(BuildStamp.fileName) }

    private func currentKey() -> BuildStamp.Key? {
        guard let dependencies = localDependencyRoots() else { return nil }
        let roots = [packageRoot.path] + dependencies
        let resolvedSwift = ExecutableLocator.resolved(swift).path
        guard let swiftStamp = BuildInputScan.stamp(resolvedSwift)?.stamp,
            let inputs = scan.scan(roots: roots.map { URL(fileURLWithPath: $0) }, excluding: [scratchPath] + excluded)
        else { return nil }
        return BuildStamp.Key(
            roots: roots, inputs: inputs, swift: resolvedSwift, swiftStamp: swiftStamp,
            arguments: buildArguments, environment: environment, manifests: manifests(in: roots))
    }

    /// Each root's `Package.swift` and `Package@swift-*.swift`, as text.
    private func manifests(in roots: [String]) -> [String] {
        roots.flatMap { root in
            let names = (try? FileManager.default.contentsOfDirectory(atPath: root)) ?? []
            return names.filter { $0 == "Package.swift" || ($0.hasPrefix("Package@swift") && $0.hasSuffix(".swift")) }
                .compactMap { try? String(contentsOfFile: root + "/" + $0, encoding: .utf8) }
        }
    }

    private func localDependencyRoots() -> [String]? {
        let state = scratchPath.appendingPathComponent("workspace-state.json")
        guard FileManager.default.fileExists(atPath: state.path) else { return [] }
        guard let data = try? Data(contentsOf: state) else { return nil }
        return BuildStamp.localDependencyRoots(workspaceState: data)
    }

    private func binFolder() throws -> URL {
        // SwiftPM keeps `<scratch>/<configuration>` pointing at the bin folder; ask it only when the link is missing.
        let link = scratchPath.appendingPathComponent(configuration)
        if FileManager.default.fileExists(atPath: link.path) { return link.resolvingSymlinksInPath() }
        let arguments = ["build", "-c", configuration, "--scratch-path", scratchPath.path, "--show-bin-path"]
        var output = Data()
        let termination = try processes.run(
            ProcessLaunch(
                executable: swift.path, arguments: arguments, environment: environment, currentDirectory: packageRoot),
            onOutput: { output.append(contentsOf: $0) }, onTick: { .keepRunning }
        ).termination
        let path = String(decoding: output, as: UTF8.self).split(separator: "\n").last.map(String.init) ?? ""
        guard termination.succeeded, path.hasPrefix("/") else {
            throw BuildFailure(
                record: InfrastructureError(
                    message: "`swift \(arguments.joined(separator: " "))` did not print a folder",
                    command: [swift.path] + arguments))
        }
        return URL(fileURLWithPath: path)
    }
}

/// What the build check found: the last build holds, or build (with the key to record, if any).
enum BuildCheck {
    case fresh(binary: URL, swiftVersion: String, inputCount: Int)
    case stale(key: BuildStamp.Key?)
}

/// A build that failed; the run becomes an `error` with exit status 3.
struct BuildFailure: Error {
    var record: InfrastructureError
}
