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

  func fetchAndPrint(_ address: String) -> ExitCode {
    switch PageLoader(options: options).load(address) {
    case .success(let loaded):
      if let note = loaded.note {
        StandardStream.error.write("browse: \(note)\n")
      }
      let width = StandardStream.output.isTerminal ? Terminal.viewport(fd: 1).columns : 80
      let content = PageContent(loaded.page, width: width, note: loaded.note)
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
