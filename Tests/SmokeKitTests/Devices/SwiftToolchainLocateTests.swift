import Foundation
import Testing

@testable import SmokeCore
@testable import SmokeKit

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
}
