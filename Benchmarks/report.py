#!/usr/bin/env python3
"""Turn one run's hyperfine JSON files and peak-memory records into Markdown tables.

    report.py RESULTS_DIR

Times are medians of each command's wall time; a ratio is browse's median over
the peer's (below 1 means browse is faster). The CPU ratio (mean user + system
time, the same way round) is shown beside it because other load on a shared
machine moves it less; the targets are judged on wall time. Only files present in RESULTS_DIR are
reported, so a run of some cases reports just those.
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
    ("search", "4. Search (1M XML)", "load: browse --data 1M.xml -p … -c …",
     [("search Han: --search 东华门", None, "search ≤ 2× load"),
      ("search pinyin: --search donghuamen", None, "search ≤ 2× load")]),
    ("render-1mb", "5. Render 1 MB page", "browse --fetch",
     [("w3m -dump", 1.0, "< 1×"), ("lynx -dump", 1.0, "< 1×")]),
    ("render-10mb", "5. Render 10 MB page", "browse --fetch",
     [("w3m -dump", 1.0, "< 1×"), ("lynx -dump", 1.0, "< 1×")]),
    ("check", "6. Check 1,000 URLs", "browse --check",
     [("xargs -P 8 curl -I", 1.0, "≤ 1×")]),
]
SCALES = ["10k", "100k", "1M"]
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


def main():
    root = pathlib.Path(sys.argv[1])
    meta = load(root / "meta.json") if (root / "meta.json").exists() else {}
    rss = load(root / "rss.json") if (root / "rss.json").exists() else {}
    lines = [f"Run: {meta.get('date', '?')} · machine: {machine()}",
             f"Tools: {meta.get('tools', '?')}", ""]

    lines += ["| case | browse | median | peer | median | browse / peer | CPU ratio | target | met |",
              "| --- | --- | ---: | --- | ---: | ---: | ---: | --- | --- |"]
    for name, title, subject, peers in CASES:
        path = root / f"{name}.json"
        if not path.exists():
            if name in meta.get("skipped", {}):
                lines.append(f"| {title} | skipped: {meta['skipped'][name]} | | | | | | | |")
            continue
        results = medians(path)
        mine = results[subject]["median"]
        for peer, limit, target in peers:
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
                ok = ratio < limit if limit == 1.0 and name != "check" else ratio <= limit
                lines.append(f"| {title} | {subject} | {fmt_time(mine)} | {peer} | {fmt_time(theirs)} "
                             f"| {ratio:.3f} ({speed(ratio)}) | {cpu:.2f} | {target} | {verdict(ok)} |")

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
        lines += ["", "Load and look up the second-to-last city, by size and format (median):", "",
                  "| format | " + " | ".join(f"{s} cities" for s in scale) + " | 100k / 10k | 1M / 100k | µs per city at the largest |",
                  "| --- | " + " | ".join("---:" for _ in scale) + " | ---: | ---: | ---: |"]
        counts = {"10k": 10_000, "100k": 100_000, "1M": 1_000_000}
        for fmt in FORMATS:
            row = [scale[s].get(fmt, {}).get("median") for s in scale]
            cells = [fmt_time(t) if t else "" for t in row]
            got = dict(zip(scale, row))
            g1 = f"{got['100k'] / got['10k']:.1f}×" if got.get("100k") and got.get("10k") else ""
            g2 = f"{got['1M'] / got['100k']:.1f}×" if got.get("1M") and got.get("100k") else ""
            largest = list(scale)[-1]
            per = f"{got[largest] / counts[largest] * 1e6:.2f}" if got.get(largest) else ""
            sizes = meta.get("files", {})
            fmt_name = fmt + (f" ({sizes[f'{largest}-{fmt}'] / 1e6:.0f} MB at {largest})" if f"{largest}-{fmt}" in sizes else "")
            lines.append(f"| {fmt_name} | " + " | ".join(cells) + f" | {g1} | {g2} | {per} |")
    print("\n".join(lines))


def record_limit(key, meta):
    limits = meta.get("rss_limits", {})
    if key not in limits:
        return None
    text, limit_bytes = limits[key]
    return text, limit_bytes


if __name__ == "__main__":
    main()
