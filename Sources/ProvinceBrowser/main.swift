import Foundation
import ProvinceCore
import ProvinceIO

// A closed standard descriptor would be reused by the next file opened (Dispatch's own,
// even), and output meant for the user would go there; hold each with /dev/null first.
StandardStream.claimClosedDescriptors()
// Before Dispatch or Foundation opens a descriptor: both trap when none is left.
guard DescriptorLimit.ensure() else { exit(ExitCode.systemError.rawValue) }
CrashGuard.install()
let (arguments, localeWarning) = LocaleArguments.read(environment: Terminal.environment)
if let localeWarning { StandardStream.error.write(localeWarning) }
let status = Browse.run(arguments)
StandardStream.output.flush()
StandardStream.error.flush()
PageFetcher.finishPreparing()
exit(status.rawValue)
