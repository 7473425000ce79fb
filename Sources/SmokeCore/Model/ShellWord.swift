/// Quoting for commands smokerun prints for people to paste into a POSIX shell.
package enum ShellWord {
    /// `text` as is when it holds only characters no shell treats specially, else single-quoted.
    package static func quoted(_ text: String) -> String {
        let plain = text.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "/._-+:@=,".contains($0)) }
        return plain && !text.isEmpty ? text : "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}
