/// SplitMix64 (Steele et al. 2014): a specified generator, so a seed gives one order on every platform and
/// Swift version.
struct SplitMix64: RandomNumberGenerator, Sendable {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A uniform value in `0..<bound` without modulo bias (Lemire's method).
    mutating func next(below bound: UInt64) -> UInt64 {
        precondition(bound > 0)
        var product = next().multipliedFullWidth(by: bound)
        if product.low < bound {
            let threshold = (0 &- bound) % bound
            while product.low < threshold {
                product = next().multipliedFullWidth(by: bound)
            }
        }
        return product.high
    }
}

extension Array {
    /// Fisher–Yates with SplitMix64: the same seed and input give the same output everywhere.
    func seededShuffle(seed: UInt64) -> [Element] {
        var generator = SplitMix64(seed: seed)
        var result = self
        guard result.count > 1 else { return result }
        for index in stride(from: result.count - 1, to: 0, by: -1) {
            let other = Int(generator.next(below: UInt64(index + 1)))
            result.swapAt(index, other)
        }
        return result
    }
}
