import Foundation

/// Keeps webhook URLs (secrets) out of everything smokerun prints or writes.
package enum Redaction {
    /// `https://hooks.slack.com/services/T0/B0/xyz` → `https://…`: the scheme only. No part of
    /// the host, path, user or query: a host's first label can itself be a secret
    /// (`http://secret-token.example/`), and the variable's name (see `target`) tells targets apart.
    static func redact(_ url: String) -> String {
        guard let components = URLComponents(string: url), let scheme = components.scheme?.lowercased(),
            ["http", "https"].contains(scheme)
        else { return "…" }
        return "\(scheme)://…"
    }

    /// How a webhook is named in messages and reports: its variable and scheme, `$SMOKERUN_WEBHOOK_URL (https://…)`.
    package static func target(variable: String, url: String) -> String {
        "$\(variable) (\(redact(url)))"
    }

    /// Replaces every spelling of `secret` (a URL) in `text` with its redacted form: the whole URL,
    /// without its scheme, percent-encoded, its path and query on their own (the path of an
    /// incoming-webhook URL is the credential), each token in them alone, and each with its slashes
    /// escaped as a JSON error reply writes them (`http:\/\/host\/services\/…`).
    package static func scrub(_ text: String, secret: String) -> String {
        guard !secret.isEmpty else { return text }
        let replacement = redact(secret)
        var result = text
        for spelling in spellings(of: secret) where result.contains(spelling) {
            result = result.replacingOccurrences(of: spelling, with: replacement)
        }
        return result
    }

    /// The forms of a URL that error messages and logs are known to contain, longest first.
    private static func spellings(of secret: String) -> [String] {
        var forms: Set<String> = [secret]
        if let components = URLComponents(string: secret) {
            if let scheme = components.scheme, secret.hasPrefix(scheme + "://") {
                forms.insert(String(secret.dropFirst(scheme.count + 3)))
            }
            // Short paths such as "/" would scrub innocent text; only long ones carry a token.
            if components.percentEncodedPath.count >= 8 { forms.insert(components.percentEncodedPath) }
            if components.path.count >= 8 { forms.insert(components.path) }
            if let query = components.percentEncodedQuery, query.count >= 8 { forms.insert(query) }
            let segments = components.path.split(separator: "/").map(String.init)
            forms.formUnion((segments + (components.queryItems ?? []).compactMap(\.value)).filter(isToken))
        }
        if let encoded = secret.addingPercentEncoding(withAllowedCharacters: .alphanumerics) {
            forms.insert(encoded)
        }
        forms.formUnion(forms.map { $0.replacingOccurrences(of: "/", with: "\\/") })
        return forms.sorted { $0.count > $1.count }
    }

    /// A path segment or query value that can be a credential on its own (`secretTOKEN123`, a GUID, a signature):
    /// twelve or more letters and digits, both, and nothing else but `-` and `_`. Not a word of the route
    /// (`services`, `workflows`) nor a value such as `2016-06-01`, which innocent text holds too.
    private static func isToken(_ value: String) -> Bool {
        value.count >= 12 && value.contains(where: \.isLetter) && value.contains(where: \.isNumber)
            && value.allSatisfy { ($0.isASCII && ($0.isLetter || $0.isNumber)) || $0 == "-" || $0 == "_" }
    }
}
