import Foundation

/// Maps the `get test-results tests` tree to smokerun's results (Documentation/Design.md §7). Pure.
package enum XCResultToolTestMapping {
    /// Tests in tree order (`order` 1-based), their ids by `nodeIdentifier`, and nodes of kinds not known here.
    package struct Mapped: Sendable, Equatable {
        package var tests: [TestResult] = []
        /// `nodeIdentifier` (`Class/method()`) → smokerun id, for joining activities and attachments.
        package var idsByNodeIdentifier: [String: String] = [:]
        package var unrecognizedNodeCount = 0
    }

    /// Node types that only group others.
    static let containerTypes: Set<String> = [
        "Test Plan", "Unit test bundle", "UI test bundle", "Test Suite", "Device", "Test Plan Configuration",
    ]
    /// Node types inside a test case that carry nothing smokerun reports.
    static let ignoredDetailTypes: Set<String> = [
        "Source Code Reference", "Attachment", "Expression", "Test Value", "Runtime Warning",
    ]
    /// Node types inside a test case that split its runs by where they ran: each is its own series of attempts.
    static let runGroupTypes: Set<String> = ["Device", "Test Plan Configuration"]

    package static func map(_ document: XCResultToolTestsDocument) -> Mapped {
        var mapped = Mapped()
        var found: [Found] = []
        for node in document.testNodes {
            visit(
                node, module: nil, suites: [], container: nil, into: &found, unrecognized: &mapped.unrecognizedNodeCount
            )
        }
        // A test case listed once per configuration or device above it is one test, as in the database.
        var order: [String] = []
        var byID: [String: [Found]] = [:]
        for entry in found {
            let id = identity(of: entry.node, module: entry.module, suites: entry.suites).id
            if byID[id] == nil { order.append(id) }
            byID[id, default: []].append(entry)
        }
        for id in order {
            let entries = byID[id]!
            let node = entries.count == 1 ? entries[0].node : joined(entries)
            var test = testResult(
                node, module: entries[0].module, suites: entries[0].suites, unrecognized: &mapped.unrecognizedNodeCount)
            test.order = mapped.tests.count + 1
            if let identifier = node.nodeIdentifier { mapped.idsByNodeIdentifier[identifier] = test.id }
            mapped.tests.append(test)
        }
        return mapped
    }

    /// A `Test Case` node where the tree has it: its module, suites and the configuration/device above it.
    private struct Found {
        var node: XCResultToolTestNode
        var module: String?
        var suites: [String]
        var container: String?
    }

    private static func visit(
        _ node: XCResultToolTestNode, module: String?, suites: [String], container: String?, into found: inout [Found],
        unrecognized: inout Int
    ) {
        let type = node.nodeType ?? ""
        switch type {
        case "Test Case":
            found.append(Found(node: node, module: module, suites: suites, container: container))
        case "Unit test bundle", "UI test bundle":
            for child in node.children {
                visit(
                    child, module: node.name ?? module, suites: [], container: container, into: &found,
                    unrecognized: &unrecognized)
            }
        case "Test Suite":
            for child in node.children {
                visit(
                    child, module: module, suites: suites + [node.name ?? ""], container: container, into: &found,
                    unrecognized: &unrecognized)
            }
        default:
            if !containerTypes.contains(type) { unrecognized += 1 }
            var inner = container
            if runGroupTypes.contains(type), let name = node.name {
                inner = container.map { "\($0) / \(name)" } ?? name
            }
            for child in node.children {
                visit(
                    child, module: module, suites: suites, container: inner, into: &found, unrecognized: &unrecognized)
            }
        }
    }

    /// One test case node from its listings under several configurations: each listing becomes a
    /// configuration child; the result is the worst, the duration the mean over all their runs.
    private static func joined(_ entries: [Found]) -> XCResultToolTestNode {
        var ignored = 0
        let statuses = entries.map { status($0.node.result, hasFailures: false, unrecognized: &ignored) }
        let results: [TestStatus: String] = [
            .failed: "Failed", .skipped: "Skipped", .expectedFailure: "Expected Failure", .passed: "Passed",
        ]
        let runs = entries.map { Double(runCount($0.node)) }
        let seconds =
            zip(entries, runs).reduce(0.0) { $0 + ($1.0.node.seconds ?? 0) * $1.1 } / max(runs.reduce(0, +), 1)
        var node = entries[0].node
        node.result = results[TestStatus.worst(statuses)] ?? "Failed"
        node.durationInSeconds = seconds
        node.children = entries.enumerated().map { index, entry in
            XCResultToolTestNode(
                nodeType: "Test Plan Configuration", name: entry.container ?? "Run \(index + 1)",
                result: entry.node.result,
                durationInSeconds: entry.node.seconds, children: entry.node.children)
        }
        return node
    }

    /// How many runs a test case node stands for: its repetitions, else its argument cases, else one.
    private static func runCount(_ node: XCResultToolTestNode) -> Int {
        func count(_ node: XCResultToolTestNode) -> Int {
            node.children.reduce(0) { total, child in
                ["Repetition", "Test Case Run"].contains(child.nodeType ?? "") ? total + 1 : total + count(child)
            }
        }
        let repetitions = count(node)
        if repetitions > 0 { return repetitions }
        return max(node.children.filter { $0.nodeType == "Arguments" }.count, 1)
    }

    // MARK: - Ids

    struct Identity: Equatable {
        var id: String
        var name: String
        var suite: String
        var framework: TestFramework
    }

    /// `Class/method()` in module `M` → `M.Class/method` (XCTest) or `M.Suite/function()` (Swift Testing).
    /// The tree does not say which framework ran a test: an XCTest method is a `test…` method with no
    /// arguments directly in a class, shown under its own name and without tags; anything else is Swift Testing.
    static func identity(of node: XCResultToolTestNode, module: String?, suites: [String]) -> Identity {
        var components = (node.nodeIdentifier ?? "").split(separator: "/").map(String.init)
        if components.isEmpty { components = suites.filter { !$0.isEmpty } + [node.name ?? "unnamed"] }
        let function = components[components.count - 1]
        let bareName = function.hasSuffix("()") ? String(function.dropLast(2)) : function
        let isXCTest =
            components.count == 2 && bareName.hasPrefix("test") && !bareName.contains("(")
            && node.tags.isEmpty
            && (node.name == nil || node.name == function || node.name == bareName || node.name == bareName + "()")
        let suite = components.dropLast().joined(separator: "/")
        let name = isXCTest ? bareName : (function.hasSuffix(")") ? function : function + "()")
        let qualifiedSuite = [module, suite.isEmpty ? nil : suite].compactMap { $0 }.joined(separator: ".")
        let id = qualifiedSuite.isEmpty ? name : "\(qualifiedSuite)/\(name)"
        return Identity(
            id: id, name: name, suite: suite.isEmpty ? (module ?? "") : suite,
            framework: isXCTest ? .xctest : .swiftTesting)
    }
}
