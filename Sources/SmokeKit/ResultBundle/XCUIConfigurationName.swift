/// Names of the UI configurations Xcode runs a launch test in (`runsForEachTargetApplicationUIConfiguration`):
/// the bundle stores them as arguments with raw numbers (`1, 1`), Xcode shows `Light Appearance, Portrait`. Pure.
enum XCUIConfigurationName {
    /// The parameter labels Xcode gives the configuration's parts, in the order it lists them.
    static let appearanceLabel = "XCUIAppearanceMode"
    static let orientationLabel = "XCUIDeviceOrientation"

    /// `XCUIDevice.Appearance` raw values.
    static let appearances = ["0": "Unspecified Appearance", "1": "Light Appearance", "2": "Dark Appearance"]
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

    /// xcresulttool's `Arguments` node of an XCTest method (which takes no arguments of its own) is a UI
    /// configuration named by its raw values, `1, 4`: appearance then orientation. Nil for anything else.
    static func name(xctestArguments text: String) -> String? {
        let parts = text.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
        guard parts.count == 2, parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy(\.isNumber) }) else { return nil }
        return [name(label: appearanceLabel, value: parts[0]), name(label: orientationLabel, value: parts[1])].joined(separator: ", ")
    }
}
