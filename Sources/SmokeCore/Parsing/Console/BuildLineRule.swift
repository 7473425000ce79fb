/// Recognises build output: xcodebuild steps (`CompileSwift normal arm64 …`, `Ld …`, `cd /…`, the unindented
/// `/bin/mkdir -p …` of older Xcode), SwiftPM progress (`[12/40] Compiling Ledger Ledger.swift`), package resolution
/// and compiler `warning:`/`error:` lines. Their indented continuation lines are noise too.
enum BuildLineRule {
    static func matches(_ line: LineBytes, _ start: Int) -> Bool {
        if line[start] == UInt8(ascii: "[") { return isProgress(line, start) }
        guard let prefixes = prefixesByFirstByte[Int(line[start])] else { return false }
        for prefix in prefixes where line.hasPrefix(prefix, at: start) { return true }
        return false
    }

    /// `[12/40] …`
    private static func isProgress(_ line: LineBytes, _ start: Int) -> Bool {
        let slash = line.endOfDigits(from: start + 1)
        guard slash > start + 1, slash < line.count, line[slash] == UInt8(ascii: "/") else { return false }
        let close = line.endOfDigits(from: slash + 1)
        return close > slash + 1 && line.hasPrefix("] ", at: close)
    }

    private static let prefixes: [StaticString] = [
        "Analyze ", "Check dependencies", "building file list", "sent ", "total size is ", "AppIntentsSSUTraining",
        "Build ", "Building for", "Build complete", "Build description",
        "Build settings", "Clean.Remove ", "Compiling ", "CompileSwift", "CompileC ", "Create product structure",
        "CompileAssetCatalog", "CompileStoryboard", "CompileXIB", "CompileMetal", "CodeSign ", "CopySwiftLibs", "Copy ",
        "CopyPlistFile", "CopyStringsFile",
        "CpResource", "CpHeader", "CreateBuildDirectory", "CreateUniversalBinary", "CreateBuildRequest",
        "Command line invocation:", "ComputeTargetDependencyGraph", "ComputePackagePrebuildTargetDependencyGraph",
        "Computing version", "Computed ", "Cloning ", "Cloned ", "Creating working copy", "ClangStatCache",
        "Ditto ", "Downloading ", "Downloaded ", "EmitSwiftModule", "Emitting module", "ExtractAppIntentsMetadata",
        "Fetching ", "Fetched ", "GatherProvisioningInputs", "GenerateDSYMFile", "GenerateAssetSymbols",
        "Ld ", "Libtool ", "LinkStoryboards", "Linking ", "Lipo ", "MergeSwiftModule", "MkDir ",
        "PhaseScriptExecution", "ProcessInfoPlistFile", "ProcessProductPackaging", "Prepare packages",
        "PrecompileSwiftBridgingHeader", "Planning build", "ProcessPCH", "PBXCp ", "Prepare build",
        "RegisterExecutionPolicyException", "Resolving ", "Resolve Package Graph", "Resolved source packages",
        "RegisterWithLaunchServices", "SwiftDriver", "SwiftCompile", "SwiftEmitModule", "SwiftMergeGeneratedHeaders",
        "SwiftGeneratePch", "SwiftVerifyEmittedModuleInterface", "ScanDependencies", "SymLink ", "Signing Identity:",
        "Strip ", "Touch ", "Target dependency graph", "User defaults from command line:", "Updating ",
        "Updated ", "Validate ", "ValidateEmbeddedBinary", "WriteAuxiliaryFile", "Write swift-version",
        "Write Objects", "Working copy of", "Writing result bundle", "cd ", "export ", "builtin-", "warning: ",
        "error: ", "note: ", "=== BUILD", "=== CLEAN", "xcodebuild: ", "Test build succeeded", "Build succeeded",
        // A step's commands, which older Xcode printed without indentation (`Create product structure` then
        // `/bin/mkdir -p …`).
        "/bin/mkdir ", "/bin/ln ", "/bin/rm ", "/bin/cp ", "/usr/bin/touch ", "/usr/bin/ditto ",
    ]

    private static let prefixesByFirstByte: [[StaticString]?] = {
        var table = [[StaticString]?](repeating: nil, count: 256)
        for prefix in prefixes {
            let first = Int(prefix.utf8Start.pointee)
            table[first, default: []].append(prefix)
        }
        return table
    }()
}

extension Array where Element == [StaticString]? {
    fileprivate subscript(index: Int, default defaultValue: [StaticString]) -> [StaticString] {
        get { self[index] ?? defaultValue }
        set { self[index] = newValue }
    }
}
