import Foundation
import SmokeKit
import SmokeCore

exit(await CommandLineTool.main(arguments: Array(CommandLine.arguments.dropFirst())))
