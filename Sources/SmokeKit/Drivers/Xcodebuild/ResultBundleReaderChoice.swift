import Foundation
import SmokeCore

/// Which `ResultBundleReading` an xcodebuild run reads its bundles with.
enum ResultBundleReaderChoice {
    /// The reader `SmokeRun` uses unless told otherwise: Xcode's own `xcresulttool`, which the
    /// machine running xcodebuild always has (the database reader is the second opinion, `parse --cross-check`).
    static func standard(runner: any CommandRunning, environment: [String: String]) -> any ResultBundleReading {
        XCResultToolReader(runner: runner, environment: environment)
    }
}
