import Foundation
import Testing

@testable import SmokeCore
@testable import SmokeKit

/// Which processes a test process left running, read from a process table the tests write themselves.
@Suite struct StrayProcessesTests {
    typealias Situation = StrayProcesses.Situation

    static func entry(_ pid: Int32, parent: Int32, group: Int32? = nil, state: Character = "S") -> ProcessEntry {
        ProcessEntry(
            pid: pid, parent: parent, group: group ?? pid, state: state, startTime: UInt64(pid), name: "p\(pid)")
    }

    @Test func aProcStatLineParsesWithSpacesAndParenthesesInTheName() throws {
        // A real line (`cat /proc/self/stat`) with its name replaced by one that holds both.
        let line =
            """
            26334 (a (b) c) R 26332 26330 15629 0 -1 4194304 99 0 0 0 0 0 0 0 20 0 1 0 307426 3133440 393 \
            18446744073709551615 94689672568832 94689672588713 140731620683136 0 0 0 0 0 0 0 0 0 17 1 0 0 0\n
            """
        let parsed = try #require(ProcessEntry(procStat: line))
        #expect(
            parsed
                == ProcessEntry(pid: 26334, parent: 26332, group: 26330, state: "R", startTime: 307426, name: "a (b) c")
        )
        #expect(!parsed.isZombie)
    }

    @Test(arguments: ["", "garbage", "12 (x) R 1 2", "x (y) R 1 1 1 0 -1 0 0 0 0 0 0 0 0 0 20 0 1 0 5 0 0"])
    func aLineThatIsNotAProcStatLineIsNil(line: String) {
        #expect(ProcessEntry(procStat: line) == nil)
    }

    @Test func theMarkerIsReadFromANulSeparatedEnvironment() {
        let block = Array("PATH=/bin\0SMOKERUN_PROCESS_TREE=12.34-5\0HOME=/root\0".utf8)
        #expect(StrayProcesses.marker(inEnvironment: block) == "12.34-5")
        #expect(StrayProcesses.marker(inEnvironment: Array("PATH=/bin\0XSMOKERUN_PROCESS_TREE=1\0".utf8)) == nil)
        #expect(StrayProcesses.marker(inEnvironment: []) == nil)
    }

    /// smokerun is 100; its test process 200 (group 200) has ended; 300 runs another test (group 300).
    static let table = [
        entry(1, parent: 0),
        entry(100, parent: 1),
        entry(201, parent: 100, group: 200), // still in the ended test's group
        entry(202, parent: 201, group: 202), // its child, in a group of its own, unmarked
        entry(210, parent: 1), // escaped to init, marked for the ended test
        entry(220, parent: 100), // an orphan re-parented to smokerun, marked for the ended test
        entry(230, parent: 100), // an orphan re-parented to smokerun, unmarked
        entry(240, parent: 100), // an orphan of the other test process (marked for it)
        entry(250, parent: 100, state: "Z"), // a finished orphan
        entry(300, parent: 100), // the other test process: a known child (marked for its own test)
        entry(400, parent: 1), // someone else's process
    ]
    static let markers: [Int32: String] = [210: "t-1", 220: "t-1", 240: "t-2", 300: "t-2"]

    @Test func theEndedGroupItsMarkedProcessesAndTheirDescendantsAreSelected() {
        let situation = Situation(owner: 100, ended: 200, token: "t-1", known: [300], adoptsOrphans: true)
        let selected = StrayProcesses.select(from: Self.table, in: situation) { Self.markers[$0] }
        // 230 could belong to the other test process: it waits until no other child runs.
        #expect(selected.map(\.pid) == [201, 210, 220, 202])
    }

    @Test func anUnmarkedOrphanIsSelectedOnceNoOtherChildRuns() {
        let situation = Situation(owner: 100, ended: 200, token: "t-1", known: [], adoptsOrphans: true)
        let selected = StrayProcesses.select(from: Self.table, in: situation) { Self.markers[$0] }
        // Not 240 (marked for another test process), 400 (not ours) or 1 and 100 (init, smokerun).
        #expect(Set(selected.map(\.pid)) == [201, 202, 210, 220, 230, 250])
    }

    @Test func withoutASubreaperAnUnmarkedChildIsNeverTakenForAnOrphan() {
        let situation = Situation(owner: 100, ended: 200, token: "t-1", known: [], adoptsOrphans: false)
        let selected = StrayProcesses.select(from: Self.table, in: situation) { Self.markers[$0] }
        #expect(selected.map(\.pid) == [201, 210, 220, 202])
    }

    @Test func onlyProcessesThatCouldCarryTheMarkerHaveTheirEnvironmentRead() {
        // 150 and 160 started before the ended test process (200) and are neither in its group nor smokerun's
        // children: they cannot carry its marker, whatever their environment says.
        let table = Self.table + [Self.entry(150, parent: 1), Self.entry(160, parent: 150)]
        let markers = Self.markers.merging([150: "t-9", 160: "t-9"]) { $1 }
        var asked: [Int32] = []
        let withStart = Situation(
            owner: 100, ended: 200, token: "t-1", known: [], adoptsOrphans: true, startedAt: 200)
        let selected = StrayProcesses.select(from: table, in: withStart) { pid in
            asked.append(pid)
            return markers[pid]
        }
        let withoutStart = Situation(owner: 100, ended: 200, token: "t-1", known: [], adoptsOrphans: true)
        #expect(selected == StrayProcesses.select(from: table, in: withoutStart) { markers[$0] })
        #expect(!asked.contains(150) && !asked.contains(160))
        #expect(Set(asked) == [201, 202, 210, 220, 230, 240, 300, 400])
    }

    @Test func unclaimedZombiesAreTheUnknownFinishedChildren() {
        let table = Self.table + [Self.entry(310, parent: 100, state: "Z")]
        #expect(StrayProcesses.unclaimedZombies(in: table, owner: 100, known: [310]) == [250])
    }

    @Test func theTestRunningWhenAStrayStartedIsTheOneThatStartedIt() {
        let start = Date(timeIntervalSince1970: 1_000)
        let tests = [("A/one", start), ("A/two", start + 5), ("A/three", start + 9)].map {
            (id: $0.0, startedAt: $0.1)
        }
        #expect(StrayProcesses.startedBy(startedAt: start + 6, tests: tests) == "A/two")
        #expect(StrayProcesses.startedBy(startedAt: start + 20, tests: tests) == "A/three")
        // Before any test started (the process's own setup): nothing says which.
        #expect(StrayProcesses.startedBy(startedAt: start - 1, tests: tests) == nil)
        #expect(StrayProcesses.startedBy(startedAt: nil, tests: Array(tests.prefix(1))) == "A/one")
    }

    @Test func theNoteNamesEachEndedProcessAndTheTestThatStartedIt() {
        let one = StrayProcesses.Stray(
            pid: 1234, command: "/bin/sleep 611", startedAt: nil, startedBy: "TipTests/testSpawns")
        #expect(
            StrayProcesses.note(for: [one])
                == "ended 1 process the tests left running: pid 1234 `/bin/sleep 611` (started by TipTests/testSpawns)")
        let unknown = StrayProcesses.Stray(pid: 99, command: "sh", startedAt: nil)
        #expect(
            StrayProcesses.note(for: [one, unknown])
                == """
                ended 2 processes the tests left running: pid 1234 `/bin/sleep 611` (started by \
                TipTests/testSpawns), pid 99 `sh` (left by the test process; which test started it is unknown)
                """)
        #expect(StrayProcesses.note(for: []) == nil)
    }

    @Test func aStrayIsANoteThatLeavesAPassingRunPassing() throws {
        let stray = StrayProcesses.Stray(
            pid: 7, command: "/bin/sleep 611", startedAt: Date(timeIntervalSince1970: 5))
        let notes = BatchRunner.strayNote(
            [stray], tests: [(id: "M.T/testA", startedAt: Date(timeIntervalSince1970: 1))])
        let note = try #require(notes.first)
        #expect(note.isNote)
        #expect(note.message.hasSuffix("(started by M.T/testA)"))
        let passed = TestResult(id: "M.T/testA", name: "testA", suite: "M.T", framework: .xctest, status: .passed)
        #expect(RunReport.status(of: [passed], errors: notes) == .passed)
        #expect(RunReport.status(of: [passed], errors: notes + [InfrastructureError(message: "x")]) == .error)
    }
}
