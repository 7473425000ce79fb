import Foundation

/// Joins a sharded run's reports into one (`smokerun merge`). Pure: the caller copies attachments and merges coverage.
package enum RunMerger {
    /// A shard's report with where it came from, for messages.
    package struct Part: Sendable {
        package var report: RunReport
        package var source: String

        package init(report: RunReport, source: String) {
            self.report = report
            self.source = source
        }
    }

    /// One report: the shards' tests in shard order (positions renumbered), totals recounted, the earliest start and
    /// latest finish, and an error for every shard missing, given twice, or running a test another shard ran.
    package static func merge(_ parts: [Part], runID: String) throws(MergeError) -> RunReport {
        try checkOneRun(parts)
        let first = parts[0]
        let sorted = parts.enumerated().sorted { left, right in
            (left.element.report.shard?.index ?? 0, left.offset) < (
                right.element.report.shard?.index ?? 0, right.offset
            )
        }.map(\.element)

        var errors = shardErrors(sorted)
        let shardsComplete = errors.isEmpty
        var tests: [TestResult] = []
        var seen: [String: String] = [:]
        for part in sorted {
            let ordered = part.report.tests.enumerated().sorted {
                ($0.element.order, $0.offset) < ($1.element.order, $1.offset)
            }
            for (_, test) in ordered {
                // Keyed by id and device: a multi-device shard runs each test once per device.
                if let other = seen[test.deviceKey] {
                    errors.append(
                        InfrastructureError(
                            message:
                                """
                                \(test.deviceKey) ran in both \(other) and \(part.source); it is counted once (from \
                                \(other))
                                """
                        ))
                    continue
                }
                seen[test.deviceKey] = part.source
                tests.append(test)
            }
            let label = part.report.shard.map { "shard \($0.description)" } ?? part.source
            errors += part.report.errors.map { error in
                var error = error
                error.message = "\(label): \(error.message)"
                return error
            }
        }
        for index in tests.indices { tests[index].order = index + 1 }
        if shardsComplete { errors += unrunTests(sorted, ran: Set(tests.map { TestKey.listed($0.id) })) }

        let startedAt = sorted.map(\.report.startedAt).min()!
        let finishedAt = sorted.map(\.report.finishedAt).max()!
        var report = RunReport(
            pipeline: first.report.pipeline, runID: runID, status: .passed, startedAt: startedAt,
            finishedAt: finishedAt,
            seed: first.report.seed,
            ordering: OrderingRecord(
                mode: first.report.ordering.mode, isolation: first.report.ordering.isolation, seed: first.report.seed),
            environment: first.report.environment, device: first.report.device, toolchain: first.report.toolchain,
            tests: tests, errors: errors)
        // One commit when every shard names the same one; shards of different commits are not one commit's run.
        var origin = first.report.origin
        if Set(sorted.map { $0.report.origin?.commit }).count > 1 {
            origin?.commit = nil
            origin?.dirty = nil
            origin?.commitSource = nil
        }
        report.origin = origin
        report.mergedRuns = sorted.map(\.report.runID).sorted()
        report.status =
            sorted.contains { $0.report.status == .interrupted }
            ? .interrupted : RunReport.status(of: tests, errors: errors)
        return report
    }

    /// The tests the whole run selected (as each shard recorded it) that no shard ran: shards whose histories held
    /// different durations split the tests differently, and a test can fall between them.
    static func unrunTests(_ parts: [Part], ran: Set<String>) -> [InfrastructureError] {
        let selected = parts.compactMap { $0.report.shard?.selected }
        guard selected.count == parts.count else { return [] }
        var seen = Set<String>()
        // By key, as the run matches listed tests to results (`testA()` listed, `testA` run).
        let unrun = selected.joined().filter { id in
            let key = TestKey.listed(id)
            return !ran.contains(key) && seen.insert(key).inserted
        }
        guard !unrun.isEmpty else { return [] }
        return [
            InfrastructureError(
                message: """
                    \(ReportText.count(unrun.count, "test")) of the run ran in no shard: the shards split the tests \
                    differently (their histories' durations differed); run every shard of a run from the same history
                    """,
                details: Array(unrun.prefix(50)))
        ]
    }

    /// Shards of one run ran one pipeline (by name, and by file and content where recorded) with one seed; anything
    /// else is several runs, whose merge would claim an order and a pipeline that no run had.
    package static func checkOneRun(_ parts: [Part]) throws(MergeError) {
        guard let first = parts.first else { throw .nothingToMerge }
        for part in parts.dropFirst() {
            let (one, other) = (first.report, part.report)
            if other.pipeline != one.pipeline {
                throw .differentPipelines(
                    first: first.source, firstPipeline: one.pipeline, other: part.source, otherPipeline: other.pipeline)
            }
            // A report without a hash (an older smokerun's) cannot tell; one with a hash can.
            if let firstHash = one.pipelineHash, let otherHash = other.pipelineHash, firstHash != otherHash {
                throw .differentPipelineFiles(
                    first: first.source, firstFile: one.pipelineFile ?? "its pipeline", firstHash: firstHash,
                    other: part.source, otherFile: other.pipelineFile ?? "its pipeline", otherHash: otherHash)
            }
            if other.seed != one.seed {
                throw .differentSeeds(
                    first: first.source, firstSeed: one.seed, other: part.source, otherSeed: other.seed)
            }
        }
    }

    /// Shards missing from the set, given twice, or from splits of different sizes.
    static func shardErrors(_ parts: [Part]) -> [InfrastructureError] {
        let shards = parts.compactMap(\.report.shard)
        guard !shards.isEmpty else { return [] }
        var errors: [InfrastructureError] = []
        let counts = Set(shards.map(\.count))
        if counts.count > 1 || shards.count != parts.count {
            errors.append(
                InfrastructureError(
                    message:
                        """
                        the runs come from different splits \
                        (\(parts.map { $0.report.shard?.description ?? "whole run" }.joined(separator: ", "))); merge \
                        the shards of one run
                        """
                ))
            return errors
        }
        let count = shards[0].count
        var byIndex: [Int: [String]] = [:]
        for part in parts { byIndex[part.report.shard!.index, default: []].append(part.source) }
        for (index, sources) in byIndex.sorted(by: { $0.key < $1.key }) where sources.count > 1 {
            errors.append(
                InfrastructureError(message: "shard \(index)/\(count) given \(sources.count) times", details: sources))
        }
        let missing = (1...count).filter { byIndex[$0] == nil }
        if !missing.isEmpty {
            errors.append(
                InfrastructureError(
                    message:
                        """
                        shard\(missing.count == 1 ? "" : "s") \
                        \(missing.map { "\($0)/\(count)" }.joined(separator: ", ")) missing: their tests are not in \
                        this report
                        """
                ))
        }
        return errors
    }
}

