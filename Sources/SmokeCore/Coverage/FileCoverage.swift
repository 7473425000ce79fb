/// One source file's coverage counts, as `coverage.json` lists it.
package struct FileCoverage: Codable, Sendable, Equatable {
    /// Relative to the package root (absolute when the file lies outside it).
    package var path: String
    /// The `Sources/<Module>/` folder the file belongs to (`CoverageScope.modules(of:)`).
    package var module: String
    package var lines: CoverageCount
    var functions: CoverageCount
    var regions: CoverageCount
    var branches: CoverageCount

    package init(path: String, module: String, summary: CoverageSummary) {
        self.path = path
        self.module = module
        lines = summary.lines
        functions = summary.functions
        regions = summary.regions
        branches = summary.branches
    }

    package var summary: CoverageSummary {
        CoverageSummary(lines: lines, functions: functions, regions: regions, branches: branches)
    }
}

/// One module's coverage: the sum of its files.
struct ModuleCoverage: Codable, Sendable, Equatable {
    var name: String
    var files: Int
    var lines: CoverageCount
    var functions: CoverageCount
    var regions: CoverageCount
    var branches: CoverageCount

    init(name: String, files: Int, summary: CoverageSummary) {
        self.name = name
        self.files = files
        lines = summary.lines
        functions = summary.functions
        regions = summary.regions
        branches = summary.branches
    }

    var summary: CoverageSummary {
        CoverageSummary(lines: lines, functions: functions, regions: regions, branches: branches)
    }
}

extension CoverageCount {
    static let zero = CoverageCount(covered: 0, count: 0)

    package static func + (left: CoverageCount, right: CoverageCount) -> CoverageCount {
        CoverageCount(covered: left.covered + right.covered, count: left.count + right.count)
    }
}

extension CoverageSummary {
    package static let zero = CoverageSummary(lines: .zero, functions: .zero, regions: .zero, branches: .zero)

    package static func + (left: CoverageSummary, right: CoverageSummary) -> CoverageSummary {
        CoverageSummary(
            lines: left.lines + right.lines, functions: left.functions + right.functions,
            regions: left.regions + right.regions, branches: left.branches + right.branches
        )
    }
}
