/// Where a random run's seed comes from: `--seed`, then `ordering.seed`, then a fresh draw; `declared` order has none.
package enum SeedSource {
    package static func seed(
        flag: UInt64?, pipeline: OrderingSettings, draw: () -> UInt64 = { UInt64.random(in: .min ... .max) }
    ) -> UInt64? {
        guard pipeline.mode == .random else { return nil }
        return flag ?? pipeline.seed ?? draw()
    }
}
