import Foundation
import TextSupport

/// Renders an HTML page as readable text, as `lynx -dump` and `w3m -dump` do: headings
/// set apart, lists indented and numbered, `pre` kept, tables aligned, links numbered.
public enum HTMLRenderer {
  /// Reads `html` (any markup, however broken) and lays its text out to `width` cells;
  /// relative links resolve against `baseURL` and the page's `<base href>`.
  public static func render(_ html: String, baseURL: URL?, width: Int) -> RenderedPage {
    var reader = HTMLReader(html: html, baseURL: baseURL, width: width)
    return reader.read()
  }
}
