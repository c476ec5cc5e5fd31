import BuiltInCatalog
import CatalogModel
import Foundation
import PageReader
import ProvinceCore
import ProvinceIO
import TextSupport

/// Opens a URL in the user's browser.
enum BrowserLauncher {
  static func open(_ url: String) -> ExitCode {
    let ascii = URLText.ascii(url)
    let environment = Terminal.environment
    for command in BrowserCommand.candidates(url: ascii, environment: environment) {
      guard
        let program = BrowserCommand.resolve(
          command[0], path: environment["PATH"] ?? "/usr/bin:/bin",
          isExecutable: { FileManager.default.isExecutableFile(atPath: $0) })
      else { continue }
      let process = Process()
      process.executableURL = URL(fileURLWithPath: program)
      process.arguments = Array(command.dropFirst())
      do {
        try process.run()
        process.waitUntilExit()
      } catch {
        continue
      }
      if process.terminationStatus == 0 { return .success }
      StandardStream.error.write(
        "browse: '\(TerminalText.sanitize(command[0]))' could not open \(ascii) (exit \(process.terminationStatus))\n"
      )
      return .unavailable
    }
    StandardStream.error.write(
      "browse: no browser to open \(ascii): set BROWSER, or install xdg-open (xdg-utils)\n")
    return .unavailable
  }
}
