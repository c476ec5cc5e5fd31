import CatalogModel
import GeoModel
import PageReader
import TextSupport

/// The pane beside a menu on a wide window, as fzf's `--preview` and yazi's preview show
/// one: what the data knows of the selected item (its code, pinyin and URL, whether its
/// page is at hand) and the names of the divisions it holds. Not sanitised: the renderer
/// sanitises what it draws.
public struct MenuPreview: Sendable, Hashable {
  public struct Fact: Sendable, Hashable {
    public var label: String
    public var value: String
  }

  /// The window is wide enough for the pane from this many columns on.
  public static let minimumColumns = 140

  /// The item's name.
  public var title: String
  /// Province, city, code, pinyin, as the page's facts show them.
  public var facts: [Fact]
  /// The page a city or county opens; nil for a province.
  public var url: String?
  /// `21 cities`, `11 counties`: what `children` are; empty when there are none.
  public var childrenHeading: String
  /// The first names of the divisions it holds (at most `namesKept`), and how many it
  /// holds in all.
  public var children: [String]
  public var childCount: Int
  /// The item's outline in the built-in outlines, drawn as a small map inside its parent
  /// below the names where the pane has rows to spare (DivisionMap); nil: no map (a
  /// catalog without outlines, or a session whose outlines are still being decoded).
  public var outline: Int?

  /// More names than a pane of any height shows: a province of a large data file holds
  /// thousands, and a key's frame copies no more than this.
  static let namesKept = 400

  public init(
    title: String, facts: [Fact], url: String?, childrenHeading: String, children: [String],
    childCount: Int? = nil, outline: Int? = nil
  ) {
    self.outline = outline
    self.title = title
    self.facts = facts
    self.url = url
    self.childrenHeading = childrenHeading
    self.children = Array(children.prefix(Self.namesKept))
    self.childCount = childCount ?? children.count
  }

  /// The columns the pane takes in a window `width` wide: the right two fifths, the
  /// first of them a rule; nil on a narrower window than `minimumColumns`.
  public static func columns(forWidth width: Int) -> Range<Int>? {
    guard width >= minimumColumns else { return nil }
    return (width - width * 2 / 5)..<width
  }

  /// The pane's lines for `width` columns and at most `rows` rows, with `pageState`
  /// (`loaded`, `cached · 84 kB`, `not cached`) said of the page: the title, the facts,
  /// then the children's names as wrapped text, cut with `… N more` where rows run out.
  /// The first line is the title; fact labels are padded as the page's are.
  public func lines(width: Int, rows: Int, pageState: String?, maps: MapOutlines = .none)
    -> [String]
  {
    layout(width: width, rows: rows, pageState: pageState, maps: maps).lines
  }

