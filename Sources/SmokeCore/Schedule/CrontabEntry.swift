/// Reading a crontab as `install` writes its lines, for `doctor`'s look for an installed schedule.
package enum CrontabEntry {
    /// Whether an active (not commented) line calls `smokerun run` on `pipelineFile` (plain or single-quoted).
    package static func runs(_ crontab: String, pipelineFile: String) -> Bool {
        let needles = [" run \(pipelineFile)", " run \(ShellWord.quoted(pipelineFile))"]
        return crontab.split(separator: "\n").contains { line in
            guard !line.drop(while: { $0 == " " || $0 == "\t" }).hasPrefix("#") else { return false }
            return needles.contains { needle in
                guard let range = line.range(of: needle) else { return false }
                return range.upperBound == line.endIndex || line[range.upperBound] == " "
            }
        }
    }
}
