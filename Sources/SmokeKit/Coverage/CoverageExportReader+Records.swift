import SmokeCore

/// The export's small records, each read whole: a file's `summary`, `segments`, `branches`, a function's `regions`.
extension CoverageExportReader {
    func readSummary(_ scanner: JSONByteScanner) throws -> CoverageSummary {
        var summary = CoverageSummary.zero
        try scanner.beginObject()
        while let key = try scanner.nextKey() {
            switch key {
            case "lines": summary.lines = try readCount(scanner)
            case "functions": summary.functions = try readCount(scanner)
            case "regions": summary.regions = try readCount(scanner)
            case "branches": summary.branches = try readCount(scanner)
            default: try scanner.skipValue()
            }
        }
        return summary
    }

    func readCount(_ scanner: JSONByteScanner) throws -> CoverageCount {
        var covered = 0
        var count = 0
        try scanner.beginObject()
        while let key = try scanner.nextKey() {
            switch key {
            case "covered": covered = try scanner.readInteger()
            case "count": count = try scanner.readInteger()
            default: try scanner.skipValue()
            }
        }
        return CoverageCount(covered: covered, count: count)
    }

    /// `[line, column, count, hasCount, isRegionEntry, isGapRegion]`; the gap flag is absent before 2.0.1.
    func readSegments(_ scanner: JSONByteScanner) throws -> [CoverageSegment] {
        var segments: [CoverageSegment] = []
        try scanner.beginArray()
        while try scanner.nextElement() {
            var segment = CoverageSegment(line: 0, column: 0, count: 0, hasCount: false, isRegionEntry: false)
            var index = 0
            try scanner.beginArray()
            while try scanner.nextElement() {
                switch index {
                case 0: segment.line = try scanner.readInteger()
                case 1: segment.column = try scanner.readInteger()
                case 2: segment.count = try scanner.readInteger()
                case 3: segment.hasCount = try scanner.readBool()
                case 4: segment.isRegionEntry = try scanner.readBool()
                case 5: segment.isGapRegion = try scanner.readBool()
                default: try scanner.skipValue()
                }
                index += 1
            }
            segments.append(segment)
        }
        return segments
    }

    /// `[lineStart, columnStart, lineEnd, columnEnd, trueCount, falseCount, fileID, expandedFileID, kind]`.
    func readBranches(_ scanner: JSONByteScanner) throws -> [BranchHit] {
        var branches: [BranchHit] = []
        try scanner.beginArray()
        while try scanner.nextElement() {
            var branch = BranchHit(line: 0, trueCount: 0, falseCount: 0)
            var index = 0
            try scanner.beginArray()
            while try scanner.nextElement() {
                switch index {
                case 0: branch.line = try scanner.readInteger()
                case 4: branch.trueCount = try scanner.readInteger()
                case 5: branch.falseCount = try scanner.readInteger()
                default: try scanner.skipValue()
                }
                index += 1
            }
            branches.append(branch)
        }
        return branches
    }

    /// `[lineStart, columnStart, lineEnd, columnEnd, count, fileID, expandedFileID, kind]`.
    func readRegions(_ scanner: JSONByteScanner) throws -> [CoverageRegion] {
        var regions: [CoverageRegion] = []
        try scanner.beginArray()
        while try scanner.nextElement() {
            var values = [0, 0, 0, 0, 0, 0, 0, 0]
            var index = 0
            try scanner.beginArray()
            while try scanner.nextElement() {
                if index < values.count { values[index] = try scanner.readInteger() } else { try scanner.skipValue() }
                index += 1
            }
            var region = CoverageRegion(
                values[0], values[1], values[2], values[3], count: values[4], fileID: values[5],
                expandedFileID: values[6])
            region.kind = values[7]
            regions.append(region)
        }
        return regions
    }
}
