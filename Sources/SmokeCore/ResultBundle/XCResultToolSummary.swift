import Foundation

/// `xcresulttool get test-results summary --schema-version 0.1.0` output; only what smokerun reports.
package struct XCResultToolSummary: Decodable, Sendable, Equatable {
    var title: String?
    /// e.g. "SmokeApp · Built with Xcode 16.2 (16C5032a) on macOS 15.1"; the Xcode version is read from it.
    var environmentDescription: String?
    var result: String?
    var totalTestCount: Int?
    var passedTests: Int?
    var failedTests: Int?
    var skippedTests: Int?
    var expectedFailures: Int?
    /// The run's start and finish, seconds since 1970 (UNIX time).
    var startTime: Double?
    var finishTime: Double?
    package var devices: [XCResultToolDevice] = []

    private enum CodingKeys: String, CodingKey {
        case title, environmentDescription, result, totalTestCount, passedTests, failedTests, skippedTests,
            expectedFailures
        case startTime, finishTime, devicesAndConfigurations
    }

    private struct DeviceAndConfiguration: Decodable {
        var device: XCResultToolDevice?
    }

    /// Xcode's own count (`totalTestCount`, `failedTests`) for reconciliation, or nil when it gives none.
    package func count(bundleName: String) -> FrameworkCount? {
        guard let totalTestCount else { return nil }
        return FrameworkCount(
            framework: "xcresult", tests: totalTestCount, failures: failedTests ?? 0,
            from: "\(bundleName): xcresulttool get test-results summary")
    }

    /// The recorded run's start and finish; nil for a missing or zero time.
    package var interval: (startedAt: Date?, finishedAt: Date?) {
        let date: (Double?) -> Date? = { $0.flatMap { $0 > 0 ? PlausibleTime.date(since1970: $0) : nil } }
        return (date(startTime), date(finishTime))
    }

    /// "Xcode 16.2 (16C5032a)" when the environment description names an Xcode.
    package var xcodeVersion: String? {
        guard let text = environmentDescription, let start = text.range(of: "Xcode ") else { return nil }
        var version = String(text[start.lowerBound...])
        // Stop at the clause after the version: " on macOS …", " · …", ", …".
        for separator in [" on ", " · ", ", ", " - "] {
            if let end = version.range(of: separator) { version = String(version[..<end.lowerBound]) }
        }
        return version.trimmingCharacters(in: .whitespaces)
    }
}

// In an extension, so Swift still makes the memberwise initializer.
extension XCResultToolSummary {
    package init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        title = container.lenient(String.self, .title)
        environmentDescription = container.lenient(String.self, .environmentDescription)
        result = container.lenient(String.self, .result)
        totalTestCount = container.lenient(Int.self, .totalTestCount)
        passedTests = container.lenient(Int.self, .passedTests)
        failedTests = container.lenient(Int.self, .failedTests)
        skippedTests = container.lenient(Int.self, .skippedTests)
        expectedFailures = container.lenient(Int.self, .expectedFailures)
        startTime = container.lenient(Double.self, .startTime)
        finishTime = container.lenient(Double.self, .finishTime)
        devices = container.lenientArray(DeviceAndConfiguration.self, .devicesAndConfigurations).compactMap(\.device)
    }
}
