import Foundation
import SmokeCore

@testable import SmokeKit

/// A result bundle reading that answers the same contents for every bundle.
struct CannedReader: ResultBundleReading {
    var contents: ResultBundleContents
    func read(bundle: URL, scratchDirectory: URL) throws -> ResultBundleContents { contents }
}
