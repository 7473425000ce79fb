import Foundation

/// What the culprit finder said about a run's new failures, as report.json records it (`RunReport.culprit`).
package struct CulpritFinding: Codable, Sendable, Equatable {
    package var tests: [String]
    /// The answer in one sentence, as the follow-up message says it.
    package var answer: String
    /// The first failing commit's full hash, when the search named one.
    package var commit: String?
    package var subject: String?
    package var author: String?
    /// Test runs the search took, every repetition counted.
    package var testRuns: Int
    package var seconds: Double
    /// The follow-up message; nil when none was sent (`smokerun culprit` run by hand).
    package var notification: NotificationRecord?
}
