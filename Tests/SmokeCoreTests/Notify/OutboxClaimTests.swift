import Foundation
import Testing

@testable import SmokeCore

@Suite struct OutboxClaimTests {
    private let claimedAt = Date(timeIntervalSince1970: 1_795_320_000)

    @Test func aClaimsNameReadsBackToTheSameClaim() throws {
        let claim = OutboxClaim(
            itemFileName: "20261122T040000Z-0000-failure.json", claimedAt: claimedAt, token: "41-AB")
        #expect(claim.fileName == "20261122T040000Z-0000-failure.json.claimed-1795320000-41-AB")
        #expect(OutboxClaim(fileName: claim.fileName) == claim)
    }

    @Test(arguments: [
        "20261122T040000Z-0000-failure.json", "x.json.claimed-", "x.json.claimed-12", "x.json.claimed-12-",
        "x.json.claimed-soon-41", "x.txt.claimed-12-41", "rejected",
    ])
    func otherNamesAreNoClaim(name: String) {
        #expect(OutboxClaim(fileName: name) == nil)
    }

    @Test func aClaimGoesStaleOnlyLongAfterTheLongestDelivery() {
        let claim = OutboxClaim(itemFileName: "a.json", claimedAt: claimedAt, token: "1-A")
        #expect(!claim.isStale(now: claimedAt.addingTimeInterval(599), deliverySeconds: 60))
        #expect(claim.isStale(now: claimedAt.addingTimeInterval(601), deliverySeconds: 60))
        #expect(!claim.isStale(now: claimedAt.addingTimeInterval(7199), deliverySeconds: 3600))
        #expect(claim.isStale(now: claimedAt.addingTimeInterval(7201), deliverySeconds: 3600))
    }
}
