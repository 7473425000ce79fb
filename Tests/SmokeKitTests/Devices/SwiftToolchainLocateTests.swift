import Foundation
import Testing

@testable import SmokeCore
@testable import SmokeKit
@testable import SmokeTestSupport

/// Which `swift` a run uses, and what it says when there is none: a wrong `SMOKERUN_SWIFT` is named as such, not as a
/// PATH problem.
@Suite struct SwiftToolchainLocateTests {
    private func message(_ environment: [String: String]) -> String? {
        do {
            _ = try SwiftToolchain.locate(environment: environment)
            return nil
        } catch {
            return error.localizedDescription
        }
    }

    @Test func aMissingFileInSmokerunSwiftIsNamedAsThatVariablesMistake() {
        #expect(
            message(["SMOKERUN_SWIFT": "/nonexistent/swift", "PATH": "/usr/bin:/bin"]) == """
                SMOKERUN_SWIFT names '/nonexistent/swift', which is not an executable file; set it to the swift binary \
                of a Swift toolchain, or unset it to use the swift on PATH
                """)
        #expect(
            message(["SMOKERUN_SWIFT": "swift-6.9", "PATH": "/nonexistent"])?.contains("which is not on PATH") == true)
    }

    @Test func withoutTheVariableTheMessageIsAboutPath() {
        for environment in [["PATH": "/nonexistent"], ["SMOKERUN_SWIFT": "", "PATH": "/nonexistent"]] {
            #expect(
                message(environment)
                    == "cannot find 'swift' on PATH; install a Swift toolchain or set SMOKERUN_SWIFT to its swift binary"
            )
        }
    }

    @Test func anExecutableItNamesIsUsed() throws {
        #expect(try SwiftToolchain.locate(environment: ["SMOKERUN_SWIFT": "/bin/sh", "PATH": ""]).path == "/bin/sh")
    }

    /// A swift that fails before printing its version (a `TMPDIR` not made yet) is quoted: its words say why.
    @Test func aSwiftThatCannotStartIsQuoted() {
        let failed = CommandResult(
            exitStatus: 1, standardOutput: Data(),
            standardError: Data("Error: couldNotFindTmpDir(\"/run/user/1000/tmp\")\n".utf8))
        let runner = FakeCommandRunner(["/usr/bin/swift": (failed, nil)])
        #expect {
            try SwiftToolchain.identify(URL(fileURLWithPath: "/usr/bin/swift"), environment: [:], runner: runner)
        } throws: {
            "\($0.localizedDescription)".hasSuffix(#"(exit status 1): Error: couldNotFindTmpDir("/run/user/1000/tmp")"#)
        }
    }

    /// With TMPDIR set, that failure is the folder's: the message names it and the fix, not the toolchain.
    @Test func aSwiftWithoutItsTemporaryFolderNamesTheFolder() {
        let failed = CommandResult(
            exitStatus: 1, standardOutput: Data(),
            standardError: Data("Error: couldNotFindTmpDir(\"/run/user/1000/tmp\")\n".utf8))
        let runner = FakeCommandRunner(["/usr/bin/swift": (failed, nil)])
        #expect {
            try SwiftToolchain.identify(
                URL(fileURLWithPath: "/usr/bin/swift"), environment: ["TMPDIR": "/run/user/1000/tmp"], runner: runner)
        } throws: {
            "\($0.localizedDescription)".hasPrefix(
                "swift cannot run: its temporary folder TMPDIR=/run/user/1000/tmp does not exist")
        }
    }
}
