/// What an operator can ask of a running scheduler (SIGINT/SIGTERM and SIGHUP in production).
package enum SchedulerControl: Sendable, Equatable {
    /// Stop scheduling and cancel running runs; a second stop gives up waiting for them.
    case stop
    case reload
}
