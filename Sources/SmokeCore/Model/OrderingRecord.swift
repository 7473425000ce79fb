/// How a run ordered its tests, enough to replay it.
package struct OrderingRecord: Codable, Sendable, Equatable {
    var mode: OrderingMode
    package var isolation: Isolation
    /// The seed of a random run; replay with `--seed`.
    var seed: UInt64?
    /// False when the test binary decides its own order (an `XCTMain` entry point, a main of its own): the seed
    /// chose the batches but cannot replay the order inside them. Written to report.json only when false.
    package var orderControlled = true

    package init(mode: OrderingMode, isolation: Isolation, seed: UInt64?) {
        self.mode = mode
        self.isolation = isolation
        self.seed = seed
    }

    private enum CodingKeys: String, CodingKey {
        case mode, isolation, seed, orderControlled
    }

    package init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        mode = try container.decode(OrderingMode.self, forKey: .mode)
        isolation = try container.decode(Isolation.self, forKey: .isolation)
        seed = try container.decodeIfPresent(UInt64.self, forKey: .seed)
        orderControlled = try container.decodeIfPresent(Bool.self, forKey: .orderControlled) ?? true
    }

    package func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(mode, forKey: .mode)
        try container.encode(isolation, forKey: .isolation)
        try container.encodeIfPresent(seed, forKey: .seed)
        if !orderControlled { try container.encode(false, forKey: .orderControlled) }
    }
}

package enum OrderingMode: String, Codable, Sendable, CaseIterable {
    case random, declared
}

/// What one test process runs: a whole suite, or a single test.
package enum Isolation: String, Codable, Sendable, CaseIterable {
    case suite, test
}
