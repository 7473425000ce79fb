import Foundation
import Testing

@testable import SmokeCore
@testable import SmokeKit
@testable import SmokeTestSupport

/// A thread an earlier test left running crashes while the next test runs: `swift test` fails every time, and a
/// retry of the running test alone, where that thread never starts, would pass and call the crash a flake.
extension TestPhaseLoopTests {
    static func lateCrash(ownFrame: String) -> String {
        """
        Swift/ContiguousArrayBuffer.swift:692: Fatal error: Index out of range
        *** Signal 4: Backtracing from 0x7efdb7f6df7f... done ***
        *** Program crashed: Illegal instruction at 0x00007efdb7f6df7f ***
        Thread 0 "ShopPackageTest":
          0               0x00007efdb6925545 clock_nanosleep@@GLIBC_2.17 + 101 in libc.so.6
          1 [ra]          0x000055b86bf1323c CartTests.testB() + 43 in ShopPackageTests.xctest at /src/Tests/ShopTests/CartTests.swift:15:35

        Thread 4 crashed:
          0      0x00007efdb7f6df7f closure #1 in closure #1 in _assertionFailure(_:_:file:line:flags:) + 623 in libswiftCore.so
          1 [ra] 0x000055b86bf12fff \(ownFrame) + 110 in ShopPackageTests.xctest at /src/Tests/ShopTests/CartTests.swift:12:20
          2 [ra] 0x00007efdb79795f9 Thread.main() + 24 in libFoundation.so

        """
    }

    @Test func aCrashInCodeAnEarlierTestLeftRunningIsNotRetriedAwayAsAFlake() throws {
        let run = try run(
            [
                .init(
                    steps: [
                        .print(
                            Self.started("testA") + Self.passed("testA") + Self.started("testB")
                                + Self.lateCrash(ownFrame: "closure #1 in CartTests.testA()"))
                    ], ending: .crash(SIGILL)),
                .init(steps: [.print(Self.started("testC") + Self.passed("testC"))], ending: .exit(0)),
                .init(steps: [.print(Self.started("testB") + Self.passed("testB"))], ending: .exit(0)),
            ], retries: 1)
        // testB is not run again alone: the third script never runs.
        #expect(run.requested == [Self.ids, ["ShopTests.CartTests/testC"]])
        let crashed = try run.test("testB")
        #expect(crashed.status == .crashed && !crashed.flaky)
        #expect(crashed.failures.first?.message == "Index out of range")
        #expect(crashed.failures.first?.line == 12)
        let evidence = crashed.evidence?.what ?? ""
        #expect(evidence.hasSuffix("the crashed thread ran code of ShopTests.CartTests/testA, which ran before it"))
        #expect(try run.test("testA").status == .passed)
    }

    /// The crashed thread in the running test's own code (a closure of testB): a retry alone is a fair test of it.
    @Test func aCrashInTheRunningTestsOwnCodeIsRetried() throws {
        let run = try run(
            [
                .init(
                    steps: [
                        .print(
                            Self.started("testA") + Self.passed("testA") + Self.started("testB")
                                + Self.lateCrash(ownFrame: "closure #1 in CartTests.testB()"))
                    ], ending: .crash(SIGILL)),
                .init(steps: [.print(Self.started("testC") + Self.passed("testC"))], ending: .exit(0)),
                .init(steps: [.print(Self.started("testB") + Self.passed("testB"))], ending: .exit(0)),
            ], retries: 1)
        #expect(run.requested == [Self.ids, ["ShopTests.CartTests/testC"], ["ShopTests.CartTests/testB"]])
        let retried = try run.test("testB")
        #expect(retried.status == .passed && retried.flaky)
    }
}
