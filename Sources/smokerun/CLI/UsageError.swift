import SmokeCore
import SmokeKit

/// A command line that cannot be understood: invalid input like any other (exit 2), and the message
/// names the argument and the fix. One type, so an argument reader and a domain parser it calls
/// (a `--shard` value, a `--from` date) throw the same thing.
typealias UsageError = InvalidInput
