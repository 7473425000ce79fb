import Foundation
import Testing

@testable import SmokeCore
@testable import SmokeKit

@Suite struct PipelineLoaderCulpritTests {
    func parse(_ json: String) throws(PipelineError) -> Pipeline {
        try PipelineLoader().parse(Data(json.utf8), file: "Pipelines/test.json")
    }

    @Test func culpritBoundsAreReadWithTheirDefaults() throws {
        let pipeline = try parse(#"{"name": "s", "swiftpm": {}, "culprit": {"maxMinutes": 20, "flakyRepeats": 5}}"#)
        #expect(pipeline.culprit.maxMinutes == 20 && pipeline.culprit.flakyRepeats == 5)
        let defaults = try parse(#"{"name": "s", "swiftpm": {}}"#).culprit
        #expect(defaults.maxMinutes == 60 && defaults.flakyRepeats == 3)
    }

    @Test(arguments: [
        (
            #"{"maxMinutes": 0}"#,
            "pipeline Pipelines/test.json: 'culprit.maxMinutes': must be from 1 to 10080 (a week), e.g. 60"
        ),
        (
            #"{"flakyRepeats": 21}"#,
            "pipeline Pipelines/test.json: 'culprit.flakyRepeats': must be from 1 (refuse flaky tests) to 20, e.g. 3"
        ),
        (#"{"maxMinute": 5}"#, "maxMinutes"),
    ])
    func badCulpritSettingsNameTheKeyAndTheFix(culprit: String, message: String) {
        do {
            _ = try parse(#"{"name": "s", "swiftpm": {}, "culprit": \#(culprit)}"#)
            Issue.record("accepted \(culprit)")
        } catch {
            #expect(error.localizedDescription.contains(message), "\(error.localizedDescription)")
        }
    }

    @Test func findCulpritIsOffUnlessTheNotifySettingsTurnItOn() throws {
        #expect(try parse(#"{"name": "s", "swiftpm": {}}"#).notify.findCulprit == false)
        #expect(try parse(#"{"name": "s", "swiftpm": {}, "notify": {"findCulprit": true}}"#).notify.findCulprit)
        #expect(throws: PipelineError.self) {
            try parse(#"{"name": "s", "swiftpm": {}, "notify": {"findCulprit": "yes"}}"#)
        }
    }
}
