/// A shelf of items with counts: small logic for the tests to exercise.
public struct Shelf: Sendable, Equatable {
    public private(set) var counts: [String: Int] = [:]

    public init() {}

    public mutating func add(_ item: String, count: Int = 1) {
        precondition(count > 0, "count must be positive")
        counts[item, default: 0] += count
    }

    /// Removes up to `count`; returns how many were removed.
    @discardableResult
    public mutating func take(_ item: String, count: Int = 1) -> Int {
        let available = counts[item, default: 0]
        let taken = min(available, count)
        counts[item] = available - taken == 0 ? nil : available - taken
        return taken
    }

    public var total: Int { counts.values.reduce(0, +) }
}

/// A process-wide cache: the static state the order-dependent tests share.
public enum PriceCache {
    nonisolated(unsafe) public static var prices: [String: Int] = [:]
}
