/// One line of `smokerun doctor`: what was checked, how it went, and the fix when it failed.
package struct DoctorCheck: Sendable, Equatable {
    package enum Outcome: Sendable, Equatable {
        case passed
        case failed
        /// Not checked here, and why (an xcodebuild pipeline on Linux, `--no-build`); never a failure.
        case skipped
        /// Works, but worse than it could: said with its fix, never a failure.
        case warning
    }

    package var title: String
    package var outcome: Outcome
    package var detail: String
    package var fix: String?

    package static func passed(_ title: String, _ detail: String) -> DoctorCheck {
        DoctorCheck(title: title, outcome: .passed, detail: detail)
    }

    package static func failed(_ title: String, _ detail: String, fix: String) -> DoctorCheck {
        DoctorCheck(title: title, outcome: .failed, detail: detail, fix: fix)
    }

    package static func warning(_ title: String, _ detail: String, fix: String) -> DoctorCheck {
        DoctorCheck(title: title, outcome: .warning, detail: detail, fix: fix)
    }

    package static func skipped(_ title: String, _ detail: String) -> DoctorCheck {
        DoctorCheck(title: title, outcome: .skipped, detail: detail)
    }

    /// `✔ title: detail`, `✘ title: detail` with `    fix: …` under it, `– title: detail` when skipped.
    package static func lines(_ checks: [DoctorCheck]) -> [String] {
        checks.flatMap { check -> [String] in
            let mark =
                switch check.outcome {
                case .passed: StatusStyle.of(TestStatus.passed).glyph
                case .failed: StatusStyle.of(TestStatus.failed).glyph
                case .skipped: "–"
                case .warning: "!"
                }
            let head = "\(mark) \(check.title): \(check.detail)"
            guard check.outcome == .failed || check.outcome == .warning, let fix = check.fix else { return [head] }
            return [head, "    fix: \(fix)"]
        }
    }

    /// The closing line: how many checks passed, failed and were skipped.
    package static func summary(_ checks: [DoctorCheck]) -> String {
        let failed = checks.filter { $0.outcome == .failed }.count
        let skipped = checks.filter { $0.outcome == .skipped }.count
        let warned = checks.filter { $0.outcome == .warning }.count
        let passed = checks.count - failed - skipped - warned
        let tail = (skipped > 0 ? ", \(skipped) skipped" : "") + (warned > 0 ? ", \(warned) with a warning" : "")
        return failed == 0
            ? "doctor: all \(passed) checks passed\(tail)"
            : "doctor: \(failed) of \(checks.count) checks failed\(tail); fix them and run doctor again"
    }
}
