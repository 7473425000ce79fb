/// The total line coverage over recent runs, for "change since the previous run" and the sparkline.
package struct CoverageTrend: Sendable, Equatable {
    struct Point: Sendable, Equatable {
        var runID: String
        var lines: CoverageCount
    }

    /// Oldest first, ending with the current run.
    var points: [Point]

    /// The points that measured something (this run may not have): what a sparkline, a low and a high are drawn from.
    var measured: [CoverageCount] { points.map(\.lines).filter { $0.count > 0 } }

    /// The run before, when this one measured something: no change is computed from or to 0/0.
    var previous: Point? {
        points.count > 1 && points[points.count - 1].lines.count > 0 ? points[points.count - 2] : nil
    }

    /// The trend of `runID` from history: it and up to `limit - 1` earlier runs of the pipeline that measured coverage
    /// (a run that measured nothing, 0/0, has no percentage to compare).
    /// When `runID` is not in history (a raw export), `current` ends the trend.
    package static func from(
        history: [HistoryEntry], runID: String?, current: CoverageCount, limit: Int
    ) -> CoverageTrend {
        var entries = history
        var pipeline: String?
        if let runID, let index = history.lastIndex(where: { $0.runID == runID }) {
            pipeline = history[index].pipeline
            entries = Array(history[..<index])
        }
        let earlier =
            entries
            .filter { $0.coverage?.lines.measuredPercent != nil && (pipeline == nil || $0.pipeline == pipeline) }
            .sorted { $0.startedAt < $1.startedAt }
            .map { Point(runID: $0.runID, lines: $0.coverage!.lines) }
        let points = earlier.suffix(max(limit - 1, 0)) + [Point(runID: runID ?? "this export", lines: current)]
        return CoverageTrend(points: Array(points))
    }
}
