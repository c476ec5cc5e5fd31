/// HTTP/1.1 as bytes: the request a plain-HTTP fetch sends, an incremental parser for the
/// response, and gzip/deflate decoding. Pure: no sockets, no clock, no Foundation; the
/// socket loop that feeds it lives in ProvinceIO.
public enum HTTPWire {}

extension HTTPWire {
  /// RFC 9110 token characters, which methods and field names are made of.
  static func isTokenByte(_ byte: UInt8) -> Bool {
    switch byte {
    case 0x30...0x39, 0x41...0x5A, 0x61...0x7A: true
    default: Array("!#$%&'*+-.^_`|~".utf8).contains(byte)
    }
  }
}
