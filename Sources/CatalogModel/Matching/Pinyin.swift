import Foundation
import Synchronization

/// Hanzi → toneless pinyin, tuned for place names (长沙 "chang sha", not "zhang sha").
public enum Pinyin {
  /// Lowercase toneless syllables separated by single spaces ("guang dong sheng"); a run of
  /// Latin letters or digits stays one word, and punctuation only separates.
  public static func derive(_ hanzi: String) -> String {
    syllables(of: hanzi).joined(separator: " ")
  }

  /// The syllables of `text`: place-name phrases first (longest match), then each
  /// character's place-name reading, then ICU for characters the tables lack.
  static func syllables(of text: String) -> [String] {
    syllables(of: text, icu: true) ?? []
  }

  /// The syllables from the place-name tables alone, or nil when a Han character is
  /// not in them: a reading that never costs ICU's start-up.
  static func knownSyllables(of text: String) -> [String]? {
    syllables(of: text, icu: false)
  }

  private static func syllables(of text: String, icu: Bool) -> [String]? {
    let scalars = Array(text.unicodeScalars)
    var out: [String] = []
    var word = String.UnicodeScalarView()
    func flushWord() {
      if !word.isEmpty {
        out.append(String(word))
        word.removeAll()
      }
    }
    var i = 0
    while i < scalars.count {
      let scalar = scalars[i]
      if let phrase = phrase(at: i, in: scalars) {
        flushWord()
        out.append(contentsOf: phrase.syllables)
        i += phrase.scalars.count
        continue
      }
      if isHan(scalar) {
        flushWord()
        if let known = PinyinReadings.characters[scalar] {
          out.append(known)
        } else if !icu {
          return nil
        } else if let reading = icuReading(of: scalar) {
          out.append(reading)
        }
      } else if scalar.properties.isAlphabetic || scalar.properties.numericType != nil {
        for lower in scalar.properties.lowercaseMapping.unicodeScalars { word.append(lower) }
      } else {
        flushWord()
      }
      i += 1
    }
    flushWord()
    return out
  }

  static func isHan(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xF900...0xFAFF, 0x20000...0x3134F: return true
    default: return false
    }
  }

  private static func phrase(at i: Int, in scalars: [Unicode.Scalar]) -> PinyinReadings.Phrase? {
    guard let candidates = PinyinReadings.phrases[scalars[i]] else { return nil }
    for phrase in candidates where i + phrase.scalars.count <= scalars.count {
      if scalars[i..<(i + phrase.scalars.count)].elementsEqual(phrase.scalars) {
        return phrase
      }
    }
    return nil
  }

  /// ICU readings already computed: ICU's first use is slow, later ones are cheap.
  private static let icuCache = Mutex<[Unicode.Scalar: String]>([:])

  private static func icuReading(of scalar: Unicode.Scalar) -> String? {
    if let cached = icuCache.withLock({ $0[scalar] }) { return cached.isEmpty ? nil : cached }
    let reading = transform(scalar)
    icuCache.withLock { $0[scalar] = reading }
    return reading.isEmpty ? nil : reading
  }

  /// Counts the calls of ICU made in the task that binds it (a test's).
  final class Requests: Sendable {
    let count = Mutex(0)
  }

  @TaskLocal static var requests: Requests?

  /// ICU's reading, or "" when it has none (it then returns the character unchanged).
  private static func transform(_ scalar: Unicode.Scalar) -> String {
    requests?.count.withLock { $0 += 1 }
    let latin = String(scalar).applyingTransform(.mandarinToLatin, reverse: false) ?? ""
    let plain = latin.applyingTransform(.stripDiacritics, reverse: false) ?? latin
    return letters(of: plain)
  }

  private static func letters(of plain: some StringProtocol) -> String {
    let letters = plain.lowercased().unicodeScalars.filter {
      $0.isASCII && $0.properties.isAlphabetic
    }
    return String(String.UnicodeScalarView(letters))
  }

  /// Held while `prepareReadings` reads: a second caller waits for the readings, not
  /// start ICU again.
  private static let preparing = Mutex(())

  /// Reads with ICU, in one call, every Han character of `texts` that the tables lack and
  /// that has not been read, so that a thread can have ICU started (its first transform
  /// compiles its rules: about a tenth of a second) before the readings are wanted. The
  /// readings are those one call a character gives.
  static func prepareReadings(of texts: some Sequence<String>) {
    preparing.withLock { _ in readInOneCall(texts) }
  }

  private static func readInOneCall(_ texts: some Sequence<String>) {
    let cached = icuCache.withLock { Set($0.keys) }
    var wanted: [Unicode.Scalar] = []
    var seen = Set<Unicode.Scalar>()
    for text in texts {
      for scalar in text.unicodeScalars
      where isHan(scalar) && PinyinReadings.characters[scalar] == nil && !cached.contains(scalar)
        && seen.insert(scalar).inserted
      {
        wanted.append(scalar)
      }
    }
    guard wanted.count > 1 else { return }
    requests?.count.withLock { $0 += 1 }
    // A character a line: no reading runs into the next.
    let joined = wanted.map(String.init).joined(separator: "\n")
    guard let latin = joined.applyingTransform(.mandarinToLatin, reverse: false) else { return }
    let plain = latin.applyingTransform(.stripDiacritics, reverse: false) ?? latin
    let lines = plain.split(separator: "\n", omittingEmptySubsequences: false)
    // Anything but a line a character: left to be read one at a time.
    guard lines.count == wanted.count else { return }
    icuCache.withLock { cache in
      for (scalar, line) in zip(wanted, lines) { cache[scalar] = letters(of: line) }
    }
  }

  /// ICU's reading of `scalar` with a call of its own, not from the cache: for the tests
  /// that hold `prepareReadings` to it.
  static func uncachedReading(of scalar: Unicode.Scalar) -> String {
    transform(scalar)
  }
}
