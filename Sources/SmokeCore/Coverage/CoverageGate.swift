import Foundation

/// The `--min-lines P` gate, decided on counts: exactly P passes, with no floating-point epsilon.
package struct CoverageGate: Sendable, Equatable {
    /// P as an exact fraction `numerator / denominator` percent.
    var numerator: Int
    var denominator: Int
    package var text: String

    /// Parses a decimal percentage such as "70", "70.25" or "100"; nil when it is not one in 0...100.
    package init?(_ text: String) {
        let trimmed = text.hasSuffix("%") ? String(text.dropLast()) : text
        let parts = trimmed.split(separator: ".", omittingEmptySubsequences: false)
        guard (1...2).contains(parts.count),
            parts.allSatisfy({ $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }),
            !parts[0].isEmpty || (parts.count == 2 && !parts[1].isEmpty)
        else { return nil }
        let fraction = parts.count == 2 ? String(parts[1].prefix(9)) : ""
        guard let whole = Int(parts[0].isEmpty ? "0" : String(parts[0])), whole <= 100,
            let fractional = Int(fraction.isEmpty ? "0" : fraction)
        else { return nil }
        var denominator = 1
        for _ in 0..<fraction.count { denominator *= 10 }
        numerator = whole * denominator + fractional
        self.denominator = denominator
        guard numerator <= 100 * denominator else { return nil }
        self.text = trimmed
    }

    /// From the pipeline's `coverage.minimumLines`; its shortest decimal spelling is taken exactly (a tiny one, which
    /// Swift spells `1e-05`, to nine decimals).
    package init?(_ value: Double) {
        guard value.isFinite, value >= 0 else { return nil }
        let text = Int(exactly: value).map(String.init) ?? "\(value)"
        if text.contains("e") {
            var fixed = String(format: "%.9f", value)
            while fixed.hasSuffix("0") { fixed.removeLast() }
            self.init(fixed.hasSuffix(".") ? fixed + "0" : fixed)
        } else {
            self.init(text)
        }
    }

    /// Whether `lines` meets the minimum, compared in integers. Nothing measured (0/0) never passes.
    package func passes(_ lines: CoverageCount) -> Bool {
        guard lines.count > 0 else { return false }
        return lines.covered.multipliedFullWidth(by: 100 * denominator)
            >= numerator.multipliedFullWidth(by: lines.count)
    }

    package func failureMessage(_ lines: CoverageCount) -> String {
        guard lines.count > 0 else { return Self.nothingMeasured(minimum: text) }
        return """
            line coverage \(lines.percentText) (\(CoverageFormat.ratio(lines))) is below the minimum of \(text)%
            """
    }

    /// Why a gate fails when the included files hold no executable line.
    package static func nothingMeasured(minimum: String) -> String {
        """
        nothing was measured: the included files have no executable line (0/0), so the minimum of \(minimum)% is \
        not met; check that coverage.include names the folders of the code the tests run
        """
    }
}
