import Foundation

/// libFuzzer's entry points for the one binary that holds every harness. The harness is
/// picked once, before the first input, by the name the binary runs under
/// (`fuzz-<target>`, as Fuzz/run links it) or by FUZZ_TARGET; `harnesses` is the table
/// Fuzz/run makes from the files in Fuzz/Targets.
nonisolated(unsafe) private var harness: (@Sendable (UnsafeRawPointer, Int) -> CInt)?

@_cdecl("LLVMFuzzerInitialize")
public func fuzzInitialize(
  _ argc: UnsafeMutablePointer<CInt>,
  _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>
) -> CInt {
  let program = argv.pointee?.pointee.map { String(cString: $0) } ?? ""
  let name = program.split(separator: "/").last.map(String.init) ?? ""
  let target =
    ProcessInfo.processInfo.environment["FUZZ_TARGET"]
    ?? (name.hasPrefix("fuzz-") ? String(name.dropFirst(5)) : name)
  guard let chosen = harnesses[target] else {
    // A usage error, not a finding: no abort, so no crash report for it.
    let names = harnesses.keys.sorted().joined(separator: ", ")
    let message = "no harness \"\(target)\": run as fuzz-<target> or set FUZZ_TARGET to one of"
    FileHandle.standardError.write(Data("\(message) \(names)\n".utf8))
    exit(64)
  }
  harness = chosen
  return 0
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
  guard let harness else { fail("LLVMFuzzerInitialize did not run") }
  return harness(start, count)
}
