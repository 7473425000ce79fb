import Foundation

/// The failures past `HTMLReport.failureCardLimit`: one compact JSON array embedded once (`[anchor, id, status, first
/// line]` per failure) and a button whose script lists them on request, so a run where thousands fail still gets a
/// page that opens; the rest of every failure is in report.json.
enum HTMLFailureData {
    /// Characters of a message's first line kept in the compact list.
    static let messageLimit = 120

    /// Bytes of the embedded list: past it the page only counts the failures left, so index.html stays under 10 MB.
    static let byteBudget = 5 << 20

    static func render(_ failing: ArraySlice<HTMLReport.Numbered>, byteBudget: Int = byteBudget) -> String {
        var rows = ""
        var listed = 0
        for item in failing {
            let test = item.test
            let fields = [item.anchor, test.id, ReportText.label(test.status), firstLine(of: test)]
            let row = "[\(fields.map(HTMLSuiteData.jsonString).joined(separator: ","))]"
            guard rows.utf8.count + row.utf8.count < byteBudget else { break }
            if listed > 0 { rows += "," }
            rows += row
            listed += 1
        }
        let unlisted = failing.count - listed
        let rest =
            unlisted == 0
            ? ""
            : """
            <p id="unlisted-failures">\(ReportText.count(unlisted, "more failure")) not listed on this page (it stays small); \
            report.json and junit.xml have every failure.</p>

            """
        return """
            <p>\(ReportText.count(listed, "more failure")) in short (id, status, first line of the message); \
            report.json has each in full.</p>
            <p><button type="button" id="more-failures-button">Show \(ReportText.count(listed, "more failure"))</button></p>
            <ul class="list" id="more-failures"></ul>
            <script type="application/json" id="more-failures-data">[\(rows)]</script>
            <script>\(script)</script>
            \(rest)
            """
    }

    /// The first line of the headline message (or what the card would say without one), cut to `messageLimit`.
    static func firstLine(of test: TestResult) -> String {
        let message =
            test.headlineFailure?.message
            ?? (test.status == .timedOut ? "Exceeded the test time limit" : "No message recorded")
        let line =
            message.split(separator: "\n", maxSplits: 1, omittingEmptySubsequences: false).first.map(String.init) ?? ""
        return line.count > messageLimit ? String(line.prefix(messageLimit)) + "…" : line
    }

    /// Appends the embedded failures to the list, text only (no markup from the data).
    private static let script = """
        (function(){var b=document.getElementById("more-failures-button");if(!b)return;b.addEventListener("click",function(){
        var d=JSON.parse(document.getElementById("more-failures-data").textContent),u=document.getElementById("more-failures");
        d.forEach(function(f){var l=document.createElement("li");l.id=f[0];var c=document.createElement("code");c.textContent=f[1];
        l.appendChild(c);l.appendChild(document.createTextNode(" — "+f[2]+": "+f[3]));u.appendChild(l)});b.remove();});})();
        """
}
