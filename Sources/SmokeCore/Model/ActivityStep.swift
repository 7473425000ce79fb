import Foundation

/// One step of a failing test's activity timeline from a result bundle, as report.json and index.html show it.
package struct ActivityStep: Codable, Sendable, Equatable {
    /// The step's title as the test wrote it (untrusted: escaped wherever shown).
    var title: String
    /// Nesting level, 0 for a top-level step.
    var depth = 0
    /// The bundle marks the step as where the failure happened.
    var failed = false
    var startedAt: Date?
    /// Names of the attachments the step holds (matched to the test's stored attachments by name when shown).
    var attachments: [String] = []

    private enum CodingKeys: String, CodingKey { case title, depth, failed, startedAt, attachments }

    /// Every key written, `null` when unknown, as the rest of `report.json`.
    package func encode(to encoder: any Encoder) throws {
        try encoder.encodeEvery(
            CodingKeys.self,
            [.title: title, .depth: depth, .failed: failed, .startedAt: startedAt, .attachments: attachments])
    }
}

// In an extension, so Swift still makes the memberwise initializer.
extension ActivityStep {
    package init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        title = try container.decode(String.self, forKey: .title)
        depth = try container.decodeIfPresent(Int.self, forKey: .depth) ?? 0
        failed = try container.decodeIfPresent(Bool.self, forKey: .failed) ?? false
        startedAt = try container.decodeIfPresent(Date.self, forKey: .startedAt)
        attachments = try container.decodeIfPresent([String].self, forKey: .attachments) ?? []
    }
}
