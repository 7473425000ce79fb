/// Which slice of the suite a sharded run ran: shard `index` of `count`, 1-based (`--shard 2/4`).
package struct ShardRecord: Codable, Sendable, Equatable, Hashable {
    var index: Int
    var count: Int
    /// Every test the whole run selected, by id, as this shard saw it: `merge` names the ones no shard ran (shards
    /// whose histories differed split the tests differently). Nil in a command's `--shard` and older reports.
    package var selected: [String]?

    package var description: String { "\(index)/\(count)" }
}
