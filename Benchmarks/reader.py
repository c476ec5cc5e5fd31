#!/usr/bin/env python3
"""The reader view measured: how much of the article each text browser shows, and how soon.

    reader.py [--browse BIN] [--out DIR] [--runs N] [--timeout S] [--disguise classes|markup]
              [PAGES_DIR]

PAGES_DIR (default ../shared/pages/readability from the repository root) holds
NAME/source.html, NAME/expected.html (the article Mozilla Readability extracts)
and NAME/expected-metadata.json (its title, byline and date). Every source.html is served by a
loopback HTTP server in a thread of this script (127.0.0.1, a free port,
`Content-Type: text/html; charset=utf-8`) at /NAME/, and fetched from there by

  browse       browse --data F -p Bench -c NAME --fetch --no-cache  (the reader view)
  browse full  the same with --full-page (n/a when this build rejects it, exit 64)
  w3m -dump    w3m -dump -cols 80 -O UTF-8 URL
  lynx -dump   lynx -dump -width 80 -display_charset=utf-8 URL

all 80 columns wide (browse gets --width 80 when it accepts it, else COLUMNS=80).
Each command runs --runs times (4) with a --timeout (30 s); the first run's
output is scored and kept in DIR/reader/NAME.TOOL.txt, and the time is the
median wall time of the runs. The Markdown report goes to stdout and
DIR/reader.md, every figure to DIR/reader.json (DIR defaults to
Benchmarks/data/results/<UTC time>/).

Tokens. Text is NFKC-normalised and lower-cased; link marks `[12]` (lynx's and
browse's numbered links) are removed from outputs and expected text alike.
A run of Han, Kana or Hangul characters gives its bigrams (a lone character
gives itself); any other run of letters and digits (Latin, Cyrillic, Arabic,
Hebrew…) is one word. Where a renderer wrapped a CJK run at the line's end,
the two lines are joined again before counting recall, so wrapping costs
nothing; the per-line measures below tokenise each line alone.

Metrics, per page and tool (E = the expected article's tokens, a multiset):

- recall: |E ∩ output| / |E|, multisets (Counter min) over the whole output.
- lines before: the number of output lines (blank ones included) above the
  line where the article starts. The opening is the article's first 200
  tokens, its beginning their first 12. The article starts at the first
  non-blank line that
    (a) belongs to the article: it has ≥ 3 tokens and at least half of them
        occur in E, or 1–2 tokens that all occur in E;
    (b) holds the beginning: a trigram (3 consecutive tokens) of it, or for a
        line of 1–2 tokens, a run of it;
    (c) has the opening near: from this line on, at least 60% of the token
        pairs of the beginning and, separately, of the opening occur within
        1.25 × their length of output tokens, where a line that does not
        belong (a) costs at least 8 (so a run of short nav lines or a lead-in
        followed by the site's header is not "near"), and a short stretch
        may span 3 lines.
  A lead-in that repeats the opening (a meta description, a teaser) gives way
  to the same words starting again within 15 non-blank lines below it, unless
  the lines between are article text (half their token pairs are E's). A title
  line within 5 non-blank lines above the start moves the start up to it: its
  tokens (with up to two more lines, when it is wrapped at ≥ 60 columns) all
  occur in the metadata title and cover at least half of the title's. When no
  line qualifies, the opening is tried again 25 tokens later, up to 8 times (a
  renderer that drops the first sentence still has a start); when none does,
  the article never starts: lines before = all lines (marked † per page).
- precision: over the first 50 non-blank lines of the output (from its top,
  so what comes before the article counts), the share of their tokens that
  occur in the reader answer A = E plus the tokens of expected-metadata.json's
  title, byline and publishedTime (the header the reader view was asked to
  show above the article: "the title, byline and date"), multiset-aware: a
  token repeated k times in those lines counts at most as often as it occurs
  in A (the nav's tenth "Share" is not article). "precision, article only"
  is the same share against E alone, so that a title or byline counts as not
  article; both are reported, for every tool.
- time: median wall time of the runs of the command, fetch included. The runs
  are interleaved (run 1 of every tool on a page, then run 2 …), so that a
  change in the machine's load falls on all tools alike, and the order is
  turned by one each round, so that every tool runs in every place (give
  --runs a multiple of 4).

Python 3.11 standard library only. Not part of `swift test` or CI.
"""
import argparse
import collections
import datetime
import hashlib
import html.parser
import http.server
import json
import os
import pathlib
import re
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import unicodedata

