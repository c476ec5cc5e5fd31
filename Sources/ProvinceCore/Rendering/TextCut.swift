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
