/// The interactive session as a pure state machine: `update` takes a state and a command
/// and gives the new state and the effect for the shell to perform (the Elm architecture).
public struct Navigator: Sendable {
  public enum Mode: Sendable {
    /// Selecting a city opens its detail screen.
    case browse
    /// Selecting a city ends the session with that city (`--pick`).
    case pick
  }

  public let catalog: Catalog
  public let matcher: Matcher
  public let mode: Mode

  public init(catalog: Catalog, matcher: Matcher, mode: Mode = .browse) {
    self.catalog = catalog
    self.matcher = matcher
    self.mode = mode
  }

  /// The province menu, as the seed app's first screen.
  public func start(viewport: Viewport = .standard) -> NavigationState {
    NavigationState(root: Screen(.provinces(Array(catalog.provinces.indices))), viewport: viewport)
  }

  public func update(_ state: inout NavigationState, _ command: NavigationCommand) -> NavigationEffect {
    if case .resize(let viewport) = command {
      // A resize is not the user's answer to the message on screen: keep it.
      state.viewport = viewport
      state.top.page = min(state.top.page, pageCount(state) - 1)
      return .render
    }
    state.message = nil
    let wasShowingHelp = state.showingHelp
    state.showingHelp = false
    switch command {
    case .quit:
      return .exit(.success)
    case .help:
      state.showingHelp = !wasShowingHelp
    case .resize:
      break
    case .back:
      if state.stack.count > 1 {
        state.stack.removeLast()
        // A resize since this screen was left may have taken its page away.
        state.top.page = min(state.top.page, pageCount(state) - 1)
      } else {
        state.message = "Already at the top."
      }
    case .top:
      state.stack.removeSubrange(1...)
      state.top = Screen(.provinces(Array(catalog.provinces.indices)))
    case .nextPage, .enter:
      if state.top.page + 1 < pageCount(state) {
        state.top.page += 1
      } else if command == .nextPage {
        state.message = "This is the last page."
      }
    case .previousPage:
      if state.top.page > 0 {
        state.top.page -= 1
      } else {
        state.message = "This is the first page."
      }
    case .select(let number):
      select(number, in: &state)
    case .filter(let text):
      filter(text, in: &state)
    case .search(let query):
      let results = matcher.search(query)
      if results.isEmpty {
        state.message = "No city matches '\(TerminalText.sanitize(query))'."
      } else {
        state.stack.append(Screen(.search(query: query, results)))
      }
    case .invalid(let reason):
      state.message = "\(TerminalText.sanitize(reason)) (type ? for help)"
    }
    if case .picked = pickedEffect(state) { return pickedEffect(state) }
    return .render
  }

  /// The names listed on a menu screen, sanitised, in menu order.
  public func labels(for screen: Screen) -> [String] {
    switch screen.kind {
    case .provinces(let indices):
      return indices.map { TerminalText.sanitize(catalog.provinces[$0].name) }
    case .cities(_, let refs):
      return refs.map { TerminalText.sanitize(catalog[$0].name) }
    case .search(_, let refs):
      return refs.map {
        TerminalText.sanitize(catalog[$0].name) + "（"
          + TerminalText.sanitize(catalog.provinces[$0.province].name) + "）"
      }
    case .detail:
      return []
    }
  }

  /// How the current menu is laid out at the state's viewport.
  public func layout(_ state: NavigationState) -> MenuLayout {
    MenuLayout(
      labels: labels(for: state.top), viewport: state.viewport,
      availableRows: state.viewport.rows - ScreenRenderer.chromeRows)
  }

  public func pageCount(_ state: NavigationState) -> Int {
    guard state.top.isMenu else { return 1 }
    return layout(state).pageCount(itemCount: labels(for: state.top).count)
  }

  private func pickedEffect(_ state: NavigationState) -> NavigationEffect {
    if mode == .pick, case .detail(let ref) = state.top.kind { return .picked(ref) }
    return .render
  }

  private func select(_ number: Int, in state: inout NavigationState) {
    let count = labels(for: state.top).count
    guard state.top.isMenu else {
      state.message = "Nothing to choose here; b goes back."
      return
    }
    guard number >= 1 && number <= count else {
      state.message = "No item \(number): choose 1–\(count)."
      return
    }
    if let next = screen(opening: number - 1, of: state.top.kind) {
      state.stack.append(next)
    }
  }

  /// The screen that choosing item `index` of a menu leads to.
  private func screen(opening index: Int, of kind: Screen.Kind) -> Screen? {
    switch kind {
    case .provinces(let indices):
      let province = indices[index]
      let refs = catalog.provinces[province].cities.indices.map {
        CityRef(province: province, city: $0)
      }
      return Screen(.cities(province: province, refs))
    case .cities(_, let refs), .search(_, let refs):
      return Screen(.detail(refs[index]))
    case .detail:
      return nil
    }
  }

  private func filter(_ text: String, in state: inout NavigationState) {
    let kept: Screen.Kind
    let count: Int
    switch state.top.kind {
    case .provinces(let indices):
      let found = matcher.filter(text, provinces: indices)
      kept = .provinces(found)
      count = found.count
    case .cities(let province, let refs):
      let found = matcher.filter(text, cities: refs)
      kept = .cities(province: province, found)
      count = found.count
    case .search(let query, let refs):
      let found = matcher.filter(text, cities: refs)
      kept = .search(query: query, found)
      count = found.count
    case .detail:
      state.message = "Unknown command '\(TerminalText.sanitize(text))' (type ? for help)"
      return
    }
    if count == 0 {
      state.message = "Nothing here matches '\(TerminalText.sanitize(text))'; /\(TerminalText.sanitize(text)) searches every city."
      return
    }
    // A single match is chosen at once, so back returns to the unfiltered list.
    if count == 1, let next = screen(opening: 0, of: kept) {
      state.stack.append(next)
    } else {
      state.stack.append(Screen(kept, filter: text))
    }
  }
}
