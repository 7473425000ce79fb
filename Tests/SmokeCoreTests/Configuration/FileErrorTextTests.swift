import Foundation
import Testing

@testable import SmokeCore

@Suite struct FileErrorTextTests {
    @Test func aFileErrorNamesThePathAndWhatHappenedWithoutDomainCodes() {
        let error = CocoaError(.fileWriteOutOfSpace, userInfo: [NSFilePathErrorKey: "/out/report.json"])
        let message = FileErrorText.message(for: error)
        #expect(message == "/out/report.json: no space left on the device; free space on that disk and try again")
        #expect(!FileErrorText.message(for: CocoaError(.fileReadNoSuchFile)).contains("NSCocoaErrorDomain"))
    }

    @Test func aRealMissingFileReadsAsNoSuchFile() {
        do {
            _ = try Data(contentsOf: URL(fileURLWithPath: "/nonexistent-\(UUID().uuidString)"))
        } catch {
            #expect(
                FileErrorText.describe(error) == "no such file or directory"
                    || FileErrorText.describe(error) == "no such file")
            #expect(!FileErrorText.message(for: error).contains("NSCocoaErrorDomain"))
        }
    }
}
