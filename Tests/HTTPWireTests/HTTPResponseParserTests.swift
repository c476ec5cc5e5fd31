import Testing

@testable import HTTPWire

/// The response parser fed real response bytes, whole and split at every point.
@Suite struct HTTPResponseParserTests {
  typealias Failure = HTTPResponseParser.Failure

  /// The parser's result for `wire` fed in pieces of `step` bytes (0: whole), then closed
  /// when `close` says the server hung up.
  private func parse(
    _ wire: String, method: String = "GET", step: Int = 0, close: Bool = true
  ) -> (parser: HTTPResponseParser, body: String, error: Failure?) {
    parse(Array(wire.utf8), method: method, step: step, close: close)
  }

  private func parse(
    _ bytes: [UInt8], method: String = "GET", step: Int = 0, close: Bool = true
  ) -> (parser: HTTPResponseParser, body: String, error: Failure?) {
    var parser = HTTPResponseParser(method: method, maxHeadBytes: 1024)
    var body: [UInt8] = []
    do throws(Failure) {
      let size = step == 0 ? max(1, bytes.count) : step
      var start = 0
      while start < bytes.count {
        try parser.feed(bytes[start..<min(bytes.count, start + size)], body: &body)
        start += size
      }
      if close { try parser.endOfInput() }
      return (parser, String(decoding: body, as: UTF8.self), nil)
    } catch {
      return (parser, String(decoding: body, as: UTF8.self), error)
    }
  }

  @Test func aContentLengthBodyEndsAtItsLengthAndLaterBytesAreIgnored() {
    let wire =
      "HTTP/1.1 200 OK\r\nContent-Type: text/html\r\nContent-Length: 10\r\n\r\n<p>广</p>junk"
    for step in [0, 1, 2, 7] {
      let result = parse(wire, step: step, close: false)
      #expect(result.error == nil)
      #expect(result.parser.isComplete)
      #expect(result.body == "<p>广</p>")
      #expect(result.parser.head?.status == 200)
      #expect(result.parser.head?.reason == "OK")
      #expect(result.parser.head?.value("content-type") == "text/html")
      #expect(result.parser.framing == .length(10))
    }
  }

  @Test func aChunkedBodyIsJoinedWithExtensionsAndTrailersRead() {
    let wire =
      "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n"
      + "4;name=value\r\nWiki\r\n5\r\npedia\r\nE \r\n in\r\n\r\nchunks.\r\n0\r\nExpires: never\r\n\r\n"
    for step in [0, 1, 3, 5, 11] {
      let result = parse(wire, step: step, close: false)
      #expect(result.error == nil, "step \(step)")
      #expect(result.parser.isComplete)
      #expect(result.body == "Wikipedia in\r\n\r\nchunks.")
      #expect(result.parser.framing == .chunked)
    }
  }

  @Test func bareLineFeedsAreAcceptedAsBrowsersDo() {
    let result = parse("HTTP/1.0 200\nContent-Length: 2\n\nhi", close: false)
    #expect(result.error == nil)
    #expect(result.body == "hi")
    #expect(result.parser.head?.reason == "")
  }

  @Test func withoutLengthTheBodyRunsToTheCloseAndNeedsIt() {
    let open = parse("HTTP/1.1 200 OK\r\n\r\nall of it", close: false)
    #expect(!open.parser.isComplete)
    #expect(open.body == "all of it")
    let closed = parse("HTTP/1.1 200 OK\r\n\r\nall of it")
    #expect(closed.parser.isComplete)
    #expect(closed.parser.framing == .untilClose)
  }

  @Test(arguments: [
    ("HTTP/1.1 200 OK\r\nContent-Length: 10\r\n\r\nshort", "a body cut short"),
    ("HTTP/1.1 200 OK\r\nContent-Le", "a head cut short"),
    ("", "nothing at all"),
    ("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nab", "a chunk cut short"),
  ])
  func aConnectionThatEndsEarlyIsClosedEarly(wire: String, what: String) {
    #expect(parse(wire).error == .closedEarly, "\(what)")
  }

