import SmokeCore
import SmokeKit

/// smokerun's own version, printed by `smokerun --version` and recorded nowhere else.
package enum Version {
    package static let current = "0.9.0"
}
