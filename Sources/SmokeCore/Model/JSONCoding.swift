import Foundation

/// The one way smokerun writes and reads its own JSON: ISO 8601 UTC dates, stable key order.
package enum JSONCoding {
    package static func encoder(pretty: Bool = true) -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        encoder.outputFormatting =
            pretty ? [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes] : [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }

    package static func decoder() -> JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return decoder
    }
}

extension Encoder {
    /// Encodes every pair under its key, `null` for a nil value (synthesized coding would leave the key out).
    package func encodeEvery<Key: CodingKey>(_ keys: Key.Type, _ pairs: KeyValuePairs<Key, any Encodable>) throws {
        var container = container(keyedBy: Key.self)
        for (key, value) in pairs { try container.encode(value, forKey: key) }
    }
}
