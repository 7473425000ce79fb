import Foundation

/// Reads `xcodebuild test-without-building -enumerate-tests -test-enumeration-format json`
/// (Xcode 16+): `values[].enabledTests[].identifier`, every field optional. Pure.
package enum XcodeTestEnumeration {
    package static func tests(fromJSON data: Data) throws -> [TestCase] {
        let listing = try JSONDecoder().decode(Listing.self, from: data)
        var seen = Set<String>()
        var tests: [TestCase] = []
        for value in listing.values ?? [] {
            for entry in value.enabledTests ?? [] {
                guard let identifier = entry.identifier, let test = XcodeTestIdentifier.testCase(fromXcode: identifier),
                    seen.insert(test.id).inserted
                else { continue }
                tests.append(test)
            }
        }
        return tests
    }

    /// What Xcode reported as enumeration errors, for the report.
    static func errors(fromJSON data: Data) -> [String] {
        ((try? JSONDecoder().decode(Listing.self, from: data))?.errors ?? []).compactMap { $0 }
    }

    private struct Listing: Decodable {
        var values: [Value]?
        var errors: [String?]?
    }

    private struct Value: Decodable {
        var testPlan: String?
        var enabledTests: [Entry]?
        var disabledTests: [Entry]?
    }

    private struct Entry: Decodable {
        var identifier: String?
    }
}
