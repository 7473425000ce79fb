import Foundation

/// The command line and environment of one test process. Pure.
package struct TestProcessLaunch: Sendable, Equatable {
    package var executable: String
    package var arguments: [String]
    package var environment: [String: String]
    /// Swift Testing's `--attachments-path` (schema 6.3 only), which must exist before the process starts.
    package var attachmentsFolder: URL?

    /// XCTest: the ids comma-separated. Swift Testing: serial, one anchored filter per test, events to `eventStream`.
    package static func make(
        binary: URL, batch: TestBatch, environment: [String: String], eventStream: URL?,
        eventStreamVersion: String = "0"
    ) -> TestProcessLaunch {
        switch batch.framework {
        case .xctest:
            return TestProcessLaunch(
                executable: binary.path, arguments: [batch.tests.map(\.id).joined(separator: ",")],
                environment: environment)
        case .swiftTesting:
            var arguments = ["--testing-library", "swift-testing", "--no-parallel"]
            // Anchored at the start: `CoreTests.helper()` must not also run `AppCoreTests.helper()`. An id with its
            // source location is whole: that test alone, not its overloads.
            for test in batch.tests {
                let pattern =
                    test.exactID.map { NSRegularExpression.escapedPattern(for: $0) + "$" }
                    ?? NSRegularExpression.escapedPattern(for: TestDiscovery.swiftTestingFilterName(test.id))
                arguments += ["--filter", "^" + pattern]
            }
            if let eventStream {
                arguments += [
                    "--experimental-event-stream-output", eventStream.path, "--experimental-event-stream-version",
                    eventStreamVersion,
                ]
            }
            var launch = TestProcessLaunch(executable: binary.path, arguments: arguments, environment: environment)
            if let eventStream, eventStreamVersion != "0" {
                let folder = RunDirectory.eventStreamAttachments(of: eventStream)
                launch.arguments += ["--attachments-path", folder.path]
                launch.attachmentsFolder = folder
            }
            return launch
        }
    }

    /// The event-stream schema to ask for: `6.3` from Swift 6.3 on, else `0`. Schema `0` drops warning issues
    /// before any handler sees them, so a test checking its own warnings would fail only under smokerun.
    package static func eventStreamVersion(swiftVersion: String?) -> String {
        let parts = (swiftVersion ?? "").split(separator: ".").map { Int($0.prefix(while: \.isNumber)) ?? 0 }
        let major = parts.first ?? 0
        let minor = parts.count > 1 ? parts[1] : 0
        return major > 6 || (major == 6 && minor >= 3) ? "6.3" : "0"
    }
}
