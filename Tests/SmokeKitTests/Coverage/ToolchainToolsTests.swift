import Foundation
import Testing

@testable import SmokeCore
@testable import SmokeKit
@testable import SmokeTestSupport

@Suite struct ToolchainToolsTests {
    let version = CommandResult(
        exitStatus: 0, standardOutput: Data("LLVM (http://llvm.org/):\n  LLVM version 21.0.0\n".utf8))

    /// A toolchain like /opt/swift/usr/bin: `swift` a symlink to `swift-driver`, the tools beside it;
    /// and an older `llvm-cov` earlier on PATH that must be ignored.
    func makeToolchain() throws -> (path: String, bin: URL) {
        let root = try temporaryDirectory()
        let bin = root.appendingPathComponent("toolchain/usr/bin")
        let system = root.appendingPathComponent("system")
        let links = root.appendingPathComponent("links")
        for directory in [bin, system, links] {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        }
        for tool in [
            bin.appendingPathComponent("swift-driver"), bin.appendingPathComponent("llvm-cov"),
            bin.appendingPathComponent("llvm-profdata"), system.appendingPathComponent("llvm-cov"),
        ] {
            #expect(
                FileManager.default.createFile(
                    atPath: tool.path, contents: Data("#!/bin/sh\n".utf8), attributes: [.posixPermissions: 0o755]))
        }
        try FileManager.default.createSymbolicLink(
            at: bin.appendingPathComponent("swift"), withDestinationURL: bin.appendingPathComponent("swift-driver"))
        try FileManager.default.createSymbolicLink(
            at: links.appendingPathComponent("swift"), withDestinationURL: bin.appendingPathComponent("swift"))
        return ("\(system.path):\(links.path)", bin.resolvingSymlinksInPath())
    }

    @Test func findsTheToolsNextToTheResolvedSwiftNotTheFirstOnPath() throws {
        let (path, bin) = try makeToolchain()
        let cov = bin.appendingPathComponent("llvm-cov").path
        let profdata = bin.appendingPathComponent("llvm-profdata").path
        let runner = FakeCommandRunner([cov: (version, nil), profdata: (version, nil)])
        let tools = try ToolchainTools.locate(environment: ["PATH": path], runner: runner, host: .linux)
        #expect(tools.llvmCov.path == cov)
        #expect(tools.llvmProfdata.path == profdata)
        #expect(runner.calls == [[profdata, "--version"], [cov, "--version"]])
    }

    @Test func aBrokenToolIsAnInfrastructureErrorNamingThePathAndWhy() throws {
        let (path, bin) = try makeToolchain()
        let profdata = bin.appendingPathComponent("llvm-profdata").path
        let broken = CommandResult(
            exitStatus: 127, standardOutput: Data(), standardError: Data("error while loading shared libraries".utf8))
        let runner = FakeCommandRunner([profdata: (broken, nil)])
        let error = try #require(throws: CoverageError.self) {
            try ToolchainTools.locate(environment: ["PATH": path], runner: runner, host: .linux)
        }
        #expect(error.kind == .infrastructure)
        let message = try #require(error.errorDescription)
        #expect(message.contains(profdata) && message.contains("status 127") && message.contains("shared libraries"))
    }

    @Test func noSwiftOnPathSaysSo() throws {
        let error = try #require(throws: CoverageError.self) {
            try ToolchainTools.locate(
                environment: ["PATH": "/nonexistent"], runner: FakeCommandRunner([:]), host: .linux)
        }
        #expect(error.kind == .infrastructure)
        #expect(error.errorDescription?.contains("no `swift` on PATH") == true)
    }

    @Test func aToolchainWithoutTheToolNamesWhereItLooked() throws {
        let (path, bin) = try makeToolchain()
        try FileManager.default.removeItem(at: bin.appendingPathComponent("llvm-profdata"))
        let error = try #require(throws: CoverageError.self) {
            try ToolchainTools.locate(environment: ["PATH": path], runner: FakeCommandRunner([:]), host: .linux)
        }
        #expect(
            error
                == .toolUnavailable(
                    tool: "llvm-profdata", tried: [bin.appendingPathComponent("llvm-profdata").path],
                    reason:
                        "not found next to \(bin.appendingPathComponent("swift-driver").path) (the resolved \(path.split(separator: ":")[1])/swift); this toolchain does not ship it"
                ))
    }

    @Test func macOSAsksXcrun() throws {
        let find = CommandResult(exitStatus: 0, standardOutput: Data("/Applications/Xcode.app/usr/bin/llvm-cov\n".utf8))
        let runner = FakeCommandRunner([
            "/usr/bin/xcrun": (find, nil), "/Applications/Xcode.app/usr/bin/llvm-cov": (version, nil),
        ])
        let tools = try ToolchainTools.locate(environment: [:], runner: runner, host: .macOS)
        #expect(tools.llvmCov.path == "/Applications/Xcode.app/usr/bin/llvm-cov")
        #expect(runner.calls.first == ["/usr/bin/xcrun", "--find", "llvm-profdata"])
    }
}
