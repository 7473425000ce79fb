import Testing

@testable import SmokeCore

@Suite struct DoctorCheckTests {
    @Test func aFailedCheckPrintsItsFixUnderIt() {
        let checks: [DoctorCheck] = [
            .passed("pipeline", "Pipelines/smoke.json loads"),
            .failed("notify", "SMOKERUN_WEBHOOK_URL is not set", fix: "put it in .smokerun/env"),
            .skipped("build", "--no-build"),
        ]
        #expect(
            DoctorCheck.lines(checks) == [
                "✔ pipeline: Pipelines/smoke.json loads",
                "✘ notify: SMOKERUN_WEBHOOK_URL is not set",
                "    fix: put it in .smokerun/env",
                "– build: --no-build",
            ])
        #expect(DoctorCheck.summary(checks) == "doctor: 1 of 3 checks failed, 1 skipped; fix them and run doctor again")
        #expect(DoctorCheck.summary([checks[0]]) == "doctor: all 1 checks passed")
    }

    @Test func requiredVariablesSayWhereTheyAreFound() {
        var notify = NotifySettings()
        let variables = RequiredVariable.of(notify, environment: ["SMOKERUN_WEBHOOK_URL": "x"], fileNames: [])
        #expect(
            variables == [
                RequiredVariable(
                    name: "SMOKERUN_WEBHOOK_URL", key: "notify.webhookURLEnvironment", source: .environmentOnly)
            ])
        #expect(
            RequiredVariable.of(notify, environment: [:], fileNames: ["SMOKERUN_WEBHOOK_URL"]).first?.source
                == .environmentFile)
        #expect(
            RequiredVariable.of(notify, environment: ["SMOKERUN_WEBHOOK_URL": ""], fileNames: []).first?.source
                == .missing)
        notify.slackUpload = SlackUploadSettings(channel: "C1")
        #expect(RequiredVariable.of(notify, environment: [:], fileNames: []).map(\.name) == ["SLACK_BOT_TOKEN"])
    }

    @Test func aCrontabRunsThePipelineOnlyOnAnActiveLine() {
        let file = "/home/me/app/Pipelines/smoke.json"
        #expect(CrontabEntry.runs("17 */4 * * * cd /x && /bin/smokerun run \(file) >> log 2>&1\n", pipelineFile: file))
        #expect(CrontabEntry.runs("0 * * * * smokerun run '/a b/smoke.json'", pipelineFile: "/a b/smoke.json"))
        #expect(!CrontabEntry.runs("# 17 */4 * * * smokerun run \(file)", pipelineFile: file))
        #expect(!CrontabEntry.runs("17 */4 * * * smokerun run \(file).bak", pipelineFile: file))
    }

    @Test func theTestMessageNamesPipelineAndHost() {
        let body = String(decoding: JSONMessage().testBody(pipeline: "smoke", host: "ci-1"), as: UTF8.self)
        #expect(body.contains(#""kind":"test""#) && body.contains(#""host":"ci-1""#))
        let slack = String(decoding: SlackMessage().testBody(pipeline: "smoke", host: "ci-1"), as: UTF8.self)
        #expect(slack.hasPrefix(#"{"text":"smokerun doctor: test message for pipeline smoke from ci-1."#))
    }
}
