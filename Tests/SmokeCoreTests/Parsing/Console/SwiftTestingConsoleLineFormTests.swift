import Testing

@testable import SmokeCore
@testable import SmokeCoreTestSupport

/// Swift Testing console lines whose form the plain grammar misread: a display name with quotes of its own (printed
/// unescaped), a test `Test.cancel` ended (Swift 6.3), and an issue no test owns (`«unknown»`).
@Suite struct SwiftTestingConsoleLineFormTests {
    private typealias Support = ParsingTestSupport
    private func ref(_ name: String) -> TestRef { TestRef(framework: .swiftTesting, suite: "", name: name) }

    /// `@Test("parses \"quoted\" values")` prints as `"parses "quoted" values"`: the name runs to the quote the
    /// line's words go on after.
    @Test func aDisplayNameKeepsItsOwnQuotes() {
        let quoted = ref(#"parses "quoted" values"#)
        #expect(Support.consoleEvent(#"◇ Test "parses "quoted" values" started."#) == .testStarted(quoted))
        #expect(
            Support.consoleEvent(#"✘ Test "parses "quoted" values" failed after 0.001 seconds with 1 issue."#)
                == .testFinished(quoted, .failed, durationSeconds: 0.001))
        #expect(
            Support.consoleEvent(
                #"✘ Test "parses "quoted" values" recorded an issue at ParserTests.swift:5:50: Expectation failed: 1 == 2"#
            )
                == .issue(
                    quoted, TestFailure(message: "Expectation failed: 1 == 2", file: "ParserTests.swift", line: 5),
                    isKnown: false))
        #expect(
            Support.consoleEvent(#"➜ Test "says "hi" twice" skipped: "not today""#)
                == .skipped(ref(#"says "hi" twice"#), reason: "not today"))
        #expect(
            Support.consoleEvent(#"◇ Test "a "b" c" (aka 'quotes()') started."#) == .testStarted(ref("quotes()")))
        #expect(
            Support.consoleEvent(#"◇ Suite "The "best" suite" started."#) == .suiteStarted(name: #"The "best" suite"#))
    }

    /// A name whose inner quote is followed by a word the grammar knows, ` started`, is not cut there: only the quote
    /// the whole line's form follows closes it.
    @Test func aNameWithAGrammarWordInsideIsWhole() {
        let name = ref(#"say "hi" started"#)
        #expect(Support.consoleEvent(#"◇ Test "say "hi" started" started."#) == .testStarted(name))
        #expect(
            Support.consoleEvent(#"✔ Test "say "hi" started" passed after 0.002 seconds."#)
                == .testFinished(name, .passed, durationSeconds: 0.002))
        // Quotes in the issue's message are not the name's.
        #expect(
            Support.consoleEvent(#"✘ Test "x" recorded an issue at A.swift:3:1: Expectation failed: (s → "a") == "b""#)
                == .issue(
                    ref("x"), TestFailure(message: #"Expectation failed: (s → "a") == "b""#, file: "A.swift", line: 3),
                    isKnown: false))
    }

    /// `Test.cancel("why")` ends a started test as a skip, with its reason; a cancelled suite failed nothing.
    @Test func aCancelledTestIsSkippedWithItsReason() {
        #expect(
            Support.consoleEvent(#"➜ Test cancelled() was cancelled after 0.001 seconds: "not applicable here""#)
                == .cancelled(ref("cancelled()"), reason: "not applicable here", durationSeconds: 0.001))
        #expect(
            Support.consoleEvent("􀙟 Test cancelled() was cancelled after 0.25 seconds.")
                == .cancelled(ref("cancelled()"), reason: nil, durationSeconds: 0.25))
        #expect(
            Support.consoleEvent(#"➜ Test "Not "here"" was cancelled after 0.002 seconds: "later""#)
                == .cancelled(ref(#"Not "here""#), reason: "later", durationSeconds: 0.002))
        #expect(
            Support.consoleEvent(#"➜ Suite Cancel was cancelled after 0.003 seconds: "no network""#)
                == .suiteFinished(name: "Cancel", passed: true))
        #expect(
            Support.consoleEvent(#"➜ Test case passing 1 argument n → 2 to f(n:) was cancelled after 0.001 seconds."#)
                == .ignored)
    }

    /// `Issue.record("line one\nline two\nline three")` prints its comment's further lines indented under the first:
    /// they are the issue's, not the output of whichever test started last.
    @Test func aMultiLineCommentStaysWithItsIssue() {
        let collector = Support.collect(
            """
            ◇ Test multiLine() started.
            ◇ Test "Display name with spaces" started.
            ✘ Test multiLine() recorded an issue at CommentTests.swift:33:17: Issue recorded
            ↳ line one
              line two
              line three
            ✘ Test multiLine() failed after 0.010 seconds with 1 issue.
            ✔ Test "Display name with spaces" passed after 0.014 seconds.

            """)
        // The comment is part of the issue's message, as the event stream's record has it.
        #expect(collector.results.map(\.output) == [[], []])
        #expect(collector.results[0].failures.map(\.message) == ["Issue recorded\nline one\nline two\nline three"])
        // An indented line after another kind of line is still output.
        #expect(Support.consoleEvents("◇ Test f() started.\n  printed\n").last == .output("  printed"))
    }

    /// A comment quoting another run's output (a child `swift test` a tool's test ran) keeps it as text: its
    /// indented result, issue and totals lines are no test's, and a blank line of it (`  `) does not end it.
    /// Indented as the log is (pasted four spaces in), a result after the comment is still one.
    @Test func resultLinesInsideAMultiLineCommentAreItsText() {
        let comment = """
            ◇ Test reporter() started.
            ◇ Test victim() started.
            ✘ Test reporter() recorded an issue at Report.swift:9:17: Issue recorded
            ↳ child run:
              ✘ Test victim() recorded an issue at Victim.swift:3:5: boom
              
              Test Case 'Ghost.testGhost' failed (0.001 seconds)
              \t Executed 1 test, with 1 failure (0 unexpected) in 0.001 (0.001) seconds
            ✘ Test reporter() failed after 0.109 seconds with 1 issue.
            ✔ Test victim() passed after 0.300 seconds.
            ✘ Test run with 2 tests in 1 suite failed after 0.324 seconds with 1 issue.

            """
        let collector = Support.collect(comment)
        #expect(collector.results.map(\.name) == ["reporter()", "victim()"])
        #expect(collector.results.map(\.status) == [.failed, .passed])
        #expect(
            collector.results[0].failures.map(\.message) == [
                """
                Issue recorded
                child run:
                ✘ Test victim() recorded an issue at Victim.swift:3:5: boom

                Test Case 'Ghost.testGhost' failed (0.001 seconds)
                \t Executed 1 test, with 1 failure (0 unexpected) in 0.001 (0.001) seconds
                """
            ])
        // The quoted `Executed` line is no XCTest total.
        struct Totals: ConsoleLineReader {
            var reader = FrameworkTotalsReader()
            mutating func read(_ line: LineBytes, insideRunningTest: Bool) { reader.read(line) }
        }
        var totals = Totals()
        var parser = ConsoleParser()
        for line in comment.split(separator: "\n") {
            var text = String(line)
            text.withUTF8 { _ = parser.parse($0, reading: &totals) }
        }
        #expect(totals.reader.counts(from: "a.log").map(\.framework) == ["swift-testing"])
        let indented = comment.split(separator: "\n").map { "    " + $0 }.joined(separator: "\n") + "\n"
        #expect(Support.collect(indented).results.map(\.status) == [.failed, .passed])
    }

    /// `swift test --attachments-path` says where each attachment went under its `⎙` line: no issue's text.
    @Test func whereAnAttachmentWentIsNoIssuesText() {
        let collector = Support.collect(
            """
            ◇ Test fails() started.
            ◇ Test attaches() started.
            ✘ Test fails() recorded an issue at F.swift:3:5: Issue recorded
            ↳ case 3 fails
            ⎙ Attached 'warn.txt' to attaches().
            ↳ Written to '/tmp/att/warn.txt'.
            ✘ Test fails() failed after 0.010 seconds with 1 issue.
            ✔ Test attaches() passed after 0.012 seconds.

            """)
        #expect(collector.results.map(\.status) == [.failed, .passed])
        #expect(collector.results[0].failures.map(\.message) == ["Issue recorded\ncase 3 fails"])
        #expect(collector.results.allSatisfy { $0.output.isEmpty })
    }

    /// An issue recorded from a detached task after its test ended names `«unknown»`: the run's issue, no test.
    @Test func anIssueOfNoTestIsTheRuns() {
        #expect(
            Support.consoleEvent("✘ Test «unknown» recorded an issue at LateTests.swift:4:82: Issue recorded")
                == .issueOutsideTests(TestFailure(message: "Issue recorded", file: "LateTests.swift", line: 4)))
        #expect(
            Support.consoleEvent("━ Test «unknown» recorded a known issue at L.swift:4:82: Issue recorded") == .ignored)
    }
}
