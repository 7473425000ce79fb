import Foundation
import SmokeCore

/// Reads an `.xcresult` bundle through `xcrun xcresulttool`: the `test-results` commands, else the legacy graph.
package struct XCResultToolReader: ResultBundleReading {
    /// The schema the decoding is written against; passed so a newer Xcode answers in it.
    static let schemaVersion = "0.1.0"

    let runner: any CommandRunning
    /// The environment `xcrun` runs in; nil inherits smokerun's.
    let environment: [String: String]?

    init(runner: any CommandRunning, environment: [String: String]? = nil) {
        self.runner = runner
        self.environment = environment
    }

    /// A reader when `xcrun --find xcresulttool` answers, nil elsewhere.
    package static func ifInstalled(runner: any CommandRunning, environment: [String: String]) -> XCResultToolReader? {
        guard ExecutableLocator.find("xcrun", path: environment["PATH"]) != nil,
            let found = try? runner.run(
                "xcrun", ["--find", "xcresulttool"], environment: environment, currentDirectory: nil),
            found.exitStatus == 0
        else { return nil }
        return XCResultToolReader(runner: runner, environment: environment)
    }

    package func read(bundle: URL, scratchDirectory: URL) throws -> ResultBundleContents {
        switch try capability() {
        case .testResults: try readTestResults(bundle: bundle, scratchDirectory: scratchDirectory)
        case .legacyGraph: try readLegacyGraph(bundle: bundle)
        }
    }

    func capability() throws -> XCResultToolCapability {
        let version = try output(["version"])
        if let known = XCResultToolCapability.fromVersion(String(decoding: version, as: UTF8.self)) { return known }
        let help = try runner.run(
            "xcrun", ["xcresulttool", "get", "--help"], environment: environment, currentDirectory: nil)
        return XCResultToolCapability.fromHelp(help.outputText + help.errorText)
    }

    // MARK: - Xcode 16+

    private func readTestResults(bundle: URL, scratchDirectory: URL) throws -> ResultBundleContents {
        let path = bundle.path
        let schema = ["--schema-version", Self.schemaVersion]
        let testsCommand = ["get", "test-results", "tests", "--path", path] + schema
        let document: XCResultToolTestsDocument = try decode(testsCommand, bundle: path)
        var mapped = XCResultToolTestMapping.map(document)
        guard !mapped.tests.isEmpty else {
            throw XCResultToolError.noTests(bundle: path, detail: "`get test-results tests` listed no test cases")
        }
        var contents = ResultBundleContents()
        if mapped.unrecognizedNodeCount > 0 {
            contents.notes.append(
                """
                xcresulttool: \(mapped.unrecognizedNodeCount) test-tree node(s) of a kind smokerun does not know were \
                skipped.
                """
            )
        }

        // The summary only adds the destination and Xcode version: the tests stand without it.
        do {
            let summary: XCResultToolSummary = try decode(
                ["get", "test-results", "summary", "--path", path] + schema, bundle: path)
            contents.device = (summary.devices.first ?? document.devices.first)?.resolved
            contents.xcodeVersion = summary.xcodeVersion
            contents.summaryCounts = summary.count(bundleName: bundle.lastPathComponent).map { [$0] } ?? []
            (contents.startedAt, contents.finishedAt) = summary.interval
        } catch {
            contents.device = document.devices.first?.resolved
            contents.notes.append("xcresulttool summary could not be read: \(error.localizedDescription)")
        }

        // Activities only for failed tests: the steps leading to a failure.
        let identifiers = Dictionary(
            mapped.idsByNodeIdentifier.map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
        for index in mapped.tests.indices where mapped.tests[index].status.isFailure {
            guard let identifier = identifiers[mapped.tests[index].id] else { continue }
            do {
                let activities: XCResultToolActivities = try decode(
                    ["get", "test-results", "activities", "--test-id", identifier, "--path", path] + schema,
                    bundle: path)
                let room = TestResult.outputLineLimit - mapped.tests[index].output.count
                mapped.tests[index].output += activities.outputLines(limit: max(room, 0))
                mapped.tests[index].activities = activities.timeline
            } catch {
                contents.notes.append(
                    "xcresulttool activities for \(identifier) could not be read: \(error.localizedDescription)")
            }
        }
        contents.tests = mapped.tests

        // One bulk export, joined to tests through its manifest (`--only-failures` misses tear-down screenshots).
        let exportFolder = scratchDirectory.appendingPathComponent("xcresulttool-attachments", isDirectory: true)
        do {
            try FileManager.default.createDirectory(at: exportFolder, withIntermediateDirectories: true)
            _ = try output(["export", "attachments", "--path", path, "--output-path", exportFolder.path])
            let manifestFile = exportFolder.appendingPathComponent("manifest.json")
            if FileManager.default.fileExists(atPath: manifestFile.path) {
                let manifest = try JSONDecoder().decode(
                    XCResultToolAttachmentManifest.self, from: Data(contentsOf: manifestFile))
                let exported = manifest.attachments(in: exportFolder, testIDs: mapped.idsByNodeIdentifier)
                contents.attachments = exported.attachments
                contents.notes += exported.notes
            }
        } catch {
            contents.notes.append("xcresulttool attachments could not be exported: \(error.localizedDescription)")
        }
        contents.recordEvidence(bundle: bundle.lastPathComponent)
        return contents
    }

    // MARK: - Legacy object graph

    private func readLegacyGraph(bundle: URL) throws -> ResultBundleContents {
        let path = bundle.path
        // Xcode 16 wants `--legacy` for the graph; older tools do not know the flag.
        var legacyFlag = ["--legacy"]
        let record: Data
        do {
            record = try output(["get"] + legacyFlag + ["--format", "json", "--path", path])
        } catch {
            legacyFlag = []
            record = try output(["get", "--format", "json", "--path", path])
        }
        let invocation = XCResultToolLegacyGraph.invocation(
            from: try json(record, command: ["get", "--format", "json"], bundle: path))
        var contents = ResultBundleContents()
        contents.device = invocation.device
        contents.startedAt = invocation.startedAt
        contents.finishedAt = invocation.finishedAt
        if let counts = invocation.counts {
            contents.summaryCounts = [
                FrameworkCount(
                    framework: "xcresult", tests: counts.tests, failures: counts.failures,
                    from: "\(bundle.lastPathComponent): xcresulttool get --legacy ActionsInvocationRecord metrics")
            ]
        }
        var unrecognized = 0
        for id in invocation.testsReferenceIDs {
            let command = ["get"] + legacyFlag + ["--format", "json", "--path", path, "--id", id]
            let mapped = XCResultToolLegacyGraph.tests(
                from: try json(try output(command), command: command, bundle: path), invocation: invocation)
            for var test in mapped.tests {
                test.order = contents.tests.count + 1
                contents.tests.append(test)
            }
            unrecognized += mapped.unrecognized
        }
        guard !contents.tests.isEmpty else {
            throw XCResultToolError.noTests(
                bundle: path,
                detail: "the legacy graph has \(invocation.testsReferenceIDs.count) test action(s) and no tests")
        }
        if unrecognized > 0 {
            contents.notes.append(
                "xcresulttool: \(unrecognized) legacy graph node(s) of a kind smokerun does not know were skipped.")
        }
        contents.notes.append(
            "Attachments are not read from bundles of Xcode versions before 16 (legacy xcresulttool).")
        contents.recordEvidence(bundle: bundle.lastPathComponent)
        return contents
    }

    // MARK: - Running the tool

    private func output(_ arguments: [String]) throws -> Data {
        let fullArguments = ["xcresulttool"] + arguments
        let result: CommandResult
        do {
            result = try runner.run("xcrun", fullArguments, environment: environment, currentDirectory: nil)
        } catch let error as CommandError {
            throw XCResultToolError.commandFailed(error)
        }
        guard result.exitStatus == 0 else {
            throw XCResultToolError.commandFailed(
                CommandError(executable: "xcrun", arguments: fullArguments, result: result))
        }
        return result.standardOutput
    }

    private func decode<Document: Decodable>(_ arguments: [String], bundle: String) throws -> Document {
        let data = try output(arguments)
        do {
            return try JSONDecoder().decode(Document.self, from: data)
        } catch let error as DecodingError {
            throw XCResultToolError.unreadableOutput(
                command: ["xcrun", "xcresulttool"] + arguments, bundle: bundle, reason: error.keyPathDescription)
        }
    }

    private func json(_ data: Data, command: [String], bundle: String) throws -> Any {
        do {
            return try JSONSerialization.jsonObject(with: data)
        } catch {
            throw XCResultToolError.unreadableOutput(
                command: ["xcrun", "xcresulttool"] + command, bundle: bundle, reason: error.localizedDescription)
        }
    }
}
