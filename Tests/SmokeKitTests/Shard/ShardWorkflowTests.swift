import Foundation
import Testing

/// The sharded matrix example in smoke.yml (actionlint itself runs in WorkflowLintTests).
@Suite struct ShardWorkflowTests {
    static let workflow = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent(".github/workflows/smoke.yml")

    @Test func smokeWorkflowShardsOnAMatrixAndMergesInAFinalJob() throws {
        let text = try String(contentsOf: Self.workflow, encoding: .utf8)
        for needle in ["shard: [1, 2, 3]", "--shard ${{ matrix.shard }}/3 --seed ${{ github.run_id }}", "needs: linux-shard",
                       "if: ${{ always() && inputs.sharded }}", "pattern: smoke-shard-*-${{ github.run_id }}",
                       "swift run smokerun merge shards/*/*/ --pipeline Pipelines/smoke.json", "--enable-code-coverage"] {
            #expect(text.contains(needle), "smoke.yml lacks \(needle)")
        }
    }
}
