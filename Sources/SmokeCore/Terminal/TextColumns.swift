/// Fixed-width columns for terminal tables (history, coverage, fire times, the command list): the one padding
/// rule, by characters.
package enum TextColumns {
    /// `text` padded with spaces to `width` characters, on the right (left-aligned) or, with `right`, on the left;
    /// longer text is kept whole.
    package static func pad(_ text: String, _ width: Int, right: Bool = false) -> String {
        guard text.count < width else { return text }
        let space = String(repeating: " ", count: width - text.count)
        return right ? space + text : text + space
    }
}
