import SmokeCore

/// Functions grouped as llvm-cov groups instantiations (file and start of first region); a group counts once,
/// with the lines of its instantiation that covers the most.
struct FunctionGroups {
    private var groups: [String: [CoverageRegion.Location: [LineHit]]] = [:]
    /// One record per group: the first instantiation's name, the highest entry count of any.
    private var records: [String: [CoverageRegion.Location: FunctionHit]] = [:]

    mutating func add(_ lines: [LineHit], file: String, start: CoverageRegion.Location, function: FunctionHit? = nil) {
        if let function {
            if var record = records[file]?[start] {
                record.count = max(record.count, function.count)
                records[file]?[start] = record
            } else {
                records[file, default: [:]][start] = function
            }
        }
        if let existing = groups[file]?[start] {
            let covered = { (lines: [LineHit]) in lines.filter { $0.count > 0 }.count }
            if (covered(lines), lines.count) <= (covered(existing), existing.count) { return }
        }
        groups[file, default: [:]][start] = lines
    }

    func functions(of file: String) -> [FunctionHit] {
        guard let byStart = records[file] else { return [] }
        return byStart.keys.sorted().compactMap { byStart[$0] }
    }

    /// Every group's lines for `file`, in line order (a line of two functions appears twice).
    func lines(of file: String) -> [LineHit] {
        guard let byStart = groups[file] else { return [] }
        return byStart.keys.sorted().flatMap { byStart[$0] ?? [] }.enumerated()
            .sorted { ($0.element.line, $0.offset) < ($1.element.line, $1.offset) }.map(\.element)
    }
}
