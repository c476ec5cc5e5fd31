/// The head of an HTTP/1.1 request: method, target, and header fields, as bytes to send.
public struct HTTPRequestHead: Sendable, Equatable {
  public enum Failure: Error, Equatable, Sendable {
    /// A part would break the request's framing (a space or control character, or a name
    /// that is not a token); the part's role is named.
    case invalid(String)
  }

  public var method: String
  /// The origin-form target: the path and query, percent-encoded ("/wiki/%E5%B9%BF?x=1").
  public var target: String
  /// Fields in the order sent; `Host` first.
  public var fields: [HTTPResponseHead.Field]

  /// A request for `target` on `host` (with the port when it is not the default, and an
  /// IPv6 address in brackets), asking for the connection to close after the answer.
  public init(method: String, target: String, host: String, fields: [(String, String)]) {
    self.method = method
    self.target = target.isEmpty ? "/" : target
    var all = [HTTPResponseHead.Field(name: "Host", value: host)]
    all += fields.map { HTTPResponseHead.Field(name: $0.0, value: $0.1) }
    if !all.contains(where: { HTTPWire.lowercasedASCII($0.name) == "connection" }) {
      all.append(.init(name: "Connection", value: "close"))
    }
    self.fields = all
  }

  /// True when the field can be sent as it is: a token name, and a value of visible
  /// characters, spaces and tabs (no CR, LF or other controls).
  public static func isValidField(name: String, value: String) -> Bool {
    !name.isEmpty && name.utf8.allSatisfy(HTTPWire.isTokenByte)
      && value.utf8.allSatisfy { $0 == 0x09 || ($0 >= 0x20 && $0 != 0x7F) }
  }

  /// The head as bytes, CRLF line ends and the blank line included; refuses any part that
  /// would let text from a page or a data file split or extend the request.
  public func bytes() throws(Failure) -> [UInt8] {
    guard !method.isEmpty, method.utf8.allSatisfy(HTTPWire.isTokenByte) else {
      throw .invalid("method")
    }
    guard target.utf8.allSatisfy({ $0 > 0x20 && $0 < 0x7F }) else { throw .invalid("target") }
    var out = Array("\(method) \(target) HTTP/1.1\r\n".utf8)
    for field in fields {
      guard Self.isValidField(name: field.name, value: "") else { throw .invalid("header name") }
      guard Self.isValidField(name: field.name, value: field.value) else {
        throw .invalid("\(field.name) value")
      }
      out += Array("\(field.name): \(field.value)\r\n".utf8)
    }
    out += [0x0D, 0x0A]
    return out
  }

}
