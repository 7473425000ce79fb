import Foundation
import Testing

@testable import SmokeCore
@testable import SmokeKit

@Suite struct PipelineLoaderQuarantineTests {
    func parse(_ json: String) throws(PipelineError) -> Pipeline {
        try PipelineLoader().parse(Data(json.utf8), file: "Pipelines/test.json")
    }

    func problem(_ json: String) -> String {
        do {
            _ = try parse(json)
            return "no error"
        } catch {
            return error.localizedDescription
        }
    }

    @Test func quarantineEntriesAndTheAutomaticQuarantineAreRead() throws {
        let pipeline = try parse(
            """
            {"name": "s", "swiftpm": {}, "notify": {"flaky": "silent", "flakyWindowRuns": 12},
             "quarantine": [{"test": "AppTests.SyncTests/*", "reason": "races the server", "owner": "sync-team",
                             "expires": "2026-12-31"}],
             "autoQuarantine": {"rate": 0.3, "days": 5}}
            """)
        #expect(pipeline.notify.flaky == .silent && pipeline.notify.flakyWindowRuns == 12)
        let entry = try #require(pipeline.quarantine.first)
        #expect(entry.owner == "sync-team" && entry.matches("AppTests.SyncTests/testMerge"))
        #expect(entry.expires == Date(timeIntervalSince1970: 1_798_761_600)) // 2027-01-01T00:00:00Z: end of the day
        #expect(pipeline.autoQuarantine?.rate == 0.3 && pipeline.autoQuarantine?.days == 5)
        #expect(pipeline.autoQuarantine?.minRuns == 6)
        #expect(try parse(#"{"name": "s", "swiftpm": {}}"#).notify.flaky == .digest)
    }

    @Test(arguments: [
        (
            #""notify": {"flaky": "loud"}"#,
            "'notify.flaky': 'loud' is not one of announce, digest, silent"
        ),
        (
            #""quarantine": [{"test": "A/a", "reason": "r", "owner": "o"}]"#,
            "'quarantine[0].expires': is required"
        ),
        (
            #""quarantine": [{"test": "A/a", "reason": "r", "owner": "o", "expires": "soon"}]"#,
            "'quarantine[0].expires': 'soon' is not a date; write YYYY-MM-DD"
        ),
        (
            #""quarantine": [{"test": "A/a", "reason": "r", "owner": "o", "expires": "2027-02-31"}]"#,
            "'quarantine[0].expires': '2027-02-31' is not a date; write YYYY-MM-DD"
        ),
        (#""autoQuarantine": {"rate": 30}"#, "'autoQuarantine.rate': must be a flake rate above 0 and at most 1"),
        (#""quarantine": {"test": "A/a"}"#, "'quarantine': expected a list of entries"),
    ])
    func badQuarantineSettingsNameTheKeyAndTheFix(fragment: String, expected: String) {
        let text = problem("{\"name\": \"s\", \"swiftpm\": {}, \(fragment)}")
        #expect(text.contains(expected), "\(text)")
    }
}
