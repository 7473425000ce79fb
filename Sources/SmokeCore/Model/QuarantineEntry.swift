import Foundation

/// One quarantined test: a pipeline's `quarantine` entry, or one the automatic quarantine made. A quarantined test
/// still runs and is reported; its failure neither fails the run nor pages. Expired entries are reported and ignored.
package struct QuarantineEntry: Codable, Sendable, Equatable {
    /// A test id, or a pattern of one where `*` stands for any characters (`AppTests.SyncTests/*`).
    package var test: String
    package var reason: String
    /// Who looks after it (a person or team); "smokerun" for an automatic entry.
    package var owner: String
    /// The entry holds until this moment (a pipeline's `expires` date is the end of that day, UTC).
    package var expires: Date
    /// Made by the automatic quarantine (`autoQuarantine`) at `since`, rather than written in the pipeline.
    package var automatic: Bool
    package var since: Date?

    package init(
        test: String, reason: String, owner: String, expires: Date, automatic: Bool = false, since: Date? = nil
    ) {
        self.test = test
        self.reason = reason
        self.owner = owner
        self.expires = expires
        self.automatic = automatic
        self.since = since
    }

    package func isActive(at now: Date) -> Bool { now < expires }

    /// Whether `key` (a test id, or "id [device]") is the test or matches the pattern.
    package func matches(_ key: String) -> Bool {
        Self.glob(Array(test.unicodeScalars), Array(key.unicodeScalars))
    }

    private static func glob(_ pattern: [Unicode.Scalar], _ text: [Unicode.Scalar]) -> Bool {
        var (p, t) = (0, 0)
        var star: (p: Int, t: Int)?
        while t < text.count {
            if p < pattern.count, pattern[p] == "*" {
                star = (p, t)
                p += 1
            } else if p < pattern.count, pattern[p] == text[t] {
                p += 1
                t += 1
            } else if let last = star {
                p = last.p + 1
                t = last.t + 1
                star = (last.p, last.t + 1)
            } else {
                return false
            }
        }
        while p < pattern.count, pattern[p] == "*" { p += 1 }
        return p == pattern.count
    }
}

/// `autoQuarantine`: a test whose flake rate over the window reaches `rate` is quarantined for `days`.
package struct AutoQuarantineSettings: Sendable, Equatable {
    /// Flaky runs over runs (`TestStability.flakeRate`), 0–1.
    package var rate: Double = 0.25
    package var days: Double = 7
    /// Runs of the test the window must hold before its rate counts.
    package var minRuns: Int = 6
    /// The newest runs the rate is taken over (this one included).
    package var windowRuns: Int = 30

    package init() {}
}

/// report.json's `quarantine`: the entries in force, the expired ones, and the tests whose failure they covered.
package struct QuarantineRecord: Codable, Sendable, Equatable {
    package var active: [QuarantineEntry]
    package var expired: [QuarantineEntry]
    /// Keys of this run's failing tests that are quarantined (`TestResult.deviceKey`).
    package var tests: [String]

    package init(active: [QuarantineEntry] = [], expired: [QuarantineEntry] = [], tests: [String] = []) {
        self.active = active
        self.expired = expired
        self.tests = tests
    }

    /// The entry in force that covered `test`'s failure in this run; nil when the test is not in `tests`.
    package func entry(covering test: TestResult) -> QuarantineEntry? {
        guard tests.contains(test.deviceKey) else { return nil }
        return active.first { $0.matches(test.deviceKey) || $0.matches(test.id) }
    }
}

extension RunReport {
    /// The entry that covered `test`'s failure in this run (reports mark it, never count it); nil otherwise.
    package func quarantineEntry(for test: TestResult) -> QuarantineEntry? {
        quarantine?.entry(covering: test)
    }
}