HERE = pathlib.Path(__file__).resolve().parent
ROOT = HERE.parent
PROVINCE = "Bench"

# Han (with extensions and compatibility ideographs, 々 〆), Kana, Hangul.
CJK = ("\u1100-\u11ff\u3005-\u3007\u3040-\u30ff\u3130-\u318f\u31f0-\u31ff\u3400-\u4dbf"
       "\u4e00-\u9fff\uac00-\ud7af\uf900-\ufaff\U00020000-\U0003134f")
TOKEN = re.compile(f"([{CJK}]+)|([^\\W_{CJK}]+)")
LINK_MARK = re.compile(r"\[\d+\]")
CJK_WRAP = re.compile(f"([{CJK}])[ \\t]*\\n[ \\t]*(?=[{CJK}])")

OPENING = 200        # tokens of the article's opening that must follow the start
OPENING_STEP = 25    # when no line starts it, the opening is tried again this much later,
OPENING_TRIES = 8    # this many times
BEGINNING = 12       # the start line holds a trigram of the opening's first this many tokens
WINDOW = 1.25        # the opening (and its beginning) must be within this many times its
                     # length of output tokens,
LINE_COST = 8        # where a line that does not belong counts as at least this many (a run
                     # of short nav lines is not near),
MIN_LINES = 3        # and a short stretch may still span this many lines
COVER = 0.6          # share of the opening's token pairs that must be there
PRECISION_LINES = 50
TITLE_LINES = 3      # a title may be wrapped over this many lines,
WRAPPED = 60         # each but the last at least this many columns wide
REPEAT_LINES = 15    # non-blank lines below a lead-in where the opening may start again
TITLE_ABOVE = 5      # non-blank lines above the start where the title may be

TOOLS = ["browse", "browse-full", "w3m", "lynx"]
LABELS = {"browse": "browse (reader view)", "browse-full": "browse --full-page",
          "w3m": "w3m -dump", "lynx": "lynx -dump"}


# --- text and tokens -----------------------------------------------------------------------

def normalise(text):
    return LINK_MARK.sub("", unicodedata.normalize("NFKC", text).lower())


def tokens(text):
    """CJK bigrams (a lone CJK character is itself) and words, in order."""
    out = []
    for match in TOKEN.finditer(normalise(text)):
        run = match.group(1)
        if run is None:
            out.append(match.group(2))
        elif len(run) == 1:
            out.append(run)
        else:
            out.extend(run[i:i + 2] for i in range(len(run) - 1))
    return out


def unwrap(text):
    """Join lines that a renderer broke inside a CJK run."""
    return CJK_WRAP.sub(r"\1", unicodedata.normalize("NFKC", text))


BLOCKS = {"address", "article", "aside", "blockquote", "br", "caption", "dd", "details", "div",
          "dl", "dt", "figcaption", "figure", "footer", "h1", "h2", "h3", "h4", "h5", "h6",
          "header", "hr", "li", "main", "nav", "ol", "p", "pre", "section", "summary", "table",
          "tbody", "td", "tfoot", "th", "thead", "tr", "ul"}
SKIPPED = {"script", "style", "template", "noscript"}


