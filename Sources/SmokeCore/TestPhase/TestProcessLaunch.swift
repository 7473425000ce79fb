import Foundation

/// The command line and environment of one test process. Pure.
package struct TestProcessLaunch: Sendable, Equatable {
    package var executable: String
    package var arguments: [String]
    package var environment: [String: String]
    /// Swift Testing's `--attachments-path` (schema 6.3 only), which must exist before the process starts.
    package var attachmentsFolder: URL?
    /// The process runs whole classes, not just the batch's tests: XCTest splits its argument at commas, and a test
    /// named with one (every Quick example: `a Greeter, when named, says hello`) can only run with its class.
    package var runsWholeClasses = false

    /// XCTest: the ids comma-separated (their classes when an id holds a comma). Swift Testing: serial, one anchored filter per test, events to `eventStream`.
    package static func make(
        binary: URL, batch: TestBatch, environment: [String: String], eventStream: URL?,
        eventStreamVersion: String = "0"
    ) -> TestProcessLaunch {
        switch batch.framework {
        case .xctest:
            let ids = batch.tests.map(\.id)
            guard ids.contains(where: { $0.contains(",") }) else {
                return TestProcessLaunch(
                    executable: binary.path, arguments: [ids.joined(separator: ",")], environment: environment)
            }
            var classes: [String] = []
            for test in batch.tests where !classes.contains(test.suiteID) { classes.append(test.suiteID) }
            var launch = TestProcessLaunch(
                executable: binary.path, arguments: [classes.joined(separator: ",")], environment: environment)
            launch.runsWholeClasses = true
            return launch
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
