/// Splits a restaurant bill: the tip on a subtotal and each person's share.
public struct TipCalculator: Sendable {
    public var tipPercent: Double

    public init(tipPercent: Double = 15) {
        self.tipPercent = tipPercent
    }

    /// The tip on `subtotal`, rounded to the cent.
    public func tip(on subtotal: Double) -> Double {
        guard subtotal > 0 else { return 0 }
        return (subtotal * tipPercent).rounded() / 100
    }

    /// Subtotal plus tip.
    public func total(for subtotal: Double) -> Double {
        subtotal + tip(on: subtotal)
    }

    /// Each person's share of the total, rounded up to the cent so the bill is always covered.
    public func share(of subtotal: Double, people: Int) -> Double {
        precondition(people > 0, "a bill is split between at least one person")
        return (total(for: subtotal) * 100 / Double(people)).rounded(.up) / 100
    }
}
