#!/usr/bin/env python3
"""What each of the general reader's added rules buys: the development pages scored with
every rule on, then with each rule off in turn.

    reader-rules.py [--readability DIR] [--extraction DIR] [--only RULE,…] [--disguise HOW]

Compiles Benchmarks/reader-rules/main.swift with PageReader's sources (against the release
build's TextSupport, so run `swift build -c release` first) into Benchmarks/data/bin, runs
it in-process on the pages (no server, no fetch: the reader view alone), and scores the
output as extraction.py (F1 of 4-gram shingles against articleBody, width 1000) and
reader.py (recall and lines before the article against Readability's expected.html,
width 80) score browse's. Prints a Markdown table, one row per rule (`ReaderRule`):
its kind of page, and the change in each figure when it is off. The figures with every
rule on differ a little from extraction.py's and reader.py's, which run the whole
`browse --fetch` (its header, its References); the changes are what this measures.
--disguise classes|markup scores the pages rewritten as pages never seen (reader.py's
`disguise`): what a rule buys where the class names and the semantic tags say nothing.
The real zh.wikipedia pages (--zhwiki) are read too, and their lines of MediaWiki furniture
counted (`wiki_junk`: a line of one character, of link marks only, an editor's control, the
mobile site's prompt); --wiki-lines prints them. --release DIR links another checkout's
release TextSupport (the same sources) when this one has no release build.
"""
import argparse
import collections
import gzip
import json
import pathlib
import re
import statistics
import subprocess
import sys
import tempfile

HERE = pathlib.Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path.insert(0, str(HERE))
import extraction  # noqa: E402
import reader  # noqa: E402


def build(release=None):
    binary = HERE / "data/bin/reader-rules"
    binary.parent.mkdir(parents=True, exist_ok=True)
    release = pathlib.Path(release) if release else ROOT / ".build/release"
    sources = sorted(str(p) for p in (ROOT / "Sources/PageReader").rglob("*.swift"))
    objects = sorted(str(p) for p in (release / "TextSupport.build").glob("*.o"))
    inputs = [HERE / "reader-rules/main.swift", *map(pathlib.Path, sources), *map(pathlib.Path, objects)]
    if binary.exists() and all(p.stat().st_mtime < binary.stat().st_mtime for p in inputs):
        return binary
    modules = release / "Modules"
    if not modules.exists():
        modules = release
    subprocess.run(["swiftc", "-O", "-static-stdlib", "-module-name", "ReaderRules", "-I", str(modules),
                    str(HERE / "reader-rules/main.swift"), *sources, *objects,
                    "-o", str(binary)], check=True)
    return binary


def rules():
    text = (ROOT / "Sources/PageReader/Reader/ReaderOptions.swift").read_text()
    kinds = list(re.findall(r'case \.(\w+): "([^"]*)"', text))
    # The rows of `edges`, each its own switch (EdgeRule.swift), as edges.NAME.
    edges = ROOT / "Sources/PageReader/Reader/EdgeRule.swift"
    if edges.exists():
        body = edges.read_text().split("var constants")[0]
        kinds += [("edges." + name, kind) for name, kind in re.findall(r'case \.(\w+): "([^"]*)"', body)]
    return kinds


def run(binary, rule, width, files, out):
    out.mkdir(parents=True, exist_ok=True)
    subprocess.run([str(binary), rule, str(width), str(out), *map(str, files)], check=True)
    return {f.name: (out / (f.name + ".txt")).read_text() if (out / (f.name + ".txt")).exists()
            else "" for f in files}


# MediaWiki's furniture in a reader view: a line that is one character or symbol (a timeline's
# `Є`, an era's name written down a cell), only link marks (a picture's link), an editor's
# control (`编辑`, a navbar's 查 论 编) or the mobile site's prompt to add a description.
WIKI_CONTROLS = {"编辑", "編輯", "查", "论", "論", "编", "編", "增加条目描述", "增加條目描述",
                 "添加描述", "edit", "v", "t", "e"}


