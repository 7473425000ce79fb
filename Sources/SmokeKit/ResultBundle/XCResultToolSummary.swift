import Foundation

/// `xcresulttool get test-results summary --schema-version 0.1.0` output; only what smokerun reports.
package struct XCResultToolSummary: Decodable, Sendable, Equatable {
    package var title: String?
    /// e.g. "SmokeApp · Built with Xcode 16.2 (16C5032a) on macOS 15.1"; the Xcode version is read from it.
    package var environmentDescription: String?
    package var result: String?
    package var totalTestCount: Int?
    package var devices: [XCResultToolDevice]

    private enum CodingKeys: String, CodingKey {
        case title, environmentDescription, result, totalTestCount, devicesAndConfigurations
    }

    private struct DeviceAndConfiguration: Decodable {
        var device: XCResultToolDevice?
    }

    package init(
        title: String? = nil, environmentDescription: String? = nil, result: String? = nil,
        totalTestCount: Int? = nil, devices: [XCResultToolDevice] = []
    ) {
        self.title = title
        self.environmentDescription = environmentDescription
        self.result = result
        self.totalTestCount = totalTestCount
        self.devices = devices
    }

    package init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        title = container.lenient(String.self, .title)
        environmentDescription = container.lenient(String.self, .environmentDescription)
        result = container.lenient(String.self, .result)
        totalTestCount = container.lenient(Int.self, .totalTestCount)
        devices = container.lenientArray(DeviceAndConfiguration.self, .devicesAndConfigurations).compactMap(\.device)
    }

    /// "Xcode 16.2 (16C5032a)" when the environment description names an Xcode.
    package var xcodeVersion: String? {
        guard let text = environmentDescription, let start = text.range(of: "Xcode ") else { return nil }
        var version = String(text[start.lowerBound...])
        // Stop at the clause after the version: " on macOS …", " · …", ", …".
        for separator in [" on ", " · ", ", ", " - "] {
            if let end = version.range(of: separator) { version = String(version[..<end.lowerBound]) }
        }
        return version.trimmingCharacters(in: .whitespaces)
    }
}
