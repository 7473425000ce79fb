/// Where a random run's seed comes from: `--seed`, then `ordering.seed`, then a fresh draw; `declared` order has none.
package enum SeedSource {
    package static func seed(
        flag: UInt64?, pipeline: OrderingSettings, draw: () -> UInt64 = { UInt64.random(in: .min ... .max) }
    ) -> UInt64? {
        guard pipeline.mode == .random else { return nil }
        return flag ?? pipeline.seed ?? draw()
    }

    /// What `run` says when `--seed` cannot order the run, `declared` order having no seed: a replay that does not
    /// replay must not look like one. `file`: the pipeline file as the user reaches it.
    package static func unusedFlagWarning(flag: UInt64?, pipeline: OrderingSettings, file: String) -> String? {
        guard let flag, pipeline.mode != .random else { return nil }
        return """
            smokerun: warning: --seed \(flag) orders nothing: \(file) runs its tests in declared order \
            ("ordering": {"mode": "declared"}); set "mode" to "random" there to shuffle them by a seed
            """
    }
}
