/// HTTP/1.1 as bytes: the request a plain-HTTP fetch sends, an incremental parser for the
/// response, and gzip/deflate decoding. Pure: no sockets, no clock, no Foundation; the
/// socket loop that feeds it lives in ProvinceIO.
public enum HTTPWire {}
