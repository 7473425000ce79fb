import Foundation

/// Where a run came from: the machine, the commit it tested and the CI run that started it, recorded so messages,
/// the history and the dashboard can say *which commit* broke a test.
package struct RunOrigin: Codable, Sendable, Equatable {
    package var host: String?
    /// The full commit hash the tests ran on.
    package var commit: String?
    /// The branch checked out (or the CI's branch, when the checkout is a detached head).
    package var branch: String?
    /// Whether tracked files had uncommitted changes; nil when unknown (no git checkout was read).
    package var dirty: Bool?
    /// What said the commit: `git`, or the CI variable read (e.g. `GITHUB_SHA`).
    package var commitSource: String?
    package var ciRunURL: String?

    package init(
        host: String? = nil, commit: String? = nil, branch: String? = nil, dirty: Bool? = nil,
        commitSource: String? = nil, ciRunURL: String? = nil
    ) {
        self.host = host
        self.commit = commit
        self.branch = branch
        self.dirty = dirty
        self.commitSource = commitSource
        self.ciRunURL = ciRunURL
    }

    private enum CodingKeys: String, CodingKey {
        case host, commit, branch, dirty, commitSource, ciRunURL
    }

    /// Every key, `null` when unknown, as report.json's other objects.
    package func encode(to encoder: any Encoder) throws {
        try encoder.encodeEvery(
            CodingKeys.self,
            [
                .host: host, .commit: commit, .branch: branch, .dirty: dirty, .commitSource: commitSource,
                .ciRunURL: ciRunURL,
            ])
    }

    package var shortCommit: String? { commit.map { String($0.prefix(12)) } }

    /// What a CI's own variables say (GitHub Actions, GitLab CI, Buildkite, CircleCI, Bitrise, Jenkins, Xcode Cloud).
    package static func fromCI(environment: [String: String]) -> RunOrigin {
        func value(_ key: String) -> String? {
            guard let text = environment[key]?.trimmingCharacters(in: .whitespaces), !text.isEmpty else { return nil }
            return text
        }
        for ci in CIVariables.all {
            guard let commit = value(ci.commit) else { continue }
            let branch = ci.branch.lazy.compactMap(value).first
            return RunOrigin(commit: commit, branch: branch, commitSource: ci.commit, ciRunURL: ci.runURL(value))
        }
        return RunOrigin()
    }

    /// This origin's commit and branch from a git checkout, completed by the CI's: a CI checks out a detached head,
    /// so its branch comes from the CI; the commit is the checkout's own (what was built).
    package func completed(byCI ci: RunOrigin) -> RunOrigin {
        var origin = self
        if origin.commit == nil {
            origin.commit = ci.commit
            origin.commitSource = ci.commitSource
        }
        if origin.branch == nil || origin.branch == "HEAD" { origin.branch = ci.branch }
        origin.ciRunURL = origin.ciRunURL ?? ci.ciRunURL
        return origin
    }
}

/// The variables one CI names its commit, branch and run page with.
private struct CIVariables: Sendable {
    var commit: String
    var branch: [String]
    var runURL: @Sendable ((String) -> String?) -> String?

    static let all: [CIVariables] = [
        CIVariables(commit: "GITHUB_SHA", branch: ["GITHUB_HEAD_REF", "GITHUB_REF_NAME"]) { value in
            guard let server = value("GITHUB_SERVER_URL"), let repository = value("GITHUB_REPOSITORY"),
                let run = value("GITHUB_RUN_ID")
            else { return nil }
            return "\(server)/\(repository)/actions/runs/\(run)"
        },
        CIVariables(commit: "CI_COMMIT_SHA", branch: ["CI_COMMIT_REF_NAME"]) {
            $0("CI_JOB_URL") ?? $0("CI_PIPELINE_URL")
        },
        CIVariables(commit: "BUILDKITE_COMMIT", branch: ["BUILDKITE_BRANCH"]) { $0("BUILDKITE_BUILD_URL") },
        CIVariables(commit: "CIRCLE_SHA1", branch: ["CIRCLE_BRANCH"]) { $0("CIRCLE_BUILD_URL") },
        CIVariables(commit: "BITRISE_GIT_COMMIT", branch: ["BITRISE_GIT_BRANCH"]) { $0("BITRISE_BUILD_URL") },
        CIVariables(commit: "CI_COMMIT", branch: ["CI_BRANCH"]) { _ in nil },
        CIVariables(commit: "GIT_COMMIT", branch: ["GIT_BRANCH"]) { $0("BUILD_URL") },
    ]
}
