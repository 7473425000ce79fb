/// The input formats `smokerun parse` recognises, asked in order; a file none claims is a console log. The
/// standard list is `ResultBundle/InputFormatRegistry+Standard.swift`, the folder above every format it names.
package struct InputFormatRegistry: Sendable {
    package var formats: [any InputFormat]
    /// What a file no format claims is read as.
    package var fallback: any InputFormat

    package init(formats: [any InputFormat], fallback: any InputFormat) {
        self.formats = formats
        self.fallback = fallback
    }

    /// The format of a file from its first bytes: the first that claims it, else the fallback.
    package func detect(_ head: LineBytes) -> any InputFormat {
        let head = InputHead(head)
        return formats.first { $0.claims(head: head) } ?? fallback
    }

    /// Largest document read whole (they are trees, not streams).
    package static let documentByteLimit = 512 * 1024 * 1024

    /// A UTF-16 byte-order mark, or at least 90 % of the first 64 byte pairs hold one NUL and one ASCII byte.
    package static func looksUTF16(_ sample: LineBytes) -> Bool {
        guard sample.count >= 2 else { return false }
        if (sample[0] == 0xFF && sample[1] == 0xFE) || (sample[0] == 0xFE && sample[1] == 0xFF) { return true }
        let pairs = Swift.min(sample.count / 2, 64)
        guard pairs >= 4 else { return false }
        var asciiPairs = 0
        for pair in 0..<pairs {
            let first = sample[2 * pair]
            let second = sample[2 * pair + 1]
            if (first == 0) != (second == 0), first < 0x80, second < 0x80 { asciiPairs += 1 }
        }
        return asciiPairs * 10 >= pairs * 9
    }

    /// Whether UTF-16 `sample` starts, after its byte-order mark, with `<`: an XML document.
    package static func utf16StartsWithMarkup(_ sample: LineBytes) -> Bool {
        let marked =
            sample.count >= 2 && (sample[0] == 0xFF && sample[1] == 0xFE || sample[0] == 0xFE && sample[1] == 0xFF)
        let start = marked ? 2 : 0
        guard start + 1 < sample.count else { return false }
        let (first, second) = (sample[start], sample[start + 1])
        return (first == UInt8(ascii: "<") && second == 0) || (first == 0 && second == UInt8(ascii: "<"))
    }

    /// Whether `sample` looks like binary data: NUL bytes, or many bytes that are not UTF-8.
    package static func looksBinary(_ sample: LineBytes) -> Bool {
        guard !sample.isEmpty else { return false }
        // A run of NULs is a hole, not data: a log truncated while its writer kept writing (logrotate's
        // `copytruncate`) starts with one, a preallocated one ends with one. The rest decides.
        var nulCount = 0
        var holeBytes = 0
        var search = 0
        while let nul = sample.firstIndex(of: 0, from: search) {
            var end = nul + 1
            while end < sample.count, sample[end] == 0 { end += 1 }
            if end - nul >= 16 { holeBytes += end - nul } else { nulCount += end - nul }
            search = end
        }
        let data = sample.count - holeBytes
        guard data > 0 else { return false }
        if nulCount * 100 > data { return true }
        var invalid = 0
        var iterator = sample.makeIterator()
        var decoder = UTF8()
        decoding: while true {
            switch decoder.decode(&iterator) {
            case .scalarValue: continue
            case .error: invalid += 1
            case .emptyInput: break decoding
            }
        }
        return invalid * 20 > data
    }
}
