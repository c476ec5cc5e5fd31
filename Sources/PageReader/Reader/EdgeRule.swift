/// The heuristics of `edges` (`ArticleFinder.trimEdges`), one row each: its name, the kind
/// of page it is for, the constant of `ReaderOptions` it reads, and its switch
/// (`ReaderOptions.edgeRules`, all on by default; `edges` off turns them all off). What
/// each buys on the development pages is measured by `Benchmarks/reader-rules.py`
/// (`edges.NAME`) and kept in BENCHMARKS.md.
enum EdgeRule: String, CaseIterable, Sendable {
  case startFurniture, repeatedHeadline, endFurniture, closingSection, afterPromoLabel
  case furnitureAnywhere, labelledDateNearEdge, creditedCaption, oneLinkParagraph

  /// The kind of page the row is for.
  var kindOfPage: String {
    switch self {
    case .startFurniture: "a share bar, a date or a byline line above the text"
    case .repeatedHeadline: "a bar above the text that repeats the headline"
    case .endFurniture: "share, subscribe and copyright lines below the text"
    case .closingSection: "a closing section under a heading of its own ('About the author')"
    case .afterPromoLabel: "the links under a promo label ('DON'T MISS', '相关新闻')"
    case .furnitureAnywhere: "a gallery counter, an advert's label, a credit line in the text"
    case .labelledDateNearEdge: "'Updated 11:05, Nov 19' near either end"
    case .creditedCaption: "a caption that ends with its picture's credit"
    case .oneLinkParagraph: "a paragraph that is one short link to another story"
    }
  }

  /// The constants of `ReaderOptions` the row reads.
  var constants: String {
    switch self {
    case .startFurniture: "edgeMinimumBlocks, longBlockLength"
    case .repeatedHeadline: "shortestHeadline, shortText, headlineExtraWords"
    case .endFurniture: "longBlockLength"
    case .closingSection: "closingBlocks, smallShare"
    case .afterPromoLabel: "shortBlockLength, mostlyLinks"
    case .furnitureAnywhere: "furnitureLength"
    case .labelledDateNearEdge: "edgeBlocks"
    case .creditedCaption: "creditLineLength, shortText"
    case .oneLinkParagraph: "shortLineLength, nearlyAll, promoLinkWords"
    }
  }
}
