/// Trimming on the scalar view. Foundation's `trimmingCharacters(in:)` goes through NSString, and
/// its first use costs run-time conformance look-ups (each a scan of every conformance record in
/// the static binary) on every `browse` start-up, for trimming a few short strings (figures in
/// BENCHMARKS.md). These give the same answers for the sets used here (see TrimmingTests).
extension Unicode.Scalar {
  /// A space or a tab: `CharacterSet.whitespaces` (Unicode's Zs, U+0009, and, as Foundation
  /// has it, the zero-width space U+200B).
  @inlinable public var isSpaceOrTab: Bool {
    value == 0x20 || value == 0x09
      || (value >= 0xA0 && (value == 0x200B || properties.generalCategory == .spaceSeparator))
  }

  /// Unicode's White_Space and U+200B: `CharacterSet.whitespacesAndNewlines`.
  @inlinable public var isWhiteSpace: Bool {
    value == 0x20 || (0x09...0x0D).contains(value)
      || (value >= 0x85 && (value == 0x200B || properties.isWhitespace))
  }
}

extension StringProtocol {
  /// The text without the scalars at either end for which `drop` holds.
  @inlinable public func trimmed(where drop: (Unicode.Scalar) -> Bool) -> String {
    let scalars = unicodeScalars
    guard let first = scalars.firstIndex(where: { !drop($0) }) else { return "" }
    var end = scalars.endIndex
    while end > first, drop(scalars[scalars.index(before: end)]) {
      end = scalars.index(before: end)
    }
    return String(self[first..<end])
  }

  /// The text without spaces and tabs (Zs) at either end.
  @inlinable public var trimmingSpaces: String { trimmed(where: \.isSpaceOrTab) }

  /// The text without white space (spaces, tabs and line ends) at either end.
  @inlinable public var trimmingWhiteSpace: String { trimmed(where: \.isWhiteSpace) }
}

extension Unicode.Scalar {
  /// Unicode's punctuation (general category P*): `CharacterSet.punctuationCharacters`.
  @inlinable public var isPunctuation: Bool {
    switch properties.generalCategory {
    case .connectorPunctuation, .dashPunctuation, .openPunctuation, .closePunctuation,
      .initialPunctuation, .finalPunctuation, .otherPunctuation:
      return true
    default:
      return false
    }
  }
}
