import Foundation
import SmokeTestSupport
import Testing

@testable import SmokeCore
@testable import SmokeCoreTestSupport
@testable import SmokeKit
@testable import smokerun

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The real `smokerun notify` against a receiver that answers with a body without end (it once held 3.4 GB after
/// ten seconds). Measured as the peak resident memory of that process (`wait4`'s `ru_maxrss`: the kernel's own
/// high-water mark, whatever the machine's load), against the same command given a two-byte answer.
@Suite(.timeLimit(.minutes(10))) struct EndlessWebhookMemoryTests {
    #if os(Linux)
        /// `smokerun notify` of a finished run to `receiver`; its exit status and peak resident memory in bytes.
        static func notify(_ receiver: NotifyWebhookReceiver) throws -> (status: Int32, peak: Int) {
            let folder = try TemporaryDirectory()
            defer { folder.remove() }
            let output = folder.url.appendingPathComponent("out")
            let store = RunStore(outputDirectory: output)
            var report = ReportFixture.report
            report.status = .failed
            let run = try store.createRunDirectory(runID: report.runID)
            _ = try store.finish(report, in: RunDirectory(run), formats: [.json], consoleLog: nil, environment: [:])
            var environment = ProcessInfo.processInfo.environment
            environment["SMOKERUN_WEBHOOK_URL"] = receiver.url(token: "memoryTOKEN").absoluteString
            let child = try ChildProcess(
                executable: IntegrationSupport.smokerunBinary.path,
                arguments: ["notify", RunDirectory(run).report.path, "--output", output.path],
                environment: environment, currentDirectory: folder.url,
                outputs: .standardOutputToFile(folder.url.appendingPathComponent("notify.out")))
            var status: Int32 = 0
            var usage = rusage()
            var waited: pid_t
            repeat { waited = wait4(child.pid, &status, 0, &usage) } while waited == -1 && errno == EINTR
            #expect(waited == child.pid)
            return ((status >> 8) & 0xff, usage.ru_maxrss * 1024)
        }

        @Test(arguments: [false, true])
        func anEndlessAnswerCostsLessThanTenMegabytes(announced: Bool) throws {
            let short = try NotifyWebhookReceiver(replies: [.init(status: 200, body: "ok")])
            defer { short.stop() }
            let baseline = try Self.notify(short)
            #expect(baseline.status == 0)

            let endless = try NotifyWebhookReceiver(replies: [
                .init(status: 200, body: "ok", endless: true, endlessLength: announced ? 1 << 40 : nil)
            ])
            defer { endless.stop() }
            let measured = try Self.notify(endless)

            #expect(measured.status == 0)
            let growth = measured.peak - baseline.peak
            #expect(growth < 10 << 20, "peak \(measured.peak) bytes against \(baseline.peak) for a short answer")
        }
    #endif
}
