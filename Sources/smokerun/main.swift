import Foundation
import SmokeCore
import SmokeKit

exit(await CommandLineTool.main(arguments: Array(CommandLine.arguments.dropFirst())))
