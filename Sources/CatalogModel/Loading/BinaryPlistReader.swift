import Foundation

/// Reads a `bplist00` file, in the order its arrays and dictionaries list their references.
/// Every offset, count and reference is checked against the buffer; cycles and
/// exponential sharing of objects are refused rather than followed.
struct BinaryPlistReader: OrderedTreeReader {
  private let p: UnsafeBufferPointer<UInt8>
  private var offsetSize = 0
  private var refSize = 0
  private var objectCount = 0
  private var tableOffset = 0
  /// Objects on the path from the root to the current one: seeing one again is a cycle.
  private var visiting: [Bool] = []
  /// Each reference followed costs one; honest files never need more than their size.
  private var budget = 0
  private var rootRef = 0
  private var rootKeys: [Int] = []
  private var rootValues: [Int] = []
  private var rootPosition = 0
  private var arrayRef = -1
  private var elements: [Int] = []
  private var elementPosition = 0

  init(bytes: UnsafeBufferPointer<UInt8>) {
    p = bytes
  }

  // MARK: OrderedTreeReader

  mutating func openRoot() throws(LoadFailure) -> TreeNode? {
    try readTrailer()
    let (marker, offset) = try header(rootRef)
    guard marker >> 4 == 0xD else { return try node(rootRef, depth: 1) }
    let (count, start) = try count(marker, at: offset, elementSize: 2 * refSize)
    rootKeys = refs(count, at: start)
    rootValues = refs(count, at: start + count * refSize)
    visiting[rootRef] = true
    return nil
  }

  mutating func nextKey() throws(LoadFailure) -> (key: String, offset: Int)? {
    guard rootPosition < rootKeys.count else { return nil }
    guard case .string(let key) = try node(rootKeys[rootPosition], depth: 2).value else {
      throw LoadFailure("key \(rootPosition) of the root dictionary is not a string")
    }
    return (key, -1)
  }

  mutating func openArray() throws(LoadFailure) -> TreeNode? {
    let ref = rootValues[rootPosition]
    rootPosition += 1
    let (marker, offset) = try header(ref)
    guard marker >> 4 == 0xA else { return try node(ref, depth: 2) }
    guard !visiting[ref] else { throw cycle(ref) }
    let (count, start) = try count(marker, at: offset, elementSize: refSize)
    elements = refs(count, at: start)
    elementPosition = 0
    arrayRef = ref
    visiting[ref] = true
    return nil
  }

  mutating func nextElement() throws(LoadFailure) -> TreeNode? {
    guard elementPosition < elements.count else {
      if arrayRef >= 0 { visiting[arrayRef] = false }
      arrayRef = -1
      return nil
    }
    let element = try node(elements[elementPosition], depth: 3)
    elementPosition += 1
    return element
  }

  mutating func finish() throws(LoadFailure) {}

  // MARK: Structure

  private mutating func readTrailer() throws(LoadFailure) {
    let n = p.count
    guard n >= 8 + 1 + 32 else { throw LoadFailure("the binary property list is truncated") }
    guard p[6] == UInt8(ascii: "0"), p[7] == UInt8(ascii: "0") else {
      throw LoadFailure("unsupported binary property list version (only bplist00 is read)")
    }
    let trailer = n - 32
    offsetSize = Int(p[trailer + 6])
    refSize = Int(p[trailer + 7])
    let objects = uint(at: trailer + 8, size: 8)
    let top = uint(at: trailer + 16, size: 8)
    let table = uint(at: trailer + 24, size: 8)
    guard (1...8).contains(offsetSize), (1...8).contains(refSize) else {
      throw LoadFailure("the binary property list's trailer has invalid integer sizes")
    }
    guard table >= 9, table <= UInt64(trailer) else {
      throw LoadFailure("the binary property list's offset table lies outside the file")
    }
    tableOffset = Int(table)
    guard objects >= 1, objects <= UInt64((trailer - tableOffset) / offsetSize) else {
      throw LoadFailure("the binary property list's object count does not fit its offset table")
    }
    objectCount = Int(objects)
    guard top < objects else {
      throw LoadFailure("the binary property list's top object does not exist")
    }
    rootRef = Int(top)
    visiting = Array(repeating: false, count: objectCount)
    budget = n + 16
  }

