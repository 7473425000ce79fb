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