  @Test func headAnswersAndNoContentStatusesHaveNoBody() {
    let head = parse(
      "HTTP/1.1 200 OK\r\nContent-Length: 500\r\n\r\n", method: "HEAD", close: false)
    #expect(head.parser.isComplete)
    #expect(head.parser.framing == Optional.some(HTTPResponseParser.Framing.none))
    for status in ["204 No Content", "304 Not Modified"] {
      let result = parse("HTTP/1.1 \(status)\r\nContent-Length: 5\r\n\r\n", close: false)
      #expect(result.parser.isComplete)
      #expect(result.body.isEmpty)
    }
  }

  @Test func interimAnswersAreSkippedForTheFinalOne() {
    let wire =
      "HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 103 Early Hints\r\nLink: </a.css>\r\n\r\n"
      + "HTTP/1.1 404 Not Found\r\nContent-Length: 4\r\n\r\ngone"
    for step in [0, 1, 4] {
      let result = parse(wire, step: step, close: false)
      #expect(result.parser.head?.status == 404)
      #expect(result.parser.head?.values("Link") == [])
      #expect(result.body == "gone")
    }
  }

  @Test func foldedAndRepeatedFieldsAreJoined() {
    let result = parse(
      "HTTP/1.1 200 OK\r\nX-Note: one\r\n  two\r\nx-note: three\r\nContent-Length: 0\r\n\r\n",
      close: false)
    #expect(result.parser.head?.values("X-NOTE") == ["one two", "three"])
    #expect(result.parser.head?.fieldsByName["x-note"] == "one two, three")
  }

  @Test func transferEncodingOutranksContentLength() {
    let result = parse(
      "HTTP/1.1 200 OK\r\nContent-Length: 3\r\nTransfer-Encoding: gzip, chunked\r\n\r\n"
        + "6\r\nsix ok\r\n0\r\n\r\n", close: false)
    #expect(result.body == "six ok")
    #expect(result.parser.isComplete)
  }

  @Test func repeatedEqualLengthsAreOneLength() {
    let result = parse("HTTP/1.1 200 OK\r\nContent-Length: 2, 2\r\n\r\nok", close: false)
    #expect(result.error == nil)
    #expect(result.body == "ok")
  }

