/// What a run or `notify` says when the notifier's variable was not found: the one wording for every command.
package enum NotifyWarning {
    /// `name` was in neither the environment nor a usable `<output>/env`. A refused file that holds the variable (made
    /// with the usual umask) is named as such: that is not the same as a variable nobody set.
    package static func missingVariable(
        _ name: String, file: String, refusal: (error: EnvironmentFileError, names: [String])?
    ) -> String {
        guard let refusal else {
            return """
                no notification was sent: \(name) is set neither in the environment nor in \(file); write it with \
                `smokerun secret set \(name)` (the value on standard input; cron, systemd and launchd jobs read \
                \(file) too)
                """
        }
        let reason = refusal.error.shortReason
        guard refusal.names.contains(name) else {
            return """
                no notification was sent: \(name) is not in the environment, and \(file) was refused (\(reason)); \
                write it with `smokerun secret set \(name)`, which makes the file afresh with mode 600
                """
        }
        return """
            no notification was sent: \(file): refused: \(reason); the variable is there but was not used \
            (\(name)). Run `chmod 600 \(file)`, or write it with `smokerun secret set \(name)`, which makes the file \
            with mode 600
            """
    }

    /// A message the webhook did not take and the outbox could not hold (`why`: `could not write <file>: …`): the
    /// alarm is lost, said as an error. `resend`: the run `smokerun notify` can send it for, when its report.json is.
    package static func lost(_ why: String, resend runID: String?) -> String {
        let why = why.hasSuffix(".") ? String(why.dropLast()) : why
        let again = runID.map { "; once the output folder can be written, `smokerun notify \($0)` sends it" } ?? ""
        return "a notification was neither delivered nor queued, so it is lost: \(why)\(again)"
    }
}