  /// The marker byte and offset of object `ref`, both checked.
  private func header(_ ref: Int) throws(LoadFailure) -> (UInt8, Int) {
    guard ref >= 0, ref < objectCount else {
      throw LoadFailure("object reference \(ref) is out of range (\(objectCount) objects)")
    }
    let offset = uint(at: tableOffset + ref * offsetSize, size: offsetSize)
    guard offset >= 8, offset < UInt64(tableOffset) else {
      throw LoadFailure("object \(ref) has an offset outside the file's object area")
    }
    return (p[Int(offset)], Int(offset))
  }

  /// The element count after a marker, and where the elements start, checked to fit
  /// before the offset table.
  private func count(_ marker: UInt8, at offset: Int, elementSize: Int) throws(LoadFailure)
    -> (Int, Int)
  {
    var count = Int(marker & 0x0F)
    var start = offset + 1
    if count == 0x0F {
      guard start < tableOffset, p[start] >> 4 == 0x1, p[start] & 0x0F <= 3 else {
        throw LoadFailure("object at byte \(offset) has a malformed length")
      }
      let size = 1 << Int(p[start] & 0x0F)
      guard start + 1 + size <= tableOffset else {
        throw LoadFailure("object at byte \(offset) runs past the object area")
      }
      let value = uint(at: start + 1, size: size)
      guard value <= UInt64(Int.max) else {
        throw LoadFailure("object at byte \(offset) has an impossible length")
      }
      count = Int(value)
      start += 1 + size
    }
    guard start <= tableOffset, count <= (tableOffset - start) / max(elementSize, 1) else {
      throw LoadFailure("object at byte \(offset) claims \(count) elements, more than fit")
    }
    return (count, start)
  }

  private func refs(_ count: Int, at start: Int) -> [Int] {
    var result: [Int] = []
    result.reserveCapacity(count)
    for k in 0..<count {
      result.append(reference(at: start + k * refSize))
    }
    return result
  }

  private func reference(at offset: Int) -> Int {
    let ref = uint(at: offset, size: refSize)
    // A reference too large for Int is still just out of range.
    return ref <= UInt64(Int.max) ? Int(ref) : -1
  }

  private func uint(at offset: Int, size: Int) -> UInt64 {
    var value: UInt64 = 0
    for k in 0..<size {
      value = value << 8 | UInt64(p[offset + k])
    }
    return value
  }

  private func cycle(_ ref: Int) -> LoadFailure {
    LoadFailure("object \(ref) contains itself")
  }

  // MARK: Objects

