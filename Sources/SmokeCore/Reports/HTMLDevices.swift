/// index.html's "Devices" section for a run pinning several devices: each device's counts; nothing for one.
enum HTMLDevices {
    static func section(_ tests: [TestResult]) -> String {
        let devices = DeviceGroups.totals(tests)
        guard !devices.isEmpty else { return "" }
        var html = "<section id=\"devices\"><h2>Devices (\(devices.count))</h2>\n<table class=\"grid\">\n"
        html += "<thead><tr><th>Device</th><th>Tests</th><th>Passed</th><th>Failed</th></tr></thead>\n<tbody>\n"
        for (device, totals) in devices {
            let failed = totals.failed + totals.crashed + totals.timedOut
            html +=
                "<tr><td>\(XMLText.escape(device))</td><td>\(totals.tests)</td><td>\(totals.passed)</td><td>\(failed)</td></tr>\n"
        }
        return html + "</tbody>\n</table>\n</section>\n"
    }
}
