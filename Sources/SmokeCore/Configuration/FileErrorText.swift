import Foundation

/// Says what went wrong with a file in words, never as "NSCocoaErrorDomain error 260"; the caller names the path.
package enum FileErrorText {
    package static func describe(_ error: any Error) -> String {
        if let cocoa = error as? CocoaError {
            if let posix = (cocoa.userInfo[NSUnderlyingErrorKey] as? NSError), posix.domain == NSPOSIXErrorDomain {
                return posixText(Int32(posix.code))
            }
            switch cocoa.code {
            case .fileReadNoSuchFile, .fileNoSuchFile: return "no such file"
            case .fileReadNoPermission, .fileWriteNoPermission: return "permission denied"
            case .fileReadCorruptFile: return "the file is damaged or not in the expected format"
            case .fileReadInvalidFileName, .fileWriteInvalidFileName: return "the file name is not valid"
            case .fileReadTooLarge: return "the file is too large"
            case .fileReadInapplicableStringEncoding, .fileWriteInapplicableStringEncoding:
                return "the text is not UTF-8"
            case .fileWriteOutOfSpace: return "no space left on the device"
            case .fileWriteVolumeReadOnly: return "the file system is read-only"
            case .fileWriteFileExists: return "a file of that name is already there"
            default: return "the file could not be used"
            }
        }
        if let posix = error as? POSIXError { return posixText(posix.code.rawValue) }
        let ns = error as NSError
        if ns.domain == NSPOSIXErrorDomain { return posixText(Int32(ns.code)) }
        return error.localizedDescription
    }

    /// A whole message for an error that reached the command line; a file error names its path.
    package static func message(for error: any Error) -> String {
        let ns = error as NSError
        guard
            error is CocoaError || error is POSIXError || ns.domain == NSCocoaErrorDomain
                || ns.domain == NSPOSIXErrorDomain
        else {
            return error.localizedDescription
        }
        let path = (ns.userInfo[NSFilePathErrorKey] as? String) ?? (ns.userInfo[NSURLErrorKey] as? URL)?.path
        let what = describe(error)
        return (path.map { "\($0): \(what)" } ?? what) + "; " + advice(for: what)
    }

    private static func advice(for what: String) -> String {
        if what.contains("space") || what.contains("quota") { return "free space on that disk and try again" }
        if what.contains("permission") || what.contains("read-only") { return "check the permissions of the path" }
        if what.contains("no such file") { return "check the path" }
        return "check the path and its permissions"
    }

    private static func posixText(_ code: Int32) -> String {
        if code == EISDIR { return "it is a folder, not a file" }
        return String(cString: strerror(code)).lowercased()
    }
}
