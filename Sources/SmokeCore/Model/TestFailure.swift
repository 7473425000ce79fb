/// One failed expectation, or the fatal message of a crash, with where it happened.
package struct TestFailure: Codable, Sendable, Equatable {
    package var message: String
    var file: String?
    var line: Int?

    package init(message: String, file: String? = nil, line: Int? = nil) {
        self.message = message
        self.file = file
        self.line = line
    }

    /// `file:line`, or just the file, or nil when the location is unknown.
    package var location: String? {
        guard let file else { return nil }
        guard let line else { return file }
        return "\(file):\(line)"
    }
}

extension [TestFailure] {
    /// The failure a one-line account of a test (or an attempt) that ended `status` shows: what ended it when it
    /// crashed or timed out (kept after any issue it recorded before), else the first.
    package func headline(for status: TestStatus) -> TestFailure? {
        status == .crashed || status == .timedOut ? last : first
    }
}

extension TestResult {
    /// `failures.headline(for: status)`: the crash or timeout when one ended it, else the first failure.
    package var headlineFailure: TestFailure? { failures.headline(for: status) }
}

extension TestFailure {
    /// How Swift Testing's `.timeLimit` issue begins (`Time limit was exceeded: 60.000 seconds`): it cancels the test,
    /// and the test's process goes on.
    static let swiftTestingTimeLimitPrefix = "Time limit was exceeded: "
}

extension TestFailure {
    /// Whether it says the test wrote a new reference to compare with (swift-snapshot-testing's record modes: "A new
    /// snapshot was automatically recorded"): the test's next run passes against what this one wrote.
    package var recordedNewReference: Bool { message.contains("utomatically recorded") }
}

extension TestFailure {
    /// How smokerun words a test it stopped (a timeout, a signal to smokerun), live and as console.log's note that
    /// `parse` reads back: no framework counted it.
    static let smokerunStopPrefixes = [
        "exceeded timeouts.", "still running when the run reached timeouts.", "interrupted: smokerun was stopped",
        "stopped at timeouts.", "stopped: smokerun was stopped",
    ]

    /// Whether it is smokerun's own account of stopping the test, not the test's or its framework's.
    package var isSmokerunsStop: Bool { Self.smokerunStopPrefixes.contains { message.hasPrefix($0) } }
}
