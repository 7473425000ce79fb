import Testing

@testable import SmokeCore

/// The collector's compact storage: every id found again exactly, repeats as `id#n`, `Class/method` lookups.
@Suite struct TestTableTests {
    /// Started small (grown many times), sized for a tenth of the tests (grown past its size) or for twice as many.
    @Test(arguments: [0, 20_000, 400_000])
    func twoHundredThousandDistinctIdsAreEachFoundAgainAndComeBackWhole(expectedTests: Int) {
        var table = TestTable(expectedTests: expectedTests)
        for index in 0..<200_000 {
            let suite = "Checkout\(index / 50)Tests"
            table.append(
                id: "AppTests.\(suite)/testScenario\(index % 50)", name: "testScenario\(index % 50)", suite: suite,
                framework: .xctest, modulelessKeyed: true)
        }
        #expect(table.count == 200_000)
        for index in stride(from: 0, to: 200_000, by: 997) {
            let suite = "Checkout\(index / 50)Tests"
            #expect(table.find(id: "AppTests.\(suite)/testScenario\(index % 50)") == index)
            #expect(table.find(modulelessKey: "\(suite)/testScenario\(index % 50)") == .some(index))
        }
        #expect(table.find(id: "AppTests.Checkout0Tests/testScenario50") == nil)
        let result = table.result(at: 51)
        #expect(result.id == "AppTests.Checkout1Tests/testScenario1")
        #expect(result.name == "testScenario1")
        #expect(result.suite == "Checkout1Tests")
        #expect(result.order == 52)
        #expect(table.totals.tests == 200_000)
    }

    @Test func aRepeatedNameGetsNumberedIdsAndTheBaseIdFindsTheLatest() {
        var table = TestTable()
        let first = table.append(id: "M.C/testA", name: "testA", suite: "C", framework: .xctest, modulelessKeyed: true)
        let second = table.appendOccurrence(of: first)
        let third = table.appendOccurrence(of: second)
        #expect(table.id(at: second) == "M.C/testA#2")
        #expect(table.id(at: third) == "M.C/testA#3")
        #expect(table.find(id: "M.C/testA") == third)
        #expect(table.find(id: "M.C/testA#2") == second)
        #expect(table.find(id: "M.C/testA#4") == nil)
        #expect(table.find(modulelessKey: "C/testA") == .some(third))
        #expect(table.sameBase(first, third))
    }

    @Test func aClassNameInTwoModulesIsAmbiguousWithoutTheModule() {
        var table = TestTable()
        table.append(id: "One.C/testA", name: "testA", suite: "C", framework: .xctest, modulelessKeyed: true)
        table.append(id: "Two.C/testA", name: "testA", suite: "C", framework: .xctest, modulelessKeyed: true)
        #expect(table.find(modulelessKey: "C/testA") == .some(nil))
        #expect(table.find(id: "One.C/testA") == 0)
        #expect(table.find(id: "Two.C/testA") == 1)
    }

    @Test func aNameThatDoesNotEndTheIdIsKeptAsItIs() {
        var table = TestTable()
        let index = table.append(id: "M.S/check(value:)", name: "check value", suite: "S", framework: .swiftTesting)
        #expect(table.result(at: index).name == "check value")
        #expect(table.find(id: "M.S/check(value:)") == index)
    }

    /// The `Class/method` index is built on the first module-less lookup: built late, it must give what one kept up
    /// from the start gives — repeats take over their previous run's entry, a second module makes a name ambiguous.
    @Test func aModulelessIndexBuiltLateAnswersAsOneKeptFromTheStart() {
        var early = TestTable()
        _ = early.find(modulelessKey: "Nothing/yet")
        var late = TestTable()
        func play(_ table: inout TestTable) {
            let a = table.append(
                id: "One.C/testA", name: "testA", suite: "C", framework: .xctest, modulelessKeyed: true)
            let a2 = table.appendOccurrence(of: a)
            table.append(id: "One.D/testB", name: "testB", suite: "D", framework: .xctest, modulelessKeyed: true)
            table.append(id: "Two.C/testA", name: "testA", suite: "C", framework: .xctest, modulelessKeyed: true)
            _ = table.appendOccurrence(of: a2)
            let e = table.append(
                id: "One.E/testC", name: "testC", suite: "E", framework: .xctest, modulelessKeyed: true)
            let e2 = table.appendOccurrence(of: e)
            _ = table.appendOccurrence(of: e2)
            table.append(id: "F/plain", name: "plain", suite: "F", framework: .xctest)
        }
        play(&early)
        play(&late)
        for key in ["C/testA", "D/testB", "E/testC", "F/plain", "Nothing/yet"] {
            #expect(late.find(modulelessKey: key) == early.find(modulelessKey: key), "\(key)")
        }
        #expect(late.find(modulelessKey: "E/testC") == .some(7))
        #expect(late.find(modulelessKey: "C/testA") == .some(nil))
        for index in 0..<early.count { #expect(late.flags(at: index) == early.flags(at: index), "row \(index)") }
    }
}
