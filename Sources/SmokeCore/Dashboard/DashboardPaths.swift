/// The site's file names, derived from pipeline names and test keys but never made of them raw: a readable part of
/// letters and digits and a hash of the whole name, so two keys differing only in punctuation get two pages, and
/// no key can climb out of the site (`../`) or name a hidden file.
package enum DashboardPaths {
    /// The page a web server shows for a folder (the name the run report uses too).
    package static let index = HTMLReport.fileName
    package static let tests = "tests.html"
    static let testFolder = "t"

    /// The folder of one pipeline's pages, relative to the site.
    package static func pipelineFolder(_ pipeline: String) -> String {
        "\(slug(pipeline))-\(hash(pipeline))"
    }

    /// One test's page, relative to its pipeline's folder.
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

    /// The first 12 hex digits of the name's SHA-256.
    static func hash(_ text: String) -> String {
        String(SHA256.hex(Array(text.utf8)).prefix(12))
    }
}
