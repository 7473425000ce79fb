import Foundation
import Testing

@testable import SmokeCore
@testable import SmokeKit

/// `ordering.workers`: a whole number from 1, or "auto"; anything else names the key and the fix.
@Suite struct PipelineWorkersTests {
    func parse(_ ordering: String) throws(PipelineError) -> Pipeline {
        try PipelineLoader().parse(
            Data(#"{"name": "s", "swiftpm": {}, "ordering": \#(ordering)}"#.utf8), file: "Pipelines/test.json")
    }

    @Test func workersDefaultsToOneAndTakesANumberOrAuto() throws {
        #expect(try parse("{}").ordering.workers == .count(1))
        #expect(try parse(#"{"workers": 4}"#).ordering.workers == .count(4))
        #expect(try parse(#"{"workers": "auto"}"#).ordering.workers == .auto)
    }

    @Test(arguments: [
        #"{"workers": 0}"#, #"{"workers": -2}"#, #"{"workers": 1.5}"#, #"{"workers": "many"}"#, #"{"workers": 100000}"#,
        #"{"workers": true}"#,
    ])
    func aBadWorkerCountNamesTheKeyAndWhatItTakes(ordering: String) {
        #expect {
            try parse(ordering)
        } throws: { error in
            let message = (error as? PipelineError)?.errorDescription ?? ""
            return message.contains("Pipelines/test.json") && message.contains("'ordering.workers'")
                && message.contains("or \"auto\"")
        }
    }
}
