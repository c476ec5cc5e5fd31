/// Every outline of the data, decoded, with an index from code to outline.
///
/// The compact form (`Scripts/import-outlines.py` writes it), little-endian:
/// - `PBGEO\u{1}\0\0`, then u32 units per degree, u32 count, u32 name bytes, u32 stream bytes;
/// - per division, 44 bytes: u32 code, u8 level, u8 flags (1: a leaf), u16 name length,
///   u32 name offset, i32 parent index (-1: none), i32 west, south, east, north, i32 the
///   point's lng and lat, u32 the offset of its rings in the stream;
/// - the names, UTF-8, end to end;
/// - the stream: per division a varint ring count, then per ring a varint `count << 1 | hole`
///   and `count` vertices (the closing one left out), each a zigzag varint delta of lng then
///   lat from the vertex before (the first from the previous ring's last, else from 0).
public struct OutlineStore: Sendable {
  public let outlines: [Outline]
  /// Every ring's vertices end to end, in degrees (`Outline.rings` index them).
  public let xs: [Double]
  public let ys: [Double]
  private let byCode: [String: Int]

  /// Outlines made by hand (tests, fixtures): rings given as closed or open point lists.
  public init(outlines: [Outline], xs: [Double], ys: [Double]) {
    self.outlines = outlines
    self.xs = xs
    self.ys = ys
    // A code's first outline: an area with no county-level division of its own answers as
    // its city and carries the city's code, after the city's own outline (the one to draw).
    var byCode: [String: Int] = [:]
    for (index, outline) in outlines.enumerated() where byCode[outline.code] == nil {
      byCode[outline.code] = index
    }
    self.byCode = byCode
  }

  /// The outline with this division code: 6 digits (`320583`), or a province's 2 (`32`).
  public func index(ofCode code: String) -> Int? {
    byCode[code.count == 2 ? code + "0000" : code]
  }

  /// The outlines directly under `index` (nil: the provinces), in code order.
  public func children(of index: Int?) -> [Int] {
    outlines.indices.filter { outlines[$0].parent == index }
  }

  /// Decodes the compact form; without `geometry`, the facts alone (codes, names, boxes,
  /// points), which is all JSON output needs, and quick.
  public init(decoding bytes: UnsafeRawBufferPointer, geometry: Bool = true)
    throws(OutlineDataError)
  {
    var reader = ByteReader(bytes: bytes)
    let magic: [UInt8] = [0x50, 0x42, 0x47, 0x45, 0x4F, 0x01, 0x00, 0x00]
    guard bytes.count >= 24, magic.indices.allSatisfy({ bytes[$0] == magic[$0] }) else {
      throw .notOutlineData
    }
    reader.offset = 8
    let units = Double(try reader.u32())
    let count = Int(try reader.u32())
    let nameBytes = Int(try reader.u32())
    let streamBytes = Int(try reader.u32())
    let recordsStart = 24
    let namesStart = recordsStart + count * 44
    let streamStart = namesStart + nameBytes
    guard units > 0, streamStart + streamBytes == bytes.count else { throw .notOutlineData }

    var outlines: [Outline] = []
    outlines.reserveCapacity(count)
    var xs: [Double] = []
    var ys: [Double] = []
    for record in 0..<count {
      reader.offset = recordsStart + record * 44
      let code = try reader.u32()
      let level = Outline.Level(rawValue: Int(try reader.u8()))
      let flags = try reader.u8()
      let nameLength = Int(try reader.u16())
      let nameOffset = Int(try reader.u32())
      let parent = Int(try reader.i32())
      var box = [Double]()
      for _ in 0..<6 { box.append(Double(try reader.i32()) / units) }
      let ringsOffset = Int(try reader.u32())
      // Records are in code order, a parent's before its children's: a later or equal
      // index would let a walk up the tree loop.
      guard let level, parent < record, nameOffset + nameLength <= nameBytes,
        ringsOffset < streamBytes
      else { throw .badReference(at: reader.offset) }
      let name = String(
        decoding: UnsafeRawBufferPointer(
          rebasing: bytes[(namesStart + nameOffset)..<(namesStart + nameOffset + nameLength)]),
        as: UTF8.self)

      reader.offset = streamStart + ringsOffset
      var x = 0
      var y = 0
      let ringCount = geometry ? try reader.varint() : 0
      var rings: [Range<Int>] = []
      var holes: [Bool] = []
      for _ in 0..<ringCount {
        let header = try reader.varint()
        let vertices = header >> 1
        guard vertices >= 3, vertices <= bytes.count else { throw .badReference(at: reader.offset) }
        let start = xs.count
        for _ in 0..<vertices {
          // A malformed delta could overflow; a coordinate stays within ±180°.
          x = x &+ (try reader.zigzag())
          y = y &+ (try reader.zigzag())
          guard x.magnitude <= UInt(180 * units), y.magnitude <= UInt(180 * units) else {
            throw .badReference(at: reader.offset)
          }
          xs.append(Double(x) / units)
          ys.append(Double(y) / units)
        }
        xs.append(xs[start])
        ys.append(ys[start])
        rings.append(start..<xs.count)
        holes.append(header & 1 == 1)
      }
      outlines.append(
        Outline(
          code: String(format6: code), name: name, level: level, isLeaf: flags & 1 == 1,
          parent: parent < 0 ? nil : parent,
          box: GeoBox(west: box[0], south: box[1], east: box[2], north: box[3]),
          point: GeoPoint(lat: box[5], lng: box[4]), rings: rings, holes: holes))
    }
    self.init(outlines: outlines, xs: xs, ys: ys)
  }
}

extension String {
  /// A code as six digits, zeros in front.
  fileprivate init(format6 code: UInt32) {
    let digits = String(code)
    self = String(repeating: "0", count: Swift.max(0, 6 - digits.count)) + digits
  }
}

/// Little-endian fields and varints, each read checked against the end.
private struct ByteReader {
  let bytes: UnsafeRawBufferPointer
  var offset = 0

  mutating func u8() throws(OutlineDataError) -> UInt8 {
    guard offset < bytes.count else { throw .truncated(at: offset) }
    defer { offset += 1 }
    return bytes[offset]
  }

  mutating func u16() throws(OutlineDataError) -> UInt16 {
    UInt16(try u8()) | UInt16(try u8()) << 8
  }

  mutating func u32() throws(OutlineDataError) -> UInt32 {
    UInt32(try u16()) | UInt32(try u16()) << 16
  }

  mutating func i32() throws(OutlineDataError) -> Int32 {
    Int32(bitPattern: try u32())
  }

  mutating func varint() throws(OutlineDataError) -> Int {
    var value = 0
    var shift = 0
    while true {
      let byte = try u8()
      value |= Int(byte & 0x7F) << shift
      if byte & 0x80 == 0 { return value }
      shift += 7
      guard shift < 63 else { throw .badReference(at: offset) }
    }
  }

  mutating func zigzag() throws(OutlineDataError) -> Int {
    let value = try varint()
    return (value >> 1) ^ -(value & 1)
  }
}
