/// Which scheme and test plan `init` writes (pure): schemes with test plans, else every scheme; `--scheme` picks.
package struct InitSchemeChoice: Sendable, Equatable {
    package var scheme: String
    /// nil when the scheme has no test plans (xcodebuild then runs its Test action).
    package var testPlan: String?
    package var testPlans: [String]

    package init(scheme: String, testPlan: String?, testPlans: [String]) {
        self.scheme = scheme
        self.testPlan = testPlan
        self.testPlans = testPlans
    }

    /// `plans` holds each scheme's `-showTestPlans -json`; a scheme missing there has none.
    package static func choose(
        listing: XcodeSchemeListing, plans: [String: [String]], container: String, scheme requested: String?,
        testPlan requestedPlan: String?
    ) throws(InitError) -> InitSchemeChoice {
        guard !listing.schemes.isEmpty else { throw .noSchemes(container: container) }
        let scheme: String
        if let requested {
            guard listing.schemes.contains(requested) else {
                throw .unknownScheme(requested: requested, container: container, schemes: listing.schemes)
            }
            scheme = requested
        } else {
            let withPlans = listing.schemes.filter { !(plans[$0] ?? []).isEmpty }
            let candidates = withPlans.isEmpty ? listing.schemes : withPlans
            guard candidates.count == 1 else { throw .severalSchemes(container: container, candidates: candidates) }
            scheme = candidates[0]
        }
        let schemePlans = plans[scheme] ?? []
        if let requestedPlan {
            guard schemePlans.contains(requestedPlan) else {
                throw .unknownTestPlan(requested: requestedPlan, scheme: scheme, plans: schemePlans)
            }
            return InitSchemeChoice(scheme: scheme, testPlan: requestedPlan, testPlans: schemePlans)
        }
        return InitSchemeChoice(scheme: scheme, testPlan: schemePlans.first, testPlans: schemePlans)
    }
}
