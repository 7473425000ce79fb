/// Names of the UI configurations Xcode runs a launch test in (`runsForEachTargetApplicationUIConfiguration`):
/// the bundle stores them as arguments with raw numbers (`1, 1`), Xcode shows `Light Appearance, Portrait`. Pure.
package enum XCUIConfigurationName {
    /// The parameter labels Xcode gives the configuration's parts, in the order it lists them.
    static let appearanceLabel = "XCUIAppearanceMode"
    static let orientationLabel = "XCUIDeviceOrientation"

    /// The appearance values bundles record (a bit set: light, dark, and 4 for the app's own default).
    static let appearances = ["1": "Light Appearance", "2": "Dark Appearance", "4": "Unspecified Appearance"]
    /// `UIDeviceOrientation` raw values.
    static let orientations = [
        "0": "Unknown Orientation", "1": "Portrait", "2": "Portrait Upside Down", "3": "Landscape Left",
        "4": "Landscape Right", "5": "Face Up", "6": "Face Down",
    ]

    /// The name of one argument value for a parameter `label`; other parameters keep their value.
    static func name(label: String?, value: String) -> String {
        switch label {
        case appearanceLabel?: appearances[value] ?? "Appearance \(value)"
        case orientationLabel?: orientations[value] ?? "Orientation \(value)"
        default: value
        }
    }

    /// The label of a UI-configuration argument set, in Xcode's order: appearance, then orientation,
    /// then anything else, whatever order the bundle stored them in.
    package static func label(_ arguments: [(label: String?, value: String)]) -> String {
        let rank: (String?) -> Int = { $0 == appearanceLabel ? 0 : $0 == orientationLabel ? 1 : 2 }
        let ordered = arguments.enumerated().sorted {
            (rank($0.element.label), $0.offset) < (rank($1.element.label), $1.offset)
        }
        return ordered.map { name(label: $0.element.label, value: $0.element.value) }.joined(separator: ", ")
    }

    /// xcresulttool's `Arguments` node of an XCTest method (which takes no arguments) is a UI configuration by raw
    /// values, `1, 4`, orientation first: a corpus bundle storing (appearance 4, orientation 1) shows `1, 4`, and every
    /// pair matches reversed. Nil for anything else.
    static func name(xctestArguments text: String) -> String? {
        let parts = text.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
        guard parts.count == 2, parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy(\.isNumber) }) else { return nil }
        return label([(orientationLabel, parts[0]), (appearanceLabel, parts[1])])
    }
}
