import Foundation

extension Suspects {
    /// The keys (`TestResult.deviceKey`) of the tests `plan` announces as newly failing, sorted.
    package static func newFailures(in plan: NotificationPlan) -> [String] {
        plan.ages.filter { $0.value.isNew }.map(\.key).sorted()
    }
}
