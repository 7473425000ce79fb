import Foundation
import Stray
import XCTest

#if canImport(Glibc)
    import Glibc
#endif

final class StrayTests: XCTestCase {
    /// Passes at once, leaving the sleeper behind.
    func testLeavesASleeper() throws {
        guard let seconds = Sleeper.seconds else { return }
        try Sleeper.start(seconds: seconds)
    }

    /// Leaves the sleeper behind and then hangs until smokerun stops it.
    func testLeavesASleeperAndHangs() throws {
        guard let seconds = Sleeper.seconds else { return }
        try Sleeper.start(seconds: seconds)
        Thread.sleep(forTimeInterval: 3600)
    }
}

/// A server test that shuts down gracefully on SIGTERM (as swift-service-lifecycle's do), and nothing else stops it:
/// its process ends it as passed once smokerun stops it at testSeconds.
final class GracefulStopTests: XCTestCase {
    func testRunsUntilSIGTERM() {
        signal(SIGTERM, SIG_IGN)
        let stop = DispatchSemaphore(value: 0)
        let source = DispatchSource.makeSignalSource(signal: SIGTERM, queue: .global())
        source.setEventHandler { stop.signal() }
        source.resume()
        print("server: running until SIGTERM")
        stop.wait()
        source.cancel()
        print("server: stopped")
    }
}
