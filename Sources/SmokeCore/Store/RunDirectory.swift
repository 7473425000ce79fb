import Foundation

/// The one owner of the names inside a run folder (`<output>/runs/<runID>/`):
///
///     console.log               every line the test processes printed
///     report.json …             the reports (each `ReportWriter` names its own file)
///     attachments/              the tests' attachments under safe names
///     profiles/                 raw `.profraw` files until coverage is collected
///     coverage.profdata, coverage.json, coverage.lcov, cobertura.xml, coverage-inputs.json
///     events/                   Swift Testing event streams, one per test process
///     events/attachments/<name>/    the files a schema 6.3 stream names (`eventStreamAttachments(of:)`)
///     scratch/                  the tests' own scratch folder (`SMOKERUN_SCRATCH`), one per worker
///     xcodebuild/               an xcodebuild run's result bundles, exports and test list
///     bisect/<runID>/           `smokerun bisect` trials started from this run
package struct RunDirectory: Sendable, Equatable {
    package static let consoleLogName = "console.log"
    package static let reportName = "report.json"
    package static let attachmentsFolderName = "attachments"
    package static let profilesFolderName = "profiles"
    package static let eventsFolderName = "events"
    package static let scratchFolderName = "scratch"
    package static let xcodebuildFolderName = "xcodebuild"
    package static let bisectFolderName = "bisect"
    package static let culpritFolderName = "culprit"
    package static let coverageProfileName = "coverage.profdata"
    package static let coverageJSONName = "coverage.json"
    package static let coverageLCOVName = "coverage.lcov"
    package static let coberturaName = "cobertura.xml"
    /// llvm-cov's export while it is being read; removed once read.
    package static let coverageExportName = ".coverage-export.json"
    /// What `smokerun merge` needs to export coverage again (the test binaries).
    package static let coverageInputsName = "coverage-inputs.json"
    /// Coverage files a run may hold, in the order `artifacts` lists them.
    package static let coverageFileNames = [coverageJSONName, coverageLCOVName, coberturaName]

    package var url: URL

    package init(_ url: URL) {
        self.url = url
    }

    package var consoleLog: URL { url.appendingPathComponent(Self.consoleLogName) }
    package var report: URL { url.appendingPathComponent(Self.reportName) }
    package var attachments: URL { url.appendingPathComponent(Self.attachmentsFolderName, isDirectory: true) }
    package var profiles: URL { url.appendingPathComponent(Self.profilesFolderName, isDirectory: true) }
    package var events: URL { url.appendingPathComponent(Self.eventsFolderName, isDirectory: true) }
    /// An event stream as the run folder holds it (`events/process-1.jsonl`): how evidence and messages name it.
    package static func shownName(ofEventStream stream: URL?) -> String {
        stream.map { "\(eventsFolderName)/\($0.lastPathComponent)" } ?? ""
    }
    package var coverageProfile: URL { url.appendingPathComponent(Self.coverageProfileName) }
    package var coverageInputs: URL { url.appendingPathComponent(Self.coverageInputsName) }

    /// A file named by a name this type declares (a coverage file, a report).
    package func file(_ name: String) -> URL { url.appendingPathComponent(name) }

    /// `LLVM_PROFILE_FILE` for a test process: one `.profraw` per process and binary, prefixed by worker when several.
    package func profilePattern(worker: Int?) -> String {
        let prefix = worker.map { "worker-\($0)-" } ?? ""
        return profiles.appendingPathComponent("\(prefix)%p-%m.profraw").path
    }

    /// `scratch/`, or `scratch/worker-N` for one of several workers.
    package func scratch(worker: Int?) -> URL {
        let folder = url.appendingPathComponent(Self.scratchFolderName, isDirectory: true)
        return worker.map { folder.appendingPathComponent("worker-\($0)", isDirectory: true) } ?? folder
    }

    /// The folder of the Swift Testing process writing `eventStream` for its attachments under schema 6.3, which names
    /// each file instead of carrying its bytes: `…/attachments/process-3/` beside `…/process-3.jsonl`.
    package static func processAttachments(of eventStream: URL) -> URL {
        eventStream.deletingLastPathComponent().appendingPathComponent(attachmentsFolderName, isDirectory: true)
            .appendingPathComponent(eventStream.deletingPathExtension().lastPathComponent, isDirectory: true)
    }

    /// Where that process writes them: `attachmentNesting` folders down `processAttachments`. Swift Testing joins an
    /// attachment's name to the folder as it is, so a name that climbs with `..` (a fixture's relative path,
    /// `../../../expected.json`) lands in these folders of smokerun's, never in the package around the run folder.
    package static func eventStreamAttachments(of eventStream: URL) -> URL {
        (0..<attachmentNesting).reduce(processAttachments(of: eventStream)) {
            folder, _ in folder.appendingPathComponent("d", isDirectory: true)
        }
    }

    package static let attachmentNesting = 24

    /// `xcodebuild/`, or `xcodebuild/<device>` for one of several pinned devices.
    package func xcodebuild(device: String?) -> URL {
        let folder = url.appendingPathComponent(Self.xcodebuildFolderName, isDirectory: true)
        return device.map { folder.appendingPathComponent($0, isDirectory: true) } ?? folder
    }

    /// `bisect/<name>`: one bisect's trials.
    package func bisect(_ name: String) -> URL {
        url.appendingPathComponent(Self.bisectFolderName, isDirectory: true)
            .appendingPathComponent(name, isDirectory: true)
    }

    /// `culprit/<name>/`: one culprit search's worktree, build folder and test runs.
    package func culprit(_ name: String) -> URL {
        url.appendingPathComponent(Self.culpritFolderName, isDirectory: true)
            .appendingPathComponent(name, isDirectory: true)
    }

    /// The output folder a run folder belongs to (`<output>/runs/<runID>` → `<output>`).
    package var outputDirectory: URL { url.deletingLastPathComponent().deletingLastPathComponent() }
}

/// Names inside an xcodebuild driver's work folder (`RunDirectory.xcodebuild(device:)`).
package enum XcodebuildWorkFolder {
    package static func bundle(_ invocation: Int, in folder: URL) -> URL {
        bundles(in: folder).appendingPathComponent("\(invocation).xcresult", isDirectory: true)
    }
    package static func bundles(in folder: URL) -> URL { folder.appendingPathComponent("bundles", isDirectory: true) }
    package static func exports(_ invocation: Int, in folder: URL) -> URL {
        folder.appendingPathComponent("exported/\(invocation)", isDirectory: true)
    }
    package static func testList(in folder: URL) -> URL { folder.appendingPathComponent("tests.json") }
}

/// Names inside one bisect's folder (`RunDirectory.bisect(_:)`).
package enum BisectWorkFolder {
    package static func trial(_ number: Int, in folder: URL) -> URL {
        folder.appendingPathComponent("run-\(number)", isDirectory: true)
    }
    package static func eventStream(_ process: Int, in trial: URL) -> URL {
        trial.appendingPathComponent("events-\(process).jsonl")
    }
}
