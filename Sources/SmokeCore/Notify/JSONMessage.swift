import Foundation

/// The `json` format: `JSONNotification`'s fields, for a receiver of one's own.
package struct JSONMessage: MessageFormat {
    package var format: NotifyFormat { .json }

    package func body(for report: RunReport, plan: NotificationPlan, links: ArtifactLinks, sources: SourceLinks)
        -> Data
    {
        JSONNotification.body(report: report, plan: plan, links: links, sources: sources)
    }

    package func testBody(pipeline: String, host: String) -> Data {
        let text = TestNotification.text(pipeline: pipeline, host: host)
        return TestNotification.encode(["kind": "test", "pipeline": pipeline, "host": host, "text": text])
    }

    package func culpritBody(_ followUp: CulpritFollowUp) -> Data {
        // Encoding these value types cannot fail.
        (try? JSONCoding.encoder(pretty: true).encode(followUp.payload)) ?? Data()
    }
}
