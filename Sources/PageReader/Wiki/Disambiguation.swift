import Foundation
import TextSupport

/// A MediaWiki disambiguation page ("朝阳区可以指：…"): whether a page is one, its entries,
/// and the entry that names a division's parent. Pure: the second fetch is the caller's.
public struct Disambiguation: Sendable, Equatable {
  /// One entry of the page's list: the article it links to and the line it stands on.
  public struct Entry: Sendable, Equatable {
    /// The linked article's title (`朝阳区 (北京市)`), from its address.
    public var title: String
    /// The absolute address of the article.
    public var url: String
    /// The list item's text, on one line.
    public var line: String

    public init(title: String, url: String, line: String) {
      self.title = title
      self.url = url
      self.line = line
    }
  }

  /// The page's own title (`朝阳区`).
  public var title: String
  /// The entries, in page order, each article once.
  public var entries: [Entry]

  /// The disambiguation page `document` is, or nil when it is none. One is told by its
  /// categories (消歧义, 消歧義, 全部消歧義頁面…, in the configuration script's
  /// `wgCategories` or the `#catlinks` box) or by its box (`dmbox`, `#disambigbox`); never
  /// by `mw-disambig`, which marks links *to* such pages.
  public init?(_ document: PageDocument) {
    guard Self.isDisambiguation(document) else { return nil }
    title = WikiArticle(document: document).title() ?? ""
    entries = Self.entries(document)
  }

  static func isDisambiguation(_ document: PageDocument) -> Bool {
    if let categories = document.metadata.wiki?.categories,
      categories.contains(where: isDisambiguationCategory)
    {
      return true
    }
    let elements = document.elements
    for (index, element) in elements.enumerated() {
      if element.id == "disambigbox" { return true }
      let classes = WikiArticle.classes(element)
      if classes.contains("dmbox") || classes.contains("disambigbox") { return true }
      if element.id == "catlinks" {
        for child in elements.indices where isInside(child, index, elements) {
          if case .link = elements[child].kind,
            isDisambiguationCategory(document.textContent(of: child))
          {
            return true
          }
        }
      }
    }
    return false
  }

  private static func isInside(_ child: Int, _ parent: Int, _ elements: [PageElement]) -> Bool {
    child > parent && elements[parent].items.contains(elements[child].items.lowerBound)
  }

  /// 消歧义, 消歧義, 全部消歧義頁面, 消歧義頁, 行政區劃消歧義, "All disambiguation pages";
  /// not a category of pages that link to disambiguation pages (…链接, …連結).
  static func isDisambiguationCategory(_ name: String) -> Bool {
    let lower = name.lowercased()
    if lower.contains("链接") || lower.contains("連結") || lower.contains("link") { return false }
    for word in ["消歧义", "消歧義"] {
      if lower == word || lower.hasSuffix(word) || lower.hasSuffix(word + "页")
        || lower.hasSuffix(word + "頁") || lower.hasSuffix(word + "页面")
        || lower.hasSuffix(word + "頁面")
      {
        return true
      }
    }
    return lower == "disambiguation pages" || lower == "all disambiguation pages"
      || lower == "all article disambiguation pages"
  }

  /// The list items' links to articles in the page's body, in order.
  static func entries(_ document: PageDocument) -> [Entry] {
    let elements = document.elements
    guard
      let root = elements.indices.filter({
        WikiArticle.classes(elements[$0]).contains("mw-parser-output")
      }).max(by: { elements[$0].items.count < elements[$1].items.count })
    else { return [] }
    var entries: [Entry] = []
    var seen: Set<String> = []
    for index in elements.indices where isInside(index, root, elements) {
      guard case .link(let number) = elements[index].kind else { continue }
      let link = document.links[number]
      guard !link.isInPage, let title = articleTitle(link.url), !seen.contains(link.url),
        let item = enclosingItem(index, elements)
      else { continue }
      seen.insert(link.url)
      entries.append(
        Entry(
          title: TerminalText.sanitize(title), url: link.url, line: document.textContent(of: item)))
    }
    return entries
  }

  private static func enclosingItem(_ index: Int, _ elements: [PageElement]) -> Int? {
    var current = elements[index].parent
    var steps = 0
    while let element = current, steps < 16 {
      if case .listItem = elements[element].kind { return element }
      current = elements[element].parent
      steps += 1
    }
    return nil
  }

  /// The title an article address names: `/wiki/朝阳区_(北京市)` → `朝阳区 (北京市)`; nil
  /// for another namespace (`Category:`, `File:`…) or an address that names none.
  static func articleTitle(_ address: String) -> String? {
    guard let url = URL(string: address), let range = url.path.range(of: "/wiki/") else {
      // Variant paths (`/zh-cn/Title`) name articles too.
      guard let url = URL(string: address),
        let match = url.path.range(of: #"^/zh(-[a-z]+)?/"#, options: .regularExpression)
      else { return nil }
      return title(String(url.path[match.upperBound...]))
    }
    return title(String(url.path[range.upperBound...]))
  }

  private static func title(_ path: String) -> String? {
    let decoded = (URLText.removingPercentEncoding(path) ?? path)
      .replacingOccurrences(of: "_", with: " ")
    // A colon marks another namespace (Category:, File:, Special:).
    guard !decoded.isEmpty, !decoded.contains(":") else { return nil }
    return decoded
  }

  /// The entry that names the division's parent: `parents` in order of preference (the
  /// city, then the province), each as its names (full, short) less any the page's own
  /// title holds; for each, an entry whose
  /// title names it first, then one whose line does. Nil when none does.
  public func entry(naming parents: [[String]]) -> Entry? {
    let candidates = entries.filter { $0.title != title }
    for names in parents {
      // A name the page's own title holds (朝阳 of 朝阳市, on 朝阳区's page) tells none apart.
      let names = names.filter { $0.count >= 2 && !title.contains($0) }
      func named(_ text: String) -> Bool { names.contains { text.contains($0) } }
      if let entry = candidates.first(where: { named($0.title) }) { return entry }
      if let entry = candidates.first(where: { named($0.line) }) { return entry }
    }
    return nil
  }

  /// The one line that says an entry was followed: `消歧义页「朝阳区」→ 朝阳区 (北京市)`.
  public func followedNote(_ entry: Entry) -> String {
    "消歧义页「\(TerminalText.sanitize(title))」→ \(entry.title)"
  }
}
