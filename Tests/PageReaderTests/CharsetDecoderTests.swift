import Foundation
import TestFixtures
import Testing

@testable import PageReader
@testable import TextSupport

@Suite struct CharsetDecoderTests {
  /// 你好 广州市 in GBK, 你好 臺北市 in Big5 (bytes written out by hand).
  let gbk: [UInt8] = [0xC4, 0xE3, 0xBA, 0xC3, 0x20, 0xB9, 0xE3, 0xD6, 0xDD, 0xCA, 0xD0]
  let big5: [UInt8] = [0xA7, 0x41, 0xA6, 0x6E, 0x20, 0xBB, 0x4F, 0xA5, 0x5F, 0xA5, 0xAB]

  private func decode(_ bytes: [UInt8], _ contentType: String? = nil) -> String {
    CharsetDecoder.decode(Data(bytes), contentType: contentType)
  }

  private func detect(_ bytes: [UInt8], _ contentType: String? = nil) -> String? {
    CharsetDecoder.detectCharset(Data(bytes), contentType: contentType)
  }

  private func html(head: String, body: [UInt8]) -> [UInt8] {
    Array("<html><head>\(head)</head><body>".utf8) + body + Array("</body></html>".utf8)
  }

  @Test func utf8IsTheDefaultAndNeedsNoDeclaration() {
    #expect(decode(Array("广州 Guangzhou".utf8)) == "广州 Guangzhou")
    #expect(detect(Array("广州".utf8)) == nil)
    #expect(decode([]) == "")
  }

  @Test(arguments: ["GBK", "gb2312", "GB18030", "x-gbk", "\"gbk\""])
  func gbkLabelsInTheContentTypeDecodeAsGB18030(label: String) {
    let contentType = "text/html; charset=\(label)"
    #expect(detect(gbk, contentType) == "gb18030")
    #expect(decode(gbk, contentType) == "你好 广州市")
  }

  @Test func gb18030FourByteSequencesDecode() {
    // U+20000 (𠀀) is outside GBK; GB18030 encodes it in four bytes.
    #expect(decode([0x95, 0x32, 0x82, 0x36], "text/plain; charset=gb18030") == "𠀀")
  }

  @Test func big5InTheContentTypeDecodes() {
    #expect(decode(big5, "text/html; charset=big5") == "你好 臺北市")
    #expect(detect(big5, "text/html;charset=Big5-HKSCS") == "big5")
  }

  @Test func aMetaCharsetIsUsedWhenTheHeaderHasNone() {
    let page = html(head: "<meta charset=\"gbk\">", body: gbk)
    #expect(detect(page, "text/html") == "gb18030")
    #expect(decode(page, "text/html").contains("<body>你好 广州市</body>"))
  }

  @Test func aMetaHTTPEquivContentTypeIsUsed() {
    let page = html(
      head: "<META HTTP-EQUIV='Content-Type' CONTENT='text/html; charset=BIG5'>", body: big5)
    #expect(detect(page) == "big5")
    #expect(decode(page).contains("你好 臺北市"))
  }

  @Test func theHeaderCharsetWinsOverTheMetaTag() {
    let page = html(head: "<meta charset=\"big5\">", body: Array("广州".utf8))
    #expect(detect(page, "text/html; charset=utf-8") == "utf-8")
    #expect(decode(page, "text/html; charset=utf-8").contains("广州"))
  }

  @Test func aMetaTagAfterTheFirstFourKilobytesIsIgnored() {
    let filler = String(repeating: "<!-- padding --> ", count: 300)
    let page = html(head: filler + "<meta charset=\"big5\">", body: Array("plain".utf8))
    #expect(page.count > 4096)
    #expect(detect(page) == nil)
  }

  @Test func aMetaTagInsideACommentIsIgnored() {
    let page = html(head: "<!-- <meta charset=\"big5\"> -->", body: Array("广州".utf8))
    #expect(detect(page) == nil)
    #expect(decode(page).contains("广州"))
  }

  @Test func aMetaTagClaimingUTF16IsReadAsUTF8() {
    let page = html(head: "<meta charset=\"utf-16\">", body: Array("广州".utf8))
    #expect(detect(page) == "utf-8")
    #expect(decode(page).contains("广州"))
  }

  @Test func anUnknownLabelFallsThroughToTheNextSource() {
    let page = html(head: "<meta charset=\"gbk\">", body: gbk)
    #expect(detect(page, "text/html; charset=no-such-charset") == "gb18030")
    #expect(CharsetDecoder.canonicalName(forLabel: "no-such-charset") == nil)
  }

  @Test func byteOrderMarksSelectUTF8AndUTF16AndAreDropped() {
    #expect(decode([0xEF, 0xBB, 0xBF] + Array("广州".utf8)) == "广州")
    #expect(decode([0xFF, 0xFE, 0x60, 0x4F, 0x7D, 0x59]) == "你好")
    #expect(decode([0xFE, 0xFF, 0x4F, 0x60, 0x59, 0x7D]) == "你好")
    #expect(detect([0xFF, 0xFE, 0x60, 0x4F], "text/html; charset=gbk") == "utf-16le")
  }

