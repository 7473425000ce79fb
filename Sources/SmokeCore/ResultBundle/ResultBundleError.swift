import Foundation

/// A result bundle `smokerun parse` cannot turn into a report, and why.
package enum ResultBundleError: LocalizedError, DomainError, Equatable {
    /// No `database.sqlite3` (Xcode 16 and later write one; a bundle may be stored without it) and no xcresulttool.
    case needsXCResultTool(path: String)
    /// No `Info.plist` (a missing folder included): not a result bundle, as Xcode would refuse it.
    case notABundle(path: String)
    /// A run folder smokerun wrote (its report.json and console.log): read, not parsed again as a bundle.
    case runFolder(path: String)
    /// A bundle of a run that ran no tests (a build that failed); `buildErrors` say why.
    case noTests(path: String, buildErrors: [String])
    /// A file of the bundle smokerun will not read (`database.sqlite3` a FIFO, or a symlink leading out of it).
    case fileRefused(path: String, file: String, reason: String)
    /// `--cross-check` needs both readers; xcresulttool exists only with Xcode.
    case crossCheckNeedsXcode
    case readingsDiffer(path: String, differences: [String])

    package var kind: ErrorKind {
        switch self {
        case .needsXCResultTool, .notABundle, .runFolder, .noTests, .fileRefused, .crossCheckNeedsXcode: .invalidInput
        case .readingsDiffer: .infrastructure
        }
    }

    package var errorDescription: String? {
        switch self {
        case .needsXCResultTool(let path):
            """
            \(path): this bundle has no database.sqlite3 (an Xcode before 16 writes none, and a bundle can be stored \
            or copied without it), and without it only Xcode's xcresulttool reads a bundle. Run `smokerun parse` on a \
            Mac with Xcode, or parse the xcodebuild log instead.
            """
        case .notABundle(let path):
            """
            \(path): not a result bundle: it has no Info.plist, which every .xcresult bundle has and Xcode needs to \
            open it. Pass the .xcresult folder itself, unpacked (the one that holds Info.plist), or copy the whole \
            bundle again.
            """
        case .runFolder(let path):
            """
            \(path): a run folder smokerun wrote, not a result bundle: its results are in its report.json. To read \
            the run's output again, parse its console.log (with the events/*.jsonl beside it for Swift Testing).
            """
        case .noTests(let path, let buildErrors):
            "\(path): the bundle holds no test results; the tests never ran"
                + (buildErrors.isEmpty
                    ? "." : ", the build failed:\n" + buildErrors.prefix(20).map { "  \($0)" }.joined(separator: "\n"))
        case .fileRefused(let path, let file, let reason):
            """
            \(path): its \(file) is not read: \(reason). A bundle's files must be regular files inside it; copy the \
            bundle again from where it was made.
            """
        case .crossCheckNeedsXcode:
            """
            --cross-check reads the bundle with xcresulttool too, which needs macOS with Xcode; run it on a Mac, or \
            drop the flag.
            """
        case .readingsDiffer(let path, let differences):
            "\(path): xcresulttool and the bundle's database disagree (\(differences.count) differences):\n"
                + differences.prefix(50).map { "  \($0)" }.joined(separator: "\n")
        }
    }
}