/// Why shard runs cannot be merged at all.
package enum MergeError: Error, Equatable, LocalizedError, DomainError {
    case nothingToMerge
    case differentPipelines(first: String, firstPipeline: String, other: String, otherPipeline: String)
    case differentPipelineFiles(
        first: String, firstFile: String, firstHash: String, other: String, otherFile: String, otherHash: String)
    case differentSeeds(first: String, firstSeed: UInt64?, other: String, otherSeed: UInt64?)
    case binaryMissing(path: String, source: String)

    package var errorDescription: String? {
        switch self {
        case .nothingToMerge:
            "merge needs the run directories of the shards (smokerun merge DIR… --output DIR)"
        case .differentPipelines(let first, let firstPipeline, let other, let otherPipeline):
            "\(first) is a run of '\(firstPipeline)' but \(other) is of '\(otherPipeline)'; merge runs of one pipeline"
        case .differentPipelineFiles(let first, let firstFile, let firstHash, let other, let otherFile, let otherHash):
            Self.filesText(first, firstFile, firstHash, other, otherFile, otherHash)
        case .differentSeeds(let first, let firstSeed, let other, let otherSeed):
            Self.seedsText(first, firstSeed, other, otherSeed)
        case .binaryMissing(let path, let source):
            """
            the test binary \(path) that \(source) recorded for coverage is not on this machine; build the package at \
            the same path (swift build --build-tests --enable-code-coverage) or pass --binary PATH
            """
        }
    }

    package var kind: ErrorKind {
        switch self {
        case .nothingToMerge, .differentPipelines, .differentPipelineFiles, .differentSeeds: .invalidInput
        case .binaryMissing: .infrastructure
        }
    }

    private static func filesText(
        _ first: String, _ firstFile: String, _ firstHash: String, _ other: String, _ otherFile: String,
        _ otherHash: String
    ) -> String {
        let (one, two) = (firstHash.prefix(12), otherHash.prefix(12))
        let edited = firstFile == otherFile ? " (the file changed between the shards)" : ""
        return """
            \(first) ran \(firstFile) (sha256 \(one)…) but \(other) ran \(otherFile) (sha256 \(two)…)\(edited): they \
            are not shards of one run, which all use one pipeline file, unchanged. Run every shard with the same file \
            and merge those
            """
    }

    private static func seedsText(_ first: String, _ firstSeed: UInt64?, _ other: String, _ otherSeed: UInt64?)
        -> String
    {
        let (one, two) = (seedText(firstSeed), seedText(otherSeed))
        let replay = (firstSeed ?? otherSeed).map { "smokerun run --seed \($0) --shard K/N" } ?? "--seed N"
        return """
            \(first) ran with \(one) but \(other) with \(two): each drew its own order, so together they are not one \
            run and no seed replays them. Run every shard with the same seed (\(replay)) and merge those
            """
    }

    private static func seedText(_ seed: UInt64?) -> String {
        seed.map { "seed \($0)" } ?? "no seed (declared order)"
    }
}
