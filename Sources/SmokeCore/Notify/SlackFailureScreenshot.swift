/// A failing test's screenshot in the Slack message: an image block when the run folder is published and Slack can
/// show the type; else a line saying a screenshot exists, linked where there is a link. Pure.
struct SlackFailureScreenshot {
    /// Types an image block shows (Slack: PNG, JPEG, GIF); HEIC and others are linked instead.
    static let shownTypes: Set<String> = ["image/png", "image/jpeg", "image/gif"]
    /// Slack's limits for an image block's fields.
    static let urlLimit = 3000
    static let altTextLimit = 2000
    /// The most characters `note` adds to a section (the caller leaves this much room).
    static let noteLimit = 1200

    /// The block to post after the failure's section, if any.
    let image: SlackBlock?
    /// Text appended to the failure's section ("" when the image block says it all or there is no screenshot).
    let note: String

    init(test: TestResult, links: ArtifactLinks) {
        guard let path = test.failureScreenshot else {
            image = nil
            note = ""
            return
        }
        let record = test.attachments.first { $0.path == path }
        let url = links.file(path)
        if let url, url.count <= Self.urlLimit, let record, Self.shownTypes.contains(record.mediaType) {
            image = .image(url: url, altText: SlackText.truncate(test.deviceKey, limit: Self.altTextLimit))
            note = ""
            return
        }
        image = nil
        if let url, url.count <= Self.noteLimit - 60 {
            note = "\n:camera: " + SlackText.link(url, "Screenshot of the failure")
        } else if let run = links.best, run.count <= Self.noteLimit - 80 {
            note = "\n:camera: A screenshot of the failure is in the " + SlackText.link(run, "run's artifacts")
        } else {
            note =
                """
                \n:camera: A screenshot of the failure is in the run directory (`\(SlackText.escape(path, limit: 300))`)
                """
        }
    }
}