  private mutating func node(_ ref: Int, depth: Int) throws(LoadFailure) -> TreeNode {
    guard depth <= LoadFailure.maximumDepth else { throw LoadFailure.tooDeep() }
    budget -= 1
    guard budget >= 0 else {
      throw LoadFailure("objects are shared so often that expanding them would not end")
    }
    let (marker, offset) = try header(ref)
    let info = Int(marker & 0x0F)
    switch marker >> 4 {
    case 0x0:
      switch marker {
      case 0x08: return TreeNode(value: .bool(false), offset: -1)
      case 0x09: return TreeNode(value: .bool(true), offset: -1)
      case 0x00: return TreeNode(value: .null, offset: -1)
      default: break
      }
    case 0x1:
      guard info <= 4 else { break }
      let size = 1 << info
      guard offset + 1 + size <= tableOffset else { throw pastEnd(offset) }
      if size == 16 {
        // Written for unsigned values above Int64.max, which an Int cannot hold.
        let high = uint(at: offset + 1, size: 8)
        let low = uint(at: offset + 9, size: 8)
        guard high == 0, low <= UInt64(Int.max) else {
          throw LoadFailure("integer at byte \(offset) is out of range")
        }
        return TreeNode(value: .integer(Int(low)), offset: -1)
      }
      let raw = uint(at: offset + 1, size: size)
      let value = size == 8 ? Int(Int64(bitPattern: raw)) : Int(raw)
      return TreeNode(value: .integer(value), offset: -1)
    case 0x2:
      guard info == 2 || info == 3 else { break }
      let size = 1 << info
      guard offset + 1 + size <= tableOffset else { throw pastEnd(offset) }
      let raw = uint(at: offset + 1, size: size)
      let value = size == 4 ? Double(Float(bitPattern: UInt32(raw))) : Double(bitPattern: raw)
      return TreeNode(value: .real(value), offset: -1)
    case 0x3:
      guard marker == 0x33 else { break }
      guard offset + 9 <= tableOffset else { throw pastEnd(offset) }
      let seconds = Double(bitPattern: uint(at: offset + 1, size: 8))
      return TreeNode(
        value: .date(Date(timeIntervalSinceReferenceDate: seconds)), offset: -1)
    case 0x4:
      let (count, start) = try count(marker, at: offset, elementSize: 1)
      return TreeNode(value: .data(Data(p[start..<(start + count)])), offset: -1)
    case 0x5:
      let (count, start) = try count(marker, at: offset, elementSize: 1)
      let text = String(
        decoding: UnsafeBufferPointer(rebasing: p[start..<(start + count)]), as: UTF8.self)
      return TreeNode(value: .string(text), offset: -1)
    case 0x6:
      let (count, start) = try count(marker, at: offset, elementSize: 2)
      return TreeNode(value: .string(utf16BigEndian(count, at: start)), offset: -1)
    case 0xA:
      guard !visiting[ref] else { throw cycle(ref) }
      let (count, start) = try count(marker, at: offset, elementSize: refSize)
      visiting[ref] = true
      defer { visiting[ref] = false }
      var elements: [TreeNode] = []
      elements.reserveCapacity(count)
      for k in 0..<count {
        elements.append(try node(reference(at: start + k * refSize), depth: depth + 1))
      }
      return TreeNode(value: .array(elements), offset: -1)
    case 0xD:
      guard !visiting[ref] else { throw cycle(ref) }
      let (count, start) = try count(marker, at: offset, elementSize: 2 * refSize)
      visiting[ref] = true
      defer { visiting[ref] = false }
      let valuesStart = start + count * refSize
      var entries: [TreeEntry] = []
      entries.reserveCapacity(count)
      for k in 0..<count {
        let keyRef = reference(at: start + k * refSize)
        guard case .string(let key) = try node(keyRef, depth: depth + 1).value else {
          throw LoadFailure("a dictionary key at byte \(offset) is not a string")
        }
        let value = try node(reference(at: valuesStart + k * refSize), depth: depth + 1)
        entries.append(TreeEntry(key: key, keyOffset: -1, value: value))
      }
      return TreeNode(value: .dictionary(entries), offset: -1)
    default:
      break
    }
    throw LoadFailure(
      "unsupported object type 0x\(String(marker, radix: 16)) at byte \(offset)")
  }

  /// Transcodes straight into the String's storage; lone surrogates become U+FFFD.
  private func utf16BigEndian(_ count: Int, at start: Int) -> String {
    String(unsafeUninitializedCapacity: count * 3) { out in
      var written = 0
      func put(_ byte: UInt32) {
        out[written] = UInt8(truncatingIfNeeded: byte)
        written += 1
      }
      var k = 0
      while k < count {
        var scalar = UInt32(p[start + 2 * k]) << 8 | UInt32(p[start + 2 * k + 1])
        k += 1
        if (0xD800..<0xDC00).contains(scalar), k < count {
          let low = UInt32(p[start + 2 * k]) << 8 | UInt32(p[start + 2 * k + 1])
          if (0xDC00..<0xE000).contains(low) {
            scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
            k += 1
          }
        }
        if (0xD800..<0xE000).contains(scalar) { scalar = 0xFFFD }
        switch scalar {
        case ..<0x80:
          put(scalar)
        case ..<0x800:
          put(0xC0 | scalar >> 6)
          put(0x80 | scalar & 0x3F)
        case ..<0x10000:
          put(0xE0 | scalar >> 12)
          put(0x80 | scalar >> 6 & 0x3F)
          put(0x80 | scalar & 0x3F)
        default:
          // Four bytes come from two units, so count * 3 is always enough room.
          put(0xF0 | scalar >> 18)
          put(0x80 | scalar >> 12 & 0x3F)
          put(0x80 | scalar >> 6 & 0x3F)
          put(0x80 | scalar & 0x3F)
        }
      }
      return written
    }
  }

  private func pastEnd(_ offset: Int) -> LoadFailure {
    LoadFailure("object at byte \(offset) runs past the object area")
  }
}
