import Foundation

/// Run ids: `20261122T040000Z-3f9a`, UTC seconds then a random suffix, so names sort by time.
package enum RunID {
    /// `suffix` is random hex (`randomSuffix()`); anything else is dropped so the id is always a safe folder name.
    package static func make(date: Date, suffix: String) -> String {
        let stamp = date.formatted(stampStyle)
        let hex = suffix.lowercased().filter { $0.isHexDigit && $0.isASCII }
        return hex.isEmpty ? stamp : "\(stamp)-\(hex)"
    }

    /// ISO 8601's basic format in UTC (`20261122T040000Z`): no separators, so the id is one safe name.
    private static let stampStyle = Date.ISO8601FormatStyle(
        dateSeparator: .omitted, dateTimeSeparator: .standard, timeSeparator: .omitted, timeZoneSeparator: .omitted,
        includingFractionalSeconds: false, timeZone: TimeZone(identifier: "UTC")!)

    /// Four random hex digits.
    static func randomSuffix<Generator: RandomNumberGenerator>(using generator: inout Generator) -> String {
        String(format: "%04x", UInt16.random(in: .min ... .max, using: &generator))
    }

    package static func randomSuffix() -> String {
        var generator = SystemRandomNumberGenerator()
        return randomSuffix(using: &generator)
    }

    /// Whether `id` is exactly what `make` writes (`20261122T040000Z` and an optional `-<hex>`): the only names
    /// smokerun deletes or sweeps under `runs/`. A folder named otherwise (`Documents`) was not made by smokerun.
    package static func isMade(_ id: String) -> Bool {
        let scalars = Array(id.unicodeScalars)
        guard scalars.count >= 16, scalars.count <= 16 + 1 + 16 else { return false }
        let digit: (Unicode.Scalar) -> Bool = { ("0"..."9").contains($0) }
        let stamp = scalars[..<16]
        for (offset, scalar) in stamp.enumerated() {
            switch offset {
            case 8: guard scalar == "T" else { return false }
            case 15: guard scalar == "Z" else { return false }
            default: guard digit(scalar) else { return false }
            }
        }
        guard scalars.count > 16 else { return true }
        let suffix = scalars[17...]
        return scalars[16] == "-" && !suffix.isEmpty && suffix.allSatisfy { digit($0) || ("a"..."f").contains($0) }
    }

    /// A run id read from a user (a CLI argument) is a single safe path component.
    package static func isValid(_ id: String) -> Bool {
        guard !id.isEmpty, id != ".", id != "..", id.utf8.count <= 128 else { return false }
        return id.unicodeScalars.allSatisfy { scalar in
            scalar.isASCII
                && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar)
                    || "._-".unicodeScalars.contains(scalar))
        }
    }
}
