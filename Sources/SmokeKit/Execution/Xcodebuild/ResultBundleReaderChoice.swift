import Foundation

/// Which `ResultBundleReading` an xcodebuild run reads its bundles with.
package enum ResultBundleReaderChoice {
    /// The reader `SmokeRun` uses unless told otherwise.
    // Until `XCResultToolReader` (xcrun xcresulttool) is merged, a reader that says so; the merge
    // replaces this body with `XCResultToolReader(runner: runner)`.
    package static func standard(runner: any CommandRunning) -> any ResultBundleReading {
        UnavailableResultBundleReader()
    }
}

/// Stands in where no result-bundle reader is built in; every read is an error naming the bundle.
struct UnavailableResultBundleReader: ResultBundleReading {
    func read(bundle: URL, scratchDirectory: URL) throws -> ResultBundleContents {
        throw XcodebuildError(message: "cannot read \(bundle.path): this build of smokerun has no xcresult reader yet (the xcresulttool reader is being merged)")
    }
}
