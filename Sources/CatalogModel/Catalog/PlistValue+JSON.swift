import Foundation
import TextSupport

extension JSONWriter {
  /// A property-list value as JSON, dictionaries in file order.
  public static func value(_ value: PlistValue) -> String {
    switch value {
    case .string(let text): return string(text)
    case .integer(let number): return String(number)
    case .real(let number): return number.isFinite ? String(number) : "null"
    case .bool(let flag): return flag ? "true" : "false"
    case .date(let date): return string(ISO8601DateFormatter().string(from: date))
    case .data(let data): return string(data.base64EncodedString())
    case .array(let items): return "[" + items.map(Self.value).joined(separator: ",") + "]"
    case .dictionary(let fields): return object(fields.map { ($0.key, Self.value($0.value)) })
    }
  }
}
