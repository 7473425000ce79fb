/// One entry of a function's `regions` in an llvm-cov export.
package struct CoverageRegion: Sendable, Equatable {
    package enum Kind: Int, Sendable {
        case code = 0
        case expansion = 1
        case skipped = 2
        case gap = 3
        case branch = 4
    }

    package var lineStart: Int
    var columnStart: Int
    var lineEnd: Int
    var columnEnd: Int
    var count: Int
    package var fileID: Int
    var expandedFileID: Int
    package var kind: Int

    package init(
        _ lineStart: Int, _ columnStart: Int, _ lineEnd: Int, _ columnEnd: Int, count: Int, fileID: Int = 0,
        expandedFileID: Int = 0, kind: Kind = .code
    ) {
        self.lineStart = lineStart
        self.columnStart = columnStart
        self.lineEnd = lineEnd
        self.columnEnd = columnEnd
        self.count = count
        self.fileID = fileID
        self.expandedFileID = expandedFileID
        self.kind = kind.rawValue
    }

    package var start: Location { Location(line: lineStart, column: columnStart) }
    var end: Location { Location(line: lineEnd, column: columnEnd) }

    package struct Location: Comparable, Hashable {
        var line: Int
        var column: Int
        package static func < (left: Location, right: Location) -> Bool {
            (left.line, left.column) < (right.line, right.column)
        }
    }
}

/// Turns one function's regions into segments as llvm-cov does, to reproduce `llvm-cov report`'s line counts.
package enum SegmentBuilder {
    /// The file index a function's own code lives in: the first file that no expansion region points into.
    package static func mainFileID(of regions: [CoverageRegion], fileCount: Int) -> Int? {
        guard !regions.isEmpty, fileCount > 0 else { return nil }
        var expanded = Set<Int>()
        for region in regions where region.kind == CoverageRegion.Kind.expansion.rawValue {
            expanded.insert(region.expandedFileID)
        }
        return (0..<fileCount).first { !expanded.contains($0) }
    }

    /// Segments of the regions of one file (all with that `fileID`).
    package static func segments(from regions: [CoverageRegion]) -> [CoverageSegment] {
        var builder = Builder()
        builder.build(combined(sorted(regions)))
        return builder.segments
    }

    /// By start; an enclosing region before those it contains; for equal spans, code, expansion, then skipped.
    static func sorted(_ regions: [CoverageRegion]) -> [CoverageRegion] {
        regions.enumerated().sorted { left, right in
            let (l, r) = (left.element, right.element)
            if l.start != r.start { return l.start < r.start }
            if l.end != r.end { return r.end < l.end }
            if l.kind != r.kind { return l.kind < r.kind }
            return left.offset < right.offset
        }.map(\.element)
    }

    /// Regions with identical spans become one; counts of the same kind as the first add up.
    static func combined(_ regions: [CoverageRegion]) -> [CoverageRegion] {
        var result: [CoverageRegion] = []
        for region in regions {
            if let last = result.last, last.start == region.start, last.end == region.end {
                if region.kind == last.kind { result[result.count - 1].count += region.count }
                continue
            }
            result.append(region)
        }
        return result
    }

    private struct Builder {
        var segments: [CoverageSegment] = []
        var active: [CoverageRegion] = []

        mutating func build(_ regions: [CoverageRegion]) {
            for (index, region) in regions.enumerated() {
                let start = region.start
                let stillActive = active.filter { !($0.end <= start) }
                let completed = active.filter { $0.end <= start }
                if !completed.isEmpty {
                    active = stillActive + completed
                    completeRegions(until: start, firstCompleted: stillActive.count)
                }
                let isGap = region.kind == CoverageRegion.Kind.gap.rawValue
                if start == region.end {
                    // An empty region never becomes active: the last one, or a skipped one, leaves a skipped segment.
                    let skipped = index + 1 == regions.count || region.kind == CoverageRegion.Kind.skipped.rawValue
                    startSegment(active.last ?? region, at: start, isRegionEntry: !isGap, emitSkipped: skipped)
                    if skipped, let last = active.last { startSegment(last, at: start, isRegionEntry: false) }
                    continue
                }
                if index + 1 == regions.count || start != regions[index + 1].start {
                    startSegment(region, at: start, isRegionEntry: !isGap)
                }
                active.append(region)
            }
            if !active.isEmpty { completeRegions(until: nil, firstCompleted: 0) }
        }

        mutating func startSegment(
            _ region: CoverageRegion, at location: CoverageRegion.Location, isRegionEntry: Bool,
            emitSkipped: Bool = false
        ) {
            let hasCount = !emitSkipped && region.kind != CoverageRegion.Kind.skipped.rawValue
            // A segment that changes nothing for rendering is left out.
            if let last = segments.last, !isRegionEntry, !emitSkipped,
                last.hasCount == hasCount, last.count == region.count, !last.isRegionEntry
            {
                return
            }
            segments.append(
                CoverageSegment(
                    line: location.line, column: location.column, count: hasCount ? region.count : 0,
                    hasCount: hasCount,
                    isRegionEntry: isRegionEntry,
                    isGapRegion: hasCount && region.kind == CoverageRegion.Kind.gap.rawValue
                ))
        }

        /// Emits the closing segments of `active[firstCompleted...]` and pops them.
        mutating func completeRegions(until location: CoverageRegion.Location?, firstCompleted: Int) {
            let completed = active[firstCompleted...].enumerated().sorted { left, right in
                left.element.end != right.element.end
                    ? left.element.end < right.element.end : left.offset < right.offset
            }.map(\.element)
            active.replaceSubrange(firstCompleted..., with: completed)
            let end = active.count
            var index = firstCompleted + 1
            while index < end {
                var region = active[index]
                let segmentLocation = active[index - 1].end
                if let location, segmentLocation == location { break }
                if segmentLocation == region.end {
                    index += 1
                    continue
                }
                // The count comes from the last completed region ending here.
                for later in (index + 1)..<max(end, index + 1) where active[later].end == region.end {
                    region = active[later]
                }
                startSegment(region, at: segmentLocation, isRegionEntry: false)
                index += 1
            }
            let last = active[end - 1]
            if firstCompleted > 0, last.end != location {
                // Between the last completed region and the new one, the enclosing active region applies.
                startSegment(active[firstCompleted - 1], at: last.end, isRegionEntry: false)
            } else if firstCompleted == 0, location == nil || location != last.end {
                // Nothing is active any more: a skipped segment marks the gap after the function.
                startSegment(last, at: last.end, isRegionEntry: false, emitSkipped: true)
            }
            active.removeSubrange(firstCompleted...)
        }
    }
}
