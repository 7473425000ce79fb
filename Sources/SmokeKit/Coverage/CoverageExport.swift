import SmokeCore

/// One file of an llvm-cov export: its summary counts and, when asked for, its line detail.
struct ExportedFile: Sendable, Equatable {
    /// As llvm-cov wrote it (usually absolute).
    var filename: String
    var summary: CoverageSummary
    /// Empty unless the reader was asked for line detail and the export has segments.
    var lines: [LineHit]
    var branches: [BranchHit]
    /// With line detail and a `functions` array: each function's own lines, concatenated in line order.
    /// A line inside two functions (a closure) appears twice, as `llvm-cov report` counts it.
    var functionLines: [LineHit] = []
    /// With line detail and a `functions` array: one record per function (instantiations grouped), for lcov `FN`.
    var functions: [FunctionHit] = []
}

/// What the reader took from an export.
struct CoverageExport: Sendable, Equatable {
    var version: String
    /// The files the reader kept, in export order.
    var files: [ExportedFile]
}
