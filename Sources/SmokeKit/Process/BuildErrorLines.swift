import Foundation

/// Keeps the compiler's error lines (and the lines right after them) for the report.
struct BuildErrorLines {
    private(set) var lines: [String] = []
    private var context = 0

    mutating func consider(_ line: String) {
        guard lines.count < 200 else { return }
        if line.contains(" error: ") || line.hasPrefix("error: ") {
            lines.append(line)
            context = 3
        } else if context > 0, !line.hasPrefix("[") {
            lines.append(line)
            context -= 1
        }
    }
}
