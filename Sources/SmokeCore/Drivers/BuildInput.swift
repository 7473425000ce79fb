/// One file or folder the build reads, relative to its root (`#1/…` for the first local dependency).
package struct BuildInput: Equatable, Sendable {
    var path: String
    var stamp: FileStamp
    var isDirectory: Bool

    package init(path: String, stamp: FileStamp, isDirectory: Bool) {
        self.path = path
        self.stamp = stamp
        self.isDirectory = isDirectory
    }
}

/// A file's `stat` as far as "did it change" goes: modification time to the nanosecond, size, inode
/// (an editor that saves by rename gives a new one).
package struct FileStamp: Codable, Equatable, Sendable {
    var modifiedNanoseconds: Int64
    var size: Int64
    var inode: UInt64

    package init(modifiedNanoseconds: Int64, size: Int64, inode: UInt64) {
        self.modifiedNanoseconds = modifiedNanoseconds
        self.size = size
        self.inode = inode
    }
}
