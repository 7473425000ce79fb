// The comparison point for Scripts/bench-coverage.sh: Foundation's JSONDecoder over the whole
// export, decoding only the summary fields (every other key is ignored, but the document is still parsed).
import Foundation

struct Count: Decodable { var count: Int; var covered: Int }
struct Summary: Decodable { var lines: Count; var functions: Count; var regions: Count; var branches: Count? }
struct File: Decodable { var filename: String; var summary: Summary }
struct Export: Decodable { var files: [File] }
struct Document: Decodable { var data: [Export]; var type: String; var version: String }

let data = try Data(contentsOf: URL(fileURLWithPath: CommandLine.arguments[1]), options: .mappedIfSafe)
let document = try JSONDecoder().decode(Document.self, from: data)
var count = 0, covered = 0, files = 0
for export in document.data {
    for file in export.files where !file.filename.contains("/Tests/") {
        count += file.summary.lines.count
        covered += file.summary.lines.covered
        files += 1
    }
}
print("{\"files\": \(files), \"lines\": {\"count\": \(count), \"covered\": \(covered)}}")
