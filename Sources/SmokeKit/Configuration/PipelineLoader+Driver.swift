import Foundation
import SmokeCore

/// The pipeline's driver section: exactly one of `swiftpm` and `xcodebuild`, with its settings.
extension PipelineLoader {
    static func driver(_ root: JSONObjectReader) throws(PipelineError) -> Driver {
        switch (root.has("swiftpm"), root.has("xcodebuild")) {
        case (true, true):
            throw root.error(nil, "has both 'swiftpm' and 'xcodebuild'; a pipeline uses exactly one driver")
        case (false, false):
            throw root.error(
                nil,
                """
                has no driver: add "swiftpm": {"packagePath": "."} or "xcodebuild": {"scheme": "App", "project": \
                "App.xcodeproj"}
                """
            )
        case (true, false):
            let object = try root.object("swiftpm")!
            try object.allowOnly(["packagePath", "filter", "skip", "configuration", "scratchPath"])
            var settings = SwiftPMSettings(packagePath: try object.filePath("packagePath") ?? ".")
            settings.filter = try regexes(object, "filter")
            settings.skip = try regexes(object, "skip")
            if let configuration = try object.string("configuration") {
                guard ["debug", "release"].contains(configuration) else {
                    throw object.error("configuration", "'\(configuration)' is not 'debug' or 'release'")
                }
                settings.configuration = configuration
            }
            if let scratchPath = try object.filePath("scratchPath") {
                guard !scratchPath.isEmpty else {
                    throw object.error(
                        "scratchPath", "must not be empty; leave it out for <packagePath>/.build/smokerun")
                }
                settings.scratchPath = scratchPath
            }
            return .swiftpm(settings)
        case (false, true):
            let object = try root.object("xcodebuild")!
            try object.allowOnly([
                "workspace", "project", "packagePath", "scheme", "testPlan", "onlyTesting", "skipTesting",
                "derivedDataPath",
            ])
            guard let scheme = try object.string("scheme") else {
                throw object.error("scheme", "is required: the scheme whose tests to run")
            }
            var settings = XcodebuildSettings(scheme: scheme)
            settings.workspace = try object.filePath("workspace")
            settings.project = try object.filePath("project")
            settings.packagePath = try object.filePath("packagePath")
            let given = [settings.workspace, settings.project, settings.packagePath].compactMap { $0 }.count
            if given > 1 {
                throw object.error(nil, "has more than one of 'workspace', 'project' and 'packagePath'; give one")
            }
            if given == 0 {
                throw object.error(
                    nil,
                    """
                    needs 'workspace' (App.xcworkspace), 'project' (App.xcodeproj) or 'packagePath' (a folder with \
                    Package.swift)
                    """
                )
            }
            settings.testPlan = try object.string("testPlan")
            settings.onlyTesting = try object.strings("onlyTesting") ?? []
            settings.skipTesting = try object.strings("skipTesting") ?? []
            settings.derivedDataPath = try object.filePath("derivedDataPath")
            return .xcodebuild(settings)
        }
    }

    private static func regexes(_ object: JSONObjectReader, _ key: String) throws(PipelineError) -> [String] {
        let patterns = try object.strings(key) ?? []
        for (index, pattern) in patterns.enumerated() where (try? NSRegularExpression(pattern: pattern)) == nil {
            throw object.error("\(key)[\(index)]", "'\(pattern)' is not a valid regular expression")
        }
        return patterns
    }
}
