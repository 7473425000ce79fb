import Foundation
import SmokeCore

extension SmokeRun {
    /// Coverage, reports, history, webhook, then what the person or the CI job sees.
    package func finish(_ draft: RunReport, runDirectory: URL, driverResult: DriverResult) async -> Outcome {
        var report = draft
        // `run` recorded its file at the start; `merge` records the pipeline it was given.
        if report.pipelineFile == nil, let file = pipelineFileRecord {
            (report.pipelineFile, report.pipelineHash) = (file.path, file.hash)
        }
        let store = RunStore(outputDirectory: outputDirectory, writer: fileWriter)
        var coverageBelowMinimum = false
        if pipeline.coverage.enabled, report.status != .interrupted, !driverResult.profiles.isEmpty {
            let run = self
            let measured = report
            (report, coverageBelowMinimum) = await BlockingWork.run {
                var withCoverage = measured
                let below = run.collectCoverage(
                    into: &withCoverage, runDirectory: runDirectory, driverResult: driverResult)
                return (withCoverage, below)
            }
        }
        // A shard is part of a run: `smokerun merge` sends the one notification for all shards.
        if options.notify, options.shard == nil {
            report.notifications = await notify(report)
        }
        var written = true
        do {
            report = try store.finish(
                report, in: runDirectory, formats: pipeline.reports, consoleLog: nil, environment: context.environment,
                projectRoot: pipeline.projectRoot(currentDirectory: context.currentDirectory).path)
        } catch {
            // A run whose results did not all reach the disk (full disk, permissions) is an
            // infrastructure failure whatever its tests did: never `passed` with a missing report.
            written = false
            report.status = .error
            report.errors.append(
                InfrastructureError(message: "the run's results were not all written: \(error.localizedDescription)"))
            // If report.json made it, it must not say the run passed; best effort, the disk may still be full.
            if FileManager.default.fileExists(atPath: runDirectory.appendingPathComponent(RunStore.reportName).path) {
                try? store.writeReports(report, in: runDirectory, formats: [.json])
            }
        }
        printSummary(report, runDirectory: runDirectory, written: written)
        prune(after: report)
        let failure: ErrorKind?
        switch report.status {
        case .passed: failure = coverageBelowMinimum ? .coverageBelowMinimum : nil
        case .failed, .interrupted: failure = .testsFailed
        case .error, .incomplete: failure = .infrastructure
        }
        if options.strict, report.reconciliation?.agrees == false, failure == nil || failure == .testsFailed {
            return Outcome(report: report, runDirectory: runDirectory, failure: .infrastructure)
        }
        return Outcome(report: report, runDirectory: runDirectory, failure: failure)
    }

    private func printSummary(_ report: RunReport, runDirectory: URL, written: Bool) {
        let err = context.standardError
        let out = context.standardOutput
        for line in RunSummary.failureLines(report, style: TerminalStyle(output: err, environment: context.environment))
        { err.line(line) }
        for error in report.errors {
            err.line("smokerun: \(error.isNote ? "note" : "error"): \(error.message)")
            for line in error.details.prefix(20) { err.line("    \(line)") }
        }
        if context.environment["GITHUB_ACTIONS"] == "true" {
            for line in GitHubAnnotations.lines(for: report, relativeTo: context.currentDirectory.path) {
                out.line(line)
            }
        }
        out.line(RunSummary.totalsLine(report, style: TerminalStyle(output: out, environment: context.environment)))
        if let coverage = report.coverage {
            // Rounded down, as the dashboard shows it: 99.96% is not 100%.
            out.line(
                "coverage: \(String(format: "%.1f", (coverage.lines.percent * 10).rounded(.down) / 10))% of lines "
                    + "(\(coverage.lines.covered)/\(coverage.lines.count))"
            )
        }
        if written {
            out.line("report: \(displayPath(runDirectory.appendingPathComponent("index.html")))")
        } else {
            out.line("report: not written (see the error above); what was saved is in \(displayPath(runDirectory))")
        }
    }

