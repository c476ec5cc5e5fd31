// reader-rules RULE|none WIDTH OUTDIR FILE... — the reader view of each FILE (UTF-8 HTML)
// with one of the general reader's added rules switched off (`ReaderRule`), written to
// OUTDIR/<file name>.txt as the title, a blank line and the laid-out lines. Compiled by
// Benchmarks/reader-rules.py together with PageReader's sources, so that it can reach the
// reader's options; a benchmark tool only, not part of `browse`.
import Foundation

let arguments = CommandLine.arguments
guard arguments.count >= 4, let width = Int(arguments[2]) else {
  FileHandle.standardError.write(Data("usage: reader-rules RULE|none WIDTH OUTDIR FILE...\n".utf8))
  exit(64)
}
var options = ReaderOptions.standard
if arguments[1].hasPrefix("edges.") {
  guard let row = EdgeRule(rawValue: String(arguments[1].dropFirst("edges.".count))) else {
    FileHandle.standardError.write(Data("reader-rules: no edge rule '\(arguments[1])'\n".utf8))
    exit(64)
  }
  options.edgeRules.remove(row)
} else if arguments[1] != "none" {
  guard let rule = ReaderRule(rawValue: arguments[1]) else {
    FileHandle.standardError.write(Data("reader-rules: no rule '\(arguments[1])'\n".utf8))
    exit(64)
  }
  options.rules.remove(rule)
}
let out = URL(fileURLWithPath: arguments[3])
for path in arguments.dropFirst(4) {
  let url = URL(fileURLWithPath: path)
  guard let data = try? Data(contentsOf: url) else { continue }
  let html = CharsetDecoder.decode(data, contentType: "text/html; charset=utf-8")
  let document = HTMLRenderer.parse(html, baseURL: URL(string: "http://127.0.0.1/page/"))
  let page = HTMLRenderer.layout(document, width: width, view: .reader, options: options)
  let text = ([page.title ?? "", ""] + page.lines).joined(separator: "\n") + "\n"
  try? Data(text.utf8).write(to: out.appendingPathComponent(url.lastPathComponent + ".txt"))
}
