import Foundation

/// One report format: its name in a pipeline's `reports`, its file in the run folder, its cost, and how its bytes
/// are made. A new format conforms to this and gets a line in `ReportRegistry.standard`.
package protocol ReportWriter: Sendable {
    /// The name a pipeline's `reports` and `parse --format` use.
    var format: ReportFormat { get }
    var fileName: String { get }
    var cost: ReportCost { get }
    /// Appends the report's bytes; pure (what it needs of the run folder comes in `context`).
    func write(_ report: RunReport, context: ReportContext, to sink: inout ReportSink)
}

/// How a writer's time grows with the run, which decides its thread: a big run writes each `perTest` report on
/// a thread of its own, and the `summary` ones beside the first of them.
package enum ReportCost: Sendable {
    /// A page of totals and failures: small whatever the run's size.
    case summary
    /// A line or more per test.
    case perTest
}

/// What a writer may know of the run beyond its report.
package struct ReportContext: Sendable {
    /// Links from failure locations to the source (CI's repository URL and commit).
    package var sources: SourceLinks
    /// The bytes of an attachment inside the run folder, for a page that shows it inline; nil when unreadable.
    package var attachmentContent: @Sendable (AttachmentRecord) -> Data?
    /// What stands now at the path of each input the reports point at instead of a copy
    /// (`InputReference.referenced`), by path; an input not listed is taken as present.
    package var inputPresence: [String: InputReference.Presence]

    package init(
        sources: SourceLinks = SourceLinks(),
        attachmentContent: @escaping @Sendable (AttachmentRecord) -> Data? = { _ in nil },
        inputPresence: [String: InputReference.Presence] = [:]
    ) {
        self.sources = sources
        self.attachmentContent = attachmentContent
        self.inputPresence = inputPresence
    }
}

/// A report format's name, as a pipeline's `reports` lists it; the valid names are the registry's.
package struct ReportFormat: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    package var rawValue: String

    package init(rawValue: String) {
        self.rawValue = rawValue
    }

    package var description: String { rawValue }
}
