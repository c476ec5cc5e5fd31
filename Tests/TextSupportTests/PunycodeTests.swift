import Testing

@testable import TextSupport

/// Punycode against the sample strings of RFC 3492, section 7.1.
@Suite struct PunycodeTests {
  @Test(arguments: [
    // (A) Arabic (Egyptian)
    (
      "\u{0644}\u{064A}\u{0647}\u{0645}\u{0627}\u{0628}\u{062A}\u{0643}\u{0644}\u{0645}"
        + "\u{0648}\u{0634}\u{0639}\u{0631}\u{0628}\u{064A}\u{061F}",
      "egbpdaj6bu4bxfgehfvwxn"
    ),
    // (B) Chinese (simplified)
    ("他们为什么不说中文", "ihqwcrb4cv8a8dqg056pqjye"),
    // (C) Chinese (traditional)
    ("他們爲什麽不說中文", "ihqwctvzc91f659drss3x8bo0yb"),
    // (D) Czech, with basic code points in both cases kept as they are
    ("Pročprostěnemluvíčesky", "Proprostnemluvesky-uyb24dma41a"),
    // (G) Japanese (kanji and hiragana)
    ("なぜみんな日本語を話してくれないのか", "n8jok5ay5dzabd5bym9f0cm5685rrjetr6pdxa"),
    // (I) Russian, the RFC's mixed-case annotation aside (this encoder writes lower case)
    ("почемужеонинеговорятпорусски", "b1abfaaepdrnnbgefbadotcwatmq2g4l"),
    // (L) 3年B組金八先生
    ("3年B組金八先生", "3B-ww4c5e180e575a65lsy2b"),
    // (P) MajiでKoiする5秒前
    ("MajiでKoiする5秒前", "MajiKoi5-783gue6qz075azm5e"),
    // (R) そのスピードで, all non-basic
    ("そのスピードで", "d9juau41awczczp"),
    // (S) all basic code points: the hyphen ends the basic part
    ("-> $1.00 <-", "-> $1.00 <--"),
  ])
  func rfc3492Samples(label: String, expected: String) {
    #expect(Punycode.encode(label) == expected)
  }

  @Test func theNamesOfTheIssue() {
    #expect(Punycode.encode("例子") == "fsqu00a")
    #expect(Punycode.encode("测试") == "0zwm56d")
    #expect(Punycode.encode("") == "")
  }
}
