import Foundation

/// The one owner of smokerun's output folder: every name under it, and the defaults that decide where it is.
///
///     <output>/runs/<runID>/…   one folder per run (profiles/ inside while coverage is pending)
///     <output>/latest           symbolic link to the newest run
///     <output>/history.sqlite   every run and each test's result in it (SQLite; runs are never pruned from it)
///     <output>/history.jsonl    one summary line per run: the older history, and the fallback without SQLite
///     <output>/outbox/          notifications waiting to be delivered
///     <output>/locks/           one run lock per pipeline (`PipelineKey`)
///     <output>/notify-state/    what was last announced, one file per pipeline (`PipelineKey`)
///     <output>/quarantine/      the automatic quarantine's entries, one file per pipeline (`PipelineKey`)
///     <output>/DerivedData/     xcodebuild's build folder per pipeline
///     <output>/env              KEY=VALUE lines every run reads (the webhook URL), mode 0600
package struct OutputLayout: Sendable, Equatable {
    /// The output folder when a pipeline does not name one, relative to the project root.
    package static let defaultOutput = ".smokerun"
    /// The pipeline `run` and every command that takes one use when none is given.
    package static let defaultPipeline = "Pipelines/smoke.json"

    package static let runsFolderName = "runs"
    package static let latestName = "latest"
    static let historyFileName = "history.jsonl"
    static let historyDatabaseFileName = "history.sqlite"
    static let outboxFolderName = "outbox"
    static let locksFolderName = "locks"
    static let notifyStateFolderName = "notify-state"
    static let quarantineFolderName = "quarantine"
    static let derivedDataFolderName = "DerivedData"
    static let environmentFileName = "env"
    /// The dashboard site `smokerun dashboard` writes by default.
    static let siteFolderName = "site"
    static let profilesFolderName = "profiles"
    /// Inside a run directory: the empty file smokerun writes when it makes the folder. Retention and the temp-file
    /// sweeper touch only folders that hold it, so a folder smokerun did not make is never deleted or swept.
    package static let runMarkerName = ".smokerun-run"
    /// Inside a run directory until the history lists the run: a finished run's folder still holding it was left out
    /// of the history (a kill, a failed append), and the next run adopts it.
    package static let unlistedMarkerName = ".smokerun-unlisted"
    /// The start of every hidden name smokerun makes (its markers, its temp files and folders).
    package static let ownHiddenPrefix = ".smokerun"
    /// Names smokerun keeps directly in the output folder; a non-empty folder with none of them is someone else's.
    package static let ownNames: Set<String> = [
        runsFolderName, latestName, historyFileName, historyDatabaseFileName, outboxFolderName, locksFolderName,
        derivedDataFolderName, environmentFileName, siteFolderName, notifyStateFolderName, quarantineFolderName,
        "notify-state.json",
        "cron.log",
        "launchd.log",
    ]

    package var root: URL

    package init(root: URL) {
        self.root = root
    }

    package var runs: URL { root.appendingPathComponent(Self.runsFolderName, isDirectory: true) }
    package var latest: URL { root.appendingPathComponent(Self.latestName) }
    package var history: URL { root.appendingPathComponent(Self.historyFileName) }
    package var historyDatabase: URL { root.appendingPathComponent(Self.historyDatabaseFileName) }
    package var outbox: URL { root.appendingPathComponent(Self.outboxFolderName, isDirectory: true) }
    package var site: URL { root.appendingPathComponent(Self.siteFolderName, isDirectory: true) }
    var locks: URL { root.appendingPathComponent(Self.locksFolderName, isDirectory: true) }
    /// `env`: the variables every run of the pipeline reads (`EnvironmentFile`).
    package var environmentFile: URL { root.appendingPathComponent(Self.environmentFileName) }

    /// `runs/<runID>`; the id is not checked here (see `RunID.isValid` for ids a person typed).
    package func run(_ runID: String) -> URL { runs.appendingPathComponent(runID, isDirectory: true) }

    package static func runMarker(inRun runDirectory: URL) -> URL {
        runDirectory.appendingPathComponent(runMarkerName)
    }

    /// Whether `name` is one of a run folder's markers (`.smokerun-run`, `.smokerun-unlisted`).
    package static func isRunFolderMarker(_ name: String) -> Bool {
        name == runMarkerName || name == unlistedMarkerName
    }

    package static func unlistedMarker(inRun runDirectory: URL) -> URL {
        runDirectory.appendingPathComponent(unlistedMarkerName)
    }

    /// `runs/<runID>` relative to the output folder, as `latest` points at it.
    package static func relativeRunPath(_ runID: String) -> String { "\(runsFolderName)/\(runID)" }

    /// `locks/<pipeline>.lock`, by the pipeline's name and file (`PipelineKey.fileName`).
    package func lock(pipeline: PipelineKey) -> URL {
        locks.appendingPathComponent(pipeline.fileName + ".lock")
    }

    /// `locks/<pipeline>.culprit.lock`: held by the one culprit search of a pipeline, apart from its runs' lock.
    package func culpritLock(pipeline: PipelineKey) -> URL {
        locks.appendingPathComponent(pipeline.fileName + ".culprit.lock")
    }

    /// `quarantine/<pipeline>.json`: the tests the automatic quarantine holds for one pipeline, each with why.
    package func quarantine(pipeline: PipelineKey) -> URL {
        root.appendingPathComponent(Self.quarantineFolderName, isDirectory: true)
            .appendingPathComponent(pipeline.fileName + ".json")
    }

    /// `notify-state/<pipeline>.json`: what was last announced for one pipeline.
    package func notifyState(pipeline: PipelineKey) -> URL {
        root.appendingPathComponent(Self.notifyStateFolderName, isDirectory: true)
            .appendingPathComponent(pipeline.fileName + ".json")
    }

    /// `DerivedData/<pipeline>`: xcodebuild's folder when the pipeline names none.
    package func derivedData(pipelineName: String) -> URL {
        root.appendingPathComponent(Self.derivedDataFolderName, isDirectory: true)
            .appendingPathComponent(Self.safeFileName(pipelineName, fallback: "pipeline"), isDirectory: true)
    }

    /// `<run>/profiles`, where test processes write `.profraw` files.
    package static func profiles(inRun runDirectory: URL) -> URL {
        runDirectory.appendingPathComponent(profilesFolderName, isDirectory: true)
    }

    /// A chosen name (a pipeline's, a run id) as one file-name component: ASCII letters, digits, `-`, `_`, `.` kept,
    /// all else `_`; no leading dots, so never hidden, `.` or `..`; `fallback` when nothing is left.
    static func safeFileName(_ name: String, fallback: String) -> String {
        let kept = String(
            name.unicodeScalars.map { scalar -> Character in
                switch scalar {
                case "a"..."z", "A"..."Z", "0"..."9", "-", "_", ".": Character(scalar)
                default: "_"
                }
            })
        let visible = kept.drop { $0 == "." }
        return visible.isEmpty ? fallback : String(visible)
    }
}
