/// The general reader's options: Readability.js's, under its names and with its defaults
/// (`DEFAULT_N_TOP_CANDIDATES`, `DEFAULT_CHAR_THRESHOLD`, the numbers written into
/// `_grabArticle` and `isProbablyReaderable`), and the switches of the rules this reader
/// adds to Readability's (`ReaderRule`).
struct ReaderOptions: Sendable {
  // Readability's numbers, under its names where it names them.

  /// `nbTopCandidates`: the best candidates looked at to find their common ancestor.
  var nTopCandidates = 5
  /// `MINIMUM_TOPCANDIDATES`: how many of them under one ancestor make it the article.
  var minimumTopCandidates = 3
  /// `charThreshold`: the characters an attempt must find to be trusted without retrying.
  var charThreshold = 500
  /// The shortest paragraph `_grabArticle` scores (`innerText.length < 25`); in
  /// `_cleanConditionally`, the least text a block with links must have.
  var minParagraphLength = 25
  /// Ancestors a paragraph scores (`_getNodeAncestors(elementToScore, 5)`).
  var ancestorLevels = 5
  /// A paragraph's points for length: one per `charsPerPoint` characters, at most `maxLengthPoints`.
  var charsPerPoint = 100
  var maxLengthPoints = 3
  /// The score an ancestor's share is divided by: the grandparent's
  /// (`scoreDivider = 2`), and, times its level, a further ancestor's (`level * 3`).
  var grandparentDivider = 2.0
  var ancestorDivider = 3.0
  /// `_initializeNode`: the score a candidate starts with by its tag (`div`; `pre`, `td`,
  /// `blockquote`; lists, `address`, `form`; headings, `th`, `header`).
  var divScore = 5.0
  var preScore = 3.0
  var listScore = -3.0
  var headingScore = -5.0
  /// `_getClassWeight`: the weight of a positive or negative class or id; in
  /// `_cleanConditionally`, the weight under which a block's links count against it.
  var classWeight = 25
  /// An alternative candidate counts when it scores this share of the top one (0.75).
  var alternativeScoreRatio = 0.75
  /// `lastScore / 3`: the climb to the parent stops below this share of the score.
  var parentScoreDivisor = 3.0
  /// Siblings join at `max(siblingMinScore, topScore × siblingScoreRatio)`.
  var siblingScoreRatio = 0.2
  var siblingMinScore = 10.0
  /// A sibling `p` joins when longer than this with a link density under
  /// `siblingLinkDensity`. The added rules take the same two for a paragraph of prose.
  var siblingParagraphLength = 80
  var siblingLinkDensity = 0.25
  /// `isProbablyReaderable`: `minContentLength` and `minScore`. The first is also the
  /// least text a sibling of the top's kind needs to join (`siblingOfKind`).
  var minContentLength = 140
  var minScore = 20.0
  /// `_cleanConditionally`: a block with this many commas or more is kept.
  var cleanCommas = 10
  /// `_cleanConditionally`: `li - 100 > p` marks a block of list items, not paragraphs.
  var listItemAllowance = 100
  /// `_cleanConditionally`: links over this share of a block's text, with a weight under
  /// `classWeight`, make it junk; over `heavyLinkDensity` whatever its weight.
  var linkDensityLimit = 0.2
  var heavyLinkDensity = 0.5
  /// `_cleanConditionally`'s `headingDensity < 0.9` and `_getLinkDensity`'s share for a
  /// list that is all of a block; the added rules take it for "nearly all".
  var nearlyAll = 0.9
  /// `_getLinkDensity`: an in-page link (`#…`) weighs this much of its text.
  var inPageLinkWeight = 0.3
  /// `_textSimilarity`: a heading this similar to the title is the title.
  var titleSimilarity = 0.75
  /// `_getArticleTitle`: a title part with fewer words is no headline; one with at most
  /// `titleShortWords` keeps the whole title.
  var titleMinWords = 3
  var titleShortWords = 4
  /// `_cleanHeaders` and `_headerDuplicatesTitle`: the headings levels it looks at (h1, h2).
  var titleHeadingLevel = 2

  // The added rules' numbers (see `ReaderRule`).

