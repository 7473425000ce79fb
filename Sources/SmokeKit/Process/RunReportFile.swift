import Foundation
import SmokeCore

/// A run folder's `report.json`, read back by the history import, `notify`, `merge`, `bisect` and the dashboard.
package enum RunReportFile {
    /// Decodes `<run>/report.json` with its times made believable (`withPlausibleTimes`).
    package static func load(at runDirectory: URL) throws -> RunReport {
        let url = runDirectory.appendingPathComponent(RunDirectory.reportName)
        guard FileManager.default.fileExists(atPath: url.path) else { throw StoreError.reportMissing(path: url.path) }
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw StoreError.readFailed(path: url.path, reason: error.localizedDescription)
        }
        do {
            return try JSONCoding.decoder().decode(RunReport.self, from: data).withPlausibleTimes()
        } catch let error as DecodingError {
            throw StoreError.reportInvalid(path: url.path, detail: error.keyPathDescription)
        } catch {
            throw StoreError.reportInvalid(path: url.path, detail: error.localizedDescription)
        }
    }
}
