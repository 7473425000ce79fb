import Foundation

/// How the page shows a source location: project-relative, linked when a repository URL is known (a CI's checkout).
package struct SourceLinks: Sendable, Equatable {
    /// Absolute project root; paths under it are shown relative to it.
    var projectRoot: String?
    /// What a repository-relative path is appended to, e.g. `https://github.com/o/r/blob/<sha>/`.
    var baseURL: String?
    /// Where the project lies in the repository (`apps/widget/` of a monorepo; empty at its root): a link's path
    /// starts there, as the repository's paths do.
    var projectInRepository = ""

    package init(projectRoot: String? = nil, baseURL: String? = nil, repositoryRoot: String? = nil) {
        self.projectRoot = projectRoot
        self.baseURL = baseURL.map { $0.hasSuffix("/") ? $0 : $0 + "/" }
        if let project = projectRoot?.trimmingSuffix("/"), let repository = repositoryRoot?.trimmingSuffix("/"),
            project.hasPrefix(repository + "/")
        {
            projectInRepository = String(project.dropFirst(repository.count + 1)) + "/"
        }
    }

    /// GitHub Actions and GitLab CI name the repository and the commit; elsewhere paths stay unlinked.
    /// `repositoryRoot` (the checkout's top folder) places the project in the repository; without it, the CI's
    /// checkout folder does, which is the repository's unless `actions/checkout` was given a `path`.
    package static func from(
        environment: [String: String], projectRoot: String? = nil, repositoryRoot: String? = nil
    ) -> SourceLinks {
        func value(_ key: String) -> String? { environment[key].flatMap { $0.isEmpty ? nil : $0 } }
        if let server = value("GITHUB_SERVER_URL"), let repository = value("GITHUB_REPOSITORY"),
            let sha = value("GITHUB_SHA")
        {
            return SourceLinks(
                projectRoot: projectRoot, baseURL: "\(server)/\(repository)/blob/\(sha)/",
                repositoryRoot: repositoryRoot ?? value("GITHUB_WORKSPACE"))
        }
        if let project = value("CI_PROJECT_URL"), let sha = value("CI_COMMIT_SHA") {
            return SourceLinks(
                projectRoot: projectRoot, baseURL: "\(project)/-/blob/\(sha)/",
                repositoryRoot: repositoryRoot ?? value("CI_PROJECT_DIR"))
        }
        return SourceLinks(projectRoot: projectRoot)
    }

    /// The path relative to the project: under `projectRoot`, or from the package's last `Sources/` or
    /// `Tests/` folder (SwiftPM's layout) when the root is unknown; nil when it is outside the project.
    func relative(_ path: String) -> String? {
        guard path.hasPrefix("/") else { return path.hasPrefix("../") ? nil : path }
        if let root = projectRoot?.trimmingSuffix("/"), path.hasPrefix(root + "/") {
            return String(path.dropFirst(root.count + 1))
        }
        // Searched in UTF-8 with the parsers' byte helpers (Documentation/Performance.md).
        let bytes = Array(path.utf8)
        let start: Int? = bytes.withUnsafeBufferPointer { path in
            if path.firstIndex(of: "/.build/") != nil || path.firstIndex(of: "/checkouts/") != nil { return nil }
            return [path.lastIndex(of: "/Sources/"), path.lastIndex(of: "/Tests/")].compactMap { $0 }.max()
        }
        guard let start else { return nil }
        return String(decoding: bytes[(start + 1)...], as: UTF8.self)
    }

    /// The project folder's name, when the root is known.
    var projectFolder: String? {
        guard let root = projectRoot?.trimmingSuffix("/") else { return nil }
        return root.split(separator: "/").last.map(String.init)
    }

    /// The path relative to the project, else the file's name: never the build machine's absolute path (a message
    /// is read elsewhere).
    func shortPath(_ file: String) -> String {
        relative(file) ?? file.split(separator: "/").last.map(String.init) ?? file
    }

    /// `Sources/A.swift:12` for display.
    func display(file: String, line: Int?) -> String {
        let shown = relative(file) ?? file
        return line.map { "\(shown):\($0)" } ?? shown
    }

    /// A link to the line in the repository, when a base URL is known and the file is the project's.
    func url(file: String, line: Int?) -> String? {
        guard let baseURL, let relative = relative(file) else { return nil }
        let path = projectInRepository + relative
        let encoded = path.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? path
        return baseURL + encoded + (line.map { "#L\($0)" } ?? "")
    }
}

extension String {
    fileprivate func trimmingSuffix(_ suffix: String) -> String {
        hasSuffix(suffix) && count > suffix.count ? String(dropLast(suffix.count)) : self
    }
}
