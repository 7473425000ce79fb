import Testing

@testable import SmokeCore

/// What a test process that started none of the tests it was asked to run proves. The output lines are what
/// Swift 6.3.1 test binaries printed on Linux: XCTest given a name it does not hold, Swift Testing given a
/// filter that matched nothing, and Ink 0.6.0 (`XCTMain` in `Tests/LinuxMain.swift`) asked for Swift Testing.
@Suite struct UnstartedBatchTests {
    static let tests = [TestCase(id: "InkTests.CodeTests/testInlineCode", framework: .swiftTesting)]
    static let command = [
        "InkPackageTests.xctest", "--testing-library", "swift-testing", "--no-parallel", "--filter",
        #"InkTests\.CodeTests/testInlineCode"#,
    ]
    static let xctestRanNothing = [
        "Test Suite 'Selected tests' started at 2026-11-26 23:32:05.668",
        "Test Suite 'Selected tests' passed at 2026-11-26 23:32:05.674",
        "\t Executed 0 tests, with 0 failures (0 unexpected) in 0.0 (0.0) seconds",
    ]
    static let swiftTestingRanNothing = [
        "◇ Test run started.", "↳ Testing Library Version: 6.3.1 (937120cbc281cf2)",
        "↳ Target Platform: x86_64-unknown-linux-gnu",
        "✔ Test run with 0 tests in 0 suites passed after 0.001 seconds.",
    ]

    func verdict(
        _ termination: Termination, _ framework: TestFramework = .swiftTesting, output: [String]
    ) -> UnstartedBatch.Verdict {
        UnstartedBatch.verdict(
            termination: termination, framework: framework,
            tests: Self.tests.map { TestCase(id: $0.id, framework: framework) }, command: Self.command,
            outputTail: output)
    }

    func error(_ verdict: UnstartedBatch.Verdict) throws -> InfrastructureError {
        try #require(verdict.runnerProblem, "expected a runner problem, got \(verdict)")
    }

    @Test func exitZeroWithoutOutputIsARunnerProblemThatShowsTheCommand() throws {
        let error = try error(verdict(.exited(0), output: []))
        #expect(
            error.message.hasPrefix(
                "the test process exited with status 0 without starting any of the 1 swift-testing test it was asked to run, and its output does not say why"
            ))
        #expect(error.command == Self.command && error.exitStatus == 0)
        #expect(
            error.details == [
                "command: \(Self.command.joined(separator: " "))", "asked to run: InkTests.CodeTests/testInlineCode",
                "it printed nothing",
            ])
    }

    /// A class `setUp` that trapped before the test started: the process's ending and what it printed, together.
    @Test func aCrashBeforeTheTestStartedKeepsItsFatalMessage() throws {
        let printed = TestFailure(message: "class setUp crash", file: "Tests/AppTests/CartTests.swift", line: 15)
        let verdict = UnstartedBatch.verdict(
            termination: .signaled(4), framework: .xctest,
            tests: [TestCase(id: "AppTests.CartTests/testTotal", framework: .xctest)],
            command: Self.command, outputTail: [], printedCrash: printed)
        guard case .crashed(let failure) = verdict else {
            Issue.record("expected a crash, got \(verdict)")
            return
        }
        #expect(failure.message.hasSuffix("before this test reported a result: class setUp crash"))
        #expect(failure.file == printed.file && failure.line == 15)
        guard case .crashed(let bare) = self.verdict(.signaled(4), .xctest, output: []) else { return }
        #expect(bare.file == nil && bare.message.hasSuffix("before this test reported a result"))
    }

    @Test func anXCTestAnswerToSwiftTestingNamesTheEntryPoint() throws {
        let error = try error(verdict(.exited(0), output: Self.xctestRanNothing))
        #expect(error.message.contains("it answered --testing-library swift-testing with XCTest's output"))
        #expect(error.message.contains("Tests/LinuxMain.swift"))
        #expect(Array(error.details.suffix(3)) == Self.xctestRanNothing)
    }

    @Test(arguments: [
        (
            TestFramework.xctest, xctestRanNothing,
            "Executed 0 tests, with 0 failures (0 unexpected) in 0.0 (0.0) seconds"
        ),
        (.swiftTesting, swiftTestingRanNothing, "Test run with 0 tests in 0 suites passed after 0.001 seconds."),
    ])
    func aSummaryOfNoTestsSaysTheBinaryHoldsNoneByThoseNames(
        framework: TestFramework, output: [String], said: String
    ) throws {
        let error = try error(verdict(.exited(0), framework, output: output))
        #expect(error.message.contains("its output says '\(said)', so the binary holds no test by those names"))
    }

    @Test(arguments: [
        (Termination.exited(1), "the test process exited with status 1 before this test reported a result"),
        (.signaled(6), "the test process was ended by signal 6 (SIGABRT) before this test reported a result"),
    ])
    func aFailedProcessStillCrashesItsTests(termination: Termination, message: String) {
        #expect(
            verdict(termination, output: ["error: cannot load libShop.so"]) == .crashed(TestFailure(message: message)))
    }

    @Test func theTailDropsColourCodesAndKeepsTheLastLines() {
        var tail = OutputTail(limit: 2)
        for line in ["one", "two", "\u{1B}[92m✔\u{1B}[0m Test run with 0 tests"] { tail.append(line) }
        #expect(tail.lines == ["two", "✔ Test run with 0 tests"])
    }
}

extension UnstartedBatch.Verdict {
    fileprivate var runnerProblem: InfrastructureError? {
        if case .runnerProblem(let error) = self { error } else { nil }
    }
}
