/// Per-line counts from an llvm-cov segment list, as llvm-cov's own line iterator computes them (lcov `DA`).
package enum LineCoverage {
    /// The executable lines of one file, in order, with the count each line shows in `llvm-cov show`.
    package static func lines(from segments: [CoverageSegment]) -> [LineHit] {
        guard let firstLine = segments.first?.line else { return [] }
        var result: [LineHit] = []
        var next = 0
        var line = firstLine
        var wrapped: CoverageSegment?
        var lineStart = 0
        var lineEnd = 0
        // Each pass takes the segments starting on `line`; the previous line's last segment "wraps" into it.
        while next < segments.count {
            if lineEnd > lineStart { wrapped = segments[lineEnd - 1] }
            lineStart = next
            while next < segments.count, segments[next].line == line { next += 1 }
            lineEnd = next
            if let hit = stats(segments[lineStart..<lineEnd], wrapped: wrapped, line: line) {
                result.append(hit)
            }
            if lineEnd == lineStart, !(wrapped?.hasCount ?? false) {
                // Nothing starts here and nothing counted wraps in: lines up to the next segment are unmapped.
                line = max(line + 1, segments[next].line)
            } else {
                line += 1
            }
        }
        return result
    }

    private static func stats(_ lineSegments: ArraySlice<CoverageSegment>, wrapped: CoverageSegment?, line: Int)
        -> LineHit?
    {
        func startsRegion(_ segment: CoverageSegment) -> Bool {
            !segment.isGapRegion && segment.hasCount && segment.isRegionEntry
        }
        let regionStarts = lineSegments.filter(startsRegion)
        let startsSkippedRegion = lineSegments.first.map { !$0.hasCount && $0.isRegionEntry } ?? false
        var mapped = !startsSkippedRegion && ((wrapped?.hasCount ?? false) || !regionStarts.isEmpty)
        mapped = mapped || lineSegments.contains { $0.isRegionEntry && $0.hasCount }
        guard mapped else { return nil }
        var count = wrapped?.count ?? 0
        for segment in regionStarts { count = max(count, segment.count) }
        return LineHit(line: line, count: count)
    }

    /// Uncovered line ranges: runs of executable lines with count 0 not interrupted by a covered line.
    package static func uncoveredRanges(_ lines: [LineHit]) -> [ClosedRange<Int>] {
        var ranges: [ClosedRange<Int>] = []
        var start: Int?
        var last = 0
        for hit in lines.sorted(by: { $0.line < $1.line }) {
            if hit.count == 0 {
                if start == nil { start = hit.line }
                last = hit.line
            } else if let begin = start {
                ranges.append(begin...last)
                start = nil
            }
        }
        if let begin = start { ranges.append(begin...last) }
        return ranges
    }
}
