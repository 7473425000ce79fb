import Foundation
import Testing

@testable import SmokeCore

@Suite struct SwiftTestingEventStreamParserTests {
    private let testID = "ShopTests.CartSuite/addsItem()/CartSuite.swift:8:6"
    private var ref: TestRef {
        TestRef(
            framework: .swiftTesting, module: "ShopTests", suite: "CartSuite", name: "addsItem()", eventStreamID: testID
        )
    }

    private func parse(_ json: String) -> TestEvent? {
        var parser = SwiftTestingEventStreamParser()
        return Array(json.utf8).withUnsafeBufferPointer { parser.parse($0) }
    }

    private func event(_ payload: String) -> String { #"{"kind":"event","version":0,"payload":"# + payload + "}" }

    @Test func declarationsAreIgnored() {
        #expect(
            parse(
                #"{"kind":"test","version":0,"payload":{"id":"ShopTests.CartSuite","kind":"suite","name":"CartSuite"}}"#
            ) == .ignored)
    }

    @Test func testStartedAndEnded() {
        #expect(parse(event(#"{"kind":"testStarted","testID":"\#(testID)","messages":[]}"#)) == .testStarted(ref))
        #expect(
            parse(
                event(
                    #"{"kind":"testEnded","testID":"\#(testID)","messages":[{"symbol":"fail","text":"Test addsItem() failed after 0.25 seconds with 1 issue."}]}"#
                ))
                == .testFinished(ref, .failed, durationSeconds: 0.25))
    }

    /// A raw identifier's own `/` is part of its name, not a suite boundary, whether the function is free or not.
    @Test(arguments: [
        (#"Test "session expires after 30 minutes" passed after 0.001 seconds."#, 0.001),
        (#"Test "retry passed after 3 attempts" failed after 0.003 seconds with 1 issue."#, 0.003),
        (#"Test "failed after 2 seconds" failed after 0.25 seconds with 1 issue."#, 0.25),
        ("Test addsItem() passed after 1.5 seconds with 1 known issue.", 1.5),
        (#"Test addsItem() was cancelled after 0.002 seconds: "failed after 9 seconds""#, 0.002),
    ])
    func theDurationIsTheOneAfterTheName(text: String, seconds: Double) {
        #expect(SwiftTestingEventStreamParser.duration(text) == seconds)
    }

    @Test func aRawNameWithASlashStaysOneName() {
        let free = SwiftTestingEventStreamParser.ref("RawTests.`a/b fails`()/Raw.swift:3:2")
        #expect(free?.module == "RawTests" && free?.suite == "" && free?.name == "`a/b fails`()")
        let member = SwiftTestingEventStreamParser.ref("RawTests.`x/y`/`p/q`()/Raw.swift:9:6")
        #expect(member?.module == "RawTests" && member?.suite == "`x/y`" && member?.name == "`p/q`()")
    }

    @Test func suiteEventsAreSuites() {
        #expect(
            parse(event(#"{"kind":"testStarted","testID":"ShopTests.CartSuite","messages":[]}"#))
                == .suiteStarted(name: "ShopTests.CartSuite"))
    }

    @Test func issueRecordedWithLocationAndDetails() {
        let json = event(
            #"{"kind":"issueRecorded","testID":"\#(testID)","issue":{"isKnown":false,"sourceLocation":{"_filePath":"/src/CartSuite.swift","fileID":"ShopTests/CartSuite.swift","line":12,"column":5}},"messages":[{"symbol":"fail","text":"Expectation failed: 1 == 2"},{"symbol":"details","text":"empty cart"}]}"#
        )
        #expect(
            parse(json)
                == .issue(
                    ref,
                    TestFailure(
                        message: "Expectation failed: 1 == 2\nempty cart", file: "/src/CartSuite.swift", line: 12),
                    isKnown: false))
    }

    /// An issue without a `testID` was recorded outside any test (a detached task after its test returned): no
    /// running test's, as the console's `Test «unknown»` line says.
    @Test func anIssueWithoutATestIsOutsideTests() {
        let json = event(
            #"{"kind":"issueRecorded","issue":{"isKnown":false,"sourceLocation":{"filePath":"/src/ST.swift","line":13}},"messages":[{"symbol":"fail","text":"Issue recorded"}]}"#
        )
        #expect(
            parse(json) == .issueOutsideTests(TestFailure(message: "Issue recorded", file: "/src/ST.swift", line: 13)))
        let known = event(#"{"kind":"issueRecorded","issue":{"isKnown":true},"messages":[]}"#)
        #expect(parse(known) == .ignored)
    }

    @Test func knownIssueAndWarning() {
        let known = event(
            #"{"kind":"issueRecorded","testID":"\#(testID)","issue":{"isKnown":true},"messages":[{"symbol":"passWithKnownIssue","text":"off by one"}]}"#
        )
        #expect(parse(known) == .issue(ref, TestFailure(message: "off by one"), isKnown: true))
        let warning = event(
            #"{"kind":"issueRecorded","testID":"\#(testID)","issue":{"isKnown":false,"_severity":"warning","isFailure":false},"messages":[{"symbol":"warning","text":"slow"}]}"#
        )
        #expect(parse(warning) == .warning(ref, "slow"))
    }

    /// Schema 6.3 says `isFailure: false` of a known issue too: only `severity: "warning"` (or a failure that is
    /// not known) is a warning. The file is `filePath`.
    @Test func schema63KnownIssueAndWarning() {
        let location = #""sourceLocation":{"filePath":"/p/CartSuite.swift","fileID":"Shop/CartSuite.swift","line":9}"#
        let known = event(
            #"{"kind":"issueRecorded","testID":"\#(testID)","issue":{"isKnown":true,"isFailure":false,"#
                + #""severity":"error",\#(location)},"messages":[{"symbol":"passWithKnownIssue","text":"off by one"}]}"#
        )
        let failure = TestFailure(message: "off by one", file: "/p/CartSuite.swift", line: 9)
        #expect(parse(known) == .issue(ref, failure, isKnown: true))
        let warning = event(
            #"{"kind":"issueRecorded","testID":"\#(testID)","issue":{"isKnown":false,"isFailure":false,"#
                + #""severity":"warning",\#(location)},"messages":[{"symbol":"warning","text":"slow"}]}"#)
        #expect(parse(warning) == .warning(ref, "slow"))
    }

    @Test func attachmentBytesAreDecoded() {
        let json = event(
            #"{"kind":"valueAttached","testID":"\#(testID)","attachment":{"_bytes":"aGVsbG8=","_preferredName":"../../receipt.txt"},"messages":[]}"#
        )
        #expect(parse(json) == .attachment(ref, name: "../../receipt.txt", content: .bytes(Data("hello".utf8))))
    }

    @Test func aRelativeAttachmentPathIsReadFromTheStreamFolder() {
        var parser = SwiftTestingEventStreamParser()
        parser.streamFolder = URL(fileURLWithPath: "/ci/logs")
        let line = event(
            #"{"kind":"valueAttached","testID":"\#(testID)","attachment":{"_path":"shots/../a.png","_preferredName":"a"},"messages":[]}"#
        )
        let relative = Array(line.utf8).withUnsafeBufferPointer { parser.parse($0) }
        #expect(relative == .attachment(ref, name: "a", content: .file(URL(fileURLWithPath: "/ci/logs/a.png"))))
        #expect(parser.attachmentFile("/tmp/b.png") == URL(fileURLWithPath: "/tmp/b.png"))
    }

    /// Schema 6.3 (`version` `6.3.0`) carries no bytes: with `--attachments-path` the record names the file Swift
    /// Testing wrote by `path`, and the name the test gave is only in the `_attachment` message.
    @Test func aSchema63AttachmentIsTheFileItNamesUnderTheNameItsMessageStates() {
        let line =
            #"{"kind":"event","payload":{"attachment":{"path":"\/run\/events\/attachments\/process-1\/..\/..\/it's.txt"},"#
            + #""instant":{"absolute":12.5,"since1970":1795772253.6},"kind":"valueAttached","#
            + #""messages":[{"symbol":"_attachment","text":"Attached '..\/..\/it's.txt' to addsItem()."},"#
            + #"{"symbol":"details","text":"Written to '\/run\/events\/attachments\/process-1\/..\/..\/it's.txt'."}],"#
            + #""testID":"\#(testID)"},"version":"6.3.0"}"#
        let file = URL(fileURLWithPath: "/run/events/attachments/process-1/../../it's.txt")
        #expect(parse(line) == .attachment(ref, name: "../../it's.txt", content: .file(file)))
    }

    @Test func aSchema63AttachmentWithoutItsMessageIsNamedByItsFile() {
        let line = event(
            #"{"kind":"valueAttached","testID":"\#(testID)","attachment":{"path":"/run/a/receipt.txt"},"messages":[]}"#)
        let file = URL(fileURLWithPath: "/run/a/receipt.txt")
        #expect(parse(line) == .attachment(ref, name: "receipt.txt", content: .file(file)))
        // Without `--attachments-path` a 6.3 record names nothing: no attachment is invented, and what was lost is said.
        var parser = SwiftTestingEventStreamParser()
        let kept =
            #"{"kind":"valueAttached","testID":"\#(testID)","attachment":{},"messages":[{"symbol":"_attachment","text":"Attached 'note.txt' to addsItem()."}]}"#
        let nowhere = Array(event(kept).utf8).withUnsafeBufferPointer { parser.parse($0) }
        #expect(nowhere == .ignored)
        let said = parser.unwrittenAttachmentsMessage(source: "e.jsonl") ?? ""
        #expect(said.contains("an attachment but kept it nowhere ('note.txt' of addsItem())"), "\(said)")
        #expect(said.contains("--attachments-path"))
        #expect(SwiftTestingEventStreamParser().unwrittenAttachmentsMessage(source: "e.jsonl") == nil)
    }

    @Test func skippedTakesTheComment() {
        let json = event(#"{"kind":"testSkipped","testID":"\#(testID)","_comments":["bank closed"],"messages":[]}"#)
        #expect(parse(json) == .skipped(ref, reason: "bank closed"))
    }

    /// `Test.cancel("why")`: the test ends with the `skip` symbol, its reason in the message, as on the console.
    @Test func aCancelledTestIsSkippedWithItsReason() {
        let json = event(
            #"{"kind":"testEnded","testID":"\#(testID)","messages":[{"symbol":"skip","text":"Test addsItem() was cancelled after 0.001 seconds: \"no network\""}]}"#
        )
        #expect(parse(json) == .cancelled(ref, reason: "no network", durationSeconds: 0.001))
    }

    @Test func parameterizedCasesAreIgnored() {
        #expect(parse(event(#"{"kind":"testCaseStarted","testID":"\#(testID)","messages":[]}"#)) == .ignored)
    }

    @Test(arguments: ["{not json", "[1,2]", #"{"kind":"event"}"#, "", "\u{0}\u{1}garbage"])
    func malformedLinesAreNotUnderstood(line: String) {
        let result = parse(line)
        #expect(result == nil || result == .ignored)
        if !line.isEmpty { #expect(result == nil) }
    }

    @Test func idsResolveToModuleSuiteAndName() {
        #expect(
            SwiftTestingEventStreamParser.ref("Shop.Outer/Inner/f()/F.swift:1:2")
                == TestRef(
                    framework: .swiftTesting, module: "Shop", suite: "Outer/Inner", name: "f()",
                    eventStreamID: "Shop.Outer/Inner/f()/F.swift:1:2"))
        #expect(SwiftTestingEventStreamParser.ref("Shop/free()/F.swift:3:4")?.module == "Shop")
        #expect(SwiftTestingEventStreamParser.ref("Shop.Outer") == nil)
    }
}
