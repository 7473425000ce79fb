import Foundation

/// The command line and environment of one test process. Pure.
package struct TestProcessLaunch: Sendable, Equatable {
    package var executable: String
    package var arguments: [String]
    package var environment: [String: String]

    /// XCTest: the ids comma-separated (swift-corelibs-xctest runs them in discovery order).
    /// Swift Testing: serial, one anchored filter per test, events to `eventStream`.
    package static func make(
        binary: URL, batch: TestBatch, environment: [String: String], eventStream: URL?
    ) -> TestProcessLaunch {
        switch batch.framework {
        case .xctest:
            return TestProcessLaunch(
                executable: binary.path, arguments: [batch.tests.map(\.id).joined(separator: ",")],
                environment: environment)
        case .swiftTesting:
            var arguments = ["--testing-library", "swift-testing", "--no-parallel"]
            for test in batch.tests {
                arguments += [
                    "--filter", NSRegularExpression.escapedPattern(for: TestDiscovery.swiftTestingFilterName(test.id)),
                ]
            }
            if let eventStream {
                arguments += [
                    "--experimental-event-stream-output", eventStream.path, "--experimental-event-stream-version", "0",
                ]
            }
            return TestProcessLaunch(executable: binary.path, arguments: arguments, environment: environment)
        }
    }
}
