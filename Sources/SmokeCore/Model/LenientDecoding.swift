/// Decoding for tools' JSON whose schema changes between Xcode releases (xcresulttool's, simctl's), where every field
/// is optional: a field that is missing, null or of an unexpected type reads as nil instead of failing the whole
/// document.
extension KeyedDecodingContainer {
    package func lenient<Value: Decodable>(_ type: Value.Type, _ key: Key) -> Value? {
        (try? decodeIfPresent(type, forKey: key)) ?? nil
    }

    /// An array whose unreadable elements are dropped one by one rather than losing the whole array.
    package func lenientArray<Element: Decodable>(_ type: Element.Type, _ key: Key) -> [Element] {
        guard let items = lenient([LenientElement<Element>].self, key) else { return [] }
        return items.compactMap(\.value)
    }

    /// What a synthesized `init(from:)` calls for a `@Lenient` property: `lenient`, never a throw.
    package func decode<Value>(_ type: Lenient<Value>.Type, forKey key: Key) -> Lenient<Value> {
        Lenient(wrappedValue: lenient(Value.self, key))
    }

    /// What a synthesized `init(from:)` calls for a `@LenientArray` property: `lenientArray`, never a throw.
    package func decode<Element>(_ type: LenientArray<Element>.Type, forKey key: Key) -> LenientArray<Element> {
        LenientArray(wrappedValue: lenientArray(Element.self, key))
    }
}

/// A field read as `lenient` reads it, so the type's `init(from:)` can be synthesized.
@propertyWrapper package struct Lenient<Value: Decodable & Sendable & Equatable>: Decodable, Sendable, Equatable {
    package var wrappedValue: Value?

    package init(wrappedValue: Value?) { self.wrappedValue = wrappedValue }

    package init(from decoder: any Decoder) throws { wrappedValue = try? Value(from: decoder) }
}

/// An array field read as `lenientArray` reads it, so the type's `init(from:)` can be synthesized.
@propertyWrapper package struct LenientArray<Element: Decodable & Sendable & Equatable>: Decodable, Sendable, Equatable
{
    package var wrappedValue: [Element]

    package init(wrappedValue: [Element]) { self.wrappedValue = wrappedValue }

    package init(from decoder: any Decoder) throws {
        wrappedValue = ((try? [LenientElement<Element>](from: decoder)) ?? []).compactMap(\.value)
    }
}

/// One array element that may fail to decode on its own.
package struct LenientElement<Wrapped: Decodable>: Decodable {
    package var value: Wrapped?

    package init(from decoder: any Decoder) throws {
        value = try? Wrapped(from: decoder)
    }
}
