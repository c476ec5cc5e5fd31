import Foundation

/// A parsed value with dictionaries in file order, before it becomes part of a catalog.
/// `offset` is the byte offset of the value in the (UTF-8) text, or -1 where offsets mean
/// nothing to a reader (binary plists).
struct TreeNode {
  var value: TreeValue
  var offset: Int
}

enum TreeValue {
  case string(String)
  case integer(Int)
  case real(Double)
  case bool(Bool)
  case date(Date)
  case data(Data)
  /// Only JSON has it; property lists cannot hold it.
  case null
  case array([TreeNode])
  case dictionary([TreeEntry])

  /// The kind's name as messages use it: "found an array".
  var kindName: String {
    switch self {
    case .string: return "a string"
    case .integer: return "an integer"
    case .real: return "a real number"
    case .bool: return "a boolean"
    case .date: return "a date"
    case .data: return "data"
    case .null: return "null"
    case .array: return "an array"
    case .dictionary: return "a dictionary"
    }
  }
}

struct TreeEntry {
  var key: String
  var keyOffset: Int
  var value: TreeNode
}
