import Testing
@testable import SmokeKit

@Suite struct RedactionTests {
    @Test(arguments: [
        ("https://hooks.slack.com/services/T0/B0/xyz", "https://hooks…/…"),
        ("http://127.0.0.1:8080/hook/abc", "http://127…/…"),
        ("not a url", "…"),
        ("", "…"),
    ])
    func redactionKeepsOnlySchemeAndFirstHostLabel(url: String, redacted: String) {
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
        #expect(scrubbed.contains("https://hooks…/…"))
    }
}
