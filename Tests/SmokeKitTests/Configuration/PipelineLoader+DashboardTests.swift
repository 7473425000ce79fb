import Foundation
import Testing

@testable import SmokeCore
@testable import SmokeKit

/// `dashboard.enabled` (default off) and `notify.dashboardURL`: values and mistakes, each naming the key.
@Suite struct PipelineDashboardKeysTests {
    private func parse(_ json: String) throws(PipelineError) -> Pipeline {
        try PipelineLoader().parse(Data(json.utf8), file: "Pipelines/test.json")
    }

    @Test func theDashboardIsOffUnlessEnabledAndItsURLIsKept() throws {
        let plain = try parse(#"{"name": "s", "swiftpm": {}}"#)
        #expect(!plain.dashboard.enabled && plain.notify.dashboardURL == nil)
        let set = try parse(
            #"{"name": "s", "swiftpm": {}, "dashboard": {"enabled": true}, "notify": {"dashboardURL": "https://ci.example/site/"}}"#
        )
        #expect(set.dashboard.enabled)
        #expect(set.notify.dashboardURL == "https://ci.example/site/")
    }

    @Test(arguments: [
        (#"{"name": "s", "swiftpm": {}, "dashboard": {"enabled": "yes"}}"#, "'dashboard.enabled'"),
        (#"{"name": "s", "swiftpm": {}, "dashboard": {"enable": true}}"#, "'dashboard.enable'"),
        (#"{"name": "s", "swiftpm": {}, "dashboard": true}"#, "'dashboard'"),
        (
            #"{"name": "s", "swiftpm": {}, "notify": {"dashboardURL": "ci.example/site"}}"#,
            "'notify.dashboardURL': 'ci.example/site' is not an http(s) URL"
        ),
    ])
    func aMistakeNamesTheKey(json: String, expected: String) {
        let error = #expect(throws: PipelineError.self) { try parse(json) }
        #expect(error?.errorDescription?.contains(expected) == true, "\(error?.errorDescription ?? "")")
    }
}