  @Test func undeclaredGBKIsRecognisedBecauseItIsNotUTF8() {
    #expect(detect(Array("<p>".utf8) + gbk) == "gb18030")
    #expect(decode(Array("<p>".utf8) + gbk) == "<p>你好 广州市")
  }

  @Test func invalidBytesBecomeReplacementCharacters() {
    #expect(decode([0x61, 0xFF, 0x62]) == "a\u{FFFD}b")
    let gbkType = "text/html; charset=gbk"
    #expect(decode([0xC4, 0xE3, 0xFF, 0xBA, 0xC3], gbkType) == "你\u{FFFD}好")
    #expect(decode([0xC4, 0x20, 0x41], gbkType) == "\u{FFFD} A")
    #expect(decode([0x41, 0xC4], gbkType) == "A\u{FFFD}")
    #expect(decode([0xA7, 0x41, 0xFF, 0x42], "text/html; charset=big5") == "你\u{FFFD}B")
    #expect(decode([0xFF, 0xFE, 0x00, 0xD8, 0x41], nil) == "\u{FFFD}\u{FFFD}")
  }

  @Test func arbitraryBytesNeverCrashAnyDecoder() {
    var generator = SystemRandomNumberGenerator()
    let noise = (0..<4096).map { _ in UInt8.random(in: 0...255, using: &generator) }
    for charset in ["utf-8", "gbk", "big5", "shift_jis", "euc-kr", "windows-1252", "utf-16be"] {
      let text = decode(noise, "text/html; charset=\(charset)")
      #expect(!text.isEmpty, "\(charset)")
    }
  }

