import Testing

@testable import SmokeCore

@Suite struct RedactionTests {
    @Test(arguments: [
        ("https://hooks.slack.com/services/T0/B0/xyz", "https://…"),
        ("http://127.0.0.1:8080/hook/abc", "http://…"),
        ("http://secret-token.example.com/", "http://…"),
        ("https://user:password@hooks.example.com/p?token=q", "https://…"),
        ("not a url", "…"),
        ("", "…"),
    ])
    func redactionKeepsOnlyTheScheme(url: String, redacted: String) {
        #expect(Redaction.redact(url) == redacted)
    }

    @Test func scrubRemovesEverySpellingOfTheURL() {
        let url = "https://hooks.slack.com/services/T000/B000/secretTOKEN123"
        let text = """
            POST \(url) failed; host hooks.slack.com/services/T000/B000/secretTOKEN123; \
            path /services/T000/B000/secretTOKEN123; encoded \(url.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!)
            """
        let scrubbed = Redaction.scrub(text, secret: url)
        #expect(!scrubbed.contains("secretTOKEN123"))
        #expect(!scrubbed.contains("secretTOKEN123".addingPercentEncoding(withAllowedCharacters: .alphanumerics)!))
        #expect(scrubbed.contains("https://…"))
    }

    @Test func theTargetNamesTheVariableAndSchemeButNoPartOfTheHost() {
        let target = Redaction.target(variable: "SMOKERUN_WEBHOOK_URL", url: "http://secret-label.hooks.example/abc")
        #expect(target == "$SMOKERUN_WEBHOOK_URL (http://…)")
        #expect(!target.contains("secret"))
    }
}
