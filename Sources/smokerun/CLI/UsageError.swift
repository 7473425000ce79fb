import SmokeCore
import SmokeKit

/// A command line that cannot be understood (exit 2), naming the argument and the fix. One type, so the argument
/// reader and domain parsers it calls (`--shard`, `--from`) throw the same thing.
typealias UsageError = InvalidInput
