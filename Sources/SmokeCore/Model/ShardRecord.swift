/// Which slice of the suite a sharded run ran: shard `index` of `count`, 1-based (`--shard 2/4`).
package struct ShardRecord: Codable, Sendable, Equatable, Hashable {
    var index: Int
    var count: Int

    package var description: String { "\(index)/\(count)" }
}
