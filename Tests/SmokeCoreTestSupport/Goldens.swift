import Foundation

/// `Tests/Goldens`: the golden files of every test target, one folder per area (`CLI`, `Coverage`, `Notify`,
/// `Reports`, `Run`), outside all targets so no target has to exclude them. `RECORD_SNAPSHOTS=1` re-records them
/// (see `assertSnapshot`).
enum Goldens {
    static func folder(_ area: String) -> URL {
        PackageRoot.file("Tests/Goldens").appendingPathComponent(area, isDirectory: true)
    }
}
