import Foundation
import Testing

@testable import SmokeCore
@testable import SmokeKit

@Suite struct PipelineLoaderTests {
    func parse(_ json: String) throws(PipelineError) -> Pipeline {
        try PipelineLoader().parse(Data(json.utf8), file: "Pipelines/test.json")
    }

    @Test func defaultsCarryTheMission() throws {
        let pipeline = try parse(#"{"name": "smoke", "swiftpm": {"packagePath": "."}}"#)
        #expect(pipeline.schedule == "0 */4 * * *")
        #expect(pipeline.ordering.mode == .random)
        #expect(pipeline.ordering.isolation == .suite)
        #expect(pipeline.environment == ["IS_UNIT_TESTING": "1"])
        #expect(pipeline.reports == ReportFormat.allCases)
        #expect(pipeline.timeZone == "UTC")
        #expect(pipeline.driver == .swiftpm(SwiftPMSettings(packagePath: ".")))
    }

    @Test func graceSecondsDefaultsToTenAndIsReadLikeTheOtherTimeouts() throws {
        #expect(try parse(#"{"name": "s", "swiftpm": {}}"#).timeouts.graceSeconds == 10)
        #expect(
            try parse(#"{"name": "s", "swiftpm": {}, "timeouts": {"graceSeconds": 2.5}}"#).timeouts.graceSeconds == 2.5)
    }

    @Test func theShippedSmokePipelineLoads() throws {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
            "../../../Pipelines/smoke.json"
        ).standardizedFileURL
        let pipeline = try PipelineLoader().load(url)
        #expect(pipeline.name == "smoke")
        #expect(pipeline.retries.failed == 1)
        #expect(
            pipeline.projectRoot(currentDirectory: URL(fileURLWithPath: "/")).appendingPathComponent(
                "Pipelines/smoke.json"
            ).path == url.path)
    }

    @Test func aSixtyFourBitSeedStaysExact() throws {
        let pipeline = try parse(#"{"name": "s", "swiftpm": {}, "ordering": {"seed": 18446744073709551615}}"#)
        #expect(pipeline.ordering.seed == UInt64.max)
    }

    @Test(arguments: [
        (
            #"{"name": "s", "swiftpm": {}, "schedul": "x"}"#,
            "pipeline Pipelines/test.json: 'schedul': unknown key (did you mean 'schedule'?)"
        ),
        (
            #"{"name": "s", "swiftpm": {"packagePath": 3}}"#,
            "pipeline Pipelines/test.json: 'swiftpm.packagePath': expected a string, found a number"
        ),
        (#"{"name": "s"}"#, "pipeline Pipelines/test.json: has no driver"),
        (#"{"swiftpm": {}}"#, "pipeline Pipelines/test.json: 'name': is required"),
        (
            #"{"name": "s", "swiftpm": {}, "ordering": {"mode": "randm"}}"#,
            "'ordering.mode': 'randm' is not one of random, declared (did you mean 'random'?)"
        ),
        (
            #"{"name": "s", "swiftpm": {}, "environment": {"IS_UNIT_TESTING": 1}}"#,
            "'environment.IS_UNIT_TESTING': expected a string, found a number"
        ),
        (#"{"name": "s", "swiftpm": {}, "reports": ["json", "pdf"]}"#, "'reports[1]': 'pdf' is not one of"),
        (
            #"{"name": "s", "swiftpm": {}, "timeZone": "Mars/Olympus"}"#,
            "'timeZone': 'Mars/Olympus' is not an IANA time zone"
        ),
        (#"{"name": "s", "swiftpm": {"filter": ["("]}}"#, "'swiftpm.filter[0]': '(' is not a valid regular expression"),
        (#"{"name": "s", "swiftpm": {}, "xcodebuild": {"scheme": "A"}}"#, "exactly one driver"),
        (
            #"{"name": "s", "swiftpm": {}, "notify": {"webhookURLEnvironment": "https://hooks.slack.com/x"}}"#,
            "never the URL itself"
        ),
        (#"[1, 2]"#, "must hold a JSON object, found an array"),
        (
            #"{"name": "s", "swiftpm": {}, "schedule": "0 25 * * *"}"#,
            "'schedule': cron expression '0 25 * * *': field 2 (hour) '25' is out of range 0–23"
        ),
        (#"{"name": "s", "#, "is not valid JSON"),
    ])
    func badPipelinesNameTheFileTheKeyAndTheFix(json: String, expected: String) {
        #expect {
            try parse(json)
        } throws: { error in
            let message = (error as? PipelineError)?.errorDescription ?? ""
            return message.contains(expected) && message.contains("Pipelines/test.json")
                && (error as? PipelineError)?.kind == .invalidInput
        }
    }

    @Test func anUnreadableFileSaysSo() {
        #expect {
            try PipelineLoader().load(URL(fileURLWithPath: "/nonexistent/smoke.json"), displayPath: "missing.json")
        } throws: { error in
            (error as? PipelineError)?.errorDescription?.contains("pipeline missing.json: cannot be read") == true
        }
    }
}
