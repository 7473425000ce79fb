import Foundation

@testable import SmokeCore

/// Text from tests and servers is untrusted: an ESC in a failure message must not recolour, clear or retitle the
/// terminal or a CI log, a `\r` must not overwrite what came before, a newline must not start a workflow command of
/// its own, and backticks must not break out of a Markdown code span. One escaping rule per output; each output's
/// spec holds it to that with these samples.
enum HostileText {
    /// Messages a test (or a webhook receiver) could print.
    static let samples: [String] = [
        "\u{1B}[2J\u{1B}[31mscreen cleared",
        "\u{1B}]0;retitled\u{07}window title",
        "real failure\rall good      ",
        "bell\u{07} nul\u{0} backspace\u{08} delete\u{7F}",
        "C1 CSI \u{9B}31m red",
        "two\nlines\n::error file=evil.swift::injected",
        "50% done, a:b,c %0A",
    ]

    /// Control characters other than tab and newline: what a terminal or CI log would act on.
    static func controls(in text: String) -> [Unicode.Scalar] {
        text.unicodeScalars.filter { scalar in
            (scalar.value < 0x20 && scalar != "\t" && scalar != "\n") || (0x7F...0x9F).contains(scalar.value)
        }
    }

    static func report(message: String, id: String = "AppTests.LoginTests/testLogin") -> RunReport {
        NotifyFixtures.report(0, tests: [NotifyFixtures.failing(id, message: message)])
    }
}
