import Foundation
import Testing

@testable import SmokeCore
@testable import SmokeKit
@testable import SmokeTestSupport

/// A link's path is the repository's: from the git checkout holding the project, which is the CI's workspace folder
/// unless `actions/checkout` was given a `path` (the checkout is then a folder inside it).
@Suite struct SourceLinksCheckoutTests {
    @Test func aLinkStartsAtTheCheckoutHoldingTheProject() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let checkout = folder.url.appendingPathComponent("src")
        let project = checkout.appendingPathComponent("apps/widget")
        try FileManager.default.createDirectory(
            at: checkout.appendingPathComponent(".git"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: project, withIntermediateDirectories: true)
        let environment = [
            "GITHUB_SERVER_URL": "https://github.com", "GITHUB_REPOSITORY": "acme/mono", "GITHUB_SHA": "abc",
            "GITHUB_WORKSPACE": folder.url.path,
        ]
        let links = SourceLinks.ofCheckout(environment: environment, projectRoot: project.path)
        #expect(
            links.url(file: project.path + "/Tests/T.swift", line: 3)
                == "https://github.com/acme/mono/blob/abc/apps/widget/Tests/T.swift#L3")
        #expect(SourceLinks.checkoutRoot(of: project.path) == checkout.path)
    }
}
