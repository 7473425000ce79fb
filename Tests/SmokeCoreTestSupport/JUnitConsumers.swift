import Foundation

/// Real JUnit consumers (xmllint against the schema, python's junitparser) run by `Scripts/validate-junit.sh`.
enum JUnitConsumers {
    static let script = PackageRoot.file("Scripts/validate-junit.sh")

    /// The validators are optional extras: CI installs them (`pip install junitparser`,
    /// `apt-get install libxml2-utils`); without both, the test is disabled rather than failed.
    static var available: Bool {
        let probe = Process()
        probe.executableURL = URL(fileURLWithPath: "/bin/sh")
        probe.arguments = ["-c", "command -v xmllint >/dev/null && python3 -c 'import junitparser' 2>/dev/null"]
        probe.standardOutput = FileHandle.nullDevice
        probe.standardError = FileHandle.nullDevice
        guard (try? probe.run()) != nil else { return false }
        probe.waitUntilExit()
        return probe.terminationStatus == 0
    }
}
