/// One entry of a file's `segments` in an llvm-cov export: where a region starts or ends, and its count.
package struct CoverageSegment: Sendable, Equatable {
    package var line: Int
    package var column: Int
    package var count: Int
    package var hasCount: Bool
    package var isRegionEntry: Bool
    /// Absent in exports before 2.0.1: false.
    package var isGapRegion: Bool

    package init(line: Int, column: Int, count: Int, hasCount: Bool, isRegionEntry: Bool, isGapRegion: Bool = false) {
        self.line = line
        self.column = column
        self.count = count
        self.hasCount = hasCount
        self.isRegionEntry = isRegionEntry
        self.isGapRegion = isGapRegion
    }
}

/// An executable source line and how often it ran (an lcov `DA` record).
package struct LineHit: Sendable, Equatable, Codable {
    package var line: Int
    package var count: Int
}

/// One branch region: how often its condition was true and false.
package struct BranchHit: Sendable, Equatable, Codable {
    package var line: Int
    package var trueCount: Int
    package var falseCount: Int

    package init(line: Int, trueCount: Int, falseCount: Int) {
        self.line = line
        self.trueCount = trueCount
        self.falseCount = falseCount
    }
}

/// One function (instantiations grouped): where it starts and how often it was entered (lcov `FN`/`FNDA`).
package struct FunctionHit: Sendable, Equatable, Codable {
    /// The symbol as llvm-cov names it (mangled for Swift).
    var name: String
    var line: Int
    package var count: Int

    package init(name: String, line: Int, count: Int) {
        self.name = name
        self.line = line
        self.count = count
    }
}

/// A file's line-level detail: the executable lines with counts, and its branches.
package struct FileLineDetail: Sendable, Equatable {
    var path: String
    package var lines: [LineHit]
    var branches: [BranchHit]
    /// Each function's own lines (a line in two functions twice): the lines `llvm-cov report` counts.
    var functionLines: [LineHit]
    /// One per function, in source order.
    var functions: [FunctionHit]

    package init(
        path: String, lines: [LineHit], branches: [BranchHit] = [], functionLines: [LineHit] = [],
        functions: [FunctionHit] = []
    ) {
        self.path = path
        self.lines = lines
        self.branches = branches
        self.functionLines = functionLines
        self.functions = functions
    }
}
