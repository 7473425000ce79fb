import Foundation
import SmokeCore

/// One pipeline's `<output>/notify-state/<pipeline>.json`, so pipelines sharing an output folder never suppress
/// each other's news. A missing or unreadable file is an empty state: at worst one message too many.
package struct NotifyStateStore: Sendable {
    var file: URL

    package init(outputDirectory: URL, pipeline: PipelineKey) {
        file = OutputLayout(root: outputDirectory).notifyState(pipeline: pipeline)
        // Without the pipeline's file (`notify RUN` without `--pipeline`): the one state file of that name, if only one.
        if pipeline.file == nil, !FileManager.default.fileExists(atPath: file.path) {
            let folder = file.deletingLastPathComponent()
            let prefix = pipeline.fileName + "-"
            let names = ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).filter {
                $0.hasPrefix(prefix) && $0.hasSuffix(".json") && $0.count == prefix.count + 8 + 5
            }
            if names.count == 1 { file = folder.appendingPathComponent(names[0]) }
        }
    }

    package func load() -> NotifyState {
        guard let data = try? Data(contentsOf: file) else { return NotifyState() }
        return (try? JSONCoding.decoder().decode(NotifyState.self, from: data)) ?? NotifyState()
    }

    func save(_ state: NotifyState) throws {
        try AtomicFile.write(JSONCoding.encoder(pretty: true).encode(state), toFileInOwnFolder: file)
    }
}
