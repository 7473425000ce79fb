import SmokeCore

/// One file of an llvm-cov export: its summary counts and, when asked for, its line detail.
struct ExportedFile: Sendable, Equatable {
    var filename: String
    var summary: CoverageSummary
    var lines: [LineHit]
    var branches: [BranchHit]
    /// With line detail: each function's own lines in line order; a line inside two functions (a closure) appears
    /// twice, as `llvm-cov report` counts it.
    var functionLines: [LineHit] = []
    /// One record per function (instantiations grouped), for lcov `FN`.
    var functions: [FunctionHit] = []
}

struct CoverageExport: Sendable, Equatable {
    var version: String
    var files: [ExportedFile]
}
