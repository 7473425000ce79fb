import Foundation
import SmokeCore

/// A failing test's activity steps from the bundle database's `Activities` table. Pure.
enum XCResultDatabaseActivityReader {
    /// XCTest records each assertion failure as a step of this type, inside the step that failed.
    static let failureType = "com.apple.dt.xctest.activity-type.testAssertionFailure"
    static let maxDepth = 64

    /// Test id → the timeline of its last run holding a failure, else of its last run with steps; ids in `failing` only.
    static func timelines(
        _ snapshot: XCResultDatabaseSnapshot, testIDByRun: [Int: String], failing: Set<String>
    ) -> [String: [ActivityStep]] {
        let rows = snapshot.rows("Activities")
        guard !rows.isEmpty, !failing.isEmpty else { return [:] }
        let order: (XCResultDatabaseRow, XCResultDatabaseRow) -> Bool = {
            ($0.int("orderInParent") ?? 0, $0.int("rowid") ?? 0) < ($1.int("orderInParent") ?? 0, $1.int("rowid") ?? 0)
        }
        let children = Dictionary(grouping: rows.filter { $0.int("parent_fk") != nil }, by: { $0.int("parent_fk")! })
            .mapValues { $0.sorted(by: order) }
        let topLevel = Dictionary(
            grouping: rows.filter { $0.int("parent_fk") == nil && $0.int("testCaseRun_fk") != nil },
            by: { $0.int("testCaseRun_fk")! }
        ).mapValues { $0.sorted(by: order) }
        var attachments: [Int: [String]] = [:]
        for row in snapshot.rows("Attachments").sorted(by: {
            ($0.double("timestamp") ?? 0) < ($1.double("timestamp") ?? 0)
        })
        where row.text("lifetime") != XCResultDatabaseAttachmentLinker.discardedLifetime {
            guard let activity = row.int("activity_fk") else { continue }
            attachments[activity, default: []].append(row.text("name") ?? row.text("filenameOverride") ?? "attachment")
        }

        func node(_ row: XCResultDatabaseRow, depth: Int = 0) -> ActivityTimeline.Node {
            let id = row.int("rowid") ?? -1
            // Bounded so a corrupt, very deep chain cannot exhaust the stack (real steps nest a few levels).
            let kids = depth < maxDepth ? (children[id] ?? []) : []
            return ActivityTimeline.Node(
                title: row.text("title") ?? "(untitled step)",
                startedAt: PlausibleTime.date(sinceReferenceDate: row.double("startTime")),
                failed: row.text("activityType") == failureType || !(row.text("failureIDs") ?? "").isEmpty,
                attachments: attachments[id] ?? [],
                children: kids.map { node($0, depth: depth + 1) })
        }

        var chosen: [String: (run: Int, failed: Bool, steps: [ActivityTimeline.Node])] = [:]
        for (run, id) in testIDByRun.sorted(by: { $0.key < $1.key }) where failing.contains(id) {
            guard let top = topLevel[run] else { continue }
            let steps = top.map { node($0) }
            let failed = steps.contains(where: containsFailure)
            if let earlier = chosen[id], earlier.failed, !failed { continue }
            chosen[id] = (run, failed, steps)
        }
        return chosen.compactMapValues { ActivityTimeline.steps($0.steps) }
    }

    private static func containsFailure(_ node: ActivityTimeline.Node) -> Bool {
        node.failed || node.children.contains(where: containsFailure)
    }
}