class TextOf(html.parser.HTMLParser):
    """The text of an HTML fragment: tags stripped, entities decoded, a line break per block."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.parts = []
        self.skipping = 0

    def handle_starttag(self, tag, attrs):
        if tag in SKIPPED:
            self.skipping += 1
        elif tag in BLOCKS:
            self.parts.append("\n")

    def handle_startendtag(self, tag, attrs):
        if tag in BLOCKS:
            self.parts.append("\n")

    def handle_endtag(self, tag):
        if tag in SKIPPED:
            self.skipping = max(0, self.skipping - 1)
        elif tag in BLOCKS:
            self.parts.append("\n")

    def handle_data(self, data):
        if not self.skipping:
            self.parts.append(data)


def html_text(markup):
    parser = TextOf()
    parser.feed(markup)
    parser.close()
    return "".join(parser.parts)


# --- metrics -------------------------------------------------------------------------------

def pairs(seq):
    return collections.Counter(zip(seq, seq[1:])) if len(seq) > 1 else collections.Counter(seq)


def shared(mine, theirs):
    return sum(min(count, theirs[key]) for key, count in mine.items())


def ngrams(seq, n):
    return [tuple(seq[i:i + n]) for i in range(len(seq) - n + 1)]


def article_start(lines, expected_seq, expected, title):
    """Index of the line where the article starts (see the module's docstring), or None."""
    line_tokens = [tokens(line) for line in lines]
    nonblank = [i for i, line in enumerate(lines) if line.strip()]
    title_tokens = tokens(title or "")
    title_set = set(title_tokens)

    def belongs(i):
        seq = line_tokens[i]
        if not seq:
            return False
        inside = sum(token in expected for token in seq)
        return inside * 2 >= len(seq) if len(seq) >= 3 else inside == len(seq)

    def is_title(k):  # k indexes nonblank
        if not title_tokens:
            return False
        if not line_tokens[nonblank[k]]:
            return False
        got = []
        for i in nonblank[k:k + TITLE_LINES]:
            got += line_tokens[i]
            if not set(got) <= title_set:
                return False
            if len(set(got)) * 2 >= len(title_set) and (len(set(got)) >= 2 or len(title_set) < 2):
                return True
            if len(lines[i].rstrip()) < WRAPPED:  # only a line filled to the width continues
                return False
        return False

    def begins(i, beginning):
        """What of the beginning line i holds: its trigrams, or (1–2 tokens) the line itself."""
        seq = line_tokens[i]
        if len(seq) >= 3 and len(beginning) >= 3:
            return set(ngrams(beginning, 3)) & set(ngrams(seq, 3))
        short, long = sorted((seq, beginning), key=len)
        return {tuple(seq)} if short and tuple(short) in set(ngrams(long, len(short))) else set()

    def covers(k, stretch):
        """The stretch's pairs (its token, for one token) within a budget of output tokens."""
        budget, window, cost = max(WINDOW * len(stretch), MIN_LINES * LINE_COST), [], 0
        for i in nonblank[k:]:
            window += line_tokens[i]
            cost += len(line_tokens[i]) if belongs(i) else max(len(line_tokens[i]), LINE_COST)
            if cost >= budget:
                break
        if len(stretch) == 1:
            return stretch[0] in window
        wanted = collections.Counter(ngrams(stretch, 2))
        return shared(wanted, collections.Counter(ngrams(window, 2))) >= COVER * sum(wanted.values())

    expected_pairs = set(ngrams(expected_seq, 2))

    def article_between(k, later):
        """Whether the lines between two candidates are article text: at least half of their
        token pairs (within a line) are pairs of the article (a heading of its own words is not)."""
        between = [p for i in nonblank[k + 1:later] for p in ngrams(line_tokens[i], 2)]
        return sum(p in expected_pairs for p in between) * 2 >= len(between) > 0

    def starts(k, beginning, stretch):
        i = nonblank[k]
        held = belongs(i) and begins(i, beginning)
        return held if held and covers(k, beginning) and covers(k, stretch) else set()

    for offset in range(0, OPENING_TRIES * OPENING_STEP, OPENING_STEP):
        stretch = expected_seq[offset:offset + OPENING]
        if not stretch:
            break
        beginning = stretch[:BEGINNING]
        for k in range(len(nonblank)):
            held = starts(k, beginning, stretch)
            if not held:
                continue
            # A lead-in that repeats the opening (a meta description, a teaser) is not the start
            # when the same words start the article again just below, after lines that are
            # mostly not the article's.
            again = True
            while again:
                again = False
                for later in range(k + 1, min(k + 1 + REPEAT_LINES, len(nonblank))):
                    if held & begins(nonblank[later], beginning) and not article_between(k, later):
                        more = starts(later, beginning, stretch)
                        if more:
                            k, held, again = later, more, True
                            break
            for above in range(max(0, k - TITLE_ABOVE), k):  # the earliest title just above
                if is_title(above):
                    return nonblank[above]
            return nonblank[k]
    return None


def precision_of(head, reference):
    return shared(head, reference) / sum(head.values()) if head else None


def score(output, expected_seq, title, header_seq=()):
    expected = collections.Counter(expected_seq)
    lines = output.splitlines()
    got = collections.Counter(tokens(unwrap(output)))
    recall = shared(expected, got) / max(1, sum(expected.values()))
    start = article_start(lines, expected_seq, expected, title)
    first = [line for line in lines if line.strip()][:PRECISION_LINES]
    head = collections.Counter(t for line in first for t in tokens(line))
    answer = expected + collections.Counter(header_seq)
    return {"recall": recall, "lines_before": len(lines) if start is None else start,
            "start_found": start is not None,
            "start_line": None if start is None else lines[start].strip()[:120],
            "precision": precision_of(head, answer),
            "precision_article": precision_of(head, expected), "lines": len(lines)}


# --- serving and running -------------------------------------------------------------------

def serve(pages):
    """Serve PAGES (name -> bytes) at /NAME/ on 127.0.0.1; returns (server, port)."""

    class Handler(http.server.BaseHTTPRequestHandler):
        def do_GET(self, body=True):
            name = self.path.split("?", 1)[0].strip("/")
            page = pages.get(name) if self.path.split("?", 1)[0] == f"/{name}/" else None
            if page is None:
                self.send_error(404)
                return
            self.send_response(200)
            self.send_header("Content-Type", "text/html; charset=utf-8")
            self.send_header("Content-Length", str(len(page)))
            self.end_headers()
            if body:
                self.wfile.write(page)

        def do_HEAD(self):
            self.do_GET(body=False)

        def log_message(self, *args):
            pass

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    server.daemon_threads = True
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, server.server_address[1]


def run(argv, env, timeout):
    start = time.perf_counter()
    try:
        done = subprocess.run(argv, env=env, capture_output=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        return None, time.perf_counter() - start, f"timed out after {timeout} s"
    elapsed = time.perf_counter() - start
    return done, elapsed, None


def commands(browse, data, width_flag, full_page):
    """tool -> function(name, url) -> argv, or None where the tool is n/a."""
    reader = [browse, "--data", data, "-p", PROVINCE, "--fetch", "--no-cache"]
    reader += ["--width", "80"] if width_flag else []
    return {
        "browse": lambda name, url: [*reader[:5], "-c", name, *reader[5:]],
        "browse-full": (lambda name, url: [*reader[:5], "-c", name, *reader[5:], "--full-page"])
        if full_page else None,
        "w3m": lambda name, url: ["w3m", "-dump", "-cols", "80", "-O", "UTF-8", url],
        "lynx": lambda name, url: ["lynx", "-dump", "-width", "80", "-display_charset=utf-8", url],
    }


def probe(argv, env, timeout):
    """Whether browse accepts ARGV: False when it rejects an option (exit 64)."""
    done, _, error = run(argv, env, timeout)
    return error is not None or done.returncode != 64


# --- report --------------------------------------------------------------------------------

def mean(values):
    return statistics.fmean(values) if values else None


def median(values):
    return statistics.median(values) if values else None


def fmt(value, digits=3):
    return "n/a" if value is None else f"{value:.{digits}f}"


def fmt_ms(seconds):
    return "n/a" if seconds is None else f"{seconds * 1000:.0f} ms"


def summarise(results, available):
    summary = {}
    for tool in TOOLS:
        rows = [r[tool] for r in results.values() if r.get(tool)]
        if not available[tool] or not rows:
            summary[tool] = None
            continue
        precisions = [r["precision"] for r in rows if r["precision"] is not None]
        strict = [r["precision_article"] for r in rows if r["precision_article"] is not None]
        summary[tool] = {
            "pages": len(rows),
            "recall_mean": mean([r["recall"] for r in rows]),
            "recall_min": min(r["recall"] for r in rows),
            "lines_before_median": median([r["lines_before"] for r in rows]),
            "lines_before_mean": mean([r["lines_before"] for r in rows]),
            "start_not_found": sum(not r["start_found"] for r in rows),
            "precision_mean": mean(precisions),
            "precision_article_mean": mean(strict),
            "time_median": median([r["time"] for r in rows if r["time"] is not None]),
            "failed": sum(r["error"] is not None for r in rows),
        }
    return summary


def slower_than_w3m(results, tool):
    pages = [n for n, r in results.items() if r.get(tool) and r.get("w3m")
             and r[tool]["time"] is not None and r["w3m"]["time"] is not None]
    slower = [n for n in pages if results[n][tool]["time"] > results[n]["w3m"]["time"]]
    ratios = [results[n][tool]["time"] / results[n]["w3m"]["time"] for n in pages]
    return slower, median(ratios)


def report(meta, results, summary, available, flags):
    lines = [f"- Run: {meta['date']} · pages: {meta['pages_dir']} ({len(results)})"
             f" · {meta['runs']} runs a command"
             + (f" · disguised: {meta['disguise']}" if meta.get("disguise") else ""),
             f"- browse: {meta['browse']} ({meta['browse_width']})",
             f"- Load average (1, 5, 15 min) at the start → at the end: {meta['load']}", "",
             "| tool | recall mean | recall min | lines before, median | lines before, mean "
             "| start not found | precision (first 50 lines), mean "
             "| precision, article only, mean | time, median | failed |",
             "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |"]
    for tool in TOOLS:
        s = summary[tool]
        if s is None:
            lines.append(f"| {LABELS[tool]} | n/a ({available[tool] or 'not available'}) "
                         "| | | | | | | | |")
            continue
        lines.append(f"| {LABELS[tool]} | {fmt(s['recall_mean'])} | {fmt(s['recall_min'])} "
                     f"| {fmt(s['lines_before_median'], 1)} | {fmt(s['lines_before_mean'], 1)} "
                     f"| {s['start_not_found']} | {fmt(s['precision_mean'])} "
                     f"| {fmt(s['precision_article_mean'])} "
                     f"| {fmt_ms(s['time_median'])} | {s['failed']} |")

    def target(text, value, ok):
        return f"| {text} | {value} | {'n/a' if ok is None else ('yes' if ok else '**no**')} |"

    lines += ["", "Targets (set when the reader view was planned; judged on held-out pages of the same kinds — these are the "
              "pages developed against):", "", "| target | here | met |", "| --- | --- | --- |"]
    b, full = summary["browse"], summary["browse-full"]
    if b:
        lines.append(target("reader view recall ≥ 0.97 mean", fmt(b["recall_mean"]),
                            b["recall_mean"] >= 0.97))
        lines.append(target("lines before the article ≤ 3 median", fmt(b["lines_before_median"], 1),
                            b["lines_before_median"] <= 3))
        lines.append(target("lines before the article ≤ 8 mean", fmt(b["lines_before_mean"], 1),
                            b["lines_before_mean"] <= 8))
        lines.append(target("first-50-lines precision ≥ 0.95 mean (title, byline and date "
                            "count as the reader answer's)", fmt(b["precision_mean"]),
                            b["precision_mean"] is not None and b["precision_mean"] >= 0.95))
        lines.append(target("the same, article only (the header counts against it)",
                            fmt(b["precision_article_mean"]),
                            b["precision_article_mean"] is not None
                            and b["precision_article_mean"] >= 0.95))
    if full and summary["w3m"]:
        lines.append(target("`--full-page` recall not below w3m's by more than 0.02 on any page",
                            f"{len(flags)} pages below", not flags))
    else:
        lines.append(target("`--full-page` recall not below w3m's by more than 0.02 on any page",
                            "n/a (no --full-page in this build)", None))
    for tool in ("browse", "browse-full"):
        if summary[tool] and summary["w3m"]:
            slower, ratio = slower_than_w3m(results, tool)
            lines.append(target(f"{LABELS[tool]}: time per page not above w3m's",
                                f"slower on {len(slower)} of {summary[tool]['pages']} pages; "
                                f"median ratio {fmt(ratio, 2)}", not slower))

    if flags:
        lines += ["", "`--full-page` recall below w3m's by more than 0.02:", ""]
        lines += [f"- {name}: {fmt(fp)} against {fmt(w)}" for name, fp, w in flags]

    cols = [t for t in TOOLS if available[t] is True]
    names = " / ".join({"browse": "reader", "browse-full": "full", "w3m": "w3m",
                        "lynx": "lynx"}[t] for t in cols)
    lines += ["", f"Per page ({names}); † the article never starts (lines before = all lines):", "",
              "| page | tokens | recall | lines before | precision | time (ms) |",
              "| --- | ---: | --- | --- | --- | --- |"]
    shows = [lambda x: fmt(x["recall"], 2),
             lambda x: f"{x['lines_before']}{'' if x['start_found'] else '†'}",
             lambda x: fmt(x["precision"], 2),
             lambda x: "n/a" if x["time"] is None else f"{x['time'] * 1000:.0f}"]
    for name, r in results.items():
        cells = [" / ".join(show(r[t]) if r.get(t) else "err" for t in cols) for show in shows]
        lines.append(f"| {name} | {r['expected_tokens']} | " + " | ".join(cells) + " |")
    return "\n".join(lines)


# --- disguise --------------------------------------------------------------------------------

TAG = re.compile(rb"<[A-Za-z][^<>]*>")
ATTRIBUTE = re.compile(
    rb"""(?<=[\s"'])(class|id)(\s*=\s*)(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+))""", re.I)
SEMANTIC = re.compile(rb"<(/?)(article|main|aside|nav|header|footer|section|figure|figcaption)"
                      rb"(?=[\s/>])", re.I)
HINT = re.compile(rb"""(?<=[\s"'])(itemprop|role)\s*=\s*(?:"[^"]*"|'[^']*'|[^\s"'=<>`]+)""",
                  re.I)


def disguise(markup, how):
    """MARKUP (bytes) as a page never seen, for --disguise. `classes` replaces each class
    and id with a meaningless name (the same name for the same word, as a site's generated
    CSS names are), so that no rule keyed to words like `article`, `comment` or `share`
    can help; `markup` does that and also turns `article`, `main`, `aside`, `nav`, `header`,
    `footer`, `section`, `figure` and `figcaption` into `div` and drops `itemprop` and
    `role`, leaving the text and the shape of the tree alone to go by. Only tags are
    rewritten (quoted, single-quoted and bare values alike), never the text between them."""
    def rename(match):
        value = next(g for g in match.groups()[2:] if g is not None)
        names = b" ".join(b"c" + hashlib.sha1(word).hexdigest()[:6].encode()
                          for word in value.split())
        return match.group(1) + match.group(2) + b'"' + names + b'"'

    def tag(match):
        text = ATTRIBUTE.sub(rename, match.group(0))
        if how == "markup":
            text = HINT.sub(b"", SEMANTIC.sub(rb"<\1div", text))
        return text
    markup = TAG.sub(tag, markup)
    if how == "markup":
        markup = SEMANTIC.sub(rb"<\1div", markup)  # end tags
    return markup


# --- main ----------------------------------------------------------------------------------

def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("pages", nargs="?", default=str(ROOT.parent / "shared/pages/readability"),
                        help="directory of NAME/{source,expected}.html (default: %(default)s)")
    parser.add_argument("--browse", default=str(ROOT / ".build/release/browse"))
    parser.add_argument("--out", help="results directory (default Benchmarks/data/results/<UTC>)")
    parser.add_argument("--runs", type=int, default=4)
    parser.add_argument("--timeout", type=float, default=30)
    parser.add_argument("--disguise", choices=["classes", "markup"],
                        help="serve the pages rewritten as pages never seen (see disguise)")
    args = parser.parse_args()

    pages_dir = pathlib.Path(args.pages).resolve()
    names = sorted(p.name for p in pages_dir.iterdir()
                   if (p / "source.html").is_file() and (p / "expected.html").is_file())
    if not names:
        sys.exit(f"reader.py: no NAME/source.html with NAME/expected.html in {pages_dir}")
    if not os.access(args.browse, os.X_OK):
        sys.exit(f"reader.py: no browse binary at {args.browse} (swift build -c release)")
    stamp = datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%dT%H%M%SZ")
    out = pathlib.Path(args.out) if args.out else HERE / "data/results" / stamp
    (out / "reader").mkdir(parents=True, exist_ok=True)
    load_start = open("/proc/loadavg").read().split()[:3]

    expected, titles, headers = {}, {}, {}
    for name in names:
        text = html_text((pages_dir / name / "expected.html").read_text(encoding="utf-8",
                                                                           errors="replace"))
        expected[name] = tokens(text)
        try:
            meta = json.loads((pages_dir / name / "expected-metadata.json").read_text("utf-8"))
            titles[name] = meta.get("title") or ""
            headers[name] = [t for key in ("title", "byline", "publishedTime")
                             if isinstance(meta.get(key), str) for t in tokens(meta[key])]
        except (OSError, ValueError):
            titles[name], headers[name] = "", []

    sources = {n: (pages_dir / n / "source.html").read_bytes() for n in names}
    if args.disguise:
        sources = {n: disguise(markup, args.disguise) for n, markup in sources.items()}
    server, port = serve(sources)
    url = {n: f"http://127.0.0.1:{port}/{n}/" for n in names}
    work = tempfile.TemporaryDirectory(prefix="reader-bench-")
    data = os.path.join(work.name, "pages.json")
    with open(data, "w", encoding="utf-8") as handle:
        json.dump({PROVINCE: [{"name": n, "url": url[n]} for n in names]}, handle,
                  ensure_ascii=False)
    env = dict(os.environ, LANG="C.UTF-8", LC_ALL="C.UTF-8", COLUMNS="80", NO_COLOR="1",
               TERM="dumb", XDG_CACHE_HOME=os.path.join(work.name, "cache"),
               HOME=work.name)  # w3m and lynx keep their state under HOME: start each run clean

    # Every name must look up its own URL (names are taken as they are; a clash would show here).
    for n in names:
        done, _, error = run([args.browse, "--data", data, "-p", PROVINCE, "-c", n], env, 10)
        got = "" if error else done.stdout.decode("utf-8", "replace").strip()
        if got != url[n]:
            sys.exit(f"reader.py: browse -c {n} gave {got!r}, not {url[n]} "
                     f"({error or done.stderr.decode('utf-8', 'replace').strip()})")

    first = names[0]
    base = [args.browse, "--data", data, "-p", PROVINCE, "-c", first, "--fetch", "--no-cache"]
    width_flag = probe([*base, "--width", "80"], env, args.timeout)
    full_page = probe([*base, "--full-page"], env, args.timeout)
    argv_of = commands(args.browse, data, width_flag, full_page)
    available = {t: True for t in TOOLS}
    if not full_page:
        available["browse-full"] = "rejected with exit 64 by this build"
    for tool in ("w3m", "lynx"):
        if subprocess.run(["sh", "-c", f"command -v {tool}"], capture_output=True).returncode:
            available[tool] = "not installed"
            argv_of[tool] = None

    results = {}
    for n in names:
        results[n] = {"expected_tokens": len(expected[n]), "url": url[n]}
        tools = [t for t in TOOLS if argv_of[t] is not None]
        argv = {t: argv_of[t](n, url[n]) for t in tools}
        state = {t: {"times": [], "output": "", "error": None, "status": None} for t in tools}
        for attempt in range(args.runs):  # interleaved: every tool's run k before run k + 1,
            # and the order turned by one each round, so that no tool always runs first (just
            # after the heaviest one, with the caches cold) or always follows itself
            for tool in tools[attempt % len(tools):] + tools[:attempt % len(tools)]:
                got = state[tool]
                if got["error"]:
                    continue
                done, elapsed, got["error"] = run(argv[tool], env, args.timeout)
                if got["error"]:
                    continue
                got["times"].append(elapsed)
                if attempt == 0:
                    got["status"] = done.returncode
                    got["output"] = done.stdout.decode("utf-8", "replace")
                    if done.returncode != 0:
                        got["error"] = (f"exit {done.returncode}: "
                                        + done.stderr.decode("utf-8", "replace").strip()[:200])
        for tool in tools:
            got = state[tool]
            (out / "reader" / f"{n}.{tool}.txt").write_text(got["output"], encoding="utf-8")
            row = score(got["output"], expected[n], titles[n], headers[n])
            row.update(time=median(got["times"]) if not got["error"] else None,
                       times=got["times"], status=got["status"], error=got["error"],
                       command=argv[tool])
            results[n][tool] = row
    server.shutdown()

    summary = summarise(results, available)
    flags = [(n, r["browse-full"]["recall"], r["w3m"]["recall"]) for n, r in results.items()
             if r.get("browse-full") and r.get("w3m")
             and r["browse-full"]["recall"] < r["w3m"]["recall"] - 0.02]
    load_end = open("/proc/loadavg").read().split()[:3]
    meta = {"date": stamp, "pages_dir": str(pages_dir), "runs": args.runs,
            "disguise": args.disguise, "browse": args.browse,
            "browse_width": "--width 80" if width_flag else "COLUMNS=80 (no --width in this build)",
            "load": f"{' '.join(load_start)} → {' '.join(load_end)}",
            "available": available}
    text = report(meta, results, summary, available, flags)
    (out / "reader.md").write_text(text + "\n", encoding="utf-8")
    with open(out / "reader.json", "w", encoding="utf-8") as handle:
        json.dump({"meta": meta, "summary": summary,
                   "full_page_below_w3m": [{"page": n, "full_page": fp, "w3m": w}
                                           for n, fp, w in flags],
                   "pages": results}, handle, ensure_ascii=False, indent=1)
    print(text)
    work.cleanup()


if __name__ == "__main__":
    main()
