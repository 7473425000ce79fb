import Foundation
import SmokeCore

extension PipelineLoader {
    /// Paths must be usable before a run starts: `output` a folder (or absent), the package folder one with a
    /// Package.swift, its build folder not a file.
    func checkPaths(_ pipeline: Pipeline, file: String, currentDirectory: URL) throws(PipelineError) {
        let output = pipeline.resolve(pipeline.output, currentDirectory: currentDirectory)
        if let problem = outputFolderProblem(
            value: pipeline.output, resolved: output,
            projectRoot: pipeline.projectRoot(currentDirectory: currentDirectory))
        {
            throw PipelineError(file: file, keyPath: "output", problem: problem)
        }
        let settings = pipeline.driver.settings
        if let package = settings.packageFolder {
            try checkPackagePath(
                package.path, keyPath: package.keyPath, pipeline, file: file, currentDirectory: currentDirectory)
        }
        if let build = settings.buildFolder {
            let folder = pipeline.resolve(build.path, currentDirectory: currentDirectory)
            if pathKind(folder) == .file {
                throw PipelineError(
                    file: file, keyPath: build.keyPath,
                    problem:
                        """
                        \(folder.path) is a file, not a folder; name a folder for build products or leave the key \
                        out for <packagePath>/.build/smokerun
                        """
                )
            }
        }
    }

    private func checkPackagePath(
        _ packagePath: String, keyPath: String, _ pipeline: Pipeline, file: String, currentDirectory: URL
    ) throws(PipelineError) {
        let package = pipeline.resolve(packagePath, currentDirectory: currentDirectory)
        switch pathKind(package) {
        case .missing:
            throw PipelineError(
                file: file, keyPath: keyPath,
                problem:
                    """
                    \(package.path) does not exist; give the folder that holds Package.swift, relative to \
                    \(pipeline.projectRoot(currentDirectory: currentDirectory).path)
                    """
            )
        case .file:
            throw PipelineError(
                file: file, keyPath: keyPath,
                problem: "\(package.path) is a file; give the folder that holds Package.swift")
        case .folder:
            guard pathKind(package.appendingPathComponent("Package.swift")) == .file else {
                throw PipelineError(
                    file: file, keyPath: keyPath,
                    problem:
                        """
                        \(package.path) is not a Swift package (no Package.swift in it); give the folder that holds \
                        Package.swift
                        """
                )
            }
        }
    }

    /// Why `resolved` cannot be smokerun's output folder (a file, or refused by `OutputFolderRule`); nil when it can.
    package func outputFolderProblem(value: String, resolved: URL, projectRoot: URL) -> String? {
        if pathKind(resolved) == .file {
            return """
                \(resolved.path) is a file, not a folder; name a folder (the default is ".smokerun") or move the file \
                away
                """
        }
        let entries = pathKind(resolved) == .folder ? folderEntries(resolved) : nil
        return OutputFolderRule.problem(
            value: value, resolved: resolved, projectRoot: projectRoot, home: home, entries: entries)
    }
}
