/// Which worker runs which batches, in which order, in a parallel test phase (`--workers N`). Pure.
///
/// Batches go out heaviest first (weighed as `ShardPlanner` does) to the least-loaded worker, so workers
/// finish together; each worker then runs its batches in the plan's seeded order, so order dependence is
/// still found. The same plan, seed and durations always give the same lanes.
package enum WorkerAssignment {
    /// Each worker's batches (index 0 is worker 1); fewer lanes than `workers` when there are fewer batches.
    package static func lanes(_ batches: [TestBatch], workers: Int, durations: [String: Double]) -> [[TestBatch]] {
        let count = max(1, min(workers, batches.count))
        guard count > 1 else { return batches.isEmpty ? [] : [batches] }
        let weights = self.weights(batches, durations: durations)
        let heaviestFirst = batches.indices.sorted { left, right in
            weights[left] != weights[right] ? weights[left] > weights[right] : left < right
        }
        var loads = [Double](repeating: 0, count: count)
        var worker = [Int](repeating: 0, count: batches.count)
        for index in heaviestFirst {
            // `min` keeps the lowest worker among equals.
            let lightest = loads.indices.min { loads[$0] < loads[$1] } ?? 0
            loads[lightest] += weights[index]
            worker[index] = lightest
        }
        var lanes = [[TestBatch]](repeating: [], count: count)
        for index in batches.indices { lanes[worker[index]].append(batches[index]) }
        return lanes
    }

    /// Each batch's weight: its tests' durations, weighed as `ShardPlanner.weights` weighs them.
    static func weights(_ batches: [TestBatch], durations: [String: Double]) -> [Double] {
        let all = ShardPlanner.weights(batches.flatMap(\.tests), durations: durations)
        var weights: [Double] = []
        var next = 0
        for batch in batches {
            weights.append(all[next..<next + batch.tests.count].reduce(0, +))
            next += batch.tests.count
        }
        return weights
    }
}
