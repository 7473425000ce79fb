import Foundation
import Stray
import XCTest

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