def wiki_junk(text):
    junk = []
    for line in text.splitlines()[1:]:
        plain = re.sub(r"\[\d+\]|⁽[^⁾]*⁾", "", line).strip()
        bare = plain.lstrip("-*+• ").strip()
        if not line.strip():
            continue
        if not bare or len(bare) == 1 or bare in WIKI_CONTROLS or "增加條目描述" in bare \
                or "增加条目描述" in bare:
            junk.append(line)
    return junk


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--readability", default=str(ROOT.parent / "shared/pages/readability"))
    parser.add_argument("--extraction", default=str(ROOT.parent / "shared/pages/extraction"))
    parser.add_argument("--only", help="comma-separated rules (default: all)")
    parser.add_argument("--release", help="a release build directory whose TextSupport to link "
                        "(default .build/release; another checkout's serves when TextSupport is the same)")
    parser.add_argument("--zhwiki", default=str(ROOT.parent / "shared/pages/zhwiki"),
                        help="real zh.wikipedia pages, checked for MediaWiki's furniture")
    parser.add_argument("--wiki-lines", action="store_true",
                        help="print the zh.wikipedia pages' furniture lines (all rules on) and stop")
    parser.add_argument("--disguise", choices=["classes", "markup"],
                        help="score the pages rewritten as never seen (see reader.disguise)")
    args = parser.parse_args()
    binary = build(args.release)

    def disguised(markup):
        return reader.disguise(markup, args.disguise) if args.disguise else markup
    work = pathlib.Path(tempfile.mkdtemp(prefix="reader-rules-"))
    # The extraction pages, unpacked once.
    ex_dir = pathlib.Path(args.extraction)
    truth = json.loads((ex_dir / "ground-truth.json").read_text())
    ex_files = []
    (work / "ex").mkdir()
    for key in sorted(truth):
        page = ex_dir / "html" / f"{key}.html.gz"
        if page.exists():
            target = work / "ex" / f"{key}.html"
            target.write_bytes(disguised(gzip.decompress(page.read_bytes())))
            ex_files.append(target)
    rd_dir = pathlib.Path(args.readability)
    rd_names = sorted(p.name for p in rd_dir.iterdir() if (p / "source.html").exists())
    (work / "rd").mkdir()
    rd_files = []
    expected, titles = {}, {}
    for name in rd_names:
        target = work / "rd" / f"{name}.html"
        target.write_bytes(disguised((rd_dir / name / "source.html").read_bytes()))
        rd_files.append(target)
        expected[target.name] = reader.tokens(reader.html_text(
            (rd_dir / name / "expected.html").read_text(errors="replace")))
        meta = rd_dir / name / "expected-metadata.json"
        titles[target.name] = (json.loads(meta.read_text()).get("title") or "") if meta.exists() else ""

    zw_dir = pathlib.Path(args.zhwiki)
    zw_files = sorted(zw_dir.glob("*.html")) if zw_dir.is_dir() else []

    def figures(rule):
        ex = run(binary, rule, 1000, ex_files, work / rule / "ex")
        rows = [extraction.page_scores(truth[f.stem]["articleBody"],
                                       extraction.article_text(ex[f.name], True)) for f in ex_files]
        f1 = extraction.summary(rows)["f1"]
        rd = run(binary, rule, 80, rd_files, work / rule / "rd")
        scores = [reader.score(rd[f.name], expected[f.name], titles[f.name]) for f in rd_files]
        # At 1000 columns: no line is a wrapped sentence's last character.
        zw = run(binary, rule, 1000, zw_files, work / rule / "zw") if zw_files else {}
        return {"f1": f1, "below": sum(r["f1"] < 0.5 for r in rows),
                "recall": statistics.fmean(s["recall"] for s in scores),
                "before": statistics.fmean(s["lines_before"] for s in scores),
                "wiki": sum(len(wiki_junk(text)) for text in zw.values())}

    base = figures("none")
    if args.wiki_lines:
        for name, text in sorted(run(binary, "none", 1000, zw_files, work / "zw-lines").items()):
            for line in wiki_junk(text):
                print(f"{name}: {line!r}")
        return
    selected = rules()
    if args.only:
        wanted = set(args.only.split(","))
        selected = [r for r in selected if r[0] in wanted]
    if args.disguise:
        print(f"Pages disguised: {args.disguise}.\n")
    print(f"All rules on: extraction F1 {base['f1']:.3f} ({base['below']} pages < 0.5); "
          f"Readability pages recall {base['recall']:.3f}, lines before (mean) {base['before']:.1f}; "
          f"zh.wikipedia pages ({len(zw_files)}), lines of MediaWiki furniture {base['wiki']}.\n")
    print("| rule | kind of page | extraction F1 off − on | pages < 0.5 off | "
          "Readability recall off − on | lines before off − on | zh.wikipedia furniture lines off − on |")
    print("| --- | --- | ---: | ---: | ---: | ---: | ---: |")
    for rule, kind in selected:
        got = figures(rule)
        print(f"| `{rule}` | {kind} | {got['f1'] - base['f1']:+.4f} | {got['below']} | "
              f"{got['recall'] - base['recall']:+.4f} | {got['before'] - base['before']:+.1f} | "
              f"{got['wiki'] - base['wiki']:+d} |", flush=True)


if __name__ == "__main__":
    main()
