#!/usr/bin/env python3
"""The reader view's article body scored as the article-extraction benchmark scores it.

    extraction.py [--browse BIN] [--out DIR] [--tools T,...] [--jobs N] [--show]
                  [--disguise classes|markup] [PAGES_DIR]

PAGES_DIR (default ../shared/pages/extraction from the repository root) holds
html/KEY.html.gz and ground-truth.json ({KEY: {"articleBody": ..., "url": ...}}), pages of
scrapinghub's article-extraction-benchmark. Each page is served, decompressed, by a
loopback HTTP server in a thread of this script (reader.py's, `text/html; charset=utf-8`)
and read by

  browse           browse --data F -p Bench -c NAME --fetch --no-cache --width 1000
  trafilatura      trafilatura.extract(html, include_comments=False)
  readability-lxml readability.Document(html).summary(), its text

The peers are installed with `pip install` (one at a time; never into the package) when
missing; a peer that cannot be installed is reported n/a.

What is scored of browse's output: the article text alone. The header above it (the
title line and the byline and date line, before the first blank line; present when the
page has a <title> or og:title), the `References` list after it and the link marks `[n]`
are removed. At 1000 columns the title and the credit line are one line each.

The metric, as the benchmark defines it (this is our own code):
  - tokens are `\\w+` (Python's Unicode \\w; case kept);
  - each text gives its 4-gram shingles, counted (a Counter);
  - per page, tp = sum of min(counts), fp = the prediction's excess, fn = the truth's;
    the three are normalised to sum to 1;
  - precision = tp / (tp + fp) and recall = tp / (tp + fn) per page (an empty prediction
    has precision 0), each averaged over the pages, and F1 is taken from the two means.

--disguise stands in for pages never seen, which the held-out half is and this machine
cannot score: every page is rewritten before any tool reads it (reader.py's `disguise`,
which says how).

The Markdown report goes to stdout and DIR/extraction.md, every figure to
DIR/extraction.json and browse's scored text to DIR/extraction/KEY.browse.txt
(DIR defaults to Benchmarks/data/results/<UTC time>/). Pages below 0.5 F1 are listed,
and those below 0.6 for browse.

Python 3.11. Not part of `swift test` or CI.
"""
import argparse
import collections
import concurrent.futures
import datetime
import gzip
import importlib
import json
import os
import pathlib
import re
import statistics
import subprocess
import sys
import tempfile

HERE = pathlib.Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path.insert(0, str(HERE))
import reader  # noqa: E402  (its loopback server and HTML-to-text)

PROVINCE = "Bench"
WIDTH = 1000
TOOLS = ["browse", "trafilatura", "readability-lxml"]
# lxml 5.2 moved lxml.html.clean, which trafilatura imports, into a project of its own.
PIP = {"trafilatura": ["trafilatura", "lxml_html_clean"], "readability-lxml": ["readability-lxml"]}
MODULE = {"trafilatura": "trafilatura", "readability-lxml": "readability"}
WORD = re.compile(r"\w+")
LINK_MARK = re.compile(r"\[\d+\]")
TITLE = re.compile(rb"<title[^>]*>\s*[^<\s]|property=[\"']og:title[\"']", re.I)
LINK_LINE = re.compile(r"^ +\[\d+\] | {5,}\S")


# --- the metric ----------------------------------------------------------------------------

def shingles(text, n=4):
    words = WORD.findall(text)
    return collections.Counter(tuple(words[i:i + n]) for i in range(len(words) - n + 1))


def match(truth, prediction):
    """(tp, fp, fn) over 4-gram shingle counts, normalised to sum to 1."""
    t, p = shingles(truth), shingles(prediction)
    tp = sum(min(count, p[key]) for key, count in t.items())
    fp = sum(max(0, count - t[key]) for key, count in p.items())
    fn = sum(max(0, count - p[key]) for key, count in t.items())
    total = tp + fp + fn
    return (tp / total, fp / total, fn / total) if total else (1.0, 0.0, 0.0)


def page_scores(truth, prediction):
    tp, fp, fn = match(truth, prediction)
    precision = tp / (tp + fp) if tp + fp else (1.0 if not fn else 0.0)
    recall = tp / (tp + fn) if tp + fn else 1.0
    f1 = 2 * precision * recall / (precision + recall) if precision + recall else 0.0
    return {"precision": precision, "recall": recall, "f1": f1}


def summary(rows):
    precision = statistics.fmean(r["precision"] for r in rows)
    recall = statistics.fmean(r["recall"] for r in rows)
    f1 = 2 * precision * recall / (precision + recall) if precision + recall else 0.0
    return {"pages": len(rows), "f1": f1, "precision": precision, "recall": recall}


