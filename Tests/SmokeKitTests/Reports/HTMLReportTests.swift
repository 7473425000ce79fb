import Foundation
import Testing
@testable import SmokeKit

@Suite struct HTMLReportTests {
    private func render(_ report: RunReport = ReportFixture.report) -> String {
        HTMLReport.render(report, attachmentContent: ReportFixture.attachmentContent)
    }

    @Test func matchesGoldenFile() {
        assertSnapshot(render(), named: "index.html")
    }

    @Test func isSelfContainedWithoutScriptsOrExternalResources() {
        let html = render().lowercased()
        #expect(!html.contains("<script"))
        #expect(!html.contains("<link"))
        #expect(!html.contains("src=\"http"))
        #expect(!html.contains("url("))
    }

    @Test func escapesTestProvidedText() {
        let html = render()
        #expect(html.contains("&lt;script&gt;alert(1)&lt;/script&gt;.txt"))
        #expect(html.contains("&lt;b&gt;bold&lt;/b&gt; &amp; \"quoted\""))
        #expect(html.contains("a | b &lt; c &amp; \"d\"]]&gt;"))
    }

    @Test func showsFailuresBeforeTheListOfAllTests() throws {
        let html = render()
        let failures = try #require(html.range(of: "<section id=\"failures\">"))
        let all = try #require(html.range(of: "<section id=\"tests\">"))
        #expect(failures.lowerBound < all.lowerBound)
        #expect(html.contains("<code class=\"location\">Sources/Checkout/Cart.swift:88</code>"))
    }

    @Test func embedsSmallImagesAndLinksLargeOnesWithoutReadingThem() {
        let asked = LockedList()
        let html = HTMLReport.render(ReportFixture.report) { record in
            asked.append(record.path)
            return ReportFixture.attachmentContent(record)
        }
        #expect(html.contains("src=\"data:image/png;base64,iVBORw0KGgo=\""))
        #expect(html.contains("href=\"attachments/CheckoutTests-testPay-full_page.png\""))
        #expect(!asked.values.contains(ReportFixture.hugeScreenshot.path))
        #expect(!asked.values.contains(ReportFixture.video.path))
    }

    @Test func previewsOnlyTheStartOfLongText() {
        let record = AttachmentRecord(name: "big.log", path: "attachments/big.log", mediaType: "text/plain", size: 10_000)
        var report = ReportFixture.minimalReport
        report.tests[0].attachments = [record]
        let html = HTMLReport.render(report) { _ in Data(repeating: UInt8(ascii: "x"), count: 10_000) }
        #expect(html.contains(String(repeating: "x", count: 4096) + "\n… (9.8 KB in total)"))
        #expect(!html.contains(String(repeating: "x", count: 4097)))
    }

    @Test(arguments: [
        ("attachments/a b.png", "attachments/a%20b.png"), ("javascript:alert(1)", "javascript%3Aalert(1)"),
        ("/etc/passwd", "./etc/passwd"), ("attachments/x\"y.txt", "attachments/x%22y.txt"),
    ])
    func linksAreRelativeAndNeverASchemeOrAbsolute(path: String, expected: String) {
        #expect(HTMLAttachment.href(path) == expected)
    }
}

/// Collects values from the attachment closure (called synchronously, but the type must be Sendable-safe).
private final class LockedList: @unchecked Sendable {
    private let lock = NSLock()
    private var storage: [String] = []
    func append(_ value: String) { lock.withLock { storage.append(value) } }
    var values: [String] { lock.withLock { storage } }
}