    package func displayPath(_ url: URL) -> String {
        let root = context.currentDirectory.path
        return url.path.hasPrefix(root + "/") ? String(url.path.dropFirst(root.count + 1)) : url.path
    }

    /// Collects coverage from the run's profiles, passing or failing (Documentation/Design.md §9); returns whether
    /// line coverage is below the pipeline's minimum. A missing or broken tool is an infrastructure error.
    func collectCoverage(into report: inout RunReport, runDirectory: URL, driverResult: DriverResult) -> Bool {
        let packageRoot: URL
        do {
            let tools: ToolchainTools
            switch pipeline.driver {
            case .swiftpm(let settings):
                packageRoot = pipeline.resolve(settings.packagePath, currentDirectory: context.currentDirectory)
                let swift = try SwiftToolchain.locate(environment: context.environment)
                tools = try ToolchainTools.locate(
                    swift: swift, environment: context.environment, runner: context.runner)
            case .xcodebuild:
                // Xcode's own llvm tools (`xcrun --find`), over the Coverage.profdata xcodebuild merged
                // and the app and test binaries in the derived data folder.
                packageRoot = pipeline.projectRoot(currentDirectory: context.currentDirectory)
                tools = try ToolchainTools.locate(environment: context.environment, runner: context.runner)
            }
            let collection = try CoverageCollector(tools: tools, runner: context.runner).collect(
                profiles: driverResult.profiles, binaries: driverResult.testBinaries,
                scope: CoverageScope(root: packageRoot.path, include: pipeline.coverage.include),
                runDirectory: runDirectory)
            report.coverage = collection.summary
            // So `smokerun merge` can merge this run's profile with other shards' and export it again.
            try? CoverageInputs(testBinaries: driverResult.testBinaries.map(\.path)).write(in: runDirectory)
            // Most of a run's size; coverage.profdata holds them merged.
            RunPruner.removeRawProfiles(in: runDirectory)
            // A shard covers part of the code by design; `smokerun merge` applies the gate to the whole run.
            if options.shard == nil, let minimum = pipeline.coverage.minimumLines,
                collection.summary.lines.percent < minimum
            {
                context.standardError.line(
                    String(
                        format: "smokerun: line coverage %.1f%% is below coverage.minimumLines %.1f%%",
                        collection.summary.lines.percent, minimum))
                return true
            }
        } catch {
            report.errors.append(InfrastructureError(message: "coverage: \(error.localizedDescription)"))
            if report.status != .interrupted { report.status = .error }
        }
        return false
    }

    /// Applies the pipeline's `retention` to the output folder; a failure is a warning, never the run's.
    private func prune(after report: RunReport) {
        let retention = pipeline.retention
        let outcome = RunPruner(outputDirectory: outputDirectory).prune(
            pipeline: report.pipeline, settings: retention, now: now(), current: report.runID)
        let err = context.standardError
        if !outcome.removed.isEmpty {
            let days = Int(exactly: retention.days).map(String.init) ?? String(retention.days)
            err.line(
                "retention: removed \(ReportText.count(outcome.removed.count, "old run")) (keeps \(retention.runs) "
                    + "runs, \(days) "
                    + "days)"
            )
        }
        for failure in outcome.failures { err.line("retention: warning: \(failure)") }
    }

    /// The webhook, after the run's results are final; it never changes them.
    func notify(_ report: RunReport) async -> [NotificationRecord] {
        let history = NotificationPolicy.earlierRuns(
            of: report, in: HistoryStore.contentsOrEmpty(outputDirectory: outputDirectory).entries)
        let records = await Notifier().notifyAfterRun(
            report: report, history: history, settings: pipeline.notify, outputDirectory: outputDirectory,
            environment: context.environment)
        // A passing run's "nothing to send" is noise; `-v` shows it.
        for record in records where options.verbose || RunSummary.isWorthShowing(record) {
            context.standardError.line(Notifier.describe(record))
        }
        return records
    }
}