  @Test func windows1252AndLatin1DecodeTheirHighHalf() {
    #expect(
      decode([0x63, 0x61, 0x66, 0xE9, 0x20, 0x80], "text/html; charset=windows-1252") == "café €")
    #expect(detect([0xE9], "text/html; charset=ISO-8859-1") == "windows-1252")
    #expect(decode([0x93, 0x71, 0x94], "text/html; charset=latin1") == "\u{201C}q\u{201D}")
  }

  @Test func shiftJISAndEUCKRDecode() {
    #expect(decode([0x93, 0xFA, 0x96, 0x7B, 0x8C, 0xEA], "text/html; charset=Shift_JIS") == "日本語")
    #expect(decode([0xC7, 0xD1, 0xB1, 0xB9, 0xBE, 0xEE], "text/html; charset=euc-kr") == "한국어")
  }

  @Test func undeclaredLatin1TextIsNotMistakenForGB18030() {
    let text: [UInt8] = [0x63, 0x61, 0x66, 0xE9, 0x20, 0x6F, 0x6B]
    #expect(detect(text) == nil)
    #expect(decode(text) == "caf\u{FFFD} ok")
  }

  @Test(arguments: [
    ("GB2312", "gb18030"), ("Big5-HKSCS", "big5"), ("latin1", "windows-1252"),
    ("UTF8", "utf-8"), ("ks_c_5601-1987", "euc-kr"), ("windows-31j", "shift_jis"),
  ])
  func labelsMapToCanonicalNames(label: String, name: String) {
    #expect(CharsetDecoder.canonicalName(forLabel: label) == name)
  }

  // MARK: Only the Encoding Standard's labels

  @Test(arguments: ["utf-7", "UTF-32", "utf-32le", "ibm037", "cp037", "ebcdic-cp-us", "x-bogus"])
  func aLabelOutsideTheEncodingStandardIsNoDeclaration(label: String) {
    let page = Array("<p>+ADw-script+AD4-alert(1)+ADw-/script+AD4- plain</p>".utf8)
    #expect(CharsetDecoder.canonicalName(forLabel: label) == nil)
    #expect(detect(page, "text/html; charset=\(label)") == nil)
    // Read as UTF-8, the bytes stay what they are: no markup is made of them.
    #expect(decode(page, "text/html; charset=\(label)") == String(decoding: page, as: UTF8.self))
  }

  @Test func aLabelOutsideTheStandardInMetaFallsBackToUTF8() {
    let page = html(head: "<meta charset=\"utf-7\">", body: Array("+ADw-b+AD4-广州".utf8))
    #expect(detect(page) == nil)
    #expect(decode(page).contains("+ADw-b+AD4-广州"))
  }

  @Test(arguments: ["hz-gb-2312", "iso-2022-kr", "iso-2022-cn", "csiso2022kr", "replacement"])
  func theReplacementLabelsDecodeToOneReplacementCharacter(label: String) {
    #expect(CharsetDecoder.canonicalName(forLabel: label) == "replacement")
    #expect(decode(Array("~{<:Ky2;S{#,~}".utf8), "text/html; charset=\(label)") == "\u{FFFD}")
    #expect(decode([], "text/html; charset=\(label)") == "")
  }

  @Test func everyEncodingOfTheStandardReadsASCIIAsItself() {
    let ascii = Array("<p class=\"a\">Guangzhou 1-2, ok?</p>".utf8)
    let skipped: Set = ["utf-16le", "utf-16be", "replacement"]
    #expect(EncodingLabels.encodings.count == 39)
    for name in EncodingLabels.encodings where !skipped.contains(name) {
      #expect(
        decode(ascii, "text/html; charset=\(name)") == String(decoding: ascii, as: UTF8.self),
        "\(name)")
      #expect(CharsetDecoder.canonicalName(forLabel: name) == name, "\(name)")
    }
  }

  @Test func labelsTheStandardDoesNotListAreNotTakenFromIconv() {
    // iconv knows these, the standard does not: they used to be honoured.
    for label in ["cp936", "windows-936", "euc-cn", "cp949", "uhc", "utf-32", "ucs-4"] {
      #expect(CharsetDecoder.canonicalName(forLabel: label) == nil, "\(label)")
    }
  }

  @Test func xUserDefinedMapsTheHighHalfToThePrivateUseArea() {
    #expect(
      decode([0x41, 0x80, 0xFF], "text/plain; charset=x-user-defined") == "A\u{F780}\u{F7FF}")
  }

  @Test func singleByteEncodingsDecodeTheirOwnLetters() {
    #expect(decode([0xC0, 0xE1], "text/html; charset=koi8-r") == "юА")
    #expect(decode([0xE0, 0xF9], "text/html; charset=iso-8859-8-i") == "אש")
    #expect(decode([0xA4], "text/html; charset=l9") == "€")
  }

  // MARK: UTF-8 under an old <meta>

  @Test(arguments: ["gb2312", "GBK", "gb18030", "big5"])
  func aUTF8PageWhoseMetaNamesALegacyCharsetIsReadAsUTF8(label: String) {
    let page = html(
      head: "<meta http-equiv=\"Content-Type\" content=\"text/html; charset=\(label)\">",
      body: Array("DeepMind新电脑已可利用记忆自学".utf8))
    let choice = CharsetDecoder.choose(Data(page), contentType: "text/html")
    #expect(choice.name == "utf-8")
    #expect(choice.source == .meta)
    #expect(choice.overruled == CharsetDecoder.canonicalName(forLabel: label))
    #expect(choice.description.hasPrefix("utf-8 (the page says "))
    #expect(decode(page, "text/html").contains("DeepMind新电脑已可利用记忆自学"))
  }

  @Test func aSingleByteCodePageIsNotOverruledByUTF8LookingBytes() {
    // "Ã©" in UTF-8 is valid UTF-8, and a windows-1252 page may spell it on purpose.
    let page = html(head: "<meta charset=\"windows-1252\">", body: Array("Ã©".utf8))
    let choice = CharsetDecoder.choose(Data(page), contentType: nil)
    #expect(choice == CharsetDecoder.Choice(name: "windows-1252", source: .meta))
  }

  @Test func realGBKBytesUnderAGBKMetaStillDecodeAsGBK() {
    let page = html(head: "<meta charset=\"gb2312\">", body: gbk)
    let choice = CharsetDecoder.choose(Data(page), contentType: nil)
    #expect(choice.name == "gb18030")
    #expect(choice.overruled == nil)
    #expect(decode(page).contains("你好 广州市"))
  }

  @Test func aHeaderCharsetStillWinsOverUTF8Bytes() {
    let page = html(head: "<meta charset=\"utf-8\">", body: Array("广州".utf8))
    let choice = CharsetDecoder.choose(Data(page), contentType: "text/html; charset=gbk")
    #expect(choice == CharsetDecoder.Choice(name: "gb18030", source: .header))
  }

  @Test func anASCIIOnlyPageKeepsItsDeclaredCharset() {
    let page = html(head: "<meta charset=\"big5\">", body: Array("plain".utf8))
    #expect(CharsetDecoder.choose(Data(page), contentType: nil).name == "big5")
  }

  @Test func aUTF8PageCutMidCharacterStillCountsAsUTF8() {
    let whole = html(head: "<meta charset=\"gbk\">", body: Array("广州市".utf8))
    let cut = Array(whole.prefix(whole.count - "</body></html>".utf8.count - 1))
    #expect(CharsetDecoder.isMultiByteUTF8(cut))
    #expect(CharsetDecoder.choose(Data(cut), contentType: nil).name == "utf-8")
    // A bad byte in the middle is not a cut: such bytes are not UTF-8.
    #expect(!CharsetDecoder.isMultiByteUTF8(Array("广".utf8) + [0xFF] + Array("州".utf8)))
  }
}
