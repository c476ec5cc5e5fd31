import BuiltInCatalog
import CatalogModel
import Foundation
import PageReader
import ProvinceCore
import ProvinceIO
import TextSupport

/// `browse -p X -c Y --fetch`: the city's page as text on stdout.
struct PageCommand {
  let options: Options

  /// `--width`, else the terminal's, else `COLUMNS` (a pipe still has a reader's width
  /// in mind: `COLUMNS=120 browse … | less`), else 80.
  private var width: Int {
    if let width = options.width { return width }
    if StandardStream.output.isTerminal { return Terminal.viewport(fd: 1).columns }
    if let columns = ProcessInfo.processInfo.environment["COLUMNS"].flatMap({ Int($0) }),
      (10...1000).contains(columns)
    {
      return columns
    }
    return 80
  }

  func fetchAndPrint(_ address: String) -> ExitCode {
    switch PageLoader(options: options).load(address) {
    case .success(let loaded):
      if let note = loaded.note {
        StandardStream.error.write("browse: \(note)\n")
      }
      let content = PageContent(
        loaded.page, width: width, view: options.fullPage ? .fullPage : .reader,
        note: loaded.note)
      for line in PageText.body(content) {
        StandardStream.output.write(line + "\n")
      }
      return .success
    case .failure(let error):
      StandardStream.error.write("browse: \(PageLoader.message(error, url: address))\n")
      if error == .cancelled { return .interrupted }
      return error.isNetworkFailure ? .unavailable : .failure
    }
  }
}
