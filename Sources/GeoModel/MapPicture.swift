/// A map drawn into terminal cells: one Braille character and one tone per cell.
public struct MapPicture: Sendable, Equatable {
  public var columns: Int
  public var rows: Int
  /// Per cell, row by row, its 8 dots as Braille's bits (U+2800 plus these).
  public var dots: [UInt8]
  public var tones: [MapTone]

  /// The rows as text, a space where no dot is set (no colour: the shape alone tells).
  public var lines: [String] {
    (0..<rows).map { row in
      String(
        String.UnicodeScalarView(
          (0..<columns).map { column in
            let bits = dots[row * columns + column]
            return bits == 0 ? " " : Unicode.Scalar(0x2800 + UInt32(bits)) ?? " "
          }))
    }
  }

  /// The rows with each run of a tone wrapped in `style(tone)`'s opening and closing
  /// sequences (`("", "")` for none), for a terminal where colour is allowed.
  public func styledLines(_ style: (MapTone) -> (open: String, close: String)) -> [String] {
    let plain = lines
    return (0..<rows).map { row in
      var text = ""
      var current: MapTone?
      var closing = ""
      for (column, character) in plain[row].enumerated() {
        let tone = tones[row * columns + column]
        if tone != current {
          text += closing
          let (open, close) = style(tone)
          text += open
          closing = close
          current = tone
        }
        text.append(character)
      }
      return text + closing
    }
  }
}
