#!/usr/bin/env python3
"""Turn one run's hyperfine JSON files and peak-memory records into Markdown tables.

    report.py RESULTS_DIR
    report.py --document RESULTS_ROOT BENCHMARKS.md

The second form (what `Benchmarks/run report` runs) rewrites BENCHMARKS.md: the text above
its FIGURES marker (what is measured, against which peer, the commands) stays, and below
it each benchmark gets one table, from the newest run under RESULTS_ROOT that measured it,
with that run's date, machine and load. Older figures live in git's history of the file.

Times are medians of each command's wall time; a ratio is browse's median over
the peer's (below 1 means browse is faster). The CPU ratio (mean user + system
time, the same way round) is shown beside it because other load on a shared
machine moves it less; the targets are judged on wall time. Only files present in RESULTS_DIR are
reported, so a run of some cases reports just those. The reader case's own
report (reader.md, from reader.py), the keys case's (keys.md, from keys.py) and the
extraction case's (extraction.md, from extraction.py)
are appended as they are.
"""
import json
import pathlib
import platform
import sys

# (file, case, subject command name, [(peer command name, most browse/peer may be, target)])
CASES = [
    ("startup", "1. Start-up", "browse -p 广东 -c 广州", [("hello (Foundation)", 1.5, "≤ 1.5×")]),
    ("startup", "1. Start-up, no data loaded (for reference)", "browse --version",
     [("hello (Foundation)", None, "")]),
    ("lookup", "2. Lookup", "browse -p 广东 -c 广州",
     [("plutil -extract", 1.0, "< 1×"), ("python3 plistlib", 1.0, "< 1×")]),
    ("large", "3. Large data (100k XML)", "browse --data 100k.xml",
     [("Foundation PropertyListSerialization", 0.1, "≤ 0.1×"), ("python3 plistlib", 0.1, "≤ 0.1×")]),
    ("search", "4. Search (400k XML)", "load: browse --data 400k.xml -p … -c …",
     [("search Han: --search 东华门", None, "search ≤ 2× load"),
      ("search pinyin: --search donghuamen", None, "search ≤ 2× load")]),
    ("render-1mb", "5. Render 1 MB page", "browse --fetch",
     [("w3m -dump", 1.0, "< 1×"), ("lynx -dump", 1.0, "< 1×")]),
    ("render-10mb", "5. Render 10 MB page", "browse --fetch",
     [("w3m -dump", 1.0, "< 1×"), ("lynx -dump", 1.0, "< 1×")]),
    # The one-shot fetch targets were retired (URLSession's start-up is accepted): reference rows
    # that show the whole run's time does not grow, beside a build from before when one is given.
    ("fetch-small", "5b. One-shot fetch, small page", "browse --fetch",
     [("w3m -dump", None, ""), ("browse --fetch (before)", None, "")]),
    ("fetch-1mb", "5b. One-shot fetch, 1 MB page", "browse --fetch",
     [("w3m -dump", None, ""), ("browse --fetch (before)", None, "")]),
    ("check-1000", "6. Check 1,000 URLs", "browse --check (1000)",
     [("xargs -P 4 curl -I (1000)", 1.0, "≤ 1×"), ("xargs -P 8 curl -I (1000)", 1.0, "≤ 1×")]),
    ("check-50000", "6. Check 50,000 URLs", "browse --check (50000)",
     [("xargs -P 4 curl -I (50000)", 1.0, "≤ 1×"), ("xargs -P 8 curl -I (50000)", 1.0, "≤ 1×")]),
]
SCALES = ["10k", "100k", "400k"]  # 1M cities of XML would pass the 128 MiB bound on a data file
FORMATS = ["xml", "binary", "json"]


def load(path):
    with open(path, encoding="utf-8") as handle:
        return json.load(handle)


def medians(path):
    return {r["command"]: r for r in load(path)["results"]}


def fmt_time(seconds):
    return f"{seconds * 1000:.1f} ms" if seconds < 1 else f"{seconds:.2f} s"


def fmt_mib(kib):
    return f"{kib / 1024:.1f} MiB"


def cpu_time(result):
    """Mean user + system time: less moved by other load on the machine than wall time."""
    return result["user"] + result["system"]


def speed(ratio):
    return f"{1 / ratio:.1f}× faster" if ratio <= 1 else f"{ratio:.1f}× slower"


def verdict(ok):
    return "yes" if ok else "**no**"


