import Foundation

/// The suites past `HTMLReport.suiteRowLimit`: one compact JSON array embedded once (`[name, tests, passed, failing,
/// skipped, seconds]` each) and a button whose script adds them as rows on request.
enum HTMLSuiteData {
    static func render(_ groups: ArraySlice<HTMLReport.SuiteRow>) -> String {
        var rows: [String] = []
        rows.reserveCapacity(groups.count)
        for group in groups {
            let totals = group.totals
            let time = group.time
            rows.append(
                "[\(jsonString(group.name)),\(totals.tests),\(totals.passed),\(totals.failing),\(totals.skipped),\(ReportText.seconds(time))]"
            )
        }
        return """
            <p><button type="button" id="more-suites-button">Show \(ReportText.count(groups.count, "more suite"))</button></p>
            <script type="application/json" id="more-suites">[\(rows.joined(separator: ","))]</script>
            <script>\(script)</script>

            """
    }

    /// Appends the embedded suites to the table, text only (no markup from the data).
    private static let script = """
        (function(){var b=document.getElementById("more-suites-button");if(!b)return;b.addEventListener("click",function(){
        var d=JSON.parse(document.getElementById("more-suites").textContent),t=document.getElementById("suite-table").tBodies[0];
        d.forEach(function(s){var r=t.insertRow();[s[0],s[1],s[2],s[3],s[4],s[5]+" s"].forEach(function(v){r.insertCell().textContent=v})});
        b.remove();});})();
        """

    /// A JSON string safe inside `<script>`: `<` escaped, so no `</script>` can end the block early.
    static func jsonString(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "<": out += "\\u003c"
            case "\u{2028}", "\u{2029}": out += scalar == "\u{2028}" ? "\\u2028" : "\\u2029"
            case let control where control.value < 0x20: out += String(format: "\\u%04x", control.value)
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }
}
