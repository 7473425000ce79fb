/// How one scheduled run ended, as the scheduler logs it.
package struct RunOutcome: Sendable, Equatable {
    var status: RunStatus
    var reportPath: String?
    /// Why the run could not run or finish, for the log line.
    var message: String?

    package init(status: RunStatus, reportPath: String? = nil, message: String? = nil) {
        self.status = status
        self.reportPath = reportPath
        self.message = message
    }
}
