import Testing

@testable import SmokeCore

@Suite struct TestDiscoveryTests {
    @Test func readsXCTestListingWithoutItsHeader() {
        let listing = "Listing 2 tests in debug.xctest:\n\nM.A/testOne\nM.A/testTwo\n"
        #expect(TestDiscovery.xctestIDs(fromListing: listing).map(\.id) == ["M.A/testOne", "M.A/testTwo"])
        // An `XCTMain` list naming a test twice lists it twice: one test (smokerun re-ran the "missing" one for ever).
        let twice = "M.A/testOne\nM.A/testTwo\nM.A/testOne\n"
        #expect(TestDiscovery.xctestIDs(fromListing: twice).map(\.id) == ["M.A/testOne", "M.A/testTwo"])
    }

    /// What a Swift 6.3.1 binary lists for a suite's tests and a free function, `@Test func freeFunction()`.
    @Test func readsAFreeFunctionUnderTheIDItsResultsCarry() {
        let listing = "ProbeTests.STests/two()\nProbeTests.freeFunction()\nProbeTests.check(amount:)\n"
        #expect(
            TestDiscovery.swiftTestingIDs(fromListing: listing).map(\.id) == [
                "ProbeTests.STests/two()", "ProbeTests/freeFunction()", "ProbeTests/check(amount:)",
            ])
        #expect(TestDiscovery.swiftTestingFilterName("ProbeTests/freeFunction()") == "ProbeTests.freeFunction()")
        #expect(TestDiscovery.swiftTestingFilterName("ProbeTests.STests/two()") == "ProbeTests.STests/two()")
        #expect(TestDiscovery.swiftTestingFilterName("ProbeTests.Outer/Inner/two()") == "ProbeTests.Outer/Inner/two()")
    }

    @Test(arguments: ["warning: something else", "Listing 0 tests in debug.xctest:", ".f()", "M.()", "a b.c()"])
    func aLineThatIsNoFreeFunctionIsNoTest(_ line: String) {
        #expect(TestDiscovery.freeFunctionID(listed: line) == nil)
    }

    /// What Swift 6.3.1 lists for one suite name in two test targets, overloads (the source location added to an id
    /// two tests would share) and raw identifiers with spaces: every test, under the ids its results carry.
    @Test func readsSharedNamesAndRawIdentifiersUnderTheIDsTheirResultsCarry() {
        let listing = """
            ATests.Members/m(_:)/A.swift:10:6
            ATests.Members/m(_:)/A.swift:9:6
            ATests.ParserTests/parses()/A.swift:4:6
            ATests.`Checkout Flow`/`pays in full`()
            ATests.`double of two is five`()
            ATests.over(_:)/A.swift:6:2
            ATests.over(_:)/A.swift:7:2
            BTests.ParserTests/parses()/B.swift:4:6

            """
        let read = TestDiscovery.readSwiftTestingListing(listing, xctestListing: "")
        #expect(
            read.tests.map(\.id) == [
                "ATests.Members/m(_:)", "ATests.ParserTests/parses()", "ATests.`Checkout Flow`/`pays in full`()",
                "ATests/`double of two is five`()", "ATests/over(_:)", "BTests.ParserTests/parses()",
            ])
        // The ids that share a name are kept as listed: a process a crash ends runs the others again by them.
        #expect(read.tests.map(\.overloadIDs.count) == [2, 0, 0, 0, 2, 0])
        #expect(
            read.tests.first?.overloadIDs == ["ATests.Members/m(_:)/A.swift:10:6", "ATests.Members/m(_:)/A.swift:9:6"])
        #expect(read.tests[4].overloadIDs == ["ATests.over(_:)/A.swift:6:2", "ATests.over(_:)/A.swift:7:2"])
        #expect(TestDiscovery.swiftTestingFilterName("ATests/over(_:)#2") == "ATests.over(_:)")
        #expect(
            TestDiscovery.swiftTestingFilterName("ATests/`double of two is five`()")
                == "ATests.`double of two is five`()")
    }

    @Test func readsSwiftTestingListing() {
        let listing = "M.S/one()\nM.S/shareCoversTotal(people:)\nwarning: something else\n"
        #expect(
            TestDiscovery.swiftTestingIDs(fromListing: listing).map(\.id) == [
                "M.S/one()", "M.S/shareCoversTotal(people:)",
            ])
    }
}

