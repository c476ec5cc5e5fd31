import Testing

@testable import PageReader

/// The reader's edge checks answer on bytes or on a line's first scalar before they compare
/// Characters or lower-case: the shortcuts must give the answers the full checks give.
@Suite struct ArticleEdgesShortcutTests {
  @Test("Chinese furniture lines are found, and prose that opens like none of them is not")
  func chineseFurnitureIsFound() {
    #expect(ArticleEdges.isFurnitureAnywhere("图片来源：新华社"))
    #expect(ArticleEdges.isFurnitureAnywhere("更多"))
    #expect(ArticleEdges.isFurnitureAnywhere("相关新闻：安定门街道"))
    #expect(!ArticleEdges.isFurnitureAnywhere("安定门街道以农业和手工业闻名"))
    #expect(!ArticleEdges.isFurnitureAnywhere("更多的人住在城里"))
  }

  @Test("A line spelled with a compatibility ideograph is the label it is equivalent to")
  func compatibilityIdeographMatchesItsLabel() {
    // U+F901 is canonically equivalent to 更 (U+66F4): Swift's String equality says so.
    #expect(ArticleEdges.isFurnitureAnywhere(line: "\u{F901}多"))
    #expect(!ArticleEdges.mayOpen("安定门", with: ["更"]))
    #expect(ArticleEdges.mayOpen("\u{F901}多", with: ["更"]))
  }

  @Test("A slideshow counter after a space is still read as one")
  func counterAfterASpace() {
    #expect(ArticleEdges.isFurnitureAnywhere(line: " image 3 of 23"))
    #expect(ArticleEdges.isFurnitureAnywhere(line: "photo 1 of 12"))
  }

  @Test("Normalizing lower-cases full-width and other capitals, and leaves caseless text as it is")
  func normalizedLowerCasesBeyondASCII() {
    #expect(ArticleEdges.normalized("ＡＢＣ安定门") == "ａｂｃ安定门")
    #expect(ArticleEdges.normalized("安定门，ÉTÉ  Fête") == "安定门，été fête")
    #expect(ArticleEdges.normalized("Ⅳ号楼") == "ⅳ号楼")
    #expect(ArticleEdges.normalized(" 安定门“街道”… ") == "安定门“街道”…")
    #expect(ArticleEdges.hasNoCaseBeyondASCII(Array("安定门，“街道”ｆ".utf8)))
    #expect(!ArticleEdges.hasNoCaseBeyondASCII(Array("Ｆ".utf8)))
    #expect(!ArticleEdges.hasNoCaseBeyondASCII(Array("é".utf8)))
  }

  @Test("A credit counts only within the line's last Characters")
  func creditOnlyAtTheEnd() {
    #expect(ArticleEdges.endsWithCredit("安定门街道的城楼 (Photo: Xinhua)"))
    #expect(ArticleEdges.endsWithCredit(line: "安定门街道的城楼 ©新华社"))
    let early = "credit: epa " + String(repeating: "安", count: 70)
    #expect(!ArticleEdges.endsWithCredit(line: early, within: 60))
    #expect(!ArticleEdges.endsWithCredit(line: "安定门街道的城楼", within: 60))
  }
}
