import Foundation

/// libFuzzer target: the input split on NUL or newline into arguments for
/// `OptionParser.parse`. Beyond not crashing, checks what the shell relies on: a parse either
/// gives options whose numbers are usable or an error with a message, and the same answer twice.
func fuzzOptions(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
  let bytes = UnsafeRawBufferPointer(start: start, count: count)
  let arguments = bytes.split(separator: 0, omittingEmptySubsequences: false)
    .flatMap { $0.split(separator: 0x0A, omittingEmptySubsequences: false) }
    .map { String(decoding: $0, as: UTF8.self) }
  let first = outcome(arguments)
  if first != outcome(arguments) { fail("two parses of \(arguments) differ") }
  switch first {
  case .success(let options):
    if !(options.timeout > 0 && options.timeout.isFinite) {
      fail("timeout \(options.timeout) from \(arguments)")
    }
    if options.maxBytes <= 0 { fail("max bytes \(options.maxBytes) from \(arguments)") }
    if case .catalog(.search(let query, _)) = options.mode,
      query.trimmingCharacters(in: .whitespaces).isEmpty
    {
      fail("empty search from \(arguments)")
    }
    // `-x` and `-t` name a division without `-c` (a code, or a name within the province),
    // so the city may be empty; the lookup must still name something.
    if case .catalog(.lookup(let query, _)) = options.mode,
      [query.city, query.county ?? "", query.township ?? ""]
        .allSatisfy({ $0.trimmingCharacters(in: .whitespaces).isEmpty })
    {
      fail("a lookup of nothing from \(arguments)")
    }
  case .failure(let error):
    if error.message.isEmpty { fail("empty usage error from \(arguments)") }
  }
  return 0
}

private func outcome(_ arguments: [String]) -> Result<Options, UsageError> {
  do throws(UsageError) {
    return .success(try OptionParser.parse(arguments))
  } catch {
    return .failure(error)
  }
}