# --- browse's text -------------------------------------------------------------------------

def article_text(output, has_title):
    """browse's --fetch output less its header, its References list and its link marks."""
    lines = output.splitlines()
    # The References list: the last "References" line after a blank one, followed only by
    # numbered link lines and their indented continuations.
    for i in range(len(lines) - 1, 0, -1):
        if lines[i] == "References" and not lines[i - 1].strip():
            rest = [line for line in lines[i + 1:] if line.strip()]
            if all(LINK_LINE.match(line) for line in rest):
                lines = lines[:i - 1]
            break
    if has_title and "" in lines:
        blank = lines.index("")
        if blank <= 2:  # title, and byline · date, each one line at WIDTH
            lines = lines[blank + 1:]
    return LINK_MARK.sub("", "\n".join(lines))


def run_browse(binary, data, name, env, timeout):
    argv = [binary, "--data", data, "-p", PROVINCE, "-c", name, "--fetch", "--no-cache",
            "--width", str(WIDTH), "--max-bytes", "20M"]
    try:
        done = subprocess.run(argv, env=env, capture_output=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        return None, f"timed out after {timeout} s"
    if done.returncode != 0:
        return None, f"exit {done.returncode}: " + done.stderr.decode("utf-8", "replace")[:200]
    return done.stdout.decode("utf-8", "replace"), None


# --- peers ---------------------------------------------------------------------------------

def peer(tool):
    """The peer's module, installed with pip when missing; or a reason it is n/a."""
    try:
        return importlib.import_module(MODULE[tool]), None
    except ImportError:
        pass
    names = " ".join(PIP[tool])
    print(f"extraction.py: installing {names} with pip", file=sys.stderr)
    done = subprocess.run([sys.executable, "-m", "pip", "install", "-q", *PIP[tool]],
                          capture_output=True, text=True)
    if done.returncode != 0:
        return None, f"pip install {names} failed"
    importlib.invalidate_caches()
    try:
        return importlib.import_module(MODULE[tool]), None
    except ImportError as error:
        return None, f"not importable after pip install ({error})"


def run_peer(tool, module, markup):
    try:
        if tool == "trafilatura":
            return module.extract(markup, include_comments=False) or "", None
        return reader.html_text(module.Document(markup).summary(html_partial=True)), None
    except Exception as error:  # a peer's failure on a page is that page's empty answer
        return "", f"{type(error).__name__}: {error}"[:200]


# --- report --------------------------------------------------------------------------------

def report(meta, results, sums, available):
    disguised = f" · disguised: {meta['disguise']}" if meta.get("disguise") else ""
    lines = [f"- Run: {meta['date']} · pages: {meta['pages_dir']} ({meta['pages']}){disguised}",
             f"- browse: {meta['browse']} (--width {WIDTH}; header, References and link "
             "marks removed)", "",
             "| extractor | F1 | precision | recall | pages below 0.5 | pages below 0.6 | failed |",
             "| --- | ---: | ---: | ---: | ---: | ---: | ---: |"]
    for tool in TOOLS:
        s = sums.get(tool)
        if s is None:
            lines.append(f"| {tool} | n/a ({available[tool]}) | | | | | |")
            continue
        rows = [r[tool] for r in results.values() if tool in r]
        below5 = sum(r["f1"] < 0.5 for r in rows)
        below6 = sum(r["f1"] < 0.6 for r in rows)
        failed = sum(r.get("error") is not None for r in rows)
        lines.append(f"| {tool} | {s['f1']:.3f} | {s['precision']:.3f} | {s['recall']:.3f} "
                     f"| {below5} | {below6} | {failed} |")
    for tool in TOOLS:
        if tool not in sums:
            continue
        low = sorted(((r[tool]["f1"], key) for key, r in results.items()
                      if tool in r and r[tool]["f1"] < (0.6 if tool == "browse" else 0.5)),
                     key=lambda x: x[0])
        bar = "0.6" if tool == "browse" else "0.5"
        lines += ["", f"{tool}: pages below {bar} F1 ({len(low)}):"]
        lines += [f"- {key[:16]} F1 {f1:.2f} (P {results[key][tool]['precision']:.2f}, "
                  f"R {results[key][tool]['recall']:.2f}) {results[key]['url']}"
                  for f1, key in low] or ["- none"]
    return "\n".join(lines)


# --- main ----------------------------------------------------------------------------------

def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("pages", nargs="?", default=str(ROOT.parent / "shared/pages/extraction"))
    parser.add_argument("--browse", default=str(ROOT / ".build/release/browse"))
    parser.add_argument("--out", help="results directory (default Benchmarks/data/results/<UTC>)")
    parser.add_argument("--tools", default=",".join(TOOLS), help="comma-separated subset")
    parser.add_argument("--jobs", type=int, default=2, help="browse runs at once (2)")
    parser.add_argument("--timeout", type=float, default=60)
    parser.add_argument("--show", action="store_true", help="print every page's browse F1")
    parser.add_argument("--disguise", choices=["classes", "markup"],
                        help="score pages rewritten as unseen ones (see above)")
    args = parser.parse_args()

    tools = [t for t in args.tools.split(",") if t]
    unknown = [t for t in tools if t not in TOOLS]
    if unknown:
        sys.exit(f"extraction.py: unknown tools {unknown}; choose from {TOOLS}")
    pages_dir = pathlib.Path(args.pages).resolve()
    truth_path = pages_dir / "ground-truth.json"
    if not truth_path.is_file():
        sys.exit(f"extraction.py: no ground-truth.json in {pages_dir}")
    truth = json.loads(truth_path.read_text(encoding="utf-8"))
    keys = sorted(k for k in truth if (pages_dir / "html" / f"{k}.html.gz").is_file())
    if not keys:
        sys.exit(f"extraction.py: no html/KEY.html.gz in {pages_dir}")
    if "browse" in tools and not os.access(args.browse, os.X_OK):
        sys.exit(f"extraction.py: no browse binary at {args.browse} (swift build -c release)")
    stamp = datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%dT%H%M%SZ")
    out = pathlib.Path(args.out) if args.out else HERE / "data/results" / stamp
    (out / "extraction").mkdir(parents=True, exist_ok=True)

    pages = {k: gzip.decompress((pages_dir / "html" / f"{k}.html.gz").read_bytes()) for k in keys}
    if args.disguise:
        pages = {k: reader.disguise(v, args.disguise) for k, v in pages.items()}
    name = {k: "p" + k[:12] for k in keys}
    results = {k: {"url": truth[k].get("url", "")} for k in keys}
    available = {t: (True if t in tools else "not asked for") for t in TOOLS}

    if "browse" in tools:
        server, port = reader.serve({name[k]: pages[k] for k in keys})
        work = tempfile.TemporaryDirectory(prefix="extraction-bench-")
        data = os.path.join(work.name, "pages.json")
        with open(data, "w", encoding="utf-8") as handle:
            json.dump({PROVINCE: [{"name": name[k], "url": f"http://127.0.0.1:{port}/{name[k]}/"}
                                  for k in keys]}, handle)
        env = dict(os.environ, LANG="C.UTF-8", LC_ALL="C.UTF-8", NO_COLOR="1", TERM="dumb",
                   XDG_CACHE_HOME=os.path.join(work.name, "cache"), HOME=work.name)

        def one(key):
            output, error = run_browse(args.browse, data, name[key], env, args.timeout)
            return key, output, error

        with concurrent.futures.ThreadPoolExecutor(max(1, args.jobs)) as pool:
            for key, output, error in pool.map(one, keys):
                text = "" if output is None else article_text(output, bool(TITLE.search(pages[key])))
                (out / "extraction" / f"{key}.browse.txt").write_text(text, encoding="utf-8")
                row = page_scores(truth[key].get("articleBody", ""), text)
                row["error"] = error
                results[key]["browse"] = row
        server.shutdown()
        work.cleanup()

    for tool in ("trafilatura", "readability-lxml"):
        if tool not in tools:
            continue
        module, why = peer(tool)
        if module is None:
            available[tool] = why
            continue
        for key in keys:
            markup = pages[key].decode("utf-8", "replace")
            text, error = run_peer(tool, module, markup)
            row = page_scores(truth[key].get("articleBody", ""), text)
            row["error"] = error
            results[key][tool] = row

    sums = {t: summary([r[t] for r in results.values() if t in r])
            for t in TOOLS if any(t in r for r in results.values())}
    meta = {"date": stamp, "pages_dir": str(pages_dir), "pages": len(keys), "disguise": args.disguise,
            "browse": args.browse if "browse" in tools else None, "available": available}
    text = report(meta, results, sums, available)
    if args.show and "browse" in sums:
        text += "\n\nbrowse per page:\n" + "\n".join(
            f"- {k[:16]} {results[k]['browse']['f1']:.3f} P {results[k]['browse']['precision']:.2f}"
            f" R {results[k]['browse']['recall']:.2f}" for k in keys)
    (out / "extraction.md").write_text(text + "\n", encoding="utf-8")
    with open(out / "extraction.json", "w", encoding="utf-8") as handle:
        json.dump({"meta": meta, "summary": sums, "pages": results}, handle,
                  ensure_ascii=False, indent=1)
    print(text)


if __name__ == "__main__":
    main()
