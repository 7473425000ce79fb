/// A variable a pipeline's notifications need (the webhook URL, a Slack token), and where it was found — names
/// only, never values. `install` and `doctor` list them; a run that misses one says so.
package struct RequiredVariable: Sendable, Equatable {
    package enum Source: Sendable, Equatable {
        /// Set in this process's environment (and not in the file): a scheduled job will not have it.
        case environmentOnly
        /// In `<output>/env`, which every run reads (the environment may set it too).
        case environmentFile
        case missing
    }

    package var name: String
    /// The pipeline key that names it, e.g. `notify.webhookURLEnvironment`.
    package var key: String
    package var source: Source

    /// The variables `notify` needs, each with where it is found: the Slack bot token's when it posts through the Web
    /// API, else the webhook URL's. `environment` excludes the file's variables, which are `fileNames`.
    package static func of(_ notify: NotifySettings, environment: [String: String], fileNames: Set<String>)
        -> [RequiredVariable]
    {
        let wanted: [(String, String)] =
            notify.slackUpload.map { [($0.tokenEnvironment, "notify.slackUpload.tokenEnvironment")] }
            ?? [(notify.webhookURLEnvironment, "notify.webhookURLEnvironment")]
        return wanted.map { name, key in
            let source: Source =
                fileNames.contains(name)
                ? .environmentFile : (environment[name] ?? "").isEmpty ? .missing : .environmentOnly
            return RequiredVariable(name: name, key: key, source: source)
        }
    }

    /// The names `<output>/env` may supply: every variable the pipeline's notifier names (its webhook URL's and,
    /// with `notify.slackUpload`, the bot token's). Nothing else in the file reaches smokerun.
    package static func fileVariables(of notify: NotifySettings) -> Set<String> {
        Set([notify.webhookURLEnvironment] + (notify.slackUpload.map { [$0.tokenEnvironment] } ?? []))
    }
}
