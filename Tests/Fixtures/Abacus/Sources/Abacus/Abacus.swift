/// Sums and rounding, for tests to check.
public enum Abacus {
    public static func sum(_ values: [Int]) -> Int {
        values.reduce(0, +)
    }

    public static func rounded(_ value: Double, places: Int) -> Double {
        var scale = 1.0
        for _ in 0..<places { scale *= 10 }
        return (value * scale).rounded() / scale
    }
}
