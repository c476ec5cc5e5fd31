import TextSupport

/// Text cut to a width by taking out its middle (`省份…州市`), for paths and status
/// lines whose ends matter more than their middle.
public enum TextCut {
  /// `text` cut to `width` cells by taking out its middle, so both ends stay readable.
  public static func middle(_ text: String, toWidth width: Int) -> String {
    guard TerminalText.width(text) > width else { return text }
    guard width > 1 else { return TerminalText.truncate(text, toWidth: width) }
    let characters = Array(text)
    var head = ""
    var tail = ""
    var used = 1
    var front = 0
    var back = characters.count - 1
    var takeFront = true
    while front <= back {
      let character = takeFront ? characters[front] : characters[back]
      let cells = TerminalText.width(String(character))
      if used + cells > width { break }
      used += cells
      if takeFront {
        head.append(character)
        front += 1
      } else {
        tail = String(character) + tail
        back -= 1
      }
      takeFront.toggle()
    }
    return head + "…" + tail
  }
}

extension TextCut {
  /// More cells than any terminal's line: what a name is cut to where the width it will
  /// be drawn at is not known yet (a menu's label, a path's crumb).
  public static let lineCells = 1024
  /// The UTF-8 bytes read for each cell: more than any character a cell shows needs
  /// (a wide ideograph is 3, an emoji sequence a few scalars), with room for marks.
  static let bytesPerCell = 16

  /// `text` sanitised for a terminal, read no further than `cells` cells can show (at most
  /// `cells` × 16 bytes), ending with `…` where it was cut. A name of 20 MB in a data file
  /// then costs a frame what a name of one line costs: every later step (measuring,
  /// matching, cutting) works on what can be drawn.
  public static func shown(_ text: String, cells: Int = lineCells) -> String {
    let limit = max(1, cells) * bytesPerCell
    let utf8 = text.utf8
    guard utf8.count > limit else { return TerminalText.sanitize(text) }
    var end = utf8.index(utf8.startIndex, offsetBy: limit)
    // Back to the start of a scalar, so that the head decodes whole.
    while end > utf8.startIndex, UTF8.isContinuation(utf8[end]) {
      end = utf8.index(before: end)
    }
    let head = TerminalText.sanitize(String(decoding: utf8[..<end], as: UTF8.self))
    return TerminalText.width(head) >= cells
      ? TerminalText.truncate(head, toWidth: cells) : head + "…"
  }
}
