/// `culprit`: the bounds of `smokerun culprit` (its flags override them).
package struct CulpritSettings: Sendable, Equatable {
    /// `culprit.maxMinutes`: the search ends after this long with what is known.
    package var maxMinutes: Int = 60
    /// `culprit.flakyRepeats`: runs per commit of a test the history knows to be flaky; 1 refuses flaky tests.
    package var flakyRepeats: Int = 3

    package init() {}
}
