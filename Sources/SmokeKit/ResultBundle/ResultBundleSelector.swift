import Foundation
import SmokeCore

/// Picks how to read a `.xcresult` bundle: its own database (Xcode 16+), else xcresulttool, else an exit-2 error.
package struct ResultBundleSelector: Sendable {
    enum Choice: Equatable, Sendable {
        case database
        case xcresulttool
    }

    private let direct: any ResultBundleReading
    private let xcresulttool: (any ResultBundleReading)?

    package init(direct: any ResultBundleReading = XCResultDatabaseReader(), xcresulttool: (any ResultBundleReading)?) {
        self.direct = direct
        self.xcresulttool = xcresulttool
    }

    static func choose(hasDatabase: Bool, hasXCResultTool: Bool) -> Choice? {
        if hasDatabase { return .database }
        return hasXCResultTool ? .xcresulttool : nil
    }

    package func reader(for bundle: URL) throws -> any ResultBundleReading {
        let files = FileManager.default
        let hasDatabase = files.fileExists(
            atPath: bundle.appendingPathComponent(XCResultDatabaseReader.databaseName).path)
        // Xcode opens a bundle through its Info.plist: without one a folder is not a result bundle.
        guard files.fileExists(atPath: bundle.appendingPathComponent("Info.plist").path) else {
            let ownFiles = [RunDirectory.reportName, RunDirectory.consoleLogName]
            if ownFiles.allSatisfy({ files.fileExists(atPath: bundle.appendingPathComponent($0).path) }) {
                throw ResultBundleError.runFolder(path: bundle.path)
            }
            throw ResultBundleError.notABundle(path: bundle.path)
        }
        switch Self.choose(hasDatabase: hasDatabase, hasXCResultTool: xcresulttool != nil) {
        case .database: return direct
        case .xcresulttool: return xcresulttool!
        case nil: throw ResultBundleError.needsXCResultTool(path: bundle.path)
        }
    }

    /// Reads the bundle both ways (`--cross-check`): the database reading and the differences.
    package func crossCheck(bundle: URL, scratchDirectory: URL) throws -> (
        contents: ResultBundleContents, differences: [String]
    ) {
        guard let xcresulttool else { throw ResultBundleError.crossCheckNeedsXcode }
        guard FileManager.default.fileExists(atPath: bundle.appendingPathComponent("Info.plist").path) else {
            throw ResultBundleError.notABundle(path: bundle.path)
        }
        let directScratch = scratchDirectory.appendingPathComponent("database", isDirectory: true)
        let toolScratch = scratchDirectory.appendingPathComponent("xcresulttool", isDirectory: true)
        for folder in [directScratch, toolScratch] {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        }
        let fromDatabase = try direct.read(bundle: bundle, scratchDirectory: directScratch)
        let fromTool = try xcresulttool.read(bundle: bundle, scratchDirectory: toolScratch)
        return (fromDatabase, ResultBundleComparison.differences(database: fromDatabase, xcresulttool: fromTool))
    }
}
