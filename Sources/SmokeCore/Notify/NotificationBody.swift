import Foundation

/// Renders a plan in the pipeline's format.
package enum NotificationBody {
    package static func render(
        report: RunReport, plan: NotificationPlan, format: NotifyFormat, links: ArtifactLinks
    ) -> Data {
        switch format {
        case .slack: SlackMessage.body(report: report, plan: plan, links: links)
        case .json: JSONNotification.body(report: report, plan: plan, links: links)
        }
    }
}