  /// A CJK character counts as this many characters (`cjkWeight`).
  var wideCharacterLength = 3
  /// `tagBoost`: what `<article>`, `<main>`, `role=main`, `itemprop=articleBody` each add.
  var tagBoost = 10.0
  /// Paragraphs that make an article's worth (`formWrapper`, `preferLonger`,
  /// `proseWithOneLink`), and how much more prose the longer one must have.
  var articleParagraphs = 3
  var longerFactor = 2.0
  /// What `fewWords` was, one number for four kinds of count, now each its own:
  /// `_getArticleTitle`'s hierarchical title (`Site / Section / Headline`): the words the
  /// parts before the headline may have.
  var titlePrefixWords = 2
  /// `hoverCard`: the characters a linked name needs, the links a card needs, and the
  /// words past the name read to see the card repeat it.
  var hoverNameCharacters = 2
  var hoverCardLinks = 2
  var hoverCardExtraWords = 2
  /// `linkList`: how many times `scanLimit` items a list of links may have.
  var linkListScans = 2
  /// A handful: the children, words and headings read for a quick look.
  var fewItems = 8
  /// Text under which a block counts as short (a quotation, the opening of `articleBody`,
  /// the words around a headline, a credit at a line's end).
  var shortText = 40
  /// `quoteBox`: a box's links over this share are a button's; a promo label's links too.
  var mostlyLinks = 0.6
  /// `quoteBox`: the share of a box that quotations make it one.
  var quoteShare = 0.8
  /// A short line: a credit, a promo's one link.
  var shortLineLength = 200
  /// A short block: a caption, a promo's paragraph, the text read to name a card.
  var shortBlockLength = 400
  /// `furnitureBoxes`: an author's box is under this and a share of the article; a media
  /// or teaser box under `mediaShare` of it.
  var authorBoxLength = 1500
  var authorBoxShare = 3
  var mediaShare = 2
  /// A list of links, a closing section: under this share of the article (a quarter).
  var smallShare = 4
  /// `linkList`: at most so many items, each of a headline's length at most.
  var linkListItems = 50
  var headlineLength = 150
  /// `pictureCredit`: ancestors looked through for a figure or a caption.
  var captionDepth = 6
  /// `edges`: a block longer than this is never furniture; the shortest headline looked
  /// for in a bar; the blocks from the end a closing section may start; the blocks of an
  /// edge; the longest furniture line and credit line found anywhere; the opening of
  /// `articleBody` compared.
  var longBlockLength = 1600
  var shortestHeadline = 15
  var closingBlocks = 16
  var edgeBlocks = 4
  var furnitureLength = 160
  var creditLineLength = 250
  var openingLength = 120
  /// `edges`: the fewest blocks an article must have for its ends to be trimmed
  /// (`startFurniture`); the words a bar may add to the headline it repeats
  /// (`repeatedHeadline`); the words a one-link paragraph needs to be a promo
  /// (`oneLinkParagraph`: "Read more" alone is a control the other rows read).
  var edgeMinimumBlocks = 2
  var headlineExtraWords = 2
  var promoLinkWords = 2
  /// The rows of `edges` that are on (`EdgeRule`).
  var edgeRules: Set<EdgeRule> = Set(EdgeRule.allCases)
  /// Bounds on the work of one look: ancestors climbed, items read, blocks gathered,
  /// class names compared.
  var depthLimit = 64
  var scanLimit = 512
  var blockLimit = 4096
  var classLimit = 32

  /// The rules beyond Readability's that are on (all of them by default).
  var rules: Set<ReaderRule> = Set(ReaderRule.allCases)

  /// Readability's defaults with every rule on.
  static let standard = ReaderOptions()

  func has(_ rule: ReaderRule) -> Bool { rules.contains(rule) }

  /// Whether the row `rule` of `edges` is on.
  func has(_ rule: EdgeRule) -> Bool { edgeRules.contains(rule) }
}

/// Every rule the general reader adds to Readability's, one entry each: its name, the kind
/// of page it is for, and its switch (`ReaderOptions.rules`). The comment at each rule's
/// place in `ArticleFinder` says how it departs from Readability.
enum ReaderRule: String, CaseIterable, Sendable {
  case preferLonger, embeddedPost, quoteBox, proseWithOneLink, commentSections, formWrapper
  case hoverCard, pictureCredit, linkList, furnitureBoxes, edges, markedArticle, tagBoost
  case linkParentStop, siblingOfKind, cjkWeight, layoutCells, mediaBoxProse

  /// The kind of page the rule is for.
  var kindOfPage: String {
    switch self {
    case .preferLonger: "a photo's long comma-heavy caption outscores a short article"
    case .embeddedPost: "a news story quoting a tweet in a box classed as a social embed"
    case .quoteBox: "an article quoting a post whose box is all links"
    case .proseWithOneLink: "a story with a 'SEE MORE:' link among plain paragraphs"
    case .commentSections: "a blog post or story with a long comment thread"
    case .formWrapper: "an ASP.NET page whose body is one form"
    case .hoverCard: "a news site with a hover card after an author's linked name"
    case .pictureCredit: "a story with credit spans under its pictures"
    case .linkList: "a story with a short list of same-site links between paragraphs"
    case .furnitureBoxes: "credit, gallery, 'most read' and author boxes inside an article"
    case .edges: "share bars, dates, promos and closing sections at an article's edges"
    case .markedArticle: "a short brief that marks or declares itself the article"
    case .tagBoost: "an article in <article>, <main> or itemprop=articleBody"
    case .linkParentStop: "an article inside a wrapper of teasers"
    case .siblingOfKind: "an article cut into parts by figures, its parts classed alike"
    case .cjkWeight: "Chinese, Japanese and Korean text, which has no spaces"
    case .layoutCells: "a table-layout page whose text sits in a cell, its paragraphs split by <br>"
    case .mediaBoxProse: "a story whose opening paragraph sits in a box classed as media"
    }
  }
}
