#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// Says what went wrong with a file in words, never as "NSCocoaErrorDomain error 260": the
/// messages people read name the problem and leave the path to the caller.
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
            case .fileReadInapplicableStringEncoding, .fileWriteInapplicableStringEncoding: return "the text is not UTF-8"
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

    private static func posixText(_ code: Int32) -> String {
        if code == EISDIR { return "it is a folder, not a file" }
        return String(cString: strerror(code)).lowercased()
    }
}
