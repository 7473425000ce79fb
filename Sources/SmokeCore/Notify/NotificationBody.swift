import Foundation

/// Renders a plan in the pipeline's format.
package enum NotificationBody {
    /// - Parameter sources: the project root, so source paths are shown relative to it.
    package static func render(
        report: RunReport, plan: NotificationPlan, format: NotifyFormat, links: ArtifactLinks,
        sources: SourceLinks = SourceLinks()
    ) -> Data {
        switch format {
        case .slack: SlackMessage.body(report: report, plan: plan, links: links, sources: sources)
        case .json: JSONNotification.body(report: report, plan: plan, links: links, sources: sources)
        }
    }
}
