extension ShardRecord {
    /// Reads `K/N` (`--shard 2/4`): 1 ≤ K ≤ N ≤ 1000.
    package static func parse(_ text: String) throws(InvalidInput) -> ShardRecord {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let index = Int(parts[0]), let count = Int(parts[1]) else {
            throw InvalidInput("--shard takes K/N (this machine runs shard K of N, e.g. 2/4), not '\(text)'")
        }
        guard (1...1000).contains(count), (1...count).contains(index) else {
            throw InvalidInput("--shard \(text): K must be from 1 to N and N from 1 to 1000")
        }
        return ShardRecord(index: index, count: count)
    }
}
