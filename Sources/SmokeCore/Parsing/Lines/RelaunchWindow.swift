/// xcodebuild's relaunch after a crash (`Restarting after unexpected exit …`) goes on with the same run: a test seen
/// again after it is that test's retry. A run that starts after a test banner (`** TEST FAILED **`), once the
/// relaunch's own run has started, is the command run again and appended to the log: the relaunch does not reach it.
struct RelaunchWindow {
    /// Since the last restart line: whether a test banner came, and how many runs started.
    private var open: (bannerSince: Bool, runStarts: Int)?

    /// Reads a line and the test runs it started; true when it starts a run beyond the relaunch's.
    mutating func read(_ line: LineBytes, startedRuns: Int) -> Bool {
        let start = line.skippingBlanks()
        if line.hasPrefix("Restarting after unexpected exit", at: start) {
            open = (false, 0)
            return false
        }
        guard startedRuns > 0, var window = open else { return false }
        window.runStarts += startedRuns
        open = window
        guard window.bannerSince, window.runStarts > 1 else { return false }
        open = nil
        return true
    }

    /// xcodebuild's `** TEST FAILED **` or `** TEST SUCCEEDED **`: a run starting after it may be another command's.
    mutating func sawTestBanner() { open?.bannerSince = true }
}
