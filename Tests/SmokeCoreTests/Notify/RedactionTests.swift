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

    /// A receiver's error reply quotes the URL as PHP's `json_encode` writes it, or the token alone.
    @Test(arguments: [
        #"{"message":"No route found for \"POST http:\/\/127.0.0.1:18461\/services\/T000\/B000\/SECRETTOKEN123\""}"#,
        "invalid_token: SECRETTOKEN123", #"{"error":"\/services\/T000\/B000\/SECRETTOKEN123 is gone"}"#,
    ])
    func scrubRemovesTheTokenAsRepliesQuoteIt(reply: String) {
        let scrubbed = Redaction.scrub(reply, secret: "http://127.0.0.1:18461/services/T000/B000/SECRETTOKEN123")
        #expect(!scrubbed.contains("SECRETTOKEN123"), "\(scrubbed)")
        // The route's words stay: they are no secret, and innocent text holds them.
        #expect(
            Redaction.scrub("services are up", secret: "https://h.example/services/SECRETTOKEN123") == "services are up"
        )
    }

    /// A workflow URL's plain values (`api-version=2016-06-01`) and route words stay in a failure's text; its ids and
    /// signature do not.
    @Test func plainValuesOfTheURLStayInInnocentText() {
        let workflow = """
            https://h.example/workflows/a1b2c3d4e5f6a7b8/triggers/manual/paths/invoke?api-version=2016-06-01\
            &sig=Zx9Qw8Er7Ty6Ui5Op4
            """
        let failure = #"XCTAssertEqual failed: ("2016-06-01") is not equal to ("2016-06-02"), triggers/manual"#
        #expect(Redaction.scrub(failure, secret: workflow) == failure)
        let leak = "bad sig Zx9Qw8Er7Ty6Ui5Op4, flow a1b2c3d4e5f6a7b8"
        #expect(Redaction.scrub(leak, secret: workflow) == "bad sig https://…, flow https://…")
    }

    @Test func theTargetNamesTheVariableAndSchemeButNoPartOfTheHost() {
        let target = Redaction.target(variable: "SMOKERUN_WEBHOOK_URL", url: "http://secret-label.hooks.example/abc")
        #expect(target == "$SMOKERUN_WEBHOOK_URL (http://…)")
        #expect(!target.contains("secret"))
    }
}
