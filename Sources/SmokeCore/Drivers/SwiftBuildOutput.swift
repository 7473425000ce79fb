/// What `swift build`'s output says it did. Pure.
///
/// A build that compiles prints steps such as `[5/11] Compiling Abacus Abacus.swift` or `[20/21] Linking …`;
/// one with nothing to do prints only `Planning build`, `Write …` steps and `Build complete!` (SwiftPM 6.3).
package enum SwiftBuildOutput {
    /// Whether `line` is a step that compiles or links something.
    package static func compiles(_ line: String) -> Bool {
        guard line.hasPrefix("["), let close = line.firstIndex(of: "]") else { return false }
        let step = line[line.index(after: close)...].drop { $0 == " " }
        return step.hasPrefix("Compiling ") || step.hasPrefix("Linking ") || step.hasPrefix("Emitting module ")
    }
}
