import Foundation

/// The line a long step around the tests shows while it runs (a build, a simulator boot), so a first run never
/// looks hung. Pure. On a terminal it is redrawn with the elapsed time and the tool's progress; in a pipe a
/// line is printed every `pipeInterval` seconds instead.
package struct PhaseLine: Sendable, Equatable {
    package var title: String
    package var startedAt: Date
    /// The tool's last progress step (`[57/107] Compiling HTTPTypes Field.swift`), when it prints one.
    package var step: String?

    /// Seconds between two lines in a pipe: a heartbeat, not a line per compiled file.
    package static let pipeInterval: Double = 30

    package init(title: String, startedAt: Date, step: String? = nil) {
        self.title = title
        self.startedAt = startedAt
        self.step = step
    }

    /// `building X… 1m 12s [57/107] Compiling …`, cut to `width` characters (the step is cut first).
    package func line(at now: Date, width: Int) -> String {
        let head =
            "\(TerminalText.escaped(title, newlines: false))… \(ProgressLine.duration(now.timeIntervalSince(startedAt)))"
        guard let step, !step.isEmpty else { return String(head.prefix(width)) }
        let shown = TerminalText.escaped(step, newlines: false)
        let room = width - head.count - 1
        guard room >= 8 else { return String(head.prefix(width)) }
        return head + " " + (shown.count > room ? String(shown.prefix(room - 1)) + "…" : shown)
    }

    /// The progress step in a build output line: SwiftPM's `[n/m] …`, or an xcodebuild action (`CompileSwift …`).
    package static func step(in line: String) -> String? {
        let trimmed = line.trimmingCharacters(in: .whitespaces)
        if trimmed.hasPrefix("["), let close = trimmed.firstIndex(of: "]"),
            trimmed[trimmed.index(after: trimmed.startIndex)..<close].contains("/"),
            trimmed[trimmed.index(after: trimmed.startIndex)..<close].allSatisfy({ $0.isNumber || $0 == "/" })
        {
            return trimmed
        }
        let actions = [
            "CompileSwift ", "SwiftCompile ", "CompileC ", "Ld ", "SwiftEmitModule ", "CodeSign ", "CopySwiftLibs ",
        ]
        guard let action = actions.first(where: { trimmed.hasPrefix($0) }) else { return nil }
        // `CompileSwift normal arm64 /path/File.swift (in target …)`: the action and file name, never the path.
        let words = trimmed.split(separator: " ")
        let file = words.last { $0.contains("/") }.map { $0.split(separator: "/").last.map(String.init) ?? "" }
        return action.trimmingCharacters(in: .whitespaces) + (file.map { " " + $0 } ?? "")
    }
}
