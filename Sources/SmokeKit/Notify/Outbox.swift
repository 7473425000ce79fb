import Foundation
import SmokeCore

/// The on-disk queue of undelivered notifications, `<output>/outbox/`. Each item is one file,
/// written atomically; items the receiver rejected move to `outbox/rejected/` to be looked at.
package struct Outbox: Sendable {
    var directory: URL
    /// Items read per flush, so a long-broken webhook cannot make a run slow.
    static let readLimit = 100

    package init(outputDirectory: URL) {
        directory = OutputLayout(root: outputDirectory).outbox
    }

    func file(for id: String) -> URL { directory.appendingPathComponent(id + ".json") }

    /// Writes (or replaces) an item.
    func put(_ item: OutboxItem) throws {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try JSONCoding.encoder(pretty: true).encode(item).write(to: file(for: item.id), options: .atomic)
    }

    /// The waiting items, oldest first (ids sort by run id), at most `readLimit`. Files that do not
    /// decode are reported by name rather than dropped.
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

    func remove(_ id: String) throws {
        try FileManager.default.removeItem(at: file(for: id))
    }

    /// Moves an item the receiver refused out of the queue, keeping it for a person to read.
    func reject(_ item: OutboxItem) throws {
        let rejected = directory.appendingPathComponent("rejected", isDirectory: true)
        try FileManager.default.createDirectory(at: rejected, withIntermediateDirectories: true)
        try JSONCoding.encoder(pretty: true).encode(item)
            .write(to: rejected.appendingPathComponent(item.id + ".json"), options: .atomic)
        try remove(item.id)
    }
}
