import Foundation

extension Pipeline {
    /// Where relative paths start: the parent of the `Pipelines/` folder, else the file's folder, else the cwd.
    package func projectRoot(currentDirectory: URL) -> URL {
        guard let sourcePath else { return currentDirectory }
        let folder = URL(fileURLWithPath: sourcePath).deletingLastPathComponent()
        return folder.lastPathComponent == "Pipelines" ? folder.deletingLastPathComponent() : folder
    }

    package func resolve(_ path: String, currentDirectory: URL) -> URL {
        if path.hasPrefix("/") { return URL(fileURLWithPath: path).standardizedFileURL }
        return projectRoot(currentDirectory: currentDirectory).appendingPathComponent(path).standardizedFileURL
    }

    /// Where smokerun builds a SwiftPM package: `swiftpm.scratchPath`, else `<package>/.build/smokerun`, or
    /// `.build/smokerun-no-coverage` without coverage. Separate folders keep two pipelines of one package from
    /// rebuilding each other's work, or relinking a test binary the other is running.
    package func scratchDirectory(for settings: SwiftPMSettings, currentDirectory: URL) -> URL {
        if let scratchPath = settings.scratchPath { return resolve(scratchPath, currentDirectory: currentDirectory) }
        return resolve(settings.packagePath, currentDirectory: currentDirectory)
            .appendingPathComponent(coverage.enabled ? ".build/smokerun" : ".build/smokerun-no-coverage")
            .standardizedFileURL
    }
}
