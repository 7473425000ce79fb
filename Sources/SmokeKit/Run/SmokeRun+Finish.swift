import Foundation

extension SmokeRun {
    /// Coverage, reports, history, webhook, then what the person or the CI job sees.
    func finish(_ draft: RunReport, runDirectory: URL, driverResult: DriverResult) async -> Outcome {
        var report = draft
        let store = RunStore(outputDirectory: outputDirectory)
        var coverageBelowMinimum = false
        if pipeline.coverage.enabled, report.status != .interrupted, !driverResult.profiles.isEmpty {
            let run = self
            let measured = report
            (report, coverageBelowMinimum) = await BlockingWork.run {
                var withCoverage = measured
                let below = run.collectCoverage(into: &withCoverage, runDirectory: runDirectory, driverResult: driverResult)
                return (withCoverage, below)
            }
        }
        // A shard is part of a run: `smokerun merge` sends the one notification for all shards.
        if options.notify, options.shard == nil {
            report.notifications = await notify(report)
        }
        do {
            report = try store.finish(report, in: runDirectory, formats: pipeline.reports, consoleLog: nil, environment: context.environment)
        } catch {
            report.errors.append(InfrastructureError(message: "could not write the reports in \(runDirectory.path): \(error.localizedDescription)"))
            context.standardError.line("smokerun: \(report.errors.last!.message)")
        }
        printSummary(report, runDirectory: runDirectory)
        let exitCode: ExitCode
        switch report.status {
        case .passed: exitCode = coverageBelowMinimum ? .coverageBelowMinimum : .passed
        case .failed, .interrupted: exitCode = .testsFailed
        case .error: exitCode = .infrastructure
        }
        if options.strict, report.reconciliation?.agrees == false, exitCode == .passed || exitCode == .testsFailed {
            return Outcome(report: report, runDirectory: runDirectory, exitCode: .infrastructure)
        }
        return Outcome(report: report, runDirectory: runDirectory, exitCode: exitCode)
    }

    private func printSummary(_ report: RunReport, runDirectory: URL) {
        let err = context.standardError
        let out = context.standardOutput
        for test in report.failingTests {
            let failure = test.failures.first
            let location = failure?.location.map { " (\($0))" } ?? ""
            err.line("\(ProgressLine.symbol(for: test.status)) \(test.id) \(test.status.rawValue)\(location)")
            if let message = failure?.message { err.line("    \(message.split(separator: "\n").first ?? "")") }
        }
        for error in report.errors {
            err.line("smokerun: error: \(error.message)")
            for line in error.details.prefix(20) { err.line("    \(line)") }
        }
        if context.environment["GITHUB_ACTIONS"] == "true" {
            for line in GitHubAnnotations.lines(for: report, relativeTo: context.currentDirectory.path) { out.line(line) }
        }
        let t = report.totals
        var parts = ["\(t.passed) passed", "\(t.failed) failed"]
        if t.crashed > 0 { parts.append("\(t.crashed) crashed") }
        if t.timedOut > 0 { parts.append("\(t.timedOut) timed out") }
        if t.skipped > 0 { parts.append("\(t.skipped) skipped") }
        if t.expectedFailures > 0 { parts.append("\(t.expectedFailures) expected failures") }
        if t.flaky > 0 { parts.append("\(t.flaky) flaky") }
        let seed = report.seed.map { ", seed \($0)" } ?? ""
        out.line("\(report.pipeline): \(report.status.rawValue) — \(t.tests) tests: \(parts.joined(separator: ", ")) in \(String(format: "%.1f", report.durationSeconds)) s\(seed)")
        if let coverage = report.coverage {
            // Rounded down, as the dashboard shows it: 99.96% is not 100%.
            out.line("coverage: \(String(format: "%.1f", (coverage.lines.percent * 10).rounded(.down) / 10))% of lines (\(coverage.lines.covered)/\(coverage.lines.count))")
        }
        out.line("report: \(displayPath(runDirectory.appendingPathComponent("index.html")))")
    }

    func displayPath(_ url: URL) -> String {
        let root = context.currentDirectory.path
        return url.path.hasPrefix(root + "/") ? String(url.path.dropFirst(root.count + 1)) : url.path
    }

    /// Collects coverage from the run's profiles, passing or failing (DESIGN §8); returns whether
    /// line coverage is below the pipeline's minimum. A missing or broken tool is an infrastructure error.
    func collectCoverage(into report: inout RunReport, runDirectory: URL, driverResult: DriverResult) -> Bool {
        let packageRoot: URL
        do {
            let tools: ToolchainTools
            switch pipeline.driver {
            case .swiftpm(let settings):
                packageRoot = pipeline.resolve(settings.packagePath, currentDirectory: context.currentDirectory)
                let swift = try SwiftToolchain.locate(environment: context.environment)
                tools = try ToolchainTools.locate(swift: swift, environment: context.environment, runner: context.runner)
            case .xcodebuild:
                // Xcode's own llvm tools (`xcrun --find`), over the Coverage.profdata xcodebuild merged
                // and the app and test binaries in the derived data folder.
                packageRoot = pipeline.projectRoot(currentDirectory: context.currentDirectory)
                tools = try ToolchainTools.locate(environment: context.environment, runner: context.runner)
            }
            let collection = try CoverageCollector(tools: tools, runner: context.runner).collect(
                profiles: driverResult.profiles, binaries: driverResult.testBinaries,
                scope: CoverageScope(root: packageRoot.path, include: pipeline.coverage.include), runDirectory: runDirectory)
            report.coverage = collection.summary
            // So `smokerun merge` can merge this run's profile with other shards' and export it again.
            try? CoverageInputs(testBinaries: driverResult.testBinaries.map(\.path)).write(in: runDirectory)
            // A shard covers part of the code by design; `smokerun merge` applies the gate to the whole run.
            if options.shard == nil, let minimum = pipeline.coverage.minimumLines, collection.summary.lines.percent < minimum {
                context.standardError.line(String(format: "smokerun: line coverage %.1f%% is below coverage.minimumLines %.1f%%", collection.summary.lines.percent, minimum))
                return true
            }
        } catch {
            report.errors.append(InfrastructureError(message: "coverage: \(error.localizedDescription)"))
            if report.status != .interrupted { report.status = .error }
        }
        return false
    }

    /// The webhook, after the run's results are final; it never changes them.
    func notify(_ report: RunReport) async -> [NotificationRecord] {
        let history = HistoryReader.earlierRuns(of: report, in: HistoryReader.read(outputDirectory: outputDirectory).entries)
        let records = await Notifier().notifyAfterRun(
            report: report, history: history, settings: pipeline.notify, outputDirectory: outputDirectory,
            environment: context.environment)
        for record in records { context.standardError.line(Notifier.describe(record)) }
        return records
    }
}
