/// The page's inline stylesheet and its one small script (sorting and filtering the test table).
enum HTMLReportStyle {
    static let css = """
        *{box-sizing:border-box}
        body{font:14px/1.45 -apple-system,system-ui,"Segoe UI",sans-serif;margin:0 auto;max-width:1240px;padding:0 16px 32px;color:#1f2328}
        .icon{width:14px;height:14px;vertical-align:-2px;display:inline-block}h1 .icon{width:20px;height:20px}
        .banner{padding:12px 18px;border-radius:0 0 8px 8px;color:#fff}
        .banner.passed{background:#1a7f37}.banner.failed{background:#cf222e}
        .banner.error{background:#9a6700}.banner.interrupted{background:#57606a}
        .banner h1{margin:0 0 4px;font-size:22px}.banner p{margin:2px 0}.banner code{color:#fff}
        .warn{background:#fff8c5;border:1px solid #d4a72c;border-radius:6px;padding:8px 12px;margin:12px 0}
        .warn ul{margin:4px 0}.note{color:#57606a;font-size:13px}
        .totals{display:flex;flex-wrap:wrap;gap:8px;margin:16px 0}
        .count{border:1px solid #d0d7de;border-radius:6px;padding:6px 12px;min-width:80px;text-align:center}
        .count b{display:block;font-size:20px}.count.failed b{color:#cf222e}.count.passed b{color:#1a7f37}
        .count.flaky b,.count.skipped b{color:#9a6700}
        .st.passed{color:#1a7f37}.st.failed{color:#cf222e}.st.skipped{color:#9a6700}.st.neutral{color:#57606a}
        .card{border:1px solid #d0d7de;border-left:4px solid #cf222e;border-radius:6px;padding:4px 12px;margin:10px 0}
        .card.error{border-left-color:#9a6700}.card h3{overflow-wrap:anywhere}
        .meta{color:#57606a}.location{margin:6px 0 0}
        pre{background:#f6f8fa;padding:8px;overflow:auto;white-space:pre-wrap;word-break:break-word;margin:6px 0}
        .list{padding-left:20px}.list li{margin:3px 0;overflow-wrap:anywhere}
        .filters{display:flex;gap:8px;align-items:center;margin:8px 0}
        .filters input{flex:0 1 360px;padding:4px 8px}.filters select{padding:3px}
        table.grid{border-collapse:collapse;width:100%;table-layout:fixed}
        .grid th,.grid td{text-align:left;padding:3px 8px;border-bottom:1px solid #eaeef2;overflow-wrap:anywhere;vertical-align:top}
        .grid th{background:#f6f8fa;position:sticky;top:0}#test-table th{cursor:pointer;user-select:none}
        .grid th.num{width:96px}.grid th.status{width:170px}.grid th.suite{width:26%}
        #suites th:not(.name){width:90px}.coverage th{width:110px}.coverage th.bar{width:auto}
        tr.failed,tr.crashed,tr.timedOut{background:#ffebe9}tr.skipped{color:#57606a}
        th[data-dir=asc]::after{content:" ▲"}th[data-dir=desc]::after{content:" ▼"}
        .tag{font-size:11px;border-radius:8px;padding:0 6px}.tag.flaky{background:#fff8c5}
        figure.attachment{margin:8px 0}figure img{max-width:100%;max-height:600px;border:1px solid #d0d7de}
        td.bar span{display:block;height:10px;background:#1a7f37}
        footer{margin-top:24px;color:#57606a;font-size:12px}
        code,.location,.meta,.banner p{overflow-wrap:anywhere}
        @media (max-width:600px){body{padding:0 8px 24px}.banner{padding:10px 12px}
        .totals{gap:4px 10px;margin:10px 0}.count{border:0;padding:0;min-width:0;text-align:left}
        .count b{display:inline;font-size:15px;margin-right:3px}.count.zero{display:none}
        table.grid{table-layout:auto;font-size:12px}.grid th,.grid td{padding:2px 4px}
        .grid th.status,.grid th.num,.grid th.suite,#suites th:not(.name){width:auto}}
        """

    static let script = """
        (function(){var t=document.getElementById("test-table");if(!t)return;
        var q=document.getElementById("filter"),s=document.getElementById("status-filter"),b=t.tBodies[0];
        function f(){var v=q.value.toLowerCase(),w=s.value;for(var r of b.rows){
        r.hidden=!((r.cells[2].textContent+" "+r.cells[3].textContent).toLowerCase().includes(v)&&(!w||r.dataset.status===w));}}
        q.addEventListener("input",f);s.addEventListener("change",f);
        Array.from(t.tHead.rows[0].cells).forEach(function(h,i){h.addEventListener("click",function(){
        var d=h.dataset.dir==="asc"?"desc":"asc";Array.from(t.tHead.rows[0].cells).forEach(function(o){delete o.dataset.dir});h.dataset.dir=d;
        var k=function(r){var c=r.cells[i];return c.dataset.v!==undefined?c.dataset.v:c.textContent.trim()};
        var rows=Array.from(b.rows).sort(function(x,y){var a=k(x),c=k(y),n=parseFloat(a)-parseFloat(c);
        var o=isNaN(n)?a.localeCompare(c):n;return d==="asc"?o:-o});rows.forEach(function(r){b.appendChild(r)});});});})();
        """
}
