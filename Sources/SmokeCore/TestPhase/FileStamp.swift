/// A file's `stat` for "did it change": mtime to the nanosecond, size, inode (saving by rename gives a new one).
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
