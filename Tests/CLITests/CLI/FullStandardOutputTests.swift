import Foundation
import Testing

@testable import SmokeCore
@testable import SmokeKit
@testable import SmokeTestSupport
@testable import smokerun

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `smokerun … > file` on a full disk: what was printed did not arrive, so the command did not succeed.
@Suite struct FullStandardOutputTests {
    @Test func aWriteToAFullDeviceIsRemembered() throws {
        let descriptor = open("/dev/full", O_WRONLY)
        try #require(descriptor >= 0, "/dev/full is needed (Linux)")
        defer { close(descriptor) }
        let output = FileDescriptorOutput(descriptor: descriptor)
        #expect(output.writeFailure == nil)
        output.line("coverage: 87.5% of lines")
        #expect(output.writeFailure == String(cString: strerror(ENOSPC)))
    }

    @Test func aCommandWhoseOutputWasLostExitsThreeSayingWhy() async throws {
        let descriptor = open("/dev/full", O_WRONLY)
        try #require(descriptor >= 0, "/dev/full is needed (Linux)")
        defer { close(descriptor) }
        let err = BufferOutput()
        let context = HostContext(
            standardOutput: FileDescriptorOutput(descriptor: descriptor), standardError: err, environment: [:])
        let status = await CommandLineTool.run(arguments: ["--version"], context: context)
        #expect(status == .infrastructure)
        #expect(err.text.contains("could not write its output: \(String(cString: strerror(ENOSPC)))"))
    }
}