def machine():
    model = "unknown CPU"
    try:
        for line in open("/proc/cpuinfo", encoding="utf-8"):
            if line.lower().startswith(("model name", "cpu model")):
                model = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    memory = ""
    try:
        for line in open("/proc/meminfo", encoding="utf-8"):
            if line.startswith("MemTotal"):
                memory = f", {int(line.split()[1]) / 1024 / 1024:.0f} GiB memory"
    except OSError:
        pass
    import os
    return f"{os.cpu_count()} cores ({model}, {platform.machine()}){memory}, {platform.system()} {platform.release()}"


def report(root):
    """The tables of one results directory, as Markdown lines."""
    meta = load(root / "meta.json") if (root / "meta.json").exists() else {}
    rss = load(root / "rss.json") if (root / "rss.json").exists() else {}
    lines = [f"- Run: {meta.get('date', '?')} · machine: {machine()}",
             f"- Load average (1, 5, 15 min) at the start → at the end: {meta.get('load', '?')}",
             f"- Tools: {meta.get('tools', '?')}", ""]

    header = ["| case | browse | median | peer | median | browse / peer | CPU ratio | target | met |",
              "| --- | --- | ---: | --- | ---: | ---: | ---: | --- | --- |"]
    lines += header
    for name, title, subject, peers in CASES:
        path = root / f"{name}.json"
        if not path.exists():
            if name in meta.get("skipped", {}):
                lines.append(f"| {title} | skipped: {meta['skipped'][name]} | | | | | | | |")
            continue
        results = medians(path)
        mine = results[subject]["median"]
        for peer, limit, target in peers:
            if peer not in results:  # an optional peer (a build from before) that was not run
                continue
            theirs = results[peer]["median"]
            cpu = cpu_time(results[subject]) / cpu_time(results[peer])
            if limit is None and not target:  # a reference row: no target
                lines.append(f"| {title} | {subject} | {fmt_time(mine)} | {peer} | {fmt_time(theirs)} "
                             f"| {mine / theirs:.3f} | {cpu:.2f} | | |")
            elif limit is None:  # search: the peer is the slower one, compared with the load
                ratio = theirs / mine
                ok = ratio <= 2.0
                lines.append(f"| {title} | {subject} | {fmt_time(mine)} | {peer} | {fmt_time(theirs)} "
                             f"| {ratio:.2f} (search / load) | {1 / cpu:.2f} | {target} | {verdict(ok)} |")
            else:
                ratio = mine / theirs
                ok = ratio < limit if limit == 1.0 and not name.startswith("check") else ratio <= limit
                lines.append(f"| {title} | {subject} | {fmt_time(mine)} | {peer} | {fmt_time(theirs)} "
                             f"| {ratio:.3f} ({speed(ratio)}) | {cpu:.2f} | {target} | {verdict(ok)} |")

    if lines[-1] == header[-1]:  # no hyperfine case in this run (reader or keys alone): no table
        del lines[-3:]
    if rss:
        lines += ["", "Peak memory (maximum RSS, median of the runs):", "",
                  "| command | peak memory | limit | met |", "| --- | ---: | --- | --- |"]
        for key, record in rss.items():
            limit = record_limit(key, meta)
            text, ok = limit if limit else ("", None)
            met = "" if ok is None else verdict(record["median_kib"] * 1024 <= ok)
            lines.append(f"| {key} | {fmt_mib(record['median_kib'])} | {text} | {met} |")

    scale = {s: medians(root / f"scale-{s}.json") for s in SCALES if (root / f"scale-{s}.json").exists()}
    if scale:
        counts = {"10k": 10_000, "100k": 100_000, "400k": 400_000}
        sizes = meta.get("files", {})
        lines += ["", "Load and look up the second-to-last city, by size and format: median wall time, "
                  "and in brackets mean CPU time (user + system). Linear growth is 10× from 10k to 100k, 4× from 100k to 400k.", "",
                  "| format | " + " | ".join(f"{s} cities" for s in scale)
                  + " | 100k / 10k | 400k / 100k | 100k / 10k, CPU | 400k / 100k, CPU | µs per city at 400k | file at 400k |",
                  "| --- | " + " | ".join("---:" for _ in scale) + " | ---: | ---: | ---: | ---: | ---: | ---: |"]
        for fmt in FORMATS:
            got = {s: scale[s][fmt] for s in scale if fmt in scale[s]}
            cells = [f"{fmt_time(got[s]['median'])} ({fmt_time(cpu_time(got[s]))})" if s in got else "" for s in scale]

            def step(a, b, measure):
                return f"{measure(got[b]) / measure(got[a]):.1f}×" if a in got and b in got else ""

            per = f"{got['400k']['median'] / counts['400k'] * 1e6:.2f}" if "400k" in got else ""
            size = f"{sizes[f'400k-{fmt}'] / 1e6:.0f} MB" if f"400k-{fmt}" in sizes else ""
            lines.append(f"| {fmt} | " + " | ".join(cells)
                         + f" | {step('10k', '100k', lambda r: r['median'])} | {step('100k', '400k', lambda r: r['median'])}"
                         + f" | {step('10k', '100k', cpu_time)} | {step('100k', '400k', cpu_time)} | {per} | {size} |")
    reader = root / "reader.md"
    if reader.exists():  # written by reader.py: its own tables
        lines += ["", "7. Reader view (Benchmarks/reader.py):", "", reader.read_text(encoding="utf-8").rstrip()]
    elif "reader" in meta.get("skipped", {}):
        lines += ["", f"7. Reader view: skipped: {meta['skipped']['reader']}"]
    keys = root / "keys.md"
    if keys.exists():  # written by keys.py: its own tables
        lines += ["", "8. Keystroke to finished frame (Benchmarks/keys.py):", "", keys.read_text(encoding="utf-8").rstrip()]
    page_keys = root / "pagekeys.md"
    if page_keys.exists():  # written by pagekeys.py: its own tables
        lines += ["", "8b. Keys on a page (Benchmarks/pagekeys.py):", "", page_keys.read_text(encoding="utf-8").rstrip()]
    map_keys = root / "mapkeys" / "keys.md"
    if map_keys.exists():  # written by keys.py for the maps' run
        lines += ["", "8c. Keys over maps, 160×40, built-in data (Benchmarks/keys.py):", "",
                  map_keys.read_text(encoding="utf-8").rstrip()]
    extraction = root / "extraction.md"
    if extraction.exists():  # written by extraction.py: its own tables
        lines += ["", "9. Article body (Benchmarks/extraction.py):", "", extraction.read_text(encoding="utf-8").rstrip()]
    elif "extraction" in meta.get("skipped", {}):
        lines += ["", f"9. Article body: skipped: {meta['skipped']['extraction']}"]
    return lines


