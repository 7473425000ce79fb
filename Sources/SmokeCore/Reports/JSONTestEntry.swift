import Foundation

/// One entry of report.json's `tests`: one line, four spaces in, as `JSONEncoder` writes it (compact, sorted keys,
/// slashes unescaped). Tests with only identity, status, duration, failures and output (most of a big run) are
/// written here byte by byte; others, or a duration `JSONEncoder` spells differently, go to the `fallback`.
enum JSONTestEntry {
    static func write(_ test: TestResult, to sink: inout ReportSink, fallback: (TestResult) -> Data) {
        sink.append("    ")
        guard test.attempts.isEmpty, test.attachments.isEmpty, test.failureScreenshot == nil,
            test.device == nil, test.activities == nil, test.orderDependence == nil, spellsPlainly(test.durationSeconds)
        else {
            return sink.append(fallback(test))
        }
        sink.append(#"{"activities":null,"attachments":[],"attempts":[],"device":null,"displayName":"#)
        if let displayName = test.displayName { string(displayName, to: &sink) } else { sink.append("null") }
        sink.append(#","durationSeconds":"#)
        _ = appendNumber(test.durationSeconds, to: &sink)
        sink.append(#","evidence":"#)
        if let evidence = test.evidence {
            sink.append(#"{"line":"#)
            optional(evidence.line, to: &sink)
            sink.append(#","source":"#)
            if let source = evidence.source { string(source, to: &sink) } else { sink.append("null") }
            sink.append(#","what":"#)
            string(evidence.what, to: &sink)
            sink.append(byte: UInt8(ascii: "}"))
        } else {
            sink.append("null")
        }
        sink.append(#","failureScreenshot":null,"failures":["#)
        failures(test.failures, to: &sink)
        sink.append(test.flaky ? #"],"flaky":true,"framework":""# : #"],"flaky":false,"framework":""#)
        sink.append(test.framework.rawValue)
        sink.append(#"","id":"#)
        string(test.id, to: &sink)
        sink.append(#","name":"#)
        string(test.name, to: &sink)
        sink.append(#","order":"#)
        sink.append(decimal: test.order)
        sink.append(#","orderDependence":null,"output":["#)
        for (position, line) in test.output.enumerated() {
            if position > 0 { sink.append(byte: UInt8(ascii: ",")) }
            string(line, to: &sink)
        }
        sink.append(#"],"position":"#)
        optional(test.position, to: &sink)
        sink.append(#","status":""#)
        sink.append(test.status.rawValue)
        sink.append(#"","suite":"#)
        string(test.suite, to: &sink)
        sink.append(#","worker":"#)
        optional(test.worker, to: &sink)
        sink.append(byte: UInt8(ascii: "}"))
    }

    private static func optional(_ value: Int?, to sink: inout ReportSink) {
        if let value { sink.append(decimal: value) } else { sink.append("null") }
    }

    /// A test's failures, each `{file, line, message}` as `JSONEncoder` writes them.
    private static func failures(_ failures: [TestFailure], to sink: inout ReportSink) {
        for (position, failure) in failures.enumerated() {
            sink.append(position == 0 ? #"{"file":"# : #",{"file":"#)
            if let file = failure.file { string(file, to: &sink) } else { sink.append("null") }
            sink.append(#","line":"#)
            if let line = failure.line { sink.append(decimal: line) } else { sink.append("null") }
            sink.append(#","message":"#)
            string(failure.message, to: &sink)
            sink.append(byte: UInt8(ascii: "}"))
        }
    }

    /// How `JSONEncoder` writes `value`: as Swift prints it, without a `.0` fraction; nil for what it may
    /// write otherwise (non-finite, exponents, negative zero), left to `JSONEncoder` itself.
    static func number(_ value: Double) -> String? {
        guard value.isFinite, !(value == 0 && value.sign == .minus) else { return nil }
        let text = value.description
        guard !text.utf8.contains(UInt8(ascii: "e")) else { return nil }
        return text.hasSuffix(".0") ? String(text.dropLast(2)) : text
    }

    /// Whether `number(value)` is not nil, without making its `String` for a duration of whole thousandths.
    private static func spellsPlainly(_ value: Double) -> Bool {
        (wholeThousandths(value) != nil && !(value == 0 && value.sign == .minus)) || number(value) != nil
    }

    /// `number(value)` appended to `sink`; false, with nothing appended, when `number` returns nil.
    static func appendNumber(_ value: Double, to sink: inout ReportSink) -> Bool {
        guard let thousandths = wholeThousandths(value), !(value == 0 && value.sign == .minus) else {
            guard let text = number(value) else { return false }
            sink.append(text)
            return true
        }
        sink.append(decimal: thousandths / 1000)
        var fraction = thousandths % 1000
        guard fraction != 0 else { return true }
        var digits = 3
        while fraction % 10 == 0 {
            fraction /= 10
            digits -= 1
        }
        sink.append(byte: UInt8(ascii: "."))
        if digits == 3, fraction < 100 { sink.append(byte: UInt8(ascii: "0")) }
        if digits >= 2, fraction < 10 { sink.append(byte: UInt8(ascii: "0")) }
        sink.append(decimal: fraction)
        return true
    }

    /// `value` × 1000 when `value` is the double nearest a whole number of thousandths (below a billion seconds):
    /// Swift's shortest spelling of it is then those thousandths' digits, trailing zeros left out.
    private static func wholeThousandths(_ value: Double) -> Int? {
        guard value >= 0, value < 1e9 else { return nil }
        let scaled = (value * 1000).rounded()
        guard scaled / 1000 == value else { return nil }
        return Int(scaled)
    }

    /// A JSON string as `JSONEncoder` escapes it: quote, backslash and control characters; slashes and non-ASCII kept.
    static func string(_ text: String, to sink: inout ReportSink) {
        sink.append(byte: UInt8(ascii: "\""))
        var text = text
        let plain = text.withUTF8 { bytes in
            for byte in bytes where byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") {
                return false
            }
            sink.append(bytes: UnsafeRawBufferPointer(bytes))
            return true
        }
        if !plain {
            var escaped = ""
            for scalar in text.unicodeScalars {
                switch scalar {
                case "\"": escaped += "\\\""
                case "\\": escaped += "\\\\"
                case "\n": escaped += "\\n"
                case "\r": escaped += "\\r"
                case "\t": escaped += "\\t"
                case "\u{08}": escaped += "\\b"
                case "\u{0C}": escaped += "\\f"
                case let control where control.value < 0x20:
                    let hex = String(control.value, radix: 16)
                    escaped += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                default: escaped.unicodeScalars.append(scalar)
                }
            }
            sink.append(escaped)
        }
        sink.append(byte: UInt8(ascii: "\""))
    }
}
