import Foundation

@testable import SmokeCore

/// Hand-written llvm-cov exports and reports shared by the coverage tests.
enum CoverageFixtures {
    /// A version 3 export: two source files (one with a multi-line region and a branch), one test file,
    /// a `functions` array to skip, and escapes in a name.
    static let exportV3 = """
        {"data":[{"files":[
          {"branches":[[9,8,9,20,3,0,0,0,4]],"expansions":[],"filename":"/pkg/Sources/Core/Math.swift","mcdc_records":[],
           "segments":[[3,5,4,true,true,false],[5,2,0,false,false,false],[7,5,0,true,true,false],[8,10,0,true,false,true],[9,1,3,true,true,false],[12,2,0,false,false,false]],
           "summary":{"branches":{"count":2,"covered":1,"notcovered":1,"percent":50},"functions":{"count":2,"covered":1,"percent":50},
             "instantiations":{"count":2,"covered":1,"percent":50},"lines":{"count":9,"covered":7,"percent":77.77},
             "mcdc":{"count":0,"covered":0,"notcovered":0,"percent":0},"regions":{"count":4,"covered":2,"notcovered":2,"percent":50}}},
          {"branches":[],"expansions":[],"filename":"/pkg/Sources/App/Main \\"quoted\\" \\u00e9.swift","mcdc_records":[],
           "segments":[[1,1,1,true,true,false],[2,2,0,false,false,false]],
           "summary":{"branches":{"count":0,"covered":0,"notcovered":0,"percent":0},"functions":{"count":1,"covered":1,"percent":100},
             "instantiations":{"count":1,"covered":1,"percent":100},"lines":{"count":2,"covered":2,"percent":100},
             "mcdc":{"count":0,"covered":0,"notcovered":0,"percent":0},"regions":{"count":1,"covered":1,"notcovered":0,"percent":100}}},
          {"branches":[],"expansions":[],"filename":"/pkg/Tests/CoreTests/MathTests.swift","mcdc_records":[],"segments":[[1,1,1,true,true,false]],
           "summary":{"branches":{"count":0,"covered":0,"notcovered":0,"percent":0},"functions":{"count":5,"covered":5,"percent":100},
             "lines":{"count":50,"covered":50,"percent":100},"regions":{"count":5,"covered":5,"notcovered":0,"percent":100}}}
         ],
         "functions":[{"branches":[],"count":4,"filenames":["/pkg/Sources/Core/Math.swift"],"name":"$s4Core4MathV3addyS2iF","regions":[[3,5,5,2,4,0,0,0],[7,5,12,2,0,0,0,0]]}],
         "totals":{"branches":{"count":2,"covered":1,"notcovered":1,"percent":50},"functions":{"count":8,"covered":7,"percent":87.5},
           "lines":{"count":61,"covered":58,"percent":95.08},"regions":{"count":10,"covered":8,"notcovered":2,"percent":80}}}],
         "type":"llvm.coverage.json.export","version":"3.0.1"}
        """

    /// A version 2.0.0 export: five-element segments, no branches or mcdc, keys in another order.
    static let exportV2 = """
        {"version":"2.0.0","type":"llvm.coverage.json.export","data":[{"totals":{},"files":[
          {"filename":"/pkg/Sources/Core/Old.swift","segments":[[1,1,2,true,true],[3,1,0,true,true],[4,2,0,false,false]],"expansions":[],
           "summary":{"lines":{"count":4,"covered":3,"percent":75},"functions":{"count":2,"covered":1,"percent":50},
             "instantiations":{"count":2,"covered":1,"percent":50},"regions":{"count":2,"covered":1,"notcovered":1,"percent":50}}}
        ],"functions":[]}]}
        """

    static func write(_ text: String, name: String = "export.json") throws -> URL {
        let directory = TestScratch.root.appendingPathComponent(
            "smokerun-coverage-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let url = directory.appendingPathComponent(name)
        try Data(text.utf8).write(to: url)
        return url
    }

    static func count(_ covered: Int, _ count: Int) -> CoverageCount { CoverageCount(covered: covered, count: count) }

    static func summary(
        lines: (Int, Int), functions: (Int, Int) = (0, 0), regions: (Int, Int) = (0, 0), branches: (Int, Int) = (0, 0)
    ) -> CoverageSummary {
        CoverageSummary(
            lines: count(lines.0, lines.1), functions: count(functions.0, functions.1),
            regions: count(regions.0, regions.1), branches: count(branches.0, branches.1))
    }

    /// A small report with three modules, a long path and a file with no executable lines.
    static let report = CoverageReport(files: [
        FileCoverage(
            path: "Sources/Core/Math.swift", module: "Core",
            summary: summary(lines: (6, 9), functions: (1, 2), regions: (2, 4), branches: (1, 2))),
        FileCoverage(path: "Sources/Core/Constants.swift", module: "Core", summary: summary(lines: (0, 0))),
        FileCoverage(
            path: "Sources/App/Main.swift", module: "App",
            summary: summary(lines: (2, 2), functions: (1, 1), regions: (1, 1))),
        FileCoverage(
            path: "Sources/Networking/Very/Deeply/Nested/Folder/Structure/HTTPClientRetryPolicy.swift",
            module: "Networking",
            summary: summary(lines: (13, 140), functions: (2, 12), regions: (20, 180))),
    ])

    static let details: [String: FileLineDetail] = [
        "Sources/Core/Math.swift": FileLineDetail(
            path: "Sources/Core/Math.swift",
            lines: [
                LineHit(line: 3, count: 4), LineHit(line: 4, count: 4), LineHit(line: 7, count: 0),
                LineHit(line: 8, count: 0), LineHit(line: 9, count: 3),
            ],
            branches: [BranchHit(line: 9, trueCount: 3, falseCount: 0)],
            functions: [
                FunctionHit(name: "$s4Core3addyS2i_SitF", line: 3, count: 4),
                FunctionHit(name: "$s4Core3subyS2i_SitF", line: 7, count: 0),
            ]
        ),
        "Sources/App/Main.swift": FileLineDetail(
            path: "Sources/App/Main.swift", lines: [LineHit(line: 1, count: 1), LineHit(line: 2, count: 1)]),
    ]

    static func history(_ percents: [(String, Int, Int)], pipeline: String = "smoke") -> [HistoryEntry] {
        percents.enumerated().map { index, item in
            let start = Date(timeIntervalSince1970: 1_700_000_000 + Double(index) * 14_400)
            let report = RunReport(
                pipeline: pipeline, runID: item.0, status: .passed, startedAt: start, finishedAt: start + 60, seed: 1,
                ordering: OrderingRecord(mode: .random, isolation: .suite, seed: 1), environment: [:],
                device: ResolvedDevice(platform: "host"), toolchain: nil, tests: [],
                coverage: summary(lines: (item.1, item.2))
            )
            return HistoryEntry(report: report, path: "runs/\(item.0)")
        }
    }
}