  /// The pane's `lines(width:rows:pageState:maps:)`, and where among them the map's rows
  /// start with the picture they show (its tones, for a renderer that may colour them),
  /// drawn from `maps`.
  public func layout(width: Int, rows: Int, pageState: String?, maps: MapOutlines = .none) -> (
    lines: [String], map: (row: Int, picture: MapPicture)?
  ) {
    guard width > 0, rows > 0 else { return ([], nil) }
    func fact(_ label: String, _ value: String) -> String {
      // A long value (a URL) loses its middle, so that its end (the title) stays.
      TerminalText.pad(label, toWidth: 9)
        + TextCut.middle(TerminalText.sanitize(value), toWidth: max(1, width - 9))
    }
    var lines = [TerminalText.truncate(TerminalText.sanitize(title), toWidth: width), ""]
    lines += facts.map { fact($0.label, $0.value) }
    if let url {
      // As a link's URL reads in the link list: 广州市, not %E5%B9%BF….
      lines.append(fact("URL", PageLink(url: URLText.ascii(url), text: "").readableURL))
      if let pageState { lines.append(fact("Page", pageState)) }
    }
    if !children.isEmpty {
      lines += ["", TerminalText.truncate(childrenHeading, toWidth: width)]
      // Names fill lines two spaces apart; the last line that fits ends in `… N more`.
      // With a map to draw, they take at most a third of the rows left (three at least),
      // so that the map has the rest.
      let left = rows - lines.count
      let room = outline == nil ? left : min(left, max(3, left / 3))
      var filled: [[String]] = [[]]
      var used = 0
      for child in children {
        // One line more than there is room for says the rest are cut.
        if filled.count > room { break }
        let name = TerminalText.truncate(TerminalText.sanitize(child), toWidth: width)
        let cells = TerminalText.width(name)
        if !filled[filled.count - 1].isEmpty && used + 2 + cells > width {
          filled.append([])
          used = 0
        }
        used += (filled[filled.count - 1].isEmpty ? 0 : 2) + cells
        filled[filled.count - 1].append(name)
      }
      if filled.count > room || children.count < childCount, room > 0 {
        filled = Array(filled.prefix(room))
        var shown = filled.reduce(0) { $0 + $1.count }
        func more() -> String { "… \(childCount - shown) more" }
        while let last = filled.last, !last.isEmpty,
          TerminalText.width((last + [more()]).joined(separator: "  ")) > width
        {
          filled[filled.count - 1].removeLast()
          shown -= 1
        }
        filled[filled.count - 1].append(more())
      }
      lines += filled.map { $0.joined(separator: "  ") }
    }
    // The map, in all the rows left (it grows with the pane): about three columns a row
    // keeps a country's proportions.
    let room = rows - lines.count - 1
    var map: (row: Int, picture: MapPicture)?
    if let outline, room >= 6,
      let picture = maps.picture(of: outline, columns: min(width, room * 3), rows: room)
    {
      map = (lines.count + 1, picture)
      lines += [""] + picture.lines
    }
    return (lines.prefix(rows).map { TerminalText.truncate($0, toWidth: width) }, map)
  }
}

extension Navigator {
  /// The preview of item `index` (below `itemCount(of:)`) of a menu screen; nil for a
  /// page screen. Its map is there once the session's outlines are (`outlines.ready`): a
  /// frame never waits for their decoding.
  public func preview(for screen: Screen, at index: Int) -> MenuPreview? {
    let places = outlines.ready
    func heading(_ count: Int, _ one: String, _ many: String) -> String {
      count == 1 ? "1 \(one)" : "\(count) \(many)"
    }
    switch screen.kind {
    case .provinces(let indices) where index < indices.count:
      let province = catalog.provinces[indices[index]]
      var facts: [MenuPreview.Fact] = []
      if let code = matcher.provinceCode(indices[index]) {
        facts.append(.init(label: "Code", value: code))
      }
      let pinyin = matcher.pinyin(ofProvince: indices[index])
      if !pinyin.isEmpty { facts.append(.init(label: "Pinyin", value: pinyin)) }
      let outline = places?.outline(
        ofProvince: indices[index], code: matcher.provinceCode(indices[index]))
      return MenuPreview(
        title: TextCut.shown(province.name), facts: facts, url: nil,
        childrenHeading: heading(province.cities.count, "city", "cities"),
        children: province.cities.prefix(MenuPreview.namesKept).map { TextCut.shown($0.name) },
        childCount: province.cities.count, outline: outline)
    case .cities(_, let refs) where index < refs.count,
      .search(_, let refs) where index < refs.count:
      let ref = refs[index]
      let city = catalog[ref]
      // One level down, the same way at every level: a city's counties, else a county's
      // (or a city without counties') townships.
      let hasCounties = ref.county == nil && ref.township == nil && !city.counties.isEmpty
      let children = hasCounties ? city.counties : catalog.townships(of: ref)
      return MenuPreview(
        title: TextCut.shown(city.name),
        facts: facts(of: ref).map { .init(label: $0.label, value: $0.value) },
        url: city.url,
        childrenHeading: hasCounties
          ? heading(children.count, "county", "counties")
          : heading(children.count, "township", "townships"),
        children: children.prefix(MenuPreview.namesKept).map { TextCut.shown($0.name) },
        childCount: children.count,
        outline: places?.outline(of: ref))
    default:
      return nil
    }
  }
}
