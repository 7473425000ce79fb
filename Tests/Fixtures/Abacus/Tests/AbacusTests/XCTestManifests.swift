#if !canImport(ObjectiveC)
    import XCTest

    extension SumTests {
        static let __allTests__SumTests = [
            ("testEmptySumIsZero", testEmptySumIsZero),
            ("testSumAddsEveryValue", testSumAddsEveryValue),
            ("testSumOfNegatives", testSumOfNegatives),
        ]
    }

    extension RoundingTests {
        static let __allTests__RoundingTests = [
            ("testRoundsToTwoPlaces", testRoundsToTwoPlaces),
            ("testRoundsToWholeNumbers", testRoundsToWholeNumbers),
        ]
    }

    public func __allTests() -> [XCTestCaseEntry] {
        [
            testCase(SumTests.__allTests__SumTests),
            testCase(RoundingTests.__allTests__RoundingTests),
        ]
    }
#endif
