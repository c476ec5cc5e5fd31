// Holds the architecture that Package.swift states (docs/development.md, "How the code is laid
// out"):
//
// 1. A Swift file imports a module of this package only when its target lists that module
//    among its dependencies (a module reached through another target's dependencies builds
//    only while the build order happens to allow it, and hides the real graph).
// 2. A pure target (every library target but the effect targets below) does no I/O: it does
//    not import FoundationNetworking or CurlLoader, and calls no file system, clock, terminal,
//    environment or process function.
// 3. Every target of Sources is either pure or an effect target here, so a new target is
//    classified when it is added.
//
// Prints `file:line: error: message` for each break, as a compiler would, and exits 1 when
// there is any. Run by `Scripts/check-architecture` from the package's root. Needs the Swift
// toolchain (`swift package dump-package` reads the manifest).
import Foundation

/// Targets that may do I/O; every other library target is pure, the test fixtures made in
/// memory (TestFixtures) too. TestSupport holds the test helpers that start servers,
/// processes and pseudo-terminals, and only the tests that need them depend on it.
let effectTargets: Set<String> = ["ProvinceIO", "CurlLoader", "ProvinceBrowser", "TestSupport"]

/// Modules a pure target may not import: the network and the libcurl shim.
let effectModules: Set<String> = ["FoundationNetworking", "CurlLoader"]

