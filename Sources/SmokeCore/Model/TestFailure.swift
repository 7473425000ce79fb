/// One failed expectation, or the fatal message of a crash, with where it happened.
package struct TestFailure: Codable, Sendable, Equatable {
    package var message: String
    var file: String?
    var line: Int?

    package init(message: String, file: String? = nil, line: Int? = nil) {
        self.message = message
        self.file = file
        self.line = line
    }

    /// `file:line`, or just the file, or nil when the location is unknown.
    package var location: String? {
        guard let file else { return nil }
        guard let line else { return file }
        return "\(file):\(line)"
    }
}