# One section per benchmark: its title and the files of a run that hold its figures.
SECTIONS = [
    ("1. Start-up", ["startup.json"]),
    ("2. Lookup", ["lookup.json"]),
    ("3. Large data", ["large.json"]),
    ("3b. Growth", ["scale-10k.json", "scale-100k.json", "scale-400k.json"]),
    ("4. Search", ["search.json"]),
    ("5. Page rendering", ["render-1mb.json", "render-10mb.json"]),
    ("5b. One-shot fetch", ["fetch-small.json", "fetch-1mb.json"]),
    ("6. Link checking", ["check-1000.json", "check-50000.json"]),
    ("Peak memory", ["rss.json"]),
    ("7. Reader view", ["reader.md"]),
    ("8. Keystroke to finished frame", ["keys.md", "pagekeys.md", "mapkeys/keys.md"]),
    ("9. Article body", ["extraction.md"]),
]
MARKER = "<!-- FIGURES: everything below is written by `Benchmarks/run report`; edit above. -->"


def document(results, target):
    """Rewrite `target` below its marker with the newest figures of each benchmark."""
    import shutil
    import tempfile
    text = target.read_text(encoding="utf-8") if target.exists() else ""
    head = text.split(MARKER, 1)[0].rstrip() if MARKER in text else text.rstrip()
    runs = sorted((d for d in results.iterdir() if d.is_dir() and not d.is_symlink()),
                  key=lambda d: d.name, reverse=True) if results.is_dir() else []
    lines = [head, "", MARKER, ""]
    for title, files in SECTIONS:
        run = next((d for d in runs if any((d / f).exists() for f in files)), None)
        lines += [f"### {title}", ""]
        if run is None:
            lines += ["Not measured yet: run `Benchmarks/run` for this case, then `Benchmarks/run report`.", ""]
            continue
        with tempfile.TemporaryDirectory() as scratch:
            scratch = pathlib.Path(scratch)
            for name in files + ["meta.json"]:
                if (run / name).exists():
                    (scratch / name).parent.mkdir(parents=True, exist_ok=True)
                    shutil.copy(run / name, scratch / name)
            lines += report(scratch) + [""]
    target.write_text("\n".join(lines).rstrip() + "\n", encoding="utf-8")


def main():
    if len(sys.argv) == 4 and sys.argv[1] == "--document":
        document(pathlib.Path(sys.argv[2]), pathlib.Path(sys.argv[3]))
        return
    print("\n".join(report(pathlib.Path(sys.argv[1]))))


def record_limit(key, meta):
    limits = meta.get("rss_limits", {})
    if key not in limits:
        return None
    text, limit_bytes = limits[key]
    return text, limit_bytes


if __name__ == "__main__":
    main()
