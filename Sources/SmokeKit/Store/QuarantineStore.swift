import Foundation
import SmokeCore

/// `<output>/quarantine/<pipeline>.json`; missing or unreadable holds none: at worst a flaky test pages again.
package struct QuarantineStore: Sendable {
    var file: URL

    package init(outputDirectory: URL, pipeline: PipelineKey) {
        file = OutputLayout(root: outputDirectory).quarantine(pipeline: pipeline)
    }

    package func load() -> [QuarantineEntry] {
        guard let data = try? Data(contentsOf: file) else { return [] }
        return (try? JSONCoding.decoder().decode([QuarantineEntry].self, from: data)) ?? []
    }

    func save(_ entries: [QuarantineEntry]) throws {
        try AtomicFile.write(JSONCoding.encoder(pretty: true).encode(entries), toFileInOwnFolder: file)
    }
}
