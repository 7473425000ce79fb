import Foundation
import SmokeCore

extension PipelineLoader {
    /// `culprit`: `maxMinutes` from 1 to a week, `flakyRepeats` from 1 to 20.
    static func culprit(_ object: JSONObjectReader) throws(PipelineError) -> CulpritSettings {
        try object.allowOnly(["maxMinutes", "flakyRepeats"])
        var settings = CulpritSettings()
        if let minutes = try object.unsigned("maxMinutes") {
            guard minutes >= 1, minutes <= 7 * 24 * 60 else {
                throw object.error("maxMinutes", "must be from 1 to 10080 (a week), e.g. 60")
            }
            settings.maxMinutes = Int(minutes)
        }
        if let repeats = try object.unsigned("flakyRepeats") {
            guard repeats >= 1, repeats <= 20 else {
                throw object.error("flakyRepeats", "must be from 1 (refuse flaky tests) to 20, e.g. 3")
            }
            settings.flakyRepeats = Int(repeats)
        }
        return settings
    }
}
