import Foundation
import Testing

@testable import SmokeCore
@testable import SmokeCoreTestSupport

/// The live progress line: one line, whatever the test's name holds.
@Suite struct ProgressLineTests {
    @Test(arguments: HostileText.samples)
    func theProgressLineShowsControlsEscaped(name: String) {
        let test = NotifyFixtures.failing("App.Suite\(name)/t\(name)")
        let line = ProgressLine.render(test, position: 1, total: 2, width: 400)
        #expect(HostileText.controls(in: line).isEmpty, "\(line.debugDescription)")
        #expect(!line.contains("\n"))
    }
}
