/// A reader that hands the loader a file's top two levels one step at a time, so the
/// catalog is built while reading and only one city is ever held as a tree.
protocol OrderedTreeReader {
  /// Reads up to the root's first key. Returns nil when the root is a dictionary,
  /// otherwise the root value, which the loader then rejects.
  mutating func openRoot() throws(LoadFailure) -> TreeNode?
  /// The next key of the root dictionary and its offset, or nil after the last one.
  mutating func nextKey() throws(LoadFailure) -> (key: String, offset: Int)?
  /// Enters the current key's value if it is an array and returns nil; otherwise reads
  /// the whole value and returns it.
  mutating func openArray() throws(LoadFailure) -> TreeNode?
  /// The next element of the array entered last, or nil after the last one.
  mutating func nextElement() throws(LoadFailure) -> TreeNode?
  /// Checks that nothing but allowed trailing matter follows the root.
  mutating func finish() throws(LoadFailure)
}