/// What a pure target may not call, each with the reason printed when it does. Matched on
/// code with its string literals and comments removed.
let effectCalls: [(pattern: String, reason: String)] = [
  (#"\bFileManager\b|\bFileHandle\b|\bfopen\(|\bopendir\(|\bunlink\(|\bmmap\("#, "the file system"),
  (#"\b(Data|String)\(contentsOf(File)?:|\.write\(to(File)?:"#, "the file system"),
  (#"\bDate\(\)|\bDate\.now\b|\bDate\(timeIntervalSinceNow:|\.timeIntervalSinceNow\b"#, "a clock"),
  (#"\bContinuousClock\b|\bSuspendingClock\b|\bclock_gettime\(|\bgettimeofday\("#, "a clock"),
  (#"\bDispatchTime\.now\b|\bCFAbsoluteTimeGetCurrent\b|\bsystemUptime\b"#, "a clock"),
  (#"\bTask\.sleep\b|\bThread\.sleep\b|\bu?sleep\(|\bnanosleep\("#, "a clock (a sleep)"),
  (#"\bprint\(|\bdebugPrint\(|\breadLine\(|\bputs\(|\bfputs\(|\bfwrite\("#, "the terminal"),
  (#"\b(stdin|stdout|stderr)\b|\bisatty\(|\btc[gs]etattr\(|\bioctl\("#, "the terminal"),
  (#"\bProcessInfo\b|\bgetenv\(|\bsetenv\("#, "the environment"),
  (#"(?<![.\w])(?<!case )exit\(|\bProcess\(|\bposix_spawn|\bkill\(|\bsignal\("#, "a process"),
  (#"\bURLSession\b|\bsocket\(|\bgetaddrinfo\("#, "the network"),
]

struct Target {
  var name: String
  var kind: String
  var path: String
  var dependencies: Set<String>
  var excluded: [String]
}

func fail(_ message: String) -> Never {
  FileHandle.standardError.write(Data("check-architecture: \(message)\n".utf8))
  exit(2)
}

/// The manifest as SwiftPM reads it, so that this check and the build see the same graph.
func manifest() -> [Target] {
  let process = Process()
  process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
  process.arguments = ["swift", "package", "dump-package"]
  let pipe = Pipe()
  process.standardOutput = pipe
  do { try process.run() } catch { fail("cannot run swift package dump-package: \(error)") }
  let data = pipe.fileHandleForReading.readDataToEndOfFile()
  process.waitUntilExit()
  guard process.terminationStatus == 0,
    let json = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
    let targets = json["targets"] as? [[String: Any]]
  else { fail("swift package dump-package gave no manifest") }
  return targets.map { target in
    let name = target["name"] as? String ?? ""
    let kind = target["type"] as? String ?? ""
    let folder = kind == "test" ? "Tests" : "Sources"
    var dependencies: Set<String> = []
    for dependency in target["dependencies"] as? [[String: Any]] ?? [] {
      for (_, value) in dependency {
        if let first = (value as? [Any])?.first as? String { dependencies.insert(first) }
      }
    }
    return Target(
      name: name, kind: kind, path: target["path"] as? String ?? "\(folder)/\(name)",
      dependencies: dependencies, excluded: target["exclude"] as? [String] ?? [])
  }
}

func swiftFiles(of target: Target) -> [String] {
  guard let walker = FileManager.default.enumerator(atPath: target.path) else { return [] }
  var files: [String] = []
  while let relative = walker.nextObject() as? String {
    if target.excluded.contains(where: { relative == $0 || relative.hasPrefix($0 + "/") }) {
      continue
    }
    if relative.hasSuffix(".swift") { files.append(target.path + "/" + relative) }
  }
  return files.sorted()
}

let importLine = try! NSRegularExpression(
  pattern: #"^\s*(?:@[\w]+(?:\([^)]*\))?\s+)*import\s+(?:(?:typealias|struct|class|enum|protocol|let|var|func)\s+)?([A-Za-z_]\w*)"#
)
let stringLiteral = try! NSRegularExpression(pattern: #""(?:[^"\\]|\\.)*""#)
let calls = effectCalls.map { (try! NSRegularExpression(pattern: $0.pattern), $0.reason) }

func firstMatch(_ regex: NSRegularExpression, in text: String) -> NSTextCheckingResult? {
  regex.firstMatch(in: text, range: NSRange(text.startIndex..., in: text))
}

/// The code of a line: string literals emptied and a trailing comment cut.
func code(of line: String) -> String {
  let range = NSRange(line.startIndex..., in: line)
  let plain = stringLiteral.stringByReplacingMatches(
    in: line, range: range, withTemplate: "\"\"")
  return plain.components(separatedBy: "//").first ?? plain
}

let targets = manifest()
let modules = Set(targets.map(\.name))
var errors: [String] = []

for target in targets {
  if !effectTargets.contains(target.name) && target.kind == "executable" {
    errors.append(
      "Package.swift: error: \(target.name) is an executable; add it to effectTargets in "
        + "Scripts/check-architecture")
  }
}

for target in targets {
  let isPure = target.kind == "regular" && !effectTargets.contains(target.name)
  for file in swiftFiles(of: target) {
    guard let text = try? String(contentsOfFile: file, encoding: .utf8) else {
      fail("cannot read \(file)")
    }
    var inMultilineString = false
    for (index, line) in text.components(separatedBy: "\n").enumerated() {
      let location = "\(file):\(index + 1)"
      let quotes = line.components(separatedBy: "\"\"\"").count - 1
      if inMultilineString {
        if quotes % 2 == 1 { inMultilineString = false }
        continue
      }
      if quotes % 2 == 1 { inMultilineString = true }
      let trimmed = line.trimmingCharacters(in: .whitespaces)
      if trimmed.hasPrefix("//") { continue }
      if let match = firstMatch(importLine, in: line), let range = Range(match.range(at: 1), in: line) {
        let module = String(line[range])
        if modules.contains(module) && module != target.name
          && !target.dependencies.contains(module)
        {
          errors.append(
            "\(location): error: \(target.name) imports \(module), which its target in "
              + "Package.swift does not list among its dependencies")
        }
        if isPure && effectModules.contains(module) {
          errors.append(
            "\(location): error: \(target.name) is a pure target and may not import \(module)")
        }
        continue
      }
      guard isPure else { continue }
      let body = code(of: line)
      for (regex, reason) in calls {
        if let match = firstMatch(regex, in: body), let range = Range(match.range, in: body) {
          errors.append(
            "\(location): error: \(target.name) is a pure target and may not use \(reason) "
              + "(`\(body[range])`); pass the value in from ProvinceIO or the executable")
        }
      }
    }
  }
}

for error in errors { print(error) }
if errors.isEmpty {
  print("check-architecture: \(targets.count) targets hold to Package.swift; pure targets do no I/O")
} else {
  print("check-architecture: \(errors.count) error(s)")
  exit(1)
}
