import Foundation
import SmokeCore

/// The on-disk queue of undelivered notifications, `<output>/outbox/`, one file per item, written atomically;
/// rejected items move to `outbox/rejected/`. A flush claims an item before posting, so it is posted once.
package struct Outbox: Sendable {
    var directory: URL
    /// Items read per flush, so a long-broken webhook cannot make a run slow.
    static let readLimit = 100

    package init(outputDirectory: URL) {
        directory = OutputLayout(root: outputDirectory).outbox
    }

    func file(for id: String) -> URL { directory.appendingPathComponent(id + ".json") }

    func put(_ item: OutboxItem) throws {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try JSONCoding.encoder(pretty: true).encode(item).write(to: file(for: item.id), options: .atomic)
    }

    /// The waiting items, oldest first, at most `readLimit`; files that do not decode are reported by name.
    package func items() -> (items: [OutboxItem], unreadable: [String]) {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        var items: [OutboxItem] = []
        var unreadable: [String] = []
        for name in names.filter({ $0.hasSuffix(".json") }).sorted().prefix(Self.readLimit) {
            let url = directory.appendingPathComponent(name)
            if let data = try? Data(contentsOf: url),
                let item = try? JSONCoding.decoder().decode(OutboxItem.self, from: data)
            {
                items.append(item)
            } else {
                unreadable.append(name)
            }
        }
        return (items, unreadable)
    }

    /// The file names a flush may claim, oldest first: waiting items, and claims a killed flush left behind.
    func claimableNames(now: Date, deliverySeconds: Double) -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return names.filter { name in
            if name.hasSuffix(".json") { return true }
            return OutboxClaim(fileName: name)?.isStale(now: now, deliverySeconds: deliverySeconds) ?? false
        }
        .sorted().prefix(Self.readLimit).map { $0 }
    }

    /// Takes `name` for this flush by `rename(2)` (one process wins); nil when another flush was first.
    func claim(_ name: String, now: Date) -> OutboxClaim? {
        let itemFileName = OutboxClaim(fileName: name)?.itemFileName ?? name
        let token = "\(ProcessInfo.processInfo.processIdentifier)-\(UUID().uuidString.prefix(8))"
        let claim = OutboxClaim(itemFileName: itemFileName, claimedAt: now, token: token)
        let from = directory.appendingPathComponent(name).path
        let to = directory.appendingPathComponent(claim.fileName).path
        return rename(from, to) == 0 ? claim : nil
    }

    func read(_ claim: OutboxClaim) -> OutboxItem? {
        guard let data = try? Data(contentsOf: directory.appendingPathComponent(claim.fileName)) else { return nil }
        return try? JSONCoding.decoder().decode(OutboxItem.self, from: data)
    }

    /// Puts a claimed item back, as `item` when given (its attempts counted), else unchanged.
    func release(_ claim: OutboxClaim, as item: OutboxItem? = nil) throws {
        let claimed = directory.appendingPathComponent(claim.fileName)
        if let item {
            try JSONCoding.encoder(pretty: true).encode(item).write(to: claimed, options: .atomic)
        }
        guard rename(claimed.path, directory.appendingPathComponent(claim.itemFileName).path) == 0 else {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: claimed.path])
        }
    }

    func remove(_ claim: OutboxClaim) throws {
        try FileManager.default.removeItem(at: directory.appendingPathComponent(claim.fileName))
    }

    /// Moves a refused item out of the queue, keeping it for a person to read.
    func reject(_ item: OutboxItem, claim: OutboxClaim) throws {
        let rejected = directory.appendingPathComponent("rejected", isDirectory: true)
        try FileManager.default.createDirectory(at: rejected, withIntermediateDirectories: true)
        try JSONCoding.encoder(pretty: true).encode(item)
            .write(to: rejected.appendingPathComponent(item.id + ".json"), options: .atomic)
        try remove(claim)
    }
}
