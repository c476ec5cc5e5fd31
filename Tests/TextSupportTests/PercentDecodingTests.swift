import Foundation
import Testing

@testable import TextSupport

/// `URLText.removingPercentEncoding` against Foundation's, which it replaces.
struct PercentDecodingTests {
  @Test(arguments: [
    "", "plain", "%E5%B9%BF%E5%B7%9E", "a%20b", "%41%42c", "100%", "%", "%4", "%zz", "%4G",
    "%C3", "%C3%28", "%FF%FE", "%00", "%2525", "广州%E5%B8%82", "%e5%b9%bf", "#x%23y", "a%%41",
    "%ED%A0%80", "%F0%9F%98%80",
  ])
  func agreesWithFoundation(text: String) {
    #expect(URLText.removingPercentEncoding(text) == text.removingPercentEncoding, "\(text)")
  }

  @Test func everyEscapedByteAgreesWithFoundation() {
    for byte in 0...255 {
      let text = "x%" + String(byte, radix: 16, uppercase: byte % 2 == 0).leftPadded(to: 2) + "y"
      let ours = URLText.removingPercentEncoding(text)
      if byte >= 0x80 {
        // A lone byte above 7F is not UTF-8. Foundation says so (nil) for all of them but
        // one: `%A9` comes back as U+FFFD, a quirk of CoreFoundation's, not followed.
        #expect(ours == nil, "\(text)")
      } else {
        #expect(ours == text.removingPercentEncoding, "\(text)")
      }
    }
  }
}

extension String {
  fileprivate func leftPadded(to count: Int) -> String {
    String(repeating: "0", count: max(0, count - self.count)) + self
  }
}
