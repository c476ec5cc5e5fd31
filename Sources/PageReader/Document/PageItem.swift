/// One step of a document's content, in source order.
public enum PageItem: Sendable, Equatable {
  /// Element `i` of `PageDocument.elements` starts here.
  case start(Int)
  /// Element `i` ends here.
  case end(Int)
  /// Text from the page, bytes of `PageDocument.storage`.
  case text(Range<Int>)
  /// An image's alt text standing in for it (an image that is a link's content, or the
  /// fallback image of a formula), bytes of `PageDocument.storage`.
  case altText(Range<Int>)
  /// `<br>`.
  case lineBreak
  /// An image outside a link, with its alt text (not laid out by either view).
  case image(alt: String)
  /// A stray `</p>`: a paragraph boundary with nothing open.
  case paragraphBreak
  /// `<hr>`.
  case rule
  /// An element id or `<a name>` lands here.
  case anchor(String)
}
