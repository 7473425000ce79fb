import Foundation

/// `xcresulttool get test-results activities --test-id ID` output: what a (failed) test did, step by step.
package struct XCResultToolActivities: Decodable, Sendable, Equatable {
    @Lenient var testIdentifier: String?
    @LenientArray var testRuns: [Run]

    /// One run of the test (one per repetition, device or argument set).
    struct Run: Decodable, Sendable, Equatable {
        @LenientArray var activities: [Activity]
    }

    /// One step (`Tap "Pay" Button`), possibly with sub-steps and the attachments recorded in it.
    struct Activity: Decodable, Sendable, Equatable {
        @Lenient var title: String?
        @Lenient var isAssociatedWithFailure: Bool? = nil
        @LenientArray var childActivities: [Activity] = []
        /// Seconds since 1970, as the schema writes every time.
        @Lenient var startTime: Double? = nil
        @LenientArray var attachments: [Attachment] = []

        var containsFailure: Bool {
            isAssociatedWithFailure == true || childActivities.contains(where: \.containsFailure)
        }

        /// The step for `ActivityTimeline`; an untitled step keeps its place as "(untitled step)".
        var node: ActivityTimeline.Node {
            ActivityTimeline.Node(
                title: title ?? "(untitled step)", startedAt: PlausibleTime.date(since1970: startTime),
                failed: isAssociatedWithFailure == true, attachments: attachments.compactMap(\.name),
                children: childActivities.map(\.node))
        }
    }

    /// An attachment recorded inside a step: only its name is used, to find it among the test's attachments.
    struct Attachment: Decodable, Sendable, Equatable {
        @Lenient var name: String?
    }

    /// The timeline of the last run that failed (else the last run): what index.html shows beside the failure.
    package var timeline: [ActivityStep]? {
        let run = testRuns.last { $0.activities.contains(where: \.containsFailure) } ?? testRuns.last
        return run.flatMap { ActivityTimeline.steps($0.activities.map(\.node)) }
    }

    /// The steps as indented output lines (two spaces per level), failure-related steps marked `✘`,
    /// runs after the first headed `Run N:`; at most `limit` lines.
    package func outputLines(limit: Int = TestResult.outputLineLimit) -> [String] {
        var lines: [String] = []
        func visit(_ activity: Activity, depth: Int) {
            guard lines.count < limit else { return }
            if let title = activity.title {
                let mark = activity.isAssociatedWithFailure == true ? "✘ " : ""
                lines.append(String(repeating: "  ", count: depth) + mark + title)
            }
            for child in activity.childActivities { visit(child, depth: depth + 1) }
        }
        for (index, run) in testRuns.enumerated() {
            if testRuns.count > 1, lines.count < limit { lines.append("Run \(index + 1):") }
            for activity in run.activities { visit(activity, depth: testRuns.count > 1 ? 1 : 0) }
        }
        return Array(lines.prefix(limit))
    }
}
