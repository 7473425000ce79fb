/// A running balance of entries; small enough to reason about, big enough to test.
public struct Ledger: Sendable {
    public private(set) var entries: [Int] = []

    public init() {}

    public mutating func record(_ amount: Int) {
        entries.append(amount)
    }

    public var balance: Int { entries.reduce(0, +) }

    /// The entry at `index`; traps when out of range, like an array does.
    public func entry(at index: Int) -> Int {
        entries[index]
    }
}
