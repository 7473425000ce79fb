import SmokeCore
import SmokeKit

/// smokerun's own version, printed by `smokerun --version` and recorded nowhere else.
enum Version {
    static let current = "0.9.0"
}
