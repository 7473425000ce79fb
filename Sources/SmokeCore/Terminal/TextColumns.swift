/// Fixed-width columns for terminal tables: the one padding rule, by characters.
package enum TextColumns {
    /// `text` padded with spaces to `width`, left-aligned (or right-aligned with `right`); longer text kept whole.
    package static func pad(_ text: String, _ width: Int, right: Bool = false) -> String {
        guard text.count < width else { return text }
        let space = String(repeating: " ", count: width - text.count)
        return right ? space + text : text + space
    }
}