/// Whether the answer to `--testing-library swift-testing --list-tests` is Swift Testing's. The listings are
/// what Swift 6.3.1 test binaries printed on Linux: a package with both frameworks, one with XCTest only
/// (exit 69, nothing printed), and Ink 0.6.0, whose `Tests/LinuxMain.swift` calls `XCTMain` and answers
/// both questions with XCTest's listing, byte for byte.
@Suite struct SwiftTestingListingTests {
    static let bothXCTest = """
        Listing 2 tests in debug.xctest:

        ProbeTests.XTests/testExitZero
        ProbeTests.XTests/testTwo

        """
    static let bothSwiftTesting = """
        ProbeTests.STests/param(n:)
        ProbeTests.STests/two()

        """
    static let linuxMain = """
        Listing 3 tests in debug.xctest:

        InkTests.CodeTests/testInlineCode
        InkTests.CodeTests/testCodeBlockWithJustBackticks
        InkTests.CodeTests/testCodeBlockWithBackticksAndLabel

        """

    @Test func swiftTestingsOwnListingGivesItsTests() {
        let listing = TestDiscovery.readSwiftTestingListing(Self.bothSwiftTesting, xctestListing: Self.bothXCTest)
        #expect(listing.tests.map(\.id) == ["ProbeTests.STests/param(n:)", "ProbeTests.STests/two()"])
        #expect(listing.tests.allSatisfy { $0.framework == .swiftTesting })
    }

    @Test func aBinaryWithoutSwiftTestingTestsListsNone() {
        let listing = TestDiscovery.readSwiftTestingListing(
            "", xctestListing: "Listing 1 test in debug.xctest:\n\nPx.A/testA\n")
        #expect(listing == .tests([]))
    }

    @Test func anXCTMainEntryPointsAnswerIsXCTestsListing() {
        let listing = TestDiscovery.readSwiftTestingListing(Self.linuxMain, xctestListing: Self.linuxMain)
        #expect(
            listing == .xctestListing(evidence: "it starts with XCTest's header 'Listing 3 tests in debug.xctest:'"))
        #expect(listing.tests.isEmpty)
    }

    @Test(arguments: ["Listing 1 test in debug.xctest:\n\nM.A/testA\n", "Listing 0 tests in debug.xctest:\n\n"])
    func xctestsHeaderInEitherNumberGivesItAway(_ text: String) {
        #expect(TestDiscovery.readSwiftTestingListing(text, xctestListing: "").tests.isEmpty)
        #expect(TestDiscovery.readSwiftTestingListing(text, xctestListing: "") != .tests([]))
    }

    @Test func anXCTestShapedIDWithoutTheHeaderGivesItAway() {
        let text = "InkTests.CodeTests/testInlineCode\nInkTests.CodeTests/testCodeBlockWithJustBackticks\n"
        #expect(
            TestDiscovery.readSwiftTestingListing(text, xctestListing: "")
                == .xctestListing(
                    evidence: "'InkTests.CodeTests/testInlineCode' is an XCTest id (a method without parentheses)"))
    }

    @Test func theSameTextAsTheXCTestListingGivesItAway() {
        // A main of its own that prints only ids, in XCTest's shape but with parentheses.
        let text = "M.A/testOne()\nM.A/testTwo()\n"
        #expect(
            TestDiscovery.readSwiftTestingListing(text, xctestListing: text)
                == .xctestListing(evidence: "it is the same text as the XCTest listing"))
    }

    @Test func theRecordedListingOfAnXCTMainBinaryCountsItsTestsOnceAsXCTest() {
        let cache = TestListCache(
            binary: "InkPackageTests.xctest", binaryStamp: FileStamp(modifiedNanoseconds: 1, size: 1, inode: 1),
            xctest: Self.linuxMain, swiftTesting: Self.linuxMain)
        #expect(cache.tests.count == 3)
        #expect(cache.tests.allSatisfy { $0.framework == .xctest })
    }
}
