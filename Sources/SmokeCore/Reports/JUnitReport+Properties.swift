import Foundation

extension JUnitReport {
    /// `<properties>`: the display name and a covering quarantine's reason, owner and expiry; empty without either.
    static func properties(_ test: TestResult, quarantine: QuarantineEntry?) -> String {
        var pairs: [(String, String)] = []
        if let shown = test.displayName { pairs.append((displayNameProperty, shown)) }
        if let quarantine, test.status.isFailure {
            pairs += [
                ("quarantine.reason", quarantine.reason), ("quarantine.owner", quarantine.owner),
                ("quarantine.expires", FireTimeFormat.utc(quarantine.expires)),
            ]
        }
        guard !pairs.isEmpty else { return "" }
        let items = pairs.map { "        <property name=\"\(attr($0.0))\" value=\"\(attr($0.1))\"/>\n" }
        return "      <properties>\n" + items.joined() + "      </properties>\n"
    }

    /// The testcase property that carries a Swift Testing display name.
    static let displayNameProperty = "displayName"

    /// A quarantined failure: `<skipped message="quarantined: …; failed: …">` with every failure, earlier attempts
    /// and the evidence as its text.
    static func quarantinedElement(_ test: TestResult, _ entry: QuarantineEntry) -> String {
        let what = test.status == .failed ? "failed" : ReportText.label(test.status)
        let message =
            "quarantined (\(QuarantineTable.describe(entry))); \(what): "
            + summaryMessage(test.failures, status: test.status)
        var lines = [body(test.failures)]
        for (number, attempt) in earlierFailingAttempts(test).enumerated() {
            lines.append("attempt \(number + 1) \(ReportText.label(attempt.status)): " + body(attempt.failures))
        }
        if let evidence = test.evidence { lines.append("Evidence: \(evidence.description)") }
        let content = text(lines.filter { !$0.isEmpty }.joined(separator: "\n"))
        return "      <skipped message=\"\(attr(message))\">\(content)</skipped>\n"
    }
}
