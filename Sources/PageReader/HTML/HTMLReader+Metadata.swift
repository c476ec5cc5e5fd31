import Foundation
import TextSupport

/// The page's metadata as the reader builds the document: `<meta>` values, JSON-LD, the
/// byline found in the markup, resolved in Readability's order of preference.
extension HTMLReader {
  mutating func meta() {
    guard let content = tokenizer.attribute("content").flatMap(Self.oneLine) else { return }
    if tokenizer.attribute("http-equiv")?.lowercased() == "refresh" {
      var metadata = document.metadata
      refresh(content, into: &metadata)
      document.metadata = metadata
      return
    }
    // `property` may list several names (`og:title twitter:title`); `name` is one name,
    // spelled `DC.title` as often as `dc:title`. A later tag of a name wins, as in
    // Readability.
    var keys = (tokenizer.attribute("property") ?? "").lowercased()
      .split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" }).map(String.init)
    for attribute in ["name", "itemprop"] {
      if let name = tokenizer.attribute(attribute) {
        keys.append(
          name.lowercased().trimmingSpaces.replacingOccurrences(
            of: ".", with: ":"))
      }
    }
    for key in keys where metaValues.count < 256 {
      metaValues[key] = content
    }
  }

  /// Title, byline, description and date from what the page declared, in Readability's
  /// order of preference: JSON-LD, then Dublin Core, Open Graph, plain names, Twitter.
  mutating func resolveMetadata() {
    let values = metaValues
    func first(_ keys: [String]) -> String? {
      keys.lazy.compactMap { values[$0] }.first
    }
    var metadata = document.metadata
    metadata.headline =
      jsonLD.headline
      ?? first([
        "dc:title", "dcterm:title", "og:title", "weibo:article:title", "weibo:webpage:title",
        "title", "twitter:title", "parsely-title",
      ])
    let author =
      first(["dc:creator", "dcterm:creator", "author", "parsely-author"])
      ?? first(["article:author"]).flatMap { $0.lowercased().hasPrefix("http") ? nil : $0 }
    metadata.byline = jsonLD.byline ?? author ?? markupByline
    metadata.description = first([
      "dc:description", "dcterm:description", "og:description", "weibo:article:description",
      "weibo:webpage:description", "description", "twitter:description",
    ])
    metadata.published =
      jsonLD.published
      ?? first([
        "article:published_time", "parsely-pub-date", "og:published_time", "datepublished",
        "dc:date", "date", "pubdate",
      ]) ?? timeFallback
    metadata.articleBody = jsonLD.body
    metadata.declaresArticle =
      jsonLD.isArticle || first(["og:type"])?.lowercased().hasPrefix("article") == true
    metadata.canonicalURL = first(["og:url"])
    metadata.documentURL = documentURL
    document.metadata = metadata
  }

  /// `<meta http-equiv=refresh content="0; url=…">`: where the page sends its reader.
  mutating func refresh(_ content: String, into metadata: inout PageMetadata) {
    guard metadata.refresh == nil else { return }
    let parts = content.split(separator: ";", maxSplits: 1).map(\.trimmingSpaces)
    guard let delay = parts.first.flatMap({ Int($0.prefix { $0.isNumber }) }) else { return }
    guard parts.count == 2 else { return }
    var target = parts[1]
    if target.lowercased().hasPrefix("url") {
      target = target.dropFirst(3).trimmingSpaces
      if target.hasPrefix("=") { target = String(target.dropFirst()) }
    }
    target = target.trimmed(where: { $0 == " " || $0 == "\"" || $0 == "'" })
    guard let url = links.resolve(target) else { return }
    metadata.refresh = PageLink(url: url, text: url)
    metadata.refreshDelay = delay
  }

  // MARK: - Byline

  mutating func startByline(element: Int?) {
    bylineCapture = (stack.count, element, [])
  }

  mutating func finishByline() {
    guard let capture = bylineCapture else { return }
    bylineCapture = nil
    let name = bylineName.flatMap { Self.oneLine(String(decoding: $0.text, as: UTF8.self)) }
    bylineName = nil
    guard let text = name ?? Self.oneLine(String(decoding: capture.text, as: UTF8.self)),
      text.count < 100
    else { return }
    bylineFound = true
    markupByline = text
    document.metadata.bylineElement = capture.element
  }

  /// Page furniture by the hints (comments, a sidebar, a menu), never inside a table or
  /// code, as Readability's first pass removes it: no byline or date is taken there.
  func isFurniture(_ name: String) -> Bool {
    openCounts["table", default: 0] == 0 && openCounts["code", default: 0] == 0
      && hints.isFurniture(name, tokenizer)
  }

  // MARK: - JSON-LD

  mutating func readJSONLD(_ bytes: [UInt8]) {
    guard let json = try? JSONSerialization.jsonObject(with: Data(bytes)) else { return }
    var queue: [Any] = [json]
    var seen = 0
    while let next = queue.popLast(), seen < 64 {
      seen += 1
      if let array = next as? [Any] {
        queue.append(contentsOf: array.reversed())
        continue
      }
      guard let object = next as? [String: Any] else { continue }
      if let graph = object["@graph"] { queue.append(graph) }
      let type = (object["@type"] as? String) ?? ((object["@type"] as? [String])?.first ?? "")
      guard type.hasSuffix("Article") || type == "BlogPosting" || type == "Report" else {
        continue
      }
      jsonLD.isArticle = true
      // Sites often escape JSON-LD strings as HTML (`&#163;`, `&amp;`): decoded, as
      // Readability unescapes every metadata value.
      if jsonLD.headline == nil, let headline = object["headline"] as? String {
        jsonLD.headline = Self.oneLine(CharacterReferences.decode(headline))
      }
      if jsonLD.byline == nil, let author = Self.authorName(object["author"]) {
        jsonLD.byline = Self.oneLine(CharacterReferences.decode(author))
      }
      if jsonLD.published == nil, let date = object["datePublished"] as? String {
        jsonLD.published = Self.oneLine(date)
      }
      if jsonLD.body == nil,
        let body = (object["articleBody"] as? String) ?? (object["description"] as? String)
      {
        jsonLD.body = Self.oneLine(CharacterReferences.decode(String(body.prefix(4096))))
      }
      return
    }
  }

  static func authorName(_ value: Any?) -> String? {
    if let name = value as? String { return name }
    if let object = value as? [String: Any] { return object["name"] as? String }
    if let array = value as? [Any] {
      let names = array.compactMap { authorName($0) }
      return names.isEmpty ? nil : names.joined(separator: ", ")
    }
    return nil
  }
}
