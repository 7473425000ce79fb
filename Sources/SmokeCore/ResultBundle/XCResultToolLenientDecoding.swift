/// Decoding for xcresulttool's JSON, where every field is optional: a field that is missing, null or
/// of an unexpected type reads as nil instead of failing the whole document (schemas change between Xcode releases).
extension KeyedDecodingContainer {
    package func lenient<Value: Decodable>(_ type: Value.Type, _ key: Key) -> Value? {
        (try? decodeIfPresent(type, forKey: key)) ?? nil
    }

    /// An array whose unreadable elements are dropped one by one rather than losing the whole array.
    package func lenientArray<Element: Decodable>(_ type: Element.Type, _ key: Key) -> [Element] {
        guard let items = lenient([LenientElement<Element>].self, key) else { return [] }
        return items.compactMap(\.value)
    }
}

/// One array element that may fail to decode on its own.
package struct LenientElement<Wrapped: Decodable>: Decodable {
    package var value: Wrapped?

    package init(from decoder: any Decoder) throws {
        value = try? Wrapped(from: decoder)
    }
}
