/// Finds the smallest set of earlier tests that makes a test fail. Pure: the only effect is `fails`.
///
/// Assumes adding earlier tests never hides a failure. A binary search for the shortest failing prefix of
/// the candidates names its last test a culprit; the rest can only be earlier, so the search repeats on
/// that prefix until the culprits fail on their own (about log2(n) + 1 runs per culprit).
package struct BisectSearch {
    var candidates: [String]
    /// At most this many runs of the test; the search gives up past it.
    package var runLimit: Int

    package init(candidates: [String], runLimit: Int? = nil) {
        self.candidates = candidates
        self.runLimit = runLimit ?? Self.defaultRunLimit(candidates: candidates.count)
    }

    /// Enough for up to three culprits: 2 checks, then (⌈log2 n⌉ + 1) per culprit.
    package static func defaultRunLimit(candidates: Int) -> Int {
        2 + 3 * (ceilLog2(max(candidates, 1)) + 1)
    }

    /// ⌈log2 value⌉, for a value of at least 1.
    static func ceilLog2(_ value: Int) -> Int { Int.bitWidth - (value - 1).leadingZeroBitCount }

    /// Thrown by `fails` when the person stopped the bisect (SIGINT/SIGTERM): the search ends `.interrupted`.
    package struct Stop: Error, Equatable {
        package init() {}
    }

    /// Runs the search; `fails` answers whether the test failed after the given tests, or throws `Stop`.
    package func run(_ fails: ([String]) throws -> Bool) rethrows -> BisectOutcome {
        var runs = 0
        var stopped = false
        // Nil once the limit is reached or the closure stopped: nothing more is run.
        func check(_ tests: [String]) throws -> Bool? {
            guard runs < runLimit else { return nil }
            runs += 1
            do {
                return try fails(tests)
            } catch is Stop {
                // The run cut short proves nothing: it is not counted as done.
                runs -= 1
                stopped = true
                return nil
            }
        }
        func unfinished(_ remaining: [String]) -> BisectOutcome {
            stopped ? .interrupted(remaining: remaining, runs: runs) : .gaveUp(remaining: remaining, runs: runs)
        }
        guard let failsAfterAll = try check(candidates) else { return unfinished(candidates) }
        guard failsAfterAll else { return .didNotReproduce(runs: runs) }
        guard let failsAlone = try check([]) else { return unfinished(candidates) }
        if failsAlone { return .failsAlone(runs: runs) }

        var culprits: Set<Int> = []
        // Positions in `candidates` still under suspicion: a prefix of them plus the culprits fails.
        var remaining = Array(candidates.indices)
        // Bounded: every pass moves one position from `remaining` to `culprits`.
        while !remaining.isEmpty {
            // Shortest prefix length k in 1...count with fails(culprits + prefix(k)); the full length is known to fail.
            var low = 1
            var high = remaining.count
            var sawFailure = false
            while low < high {
                let middle = (low + high) / 2
                guard let failed = try check(ordered(culprits, remaining.prefix(middle))) else {
                    // Known to fail: the culprits with the first `high` positions; the rest are cleared.
                    return unfinished(ordered(culprits, remaining.prefix(high)))
                }
                if failed { high = middle } else { low = middle + 1 }
                sawFailure = sawFailure || failed
            }
            if !sawFailure, low > 1 {
                // Every shorter prefix passed: confirm the whole set still fails before blaming its last test.
                guard let failed = try check(ordered(culprits, remaining[...])) else {
                    return unfinished(ordered(culprits, remaining[...]))
                }
                if !failed { return .didNotReproduce(runs: runs) }
            }
            culprits.insert(remaining[low - 1])
            remaining = Array(remaining.prefix(low - 1))
            guard let enough = try check(ordered(culprits, [])) else {
                return unfinished(ordered(culprits, remaining[...]))
            }
            if enough { return .failsAfter(ordered(culprits, []), runs: runs) }
            if remaining.isEmpty {
                // Every candidate is accounted for, yet the culprits alone do not fail: the failure came and went.
                return .didNotReproduce(runs: runs)
            }
        }
        return .didNotReproduce(runs: runs)
    }

    /// The culprits and a prefix of the remaining positions, as test ids in run order.
    private func ordered(_ culprits: Set<Int>, _ prefix: ArraySlice<Int>) -> [String] {
        culprits.union(prefix).sorted().map { candidates[$0] }
    }
}
