import Foundation

extension Pipeline {
    /// The folder relative paths in this pipeline are read from: the parent of the `Pipelines/`
    /// folder the file sits in, else the file's own folder, else the current directory.
    package func projectRoot(currentDirectory: URL) -> URL {
        guard let sourcePath else { return currentDirectory }
        let folder = URL(fileURLWithPath: sourcePath).deletingLastPathComponent()
        return folder.lastPathComponent == "Pipelines" ? folder.deletingLastPathComponent() : folder
    }

    /// Resolves a path from the pipeline against its project root.
    package func resolve(_ path: String, currentDirectory: URL) -> URL {
        if path.hasPrefix("/") { return URL(fileURLWithPath: path).standardizedFileURL }
        return projectRoot(currentDirectory: currentDirectory).appendingPathComponent(path).standardizedFileURL
    }

    /// Where smokerun builds a SwiftPM package: `swiftpm.scratchPath`, else `<package>/.build/smokerun`, or
    /// `.build/smokerun-no-coverage` for a pipeline without coverage. Builds with and without coverage share no
    /// folder: two pipelines of one package would otherwise rebuild everything after each other, and one would
    /// relink the test binary the other is running.
    package func scratchDirectory(for settings: SwiftPMSettings, currentDirectory: URL) -> URL {
        if let scratchPath = settings.scratchPath { return resolve(scratchPath, currentDirectory: currentDirectory) }
        return resolve(settings.packagePath, currentDirectory: currentDirectory)
            .appendingPathComponent(coverage.enabled ? ".build/smokerun" : ".build/smokerun-no-coverage")
            .standardizedFileURL
    }
}
