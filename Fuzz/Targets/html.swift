import Foundation

/// libFuzzer target: the input as UTF-8 through `HTMLRenderer.render` at widths 40 and 1.
/// Beyond not crashing, checks that nothing in the page can drive a terminal (no controls
/// at all in the title, description and lines, which are one line each) and that every
/// link is an absolute http(s) URL without spaces or controls.
func fuzzHtml(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
  let html = String(decoding: UnsafeRawBufferPointer(start: start, count: count), as: UTF8.self)
  let base = URL(string: "https://baike.example.com/item/%E5%B9%BF%E5%B7%9E?a=1#top")
  for width in [40, 1] {
    let page = HTMLRenderer.render(html, baseURL: base, width: width)
    if let title = page.title { requireNoControls(title, "title") }
    if let description = page.description { requireNoControls(description, "description") }
    for line in page.lines { requireNoControls(line, "line at width \(width)") }
    for pageLink in page.links {
      requireNoControls(pageLink.text, "link text")
      // In-page links (`#fragment`) keep the document's URL; every one is absolute.
      let link = pageLink.url
      requireNoControls(link, "link")
      let lower = link.lowercased()
      if !(lower.hasPrefix("http://") || lower.hasPrefix("https://")) || link.contains(" ") {
        fail("link is not an absolute http(s) URL: \(link.debugDescription)")
      }
    }
  }
  return 0
}
