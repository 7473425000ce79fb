import Foundation

/// An outbox item one flush has taken: its file renamed to `<id>.json.claimed-<unix seconds>-<token>`. Only one
/// process's rename succeeds, so only one flush posts the item; a killed flush's claim goes stale and may be taken
/// again. Pure: the name is the whole record.
package struct OutboxClaim: Sendable, Equatable {
    /// The waiting item's file name, `<id>.json`.
    package var itemFileName: String
    package var claimedAt: Date
    /// Tells two claims made in the same second apart.
    package var token: String

    private static let marker = ".claimed-"

    package init(itemFileName: String, claimedAt: Date, token: String) {
        self.itemFileName = itemFileName
        self.claimedAt = Date(timeIntervalSince1970: claimedAt.timeIntervalSince1970.rounded(.down))
        self.token = token
    }

    /// A claimed file's name back to its claim; nil for any other name.
    package init?(fileName: String) {
        guard let range = fileName.range(of: Self.marker), fileName[..<range.lowerBound].hasSuffix(".json") else {
            return nil
        }
        let rest = fileName[range.upperBound...]
        guard let dash = rest.firstIndex(of: "-"), let seconds = Int(rest[..<dash]),
            rest.index(after: dash) < rest.endIndex
        else { return nil }
        self.init(
            itemFileName: String(fileName[..<range.lowerBound]),
            claimedAt: Date(timeIntervalSince1970: Double(seconds)), token: String(rest[rest.index(after: dash)...]))
    }

    package var fileName: String {
        "\(itemFileName)\(Self.marker)\(Int(claimedAt.timeIntervalSince1970))-\(token)"
    }

    /// Seconds until a claim counts as a killed flush's: twice one item's longest delivery, and at least ten minutes.
    package static func staleAfter(deliverySeconds: Double) -> Double {
        max(600, 2 * deliverySeconds)
    }

    package func isStale(now: Date, deliverySeconds: Double) -> Bool {
        now.timeIntervalSince(claimedAt) > Self.staleAfter(deliverySeconds: deliverySeconds)
    }
}
