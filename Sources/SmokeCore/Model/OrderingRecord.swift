/// How a run ordered its tests, enough to replay it.
package struct OrderingRecord: Codable, Sendable, Equatable {
    var mode: OrderingMode
    package var isolation: Isolation
    /// The seed of a random run; replay with `--seed`.
    var seed: UInt64?

    package init(mode: OrderingMode, isolation: Isolation, seed: UInt64?) {
        self.mode = mode
        self.isolation = isolation
        self.seed = seed
    }
}

package enum OrderingMode: String, Codable, Sendable, CaseIterable {
    case random, declared
}

/// What one test process runs: a whole suite, or a single test.
package enum Isolation: String, Codable, Sendable, CaseIterable {
    case suite, test
}
