import FetchModel
import Foundation
import PageReader
import TextSupport

// The finding reads the page (PageReader), so it lives with the checker that fetches it,
// not in FetchModel, which holds values only.
extension LinkCheck {
  /// What the head of `page`, fetched for `target`, shows: a disambiguation page, or a
  /// redirect to another title; nil for an article under the division's name or any page
  /// that is not MediaWiki's.
  public static func finding(_ page: FetchedPage, for target: Target) -> Finding? {
    guard page.isHTML, (200..<300).contains(page.status) else { return nil }
    let document = HTMLRenderer.parse(page.text(), baseURL: page.finalURL)
    if let page = Disambiguation(document) {
      let short = NameSuffix.strip(target.province)
      let names = short == target.province ? [target.province] : [target.province, short]
      return .disambiguation(entry: page.entry(naming: [names])?.title)
    }
    if let config = document.metadata.wiki, config.redirectedFrom != nil,
      let title = config.title ?? config.pageName?.replacingOccurrences(of: "_", with: " "),
      title != target.city
    {
      return .redirect(to: TerminalText.sanitize(title))
    }
    return nil
  }
}
