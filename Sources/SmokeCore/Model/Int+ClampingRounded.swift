extension Int {
    /// `value` rounded to the nearest whole number and clamped to `Int`'s range, 0 for NaN: a writer prints whatever
    /// a model holds, where `Int(_:)` would trap on 1e300 or infinity.
    package init(clampingRounded value: Double) {
        let rounded = value.rounded()
        if rounded.isNaN {
            self = 0
        } else if rounded >= Double(Int.max) { // 2⁶³, one past `Int.max`
            self = Int.max
        } else if rounded <= Double(Int.min) {
            self = Int.min
        } else {
            self = Int(rounded)
        }
    }
}
