/// The status line and header fields of one HTTP/1.x response, as received.
public struct HTTPResponseHead: Sendable, Equatable {
  /// The status code (100–999 on the wire; anything else is refused by the parser).
  public var status: Int
  /// The reason phrase as sent (may be empty); untrusted text.
  public var reason: String
  /// The fields in the order received; names as sent, values trimmed; untrusted text.
  public var fields: [Field]

  /// One header field.
  public struct Field: Sendable, Equatable {
    public var name: String
    public var value: String

    public init(name: String, value: String) {
      self.name = name
      self.value = value
    }
  }

  public init(status: Int, reason: String, fields: [Field]) {
    self.status = status
    self.reason = reason
    self.fields = fields
  }

  /// Every value of the field `name` (case-insensitive), in order.
  public func values(_ name: String) -> [String] {
    let wanted = HTTPWire.lowercasedASCII(name)
    return fields.filter { HTTPWire.lowercasedASCII($0.name) == wanted }.map(\.value)
  }

  /// The field `name`'s values joined with ", " as RFC 9110 §5.3 allows, or nil.
  public func value(_ name: String) -> String? {
    let all = values(name)
    return all.isEmpty ? nil : all.joined(separator: ", ")
  }

  /// The fields as one dictionary keyed by lower-cased name, repeated fields joined with ", "
  /// (Set-Cookie included: nothing here reads cookies).
  public var fieldsByName: [String: String] {
    var joined: [String: String] = [:]
    for field in fields {
      let key = HTTPWire.lowercasedASCII(field.name)
      if let earlier = joined[key] {
        joined[key] = earlier + ", " + field.value
      } else {
        joined[key] = field.value
      }
    }
    return joined
  }

  /// True for 3xx answers that send the client elsewhere (not 304 Not Modified or 300).
  public var isRedirect: Bool {
    [301, 302, 303, 307, 308].contains(status)
  }
}

extension HTTPWire {
  static func lowercasedASCII(_ text: String) -> String {
    String(
      decoding: text.utf8.map { (0x41...0x5A).contains($0) ? $0 | 0x20 : $0 }, as: UTF8.self)
  }
}
