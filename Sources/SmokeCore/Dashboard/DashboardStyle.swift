/// The dashboard's stylesheet, icons and the one small script that filters and sorts tables.
enum DashboardStyle {
    static let css = [HTMLReportStyle.css, extraCSS].joined(separator: "\n")

    private static let extraCSS = """
        .timeline{display:flex;flex-wrap:wrap;gap:2px;margin:8px 0;padding:0;list-style:none}
        .timeline li{display:block}.timeline a,.timeline span{display:block;width:14px;height:22px;border-radius:2px}
        .cell.passed{background:#1a7f37}.cell.failed{background:#cf222e}.cell.error{background:#9a6700}
        .cell.neutral,.cell.interrupted,.cell.incomplete{background:#8c959f}.cell.absent{background:#eaeef2}
        .cell.pruned{opacity:.45}.cell.flaky{box-shadow:inset 0 -6px 0 #d4a72c}
        .legend{font-size:12px;color:#57606a}.legend i{display:inline-block;width:10px;height:10px;margin:0 3px 0 8px}
        .charts{display:grid;grid-template-columns:repeat(auto-fit,minmax(320px,1fr));gap:12px}
        figure.chart{margin:8px 0;min-width:0;max-width:560px}figcaption{font-weight:600;margin:4px 0}
        svg.plot{width:100%;height:auto;display:block}svg.plot polyline{fill:none;stroke:#0969da;stroke-width:2}
        svg.plot circle{fill:#0969da}svg.plot .axis{stroke:#8c959f}svg.plot .grid{stroke:#d0d7de;stroke-dasharray:4 4}
        svg.plot text{font-size:17px;fill:#57606a}
        .rule{color:#57606a;font-size:13px}nav.crumbs{margin:12px 0}code,.banner h1{overflow-wrap:anywhere}
        .grid td.num,.grid th.num{text-align:right}
        @media (max-width:600px){.grid th.num{width:52px}.grid th.status{width:72px}.grid{font-size:13px}body{padding:0 8px 24px}}
        @media (prefers-color-scheme:dark){
        body{background:#0d1117;color:#e6edf3}a{color:#58a6ff}.meta,.note,.rule,.legend,footer{color:#9198a1}
        pre{background:#161b22}.grid th{background:#161b22}.grid th,.grid td{border-bottom-color:#30363d}
        .count,.card{border-color:#30363d}tr.failed,tr.crashed,tr.timedOut{background:#3b1219}
        .cell.absent{background:#30363d}svg.plot text{fill:#9198a1}svg.plot .grid{stroke:#30363d}
        svg.plot polyline{stroke:#58a6ff}svg.plot circle{fill:#58a6ff}.warn{background:#3b2e00;border-color:#9a6700}
        .st.passed{color:#3fb950}.st.failed{color:#f85149}.st.skipped{color:#d29922}}
        """

    /// Filters the rows of `table.filterable` by the text in `#filter`, and sorts a table by a clicked header.
    static let script = """
        (function(){var q=document.getElementById("filter");
        document.querySelectorAll("table.filterable").forEach(function(t){var b=t.tBodies[0];
        if(q)q.addEventListener("input",function(){var v=q.value.toLowerCase();
        for(var r of b.rows){r.hidden=!r.textContent.toLowerCase().includes(v)}});
        Array.from(t.tHead.rows[0].cells).forEach(function(h,i){h.addEventListener("click",function(){
        var d=h.dataset.dir==="asc"?"desc":"asc";Array.from(t.tHead.rows[0].cells).forEach(function(o){delete o.dataset.dir});
        h.dataset.dir=d;var k=function(r){var c=r.cells[i];return c.dataset.v!==undefined?c.dataset.v:c.textContent.trim()};
        var rows=Array.from(b.rows).sort(function(x,y){var a=k(x),c=k(y),n=parseFloat(a)-parseFloat(c);
        var o=isNaN(n)?a.localeCompare(c):n;return d==="asc"?o:-o});rows.forEach(function(r){b.appendChild(r)});});});});})();
        """

    /// A whole page around `body`; `head` adds to the head (the one-pipeline front page's refresh).
    static func page(title: String, body: String, head: String = "") -> String {
        """
        <!DOCTYPE html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <meta name="color-scheme" content="light dark">
        <title>\(XMLText.escape(title))</title>
        \(head)<style>\(css)</style>
        </head>
        <body>
        \(HTMLIcon.sprite)\(body)<footer>smokerun dashboard</footer>
        <script>\(script)</script>
        </body>
        </html>

        """
    }
}
