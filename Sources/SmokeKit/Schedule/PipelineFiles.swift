import Foundation
import SmokeCore

/// Finds and loads the pipeline files a scheduling command works on.
package struct PipelineFiles: Sendable {
    /// Paths given on the command line; empty means every `Pipelines/*.json`, looked up again on each load.
    var paths: [String]
    var currentDirectory: URL

    package init(paths: [String], currentDirectory: URL) {
        self.paths = paths
        self.currentDirectory = currentDirectory
    }

    /// The files, absolute and sorted; throws when the default folder has none.
    package func urls() throws(InvalidInput) -> [URL] {
        if !paths.isEmpty {
            return paths.map {
                $0.hasPrefix("/") ? URL(fileURLWithPath: $0) : currentDirectory.appendingPathComponent($0)
            }
            .map(\.standardizedFileURL)
        }
        let folder = currentDirectory.appendingPathComponent("Pipelines")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        let files = names.filter { $0.hasSuffix(".json") }.sorted().map {
            folder.appendingPathComponent($0).standardizedFileURL
        }
        guard !files.isEmpty else {
            throw InvalidInput(
                "no pipeline files in \(folder.path); pass one (e.g. Pipelines/smoke.json) or run `smokerun init`")
        }
        return files
    }

    /// Loads every file; one that fails becomes a failure and the others still load.
    package func load(with loadPipeline: @Sendable (URL) throws -> Pipeline) -> PipelineSet {
        let files: [URL]
        do {
            files = try urls()
        } catch {
            return PipelineSet(
                pipelines: [], failures: [PipelineLoadFailure(path: "Pipelines", message: error.localizedDescription)])
        }
        var set = PipelineSet(pipelines: [])
        for file in files {
            do {
                var pipeline = try loadPipeline(file)
                if pipeline.sourcePath == nil { pipeline.sourcePath = file.path }
                set.pipelines.append(pipeline)
            } catch {
                set.failures.append(PipelineLoadFailure(path: file.path, message: error.localizedDescription))
            }
        }
        return set
    }
}
