/// How long a failing test has been failing, from the run history.
enum FailureAge: Sendable, Equatable {
    /// Passed (or did not run) in the previous run that ran tests.
    case new
    /// Failed in every run since `since`; `runs` counts them, this one included.
    case stillFailing(since: String, runs: Int)
    /// Known flaky before this run (`TestStability`): never news; `rate` says how flaky.
    case knownFlaky(rate: String)

    var isNew: Bool { self == .new }

    var isKnownFlaky: Bool {
        if case .knownFlaky = self { return true }
        return false
    }
}
