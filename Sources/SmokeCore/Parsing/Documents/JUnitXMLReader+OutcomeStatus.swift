/// How a JUnit `<failure>` or `<error>` ended its test, as its writer says.
extension JUnitXMLReader.Outcome {
    /// How a `<failure>` or `<error>` ended the test: the failing status its `type` names (smokerun's own `crashed`,
    /// `timedOut`, …), else `crashed` when it says so, else `failed`.
    var failureStatus: TestStatus {
        if let named = type.flatMap(TestStatus.init(rawValue:)), named.isFailure { return named }
        return saysCrashed ? .crashed : .failed
    }

    /// Whether it says the test crashed rather than failed, in its writer's own words: a `type` naming a
    /// crash (`crash`, `crashed`), or a message (else the text) that opens saying so, after a place or not (test_center's
    /// and trainer's `<failure message="Test crashed">`, xcbeautify's `path:0 - Test crashed with signal segv.`), or
    /// quotes xcodebuild's `Restarting after unexpected exit`; an `<error>` (no assertion, so its words are the writer's) also by a crash, a trap
    /// or a signal anywhere in its message (`Fatal error: …`, `terminated by signal 11`). An assertion's quoted values
    /// (`("Exited with signal code 9") is not equal to …`) and words that only mention one (`Expected signal not
    /// received`) do not.
    private var saysCrashed: Bool {
        let type = (self.type ?? "").lowercased()
        let written = (self.message ?? "").trimmingCharacters(in: .whitespaces)
        let said = (written.isEmpty ? text : written).lowercased()
        // xcbeautify writes `path:0 - Test crashed with signal segv.`: the words after the place.
        let place = said.range(of: " - ").flatMap { dash in
            said[..<dash.lowerBound].last?.isNumber == true && said[..<dash.lowerBound].contains(":") ? dash : nil
        }
        let words = place.map { String(said[$0.upperBound...]) } ?? said
        if Self.opensWithCrash(type) || Self.saysTestCrashed(said) || Self.saysTestCrashed(words)
            || said.contains("restarting after unexpected exit")
        {
            return true
        }
        guard element.hasSuffix("rror") else { return false }
        return Self.errorCrashWords.contains(where: said.contains)
    }

    /// Whether lowercased `text` opens with the word `crash` or `crashed`, after `test ` or not (`Crash: …`, `test
    /// crashed`), not a longer word (`crashCount was 1`).
    private static func opensWithCrash(_ text: String) -> Bool {
        let words = text.hasPrefix("test ") ? text.dropFirst(5) : text[...]
        guard words.hasPrefix("crash") else { return false }
        let rest = words.dropFirst(words.hasPrefix("crashed") ? 7 : 5)
        return rest.first?.isLetter != true
    }

    /// Whether lowercased `text` opens as a crash's account does: `Test crashed …`, `Crash: …`, or the one word
    /// `crash`/`crashed` — not a sentence about a crash reporter.
    private static func saysTestCrashed(_ text: String) -> Bool {
        text.hasPrefix("test crashed") || text.hasPrefix("crash:") || text == "crash" || text == "crashed"
    }

    private static let errorCrashWords = [
        "crash", "fatal error", "unexpected exit", "by signal", "with signal", "signal code", "sigabrt", "sigsegv",
        "sigill", "sigtrap", "sigbus", "sigkill", "exc_bad_access",
    ]
}
