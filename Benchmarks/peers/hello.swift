// The start-up baseline: the smallest program that really links and uses Foundation.
import Foundation

let url = URL(string: "https://zh.wikipedia.org/wiki/广州市")
print(
  url?.absoluteString ?? "",
  terminator: ProcessInfo.processInfo.processIdentifier > 0 ? "\n" : "?\n")
