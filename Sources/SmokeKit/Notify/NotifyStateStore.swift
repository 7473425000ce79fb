import Foundation
import SmokeCore

/// Reads and writes `<output>/notify-state.json`. A missing or unreadable file is an empty state:
/// at worst one message too many, never a lost one.
package struct NotifyStateStore: Sendable {
    var file: URL

    package init(outputDirectory: URL) {
        file = outputDirectory.appendingPathComponent("notify-state.json")
    }

    package func load() -> NotifyState {
        guard let data = try? Data(contentsOf: file) else { return NotifyState() }
        return (try? JSONCoding.decoder().decode(NotifyState.self, from: data)) ?? NotifyState()
    }

    func save(_ state: NotifyState) throws {
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try JSONCoding.encoder(pretty: true).encode(state).write(to: file, options: .atomic)
    }
}
