/// The site's file names: a readable slug of the pipeline name or test key plus a hash of the whole, so keys
/// differing only in punctuation get two pages, and no key can climb out of the site (`../`) or name a hidden file.
package enum DashboardPaths {
    /// The page a web server shows for a folder (the name the run report uses too).
    package static let index = HTMLReport.fileName
    package static let tests = "tests.html"
    static let testFolder = "t"

    package static func pipelineFolder(_ pipeline: String) -> String {
        "\(slug(pipeline))-\(hash(pipeline))"
    }

    package static func testPage(_ key: String) -> String {
        "\(testFolder)/\(slug(key))-\(hash(key)).html"
    }

    /// A test's page relative to the site: what a message links under `notify.dashboardURL`.
    package static func testPage(pipeline: String, key: String) -> String {
        "\(pipelineFolder(pipeline))/\(testPage(key))"
    }

    /// Up to 40 lowercase ASCII letters and digits, runs of anything else as one `-`.
    static func slug(_ text: String) -> String {
        var slug = ""
        for scalar in text.unicodeScalars {
            guard slug.count < 40 else { break }
            if scalar.isASCII, scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) {
                slug.unicodeScalars.append(contentsOf: String(scalar).lowercased().unicodeScalars)
            } else if !slug.isEmpty, !slug.hasSuffix("-") {
                slug += "-"
            }
        }
        while slug.hasSuffix("-") { slug.removeLast() }
        return slug.isEmpty ? "x" : slug
    }

    static func hash(_ text: String) -> String {
        String(SHA256.hex(Array(text.utf8)).prefix(12))
    }
}
