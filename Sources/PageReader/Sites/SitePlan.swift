/// A site plan: how the reader view reads the pages of one kind of site whose markup says
/// what each part of a page is, in place of the general reader's guesses. Plans are data,
/// entries of `SitePlan.all` tried in order; a page that no plan recognises goes to the
/// general reader (`ArticleFinder`). Another kind of site is another entry, not another
/// branch of the renderer.
struct SitePlan: Sendable {
  /// What to lay out: `document` (perhaps with blocks of the plan's own appended to its
  /// items), the ranges of items in reading order, the elements to leave out, and the
  /// page's title.
  struct Reading {
    var document: PageDocument
    var ranges: [Range<Int>]
    var skipped: Set<Int>
    var title: String?
  }

  /// The plan's name.
  let name: String
  /// Whether the page says it is of this kind of site (its markup, not its address).
  let recognises: @Sendable (PageDocument) -> Bool
  /// The reading of a page the plan recognises; nil when the page, though of the kind,
  /// has nothing the plan can read.
  let read: @Sendable (PageDocument) -> Reading?

  /// Every plan, in the order they are tried.
  static let all: [SitePlan] = [.mediaWiki]

  /// The reading of `document` by the first plan that recognises it, or nil.
  static func reading(of document: PageDocument) -> Reading? {
    for plan in all where plan.recognises(document) {
      if let reading = plan.read(document) { return reading }
    }
    return nil
  }
}
