import Foundation
import SmokeCore
import SmokeKit

/// `smokerun next [PIPELINE…] [--count N] [--from ISO8601]`: the next fire times of each pipeline.
struct NextCommand: Command {
    static let name = "next"
    static let summary = "print the next scheduled run times of pipelines"
    static let help = """
        Usage: smokerun next [PIPELINE…] [--count N] [--from ISO8601]

        Prints each pipeline's next fire times in its time zone and in UTC.
        PIPELINE defaults to every Pipelines/*.json.

        Options:
          --count N        how many fire times (default 5)
          --from ISO8601   list fire times at or after this time instead of now; without an offset
                           (2026-03-08T00:00:00) it is read in the pipeline's time zone

        """

    private let files: [String]
    private let count: Int
    private let from: String?
    private let environment: ScheduleEnvironment

    init(arguments: [String]) throws(UsageError) {
        try self.init(arguments: arguments, environment: .live)
    }

    init(arguments: [String], environment: ScheduleEnvironment) throws(UsageError) {
        let parsed = try Arguments(arguments, options: ["count", "from"])
        files = parsed.positionals
        count = try parsed.integer("count") ?? 5
        guard (1...1000).contains(count) else {
            throw UsageError("--count takes a number from 1 to 1000, not \(count)")
        }
        from = parsed.value("from")
        // Reject bad text before loading anything.
        if let from { _ = try LocalDateTime.parse(from, in: TimeZone(identifier: "UTC")!) }
        self.environment = environment
    }

    func run(in context: HostContext) async throws -> ExitCode {
        let set = PipelineFiles(paths: files, currentDirectory: context.currentDirectory).load(
            with: environment.loadPipeline)
        var exit = ExitCode.passed
        for failure in set.failures {
            context.standardError.line("smokerun next: \(failure.path): \(failure.message)")
            exit = .invalidInput
        }
        var printed = 0
        for pipeline in set.pipelines {
            do {
                let lines = try fireTimes(of: pipeline, now: environment.clock.now)
                context.standardOutput.write((printed > 0 ? "\n" : "") + lines.joined(separator: "\n") + "\n")
                printed += 1
            } catch {
                context.standardError.line(
                    "smokerun next: \(pipeline.sourcePath ?? pipeline.name): \(error.localizedDescription)")
                exit = .invalidInput
            }
        }
        return exit
    }

    private func fireTimes(of pipeline: Pipeline, now: Date) throws -> [String] {
        let cron = try CronExpression(pipeline.schedule)
        guard let zone = TimeZone(identifier: pipeline.timeZone) else {
            throw UsageError("timeZone '\(pipeline.timeZone)' is not an IANA time zone name (e.g. 'Europe/Berlin')")
        }
        let start = try from.map { text throws(UsageError) in try LocalDateTime.parse(text, in: zone) } ?? now
        let dates = cron.fireDates(from: start, count: count, in: zone)
        let header = "\(pipeline.name): '\(cron.source)' in \(pipeline.timeZone)"
        let rows = dates.map { date in
            "  \(TextColumns.pad(FireTimeFormat.local(date, in: zone), 25))  \(FireTimeFormat.utc(date))"
        }
        return [header] + (rows.isEmpty ? ["  (no fire time in the next years)"] : rows)
    }
}
