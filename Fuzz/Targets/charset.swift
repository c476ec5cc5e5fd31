import Foundation

/// libFuzzer target: `CharsetDecoder.decode` on the input after its first byte, with the
/// Content-Type header picked by that byte from `headers`; past the list's end, the header
/// is the body's first line, so the fuzzer also explores labels the Encoding Standard lacks.
/// Beyond not crashing, checks that decoding is repeatable and the detected name canonical.
func fuzzCharset(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
  let bytes = UnsafeRawBufferPointer(start: start, count: count)
  guard let selector = bytes.first else { return 0 }
  var body = Data(bytes.dropFirst())
  var header: String?
  if Int(selector) < headers.count {
    header = headers[Int(selector)]
  } else {
    let line = body.prefix { $0 != 0x0A }
    header = String(decoding: line, as: UTF8.self)
    body = Data(body.dropFirst(line.count + 1))
  }
  let text = CharsetDecoder.decode(body, contentType: header)
  if CharsetDecoder.decode(body, contentType: header) != text {
    fail("two decodes differ for header \(header.debugDescription)")
  }
  if let name = CharsetDecoder.detectCharset(body, contentType: header),
    CharsetDecoder.canonicalName(forLabel: name) != name
  {
    fail("detected \(name.debugDescription) is not its own canonical name")
  }
  return 0
}

private let headers: [String?] = [
  nil, "text/html", "text/html; charset=utf-8", "text/html; charset=GBK",
  "text/html;charset=gb2312", "text/html; charset=\"big5\"", "text/html; charset=shift_jis",
  "text/html; charset=euc-kr", "text/html; charset=euc-jp", "text/html; charset=utf-16",
  "text/html; charset=UTF-16BE", "text/html; charset=iso-8859-1", "text/html; charset=windows-1252",
  "text/html; charset=gb18030", "text/html; charset=utf-7", "text/html; charset=UTF-32",
  "text/html; charset=ISO-2022-JP", "text/html; charset=hz-gb-2312", "text/html; charset=ibm037",
  "text/html; charset=bogus", "text/html; charset=", "text/plain; format=flowed; charset='koi8-r'",
]
