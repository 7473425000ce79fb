import Foundation
import Testing

@testable import SmokeCore

/// The generated `.xctestplan`: environment entries and random ordering.
@Suite struct XcodeTestPlanTests {
    @Test func aRandomPlanCarriesTheEnvironmentSortedAndRandomOrdering() throws {
        let data = XcodeTestPlan.render(
            environment: ["IS_UNIT_TESTING": "1", "API": "stub"], random: true, coverage: true, language: "en",
            region: "US")
        #expect(
            String(decoding: data, as: UTF8.self) == """
                {
                  "configurations" : [
                    {
                      "id" : "5A0C0E5E-0000-4000-8000-000000000001",
                      "name" : "smokerun",
                      "options" : {

                      }
                    }
                  ],
                  "defaultOptions" : {
                    "codeCoverage" : true,
                    "environmentVariableEntries" : [
                      {
                        "key" : "API",
                        "value" : "stub"
                      },
                      {
                        "key" : "IS_UNIT_TESTING",
                        "value" : "1"
                      }
                    ],
                    "language" : "en",
                    "region" : "US",
                    "testExecutionOrdering" : "random"
                  },
                  "testTargets" : [

                  ],
                  "version" : 1
                }

                """)
    }

    @Test func aDeclaredPlanHasNoOrderingKey() throws {
        let data = XcodeTestPlan.render(environment: [:], random: false, coverage: false, language: nil, region: nil)
        let plan = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let options = try #require(plan["defaultOptions"] as? [String: Any])
        #expect(options["testExecutionOrdering"] == nil)
        #expect(options["codeCoverage"] as? Bool == false)
    }
}
