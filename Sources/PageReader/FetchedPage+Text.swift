import FetchModel

extension FetchedPage {
  /// The body as text, decoded with the charset the response or page declares
  /// (see `CharsetDecoder`). Not sanitised: it is page source, not display text.
  public func text() -> String {
    CharsetDecoder.decode(body, contentType: contentType)
  }
}
