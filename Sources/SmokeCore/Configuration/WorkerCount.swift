/// How many test batches run at once: a number, or `auto` for the processor count (passed in, never read here).
package enum WorkerCount: Sendable, Equatable {
    case count(Int)
    case auto

    /// At least 1.
    package func resolved(processors: Int) -> Int {
        switch self {
        case .count(let count): max(1, count)
        case .auto: max(1, processors)
        }
    }

    /// As `--workers` takes it: `2`, `auto`.
    package var argument: String {
        switch self {
        case .count(let count): "\(count)"
        case .auto: "auto"
        }
    }

    /// More processes than this is a typo.
    package static let limit = 256

    /// `--workers` text: a whole number from 1 to `limit`, or `auto`.
    package static func parse(_ text: String) -> WorkerCount? {
        if text == "auto" { return .auto }
        guard let count = Int(text), (1...limit).contains(count) else { return nil }
        return .count(count)
    }
}

extension JSONObjectReader {
    package func workers(_ key: String) throws(PipelineError) -> WorkerCount? {
        let expected = "a whole number from 1 to \(WorkerCount.limit), or \"auto\" (one per processor)"
        switch fields[key] {
        case nil, .null?: return nil
        case .string(let text)?:
            guard text == "auto" else { throw error(key, "'\(text)' is not a worker count; expected \(expected)") }
            return .auto
        default:
            guard let value = try? unsigned(key), let count = WorkerCount.parse(String(value)) else {
                throw error(key, "expected \(expected)")
            }
            return count
        }
    }
}
