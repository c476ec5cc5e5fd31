import Foundation
import TestSupport
import Testing

/// Two defects of q, Esc and ← as they were reported (built-in data, 100×30), and a walk of every kind
/// of screen pressing q, Esc and ← in turn, checking the hint line against what each did.
/// The rule: in a menu every letter is filter text (q too); Esc clears, else backs out,
/// and at the top leaves; ← backs out; on a page q backs out; in a list q, Esc, ← close it.
@Suite(.serialized, .timeLimit(.minutes(5))) struct FullScreenStepKeysTests {
  static let left = "\u{1B}[D"
  static let escape = "\u{1B}"

  func builtIn() async throws -> PTYSession {
    try #require(PTYSession.isAvailable)
    let session = try PTYSession(["--offline"], columns: 100, rows: 30)
    #expect(await session.waitForScreen(containing: "省份信息"))
    return session
  }

  /// The prompt line, above the status bar.
  func prompt(_ session: PTYSession) -> String {
    session.screen.lines[session.screen.lines.count - 2]
  }

  func status(_ session: PTYSession) -> String { session.screen.lines.last ?? "" }

  /// Esc, once the screen has answered the one before, until browse leaves.
  func unwind(_ session: PTYSession) async -> Int32? {
    for _ in 0..<12 {
      let before = session.screen.text
      session.type(Self.escape)
      // Every Esc of an unwind changes the screen or ends the program: wait for that.
      #expect(
        await session.waitUntil { $0.processState == nil || $0.screen.text != before },
        "Esc changed nothing on: \(before)")
      if session.processState == nil || session.processState == "Z" { break }
    }
    return await session.waitForExit()
  }

  /// Defect 1: `gd` Enter, ←, Esc, then `qinghai` quit (exit 0) while the screen said
  /// `type to filter`; one level down `qingyuan` went up a level.
  @Test func qinghaiFiltersTheProvincesReturnedToAndQingyuanTheCities() async throws {
    let session = try await builtIn()
    session.type("gd")
    #expect(await session.waitUntil { $0.screen.text.contains("1 广东省") })
    session.type("\r")
    #expect(await session.waitForScreen(containing: "省份信息 › 广东省"))
    session.type(Self.left)
    #expect(await session.waitUntil { self.prompt($0).contains("filter: gd") })
    session.type(Self.escape)
    #expect(await session.waitUntil { !self.prompt($0).contains("filter:") })
    session.type("qinghai")
    #expect(
      await session.waitUntil { self.prompt($0).contains("filter: qinghai") },
      "\(session.screen.text)")
    #expect(await session.waitUntil { $0.screen.text.contains("青海省") })
    #expect(session.processState != nil)
    // One level down, on the cities of 广东 returned to from 东莞's page.
    session.type("\u{15}gd")
    #expect(await session.waitUntil { $0.screen.text.contains("1 广东省") })
    session.type("\r")
    #expect(await session.waitForScreen(containing: "省份信息 › 广东省"))
    session.type("dongguan")
    #expect(await session.waitUntil { $0.screen.text.contains("1 东莞市") })
    session.type("\r")
    #expect(await session.waitForScreen(containing: "广东省 › 东莞市"))
    session.type(Self.left)
    #expect(await session.waitUntil { self.prompt($0).contains("filter: dongguan") })
    session.type(Self.escape)
    #expect(await session.waitUntil { !self.prompt($0).contains("filter:") })
    session.type("qingyuan")
    #expect(
      await session.waitUntil { self.prompt($0).contains("filter: qingyuan") },
      "\(session.screen.text)")
    #expect(await session.waitUntil { $0.screen.text.contains("清远市") })
    #expect(status(session).contains("省份信息 › 广东省"))
    #expect(!session.screen.text.contains("gdingyuan"))
    #expect(await unwind(session) == 0)
  }

  /// Defect 2: through 苏州's county list, q did one thing on one menu and another on the
  /// next. Now q is text on every menu, as the hint says, and Esc unwinds to the top.
  @Test func throughACountyListQIsTextAsTheHintSaysAndEscUnwinds() async throws {
    let session = try await builtIn()
    session.type("js")
    #expect(await session.waitUntil { $0.screen.text.contains("1 江苏省") })
    session.type("\r")
    #expect(await session.waitForScreen(containing: "省份信息 › 江苏省"))
    session.type("suzhou")
    #expect(await session.waitUntil { $0.screen.text.contains("1 苏州市") })
    session.type("\r")
    #expect(await session.waitForScreen(containing: "江苏省 › 苏州市"))
    session.type(Self.left)
    #expect(await session.waitUntil { self.prompt($0).contains("filter: suzhou") })
    #expect(prompt(session).contains("q is text"), "\(prompt(session))")
    #expect(prompt(session).contains("← back"), "\(prompt(session))")
    #expect(prompt(session).contains("Esc clear"), "\(prompt(session))")
    // The filter restored is selected: q, text, replaces it (#47), as a text field's would.
    session.type("q")
    #expect(
      await session.waitUntil {
        self.prompt($0).contains("filter: q") && !self.prompt($0).contains("suzhou")
      }, "\(session.screen.text)")
    #expect(status(session).contains("省份信息 › 江苏省"))
    // With no filter at all: 苏州's page, q to the county list, then q is text there.
    session.type("\u{15}suzhou")
    #expect(await session.waitUntil { $0.screen.text.contains("1 苏州市") })
    session.type("\r")
    #expect(await session.waitForScreen(containing: "江苏省 › 苏州市"))
    session.type("1\r")
    #expect(await session.waitUntil { self.prompt($0).contains("← q Esc back") })
    session.type("q")
    #expect(await session.waitUntil { self.prompt($0).contains("type to filter") })
    #expect(prompt(session).contains("← Esc back"), "\(prompt(session))")
    session.type("q")
    #expect(
      await session.waitUntil { self.prompt($0).contains("filter: q") }, "\(session.screen.text)")
    #expect(status(session).contains("江苏省 › 苏州市"))
    #expect(await unwind(session) == 0)
  }

  /// A screen to start from, the keys that reach it, and what q, Esc and ← must do there
  /// (hand-typed from the rule): `type`, `clear`, `back`, `quit`, `close`, or nil (nothing).
  struct Case: Sendable, CustomStringConvertible {
    var name: String
    var keys: [String]
    var ready: String
    var q: String?
    var escape: String?
    var left: String?
    var description: String { name }
  }

  static let cases: [Case] = [
    Case(name: "provinces", keys: [], ready: "Esc quit", q: "type", escape: "quit", left: nil),
    Case(
      name: "provinces filtered", keys: ["gd"], ready: "filter: gd", q: "type", escape: "clear",
      left: nil),
    Case(
      name: "cities", keys: ["12\r"], ready: "← Esc back", q: "type", escape: "back",
      left: "back"),
    Case(
      name: "provinces returned to", keys: ["gd", "\r", left], ready: "filter: gd", q: "type",
      escape: "clear", left: nil),
    Case(name: "search", keys: ["/"], ready: "search:", q: "type", escape: "back", left: "back"),
    Case(
      name: "page", keys: ["12\r", "4\r"], ready: "← q Esc back", q: "back", escape: "back",
      left: "back"),
    Case(
      name: "page with a match", keys: ["12\r", "4\r", "/第5节\r", "j"], ready: "Esc clear",
      q: "back", escape: "clear", left: "back"),
    Case(
      name: "link list", keys: ["12\r", "4\r", "l"], ready: "← q Esc close", q: "close",
      escape: "close", left: "close"),
    Case(
      name: "headings", keys: ["12\r", "1\r", "t"], ready: "← q Esc close", q: "close",
      escape: "close", left: "close"),
  ]

  /// The depth of the path in the status bar (`省份信息 › 广东省` is 1), and the list shown.
  func place(_ session: PTYSession) -> (depth: Int, list: Bool) {
    let status = status(session)
    let list = status.contains("› links") || status.contains("› headings")
    return (status.components(separatedBy: " › ").count - 1 - (list ? 1 : 0), list)
  }

  /// What the hint line says `label` does: the last word of the part naming the key
  /// (`← q Esc back`), `type` where the menu says letters are text, nil if not named.
  func hinted(_ label: String, in prompt: String) -> String? {
    for part in prompt.components(separatedBy: " · ") {
      let words = part.split(separator: " ").map(String.init)
      if part.contains("q is text") && label == "q" { return "type" }
      if part.contains("type to filter") && label == "q" { return "type" }
      guard let index = words.firstIndex(of: label), index + 1 < words.count else { continue }
      if let last = words.last, ["back", "quit", "clear", "close"].contains(last) { return last }
    }
    return nil
  }

  @Test(arguments: cases)
  func qEscAndLeftDoWhatTheHintLineSays(_ start: Case) async throws {
    try #require(PTYSession.isAvailable)
    let server = try TestHTTPServer.started()
    defer { server.stop() }
    let keys = FullScreenKeysTests()
    keys.addRoutes(server)
    let data = try keys.dataFile(server)
    for (label, key, expected) in [
      ("q", "q", start.q), ("Esc", Self.escape, start.escape), ("←", Self.left, start.left),
    ] {
      let session = try PTYSession(
        ["--data", data, "--no-cache"], columns: 100, rows: 30)
      #expect(await session.waitForScreen(containing: "省份信息"))
      for step in start.keys {
        let before = session.screen.text
        session.type(step)
        await session.waitUntil { $0.screen.text != before }
        // Keys typed while a page loads are dropped: the next waits for the page.
        if step == "4\r" || step == "1\r" {
          #expect(
            await session.waitUntil {
              $0.screen.text.contains("第1节") || $0.screen.text.contains("第1段")
            })
        }
      }
      #expect(
        await session.waitUntil { self.prompt($0).contains(start.ready) },
        "\(start.name): \(prompt(session))")
      let hint = prompt(session)
      #expect(hinted(label, in: hint) == expected, "\(start.name) \(label): \(hint)")
      let (depth, list) = place(session)
      let shown = session.screen.text
      session.type(key)
      switch expected {
      case "quit":
        #expect(await session.waitForExit() == 0, "\(start.name) \(label)")
        continue
      case "type":
        #expect(
          await session.waitUntil { self.prompt($0).contains("q") && $0.screen.text != shown },
          "\(start.name) \(label)")
        #expect(prompt(session).contains(": ") && place(session).depth == depth)
      case "clear":
        #expect(await session.waitUntil { $0.screen.text != shown }, "\(start.name) \(label)")
        #expect(place(session).depth == depth, "\(start.name) \(label)")
        #expect(!prompt(session).contains("filter:") && !prompt(session).contains("Esc clear"))
      case "back":
        #expect(
          await session.waitUntil { self.place($0).depth == depth - 1 }, "\(start.name) \(label)")
      case "close":
        #expect(list)
        #expect(
          await session.waitUntil { !self.place($0).list && self.place($0).depth == depth },
          "\(start.name) \(label)")
      default:
        // Named by nothing, the key does nothing: the screen stays as it was.
        #expect(place(session).depth == depth && !list)
      }
      #expect(session.processState != nil, "\(start.name) \(label)")
      session.type("\u{03}")
      #expect(await session.waitForExit() == 130)
    }
  }
}
