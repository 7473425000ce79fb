import Foundation
import Testing

@testable import SmokeCore
@testable import SmokeKit
@testable import SmokeTestSupport

@Suite struct SystemdCalendarTests {
    @Test(arguments: [
        ("0 */4 * * *", ["*-*-* 00/4:00:00 UTC"]),
        ("17 */4 * * *", ["*-*-* 00/4:17:00 UTC"]),
        ("*/15 9-17 * * MON-FRI", ["Mon..Fri *-*-* 09..17:00/15:00 UTC"]),
        ("0 6 1,15 JAN-MAR *", ["*-01..03-01,15 06:00:00 UTC"]),
        ("0 0 13 * FRI", ["*-*-13 00:00:00 UTC", "Fri *-*-* 00:00:00 UTC"]),
        ("30 2 * * 0,6", ["Sun,Sat *-*-* 02:30:00 UTC"]),
        ("@daily", ["*-*-* 00:00:00 UTC"]),
        ("0 0 */2 * *", ["*-*-01/2 00:00:00 UTC"]),
    ])
    func translatesToOnCalendar(cron: String, expected: [String]) throws {
        #expect(SystemdCalendar.onCalendar(try CronExpression(cron), timeZone: "UTC") == expected)
    }

    /// systemd's own calculator agrees with ours on the next fire times (skipped when systemd-analyze is absent).
    @Test(
        .enabled(
            if: FileManager.default.isExecutableFile(atPath: "/usr/bin/systemd-analyze"),
            "systemd-analyze is not installed"),
        arguments: [
            ("0 */4 * * *", "UTC"), ("17 */4 * * *", "Europe/Berlin"), ("*/15 9-17 * * MON-FRI", "UTC"),
            ("0 0 13 * FRI", "UTC"), ("0 6 1,15 JAN-MAR *", "America/New_York"), ("5 4 29 2 *", "UTC"),
        ])
    func systemdAnalyzeComputesTheSameFireTimes(cron: String, zone: String) throws {
        let expression = try CronExpression(cron)
        let ours = expression.fireDates(
            from: date("2026-01-10T00:00:01Z"), count: 6, in: try #require(TimeZone(identifier: zone)))
        var theirs: [Date] = []
        for calendar in SystemdCalendar.onCalendar(expression, timeZone: zone) {
            let result = try ProcessCommandRunner().run(
                "/usr/bin/systemd-analyze",
                ["calendar", "--iterations=6", "--base-time=2026-01-10 00:00:01 UTC", calendar],
                environment: ["TZ": "UTC", "LANG": "C"], currentDirectory: nil)
            #expect(result.exitStatus == 0, "\(calendar): \(result.errorText)")
            theirs += Self.elapses(result.outputText)
        }
        #expect(Array(Set(theirs).sorted().prefix(6)) == ours)
    }

    /// `Next elapse: Sat 2026-01-10 04:00:00 UTC` and `Iter. #2: …` lines.
    static func elapses(_ output: String) -> [Date] {
        output.split(separator: "\n").compactMap { line in
            guard line.contains("Next elapse:") || line.contains("Iter. #") else { return nil }
            let words = line.split(separator: " ")
            guard words.count >= 4 else { return nil }
            return date("\(words[words.count - 3])T\(words[words.count - 2])Z")
        }
    }
}
