/// smokerun's normalized coverage: totals, modules and files; what `coverage.json` holds (Documentation/Design.md §9).
package struct CoverageReport: Codable, Sendable, Equatable {
    package var totals: CoverageSummary
    /// Sorted by name.
    var modules: [ModuleCoverage]
    /// Sorted by path.
    package var files: [FileCoverage]

    /// Totals and modules are sums over `files`: functions, regions and branches equal `llvm-cov report`'s TOTAL
    /// row; lines are distinct executable lines (as `llvm-cov show`, genhtml and Cobertura count them), where
    /// llvm-cov's report counts a line once per function containing it.
    package init(files: [FileCoverage]) {
        self.files = files.sorted { $0.path < $1.path }
        totals = files.reduce(.zero) { $0 + $1.summary }
        let byModule = Dictionary(grouping: files, by: \.module)
        modules = byModule.keys.sorted().map { name in
            let members = byModule[name] ?? []
            return ModuleCoverage(name: name, files: members.count, summary: members.reduce(.zero) { $0 + $1.summary })
        }
    }
}