  @Test func listElementsAreSplitAtCommasAndTrimmedOfSpacesAndTabs() {
    #expect(
      HTTPResponseParser.listElements([" gzip ,\tchunked\t", "br"]) == ["gzip", "chunked", "br"])
    #expect(HTTPResponseParser.listElements(["a,,b,"]) == ["a", "b"])  // empty ones left out
    #expect(HTTPResponseParser.listElements(["", ","]) == [])
    // An element of spaces only is kept, empty.
    #expect(HTTPResponseParser.listElements(["5, ", " "]) == ["5", "", ""])
    #expect(HTTPResponseParser.listElements(["1 2, é ,x"]) == ["1 2", "é", "x"])
  }

  @Test func aLengthWithAnEmptyElementIsRefused() {
    guard
      case .malformed(let why) = parse("HTTP/1.1 200 OK\r\nContent-Length: 2, ,2\r\n\r\nok").error
    else {
      Issue.record("a Content-Length of \"2, ,2\" was taken")
      return
    }
    #expect(why.contains("Content-Length"))
  }

  @Test(arguments: [
    ("HTTP/1.1 200 OK\r\nContent-Length: 2\r\nContent-Length: 3\r\n\r\nabc", "Content-Length"),
    ("HTTP/1.1 200 OK\r\nContent-Length: 1 2\r\n\r\nabc", "Content-Length"),
    ("HTTP/1.1 200 OK\r\nContent-Length: -1\r\n\r\n", "Content-Length"),
    ("HTTP/1.1 200 OK\r\nContent-Length: 99999999999999999999\r\n\r\n", "Content-Length"),
    ("HTTP/1.1 200 OK\r\nContent-Length: 0x10\r\n\r\n", "Content-Length"),
    ("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n", "chunk size"),
    ("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\nFFFFFFFFFFFFFFFF\r\n", "chunk size"),
    ("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n2\r\nabc\r\n", "longer than"),
    ("SSH-2.0-OpenSSH_9.2\r\n\r\n", "status line"),
    ("HTTP/2 200\r\n\r\n", "status line"),
    ("HTTP/1.1 2000 OK\r\n\r\n", "status code"),
    ("HTTP/1.1 099 Low\r\n\r\n", "status code"),
    ("HTTP/1.1 200 OK\r\nno colon here\r\n\r\n", "colon"),
    ("HTTP/1.1 200 OK\r\nBad Name: x\r\n\r\n", "header name"),
    ("HTTP/1.1 200 OK\r\n folded first\r\n\r\n", "folded"),
    ("HTTP/1.1 101 Switching Protocols\r\n\r\n", "protocol switch"),
  ])
  func malformedResponsesAreRefusedWithAReason(wire: String, reason: String) {
    guard case .malformed(let why) = parse(wire).error else {
      Issue.record("no malformed error for \(wire.debugDescription)")
      return
    }
    #expect(why.contains(reason), "\(why)")
  }

  @Test func anEndlessHeadIsRefusedWithoutKeepingItAll() {
    var parser = HTTPResponseParser(method: "GET", maxHeadBytes: 1024)
    var body: [UInt8] = []
    let line = Array("X-Filler: aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa\r\n".utf8)
    var failure: Failure?
    do throws(Failure) {
      try parser.feed(Array("HTTP/1.1 200 OK\r\n".utf8)[...], body: &body)
      for _ in 0..<1000 { try parser.feed(line[...], body: &body) }
    } catch { failure = error }
    #expect(failure == .malformed("the headers are too large"))
    #expect(parser.head == nil)
  }

  @Test func endlessChunkExtensionsAndTrailersAreRefused() {
    let longSize =
      "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n1;"
      + String(repeating: "x", count: 5000)
    #expect(parse(longSize, close: false).error == .malformed("a bad chunk size line"))
    let trailers =
      "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n"
      + String(repeating: "T: 0123456789\r\n", count: 100)
    #expect(parse(trailers, close: false).error == .malformed("the trailers are too large"))
  }

  @Test func fieldTextIsUTF8WhenValidElseLatin1() {
    var wire = Array("HTTP/1.1 302 Found\r\nLocation: /wiki/广州\r\nX-Old: caf".utf8)
    wire += [0xE9] + Array("\r\nContent-Length: 0\r\n\r\n".utf8)
    let result = parse(wire, close: false)
    #expect(result.parser.head?.value("location") == "/wiki/广州")
    #expect(result.parser.head?.value("x-old") == "café")
    #expect(result.parser.head?.isRedirect == true)
  }

  @Test func leadingBlankLinesBeforeTheStatusLineAreSkipped() {
    let result = parse(
      "\r\n\r\nHTTP/1.1 200 OK\r\nContent-Length: 1\r\n\r\nx", step: 1, close: false)
    #expect(result.error == nil)
    #expect(result.body == "x")
  }
}

/// The request head: the bytes sent, and the parts that would break them refused.
@Suite struct HTTPRequestHeadTests {
  @Test func aRequestHasHostFirstAndAsksToClose() throws {
    let head = HTTPRequestHead(
      method: "GET", target: "/wiki/%E5%B9%BF?x=1", host: "[::1]:8080",
      fields: [("Accept", "text/html"), ("User-Agent", "t/1")])
    let text = String(decoding: try head.bytes(), as: UTF8.self)
    #expect(
      text
        == "GET /wiki/%E5%B9%BF?x=1 HTTP/1.1\r\nHost: [::1]:8080\r\nAccept: text/html\r\n"
        + "User-Agent: t/1\r\nConnection: close\r\n\r\n")
  }

  @Test func anEmptyTargetIsTheRoot() throws {
    let head = HTTPRequestHead(method: "HEAD", target: "", host: "a", fields: [])
    #expect(String(decoding: try head.bytes(), as: UTF8.self).hasPrefix("HEAD / HTTP/1.1\r\n"))
  }

  @Test(arguments: [
    ("GET", "/a b", "Accept", "x", "target"),
    ("GET", "/a\r\nX: y", "Accept", "x", "target"),
    ("GE T", "/", "Accept", "x", "method"),
    ("GET", "/", "Acc ept", "x", "header name"),
    ("GET", "/", "If-None-Match", "\"e\"\r\nEvil: 1", "If-None-Match value"),
  ])
  func partsThatWouldSplitTheRequestAreRefused(
    method: String, target: String, name: String, value: String, part: String
  ) {
    let head = HTTPRequestHead(method: method, target: target, host: "h", fields: [(name, value)])
    #expect(throws: HTTPRequestHead.Failure.invalid(part)) { try head.bytes() }
  }
}
