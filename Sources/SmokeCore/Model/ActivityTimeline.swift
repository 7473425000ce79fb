import Foundation

/// The short timeline beside a failure, from either bundle reader's activity tree: steps in run order up to the end
/// of the last one marked failed, at most the last `limit` (those nearest the failure tell the most). Pure.
package enum ActivityTimeline {
    /// Steps kept per failing test; enough to see what led to the failure, few enough for a page of many failures.
    static let limit = 20

    /// One activity as a bundle records it, with its sub-activities.
    package struct Node: Sendable, Equatable {
        var title: String
        var startedAt: Date?
        package var failed: Bool
        var attachments: [String]
        package var children: [Node]

        package init(
            title: String, startedAt: Date? = nil, failed: Bool = false, attachments: [String] = [],
            children: [Node] = []
        ) {
            self.title = title
            self.startedAt = startedAt
            self.failed = failed
            self.attachments = attachments
            self.children = children
        }
    }

    /// The timeline; nil when the tree holds no step. Without a step marked failed, the last `limit` steps.
    package static func steps(_ nodes: [Node], limit: Int = ActivityTimeline.limit) -> [ActivityStep]? {
        var flat: [ActivityStep] = []
        var subtreeEnd: [Int] = []
        // Depth-first, bounded by the tree's size; iterative so a deep tree cannot overflow the stack.
        var stack: [(node: Node, depth: Int, parents: [Int])] = nodes.reversed().map { ($0, 0, []) }
        while let (node, depth, parents) = stack.popLast() {
            let index = flat.count
            flat.append(
                ActivityStep(
                    title: node.title, depth: depth, failed: node.failed, startedAt: node.startedAt,
                    attachments: node.attachments))
            subtreeEnd.append(index + 1)
            for parent in parents { subtreeEnd[parent] = index + 1 }
            stack += node.children.reversed().map { ($0, depth + 1, parents + [index]) }
        }
        guard !flat.isEmpty else { return nil }
        let end = flat.lastIndex(where: \.failed).map { subtreeEnd[$0] } ?? flat.count
        return Array(flat[max(0, end - max(limit, 1))..<end])
    }
}
