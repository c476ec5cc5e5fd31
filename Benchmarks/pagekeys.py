#!/usr/bin/env python3
"""Keys on a long page, through a pseudo-terminal: browse's page screen against less on the same text.

    pagekeys.py --browse BIN --catalog FILE --page LABEL=CITY=URL=TEXT... [--size COLSxROWS]
                [--repeat N] [--resizes N] [--out DIR]

For each page (LABEL: 1mb, 10mb; CITY: its name in the catalog FILE, whose one
province lists the pages; URL: where the loopback server has it; TEXT: the
page as `browse --fetch` prints it), in turns, --repeat times (2):

  open     browse --data FILE --no-cache --max-bytes 20M, full screen: Enter opens
           the province, Down to the city, and the time from the Enter that opens
           the page to the last byte of its first screen (the burst, with the
           subject idle, as keys.py ends one) is "first screen". `w3m -dump URL`
           is timed from start to exit, as many times, beside it.
  keys     then, on the page: Down × 30, Space × 20, Tab × 30, and `/历史` Enter
           (a prelude, not counted) then n × 30. less -S TEXT gets the same keys,
           but for Tab, which less has not: `/\\[[0-9]+\\]` Enter, then n × 30, the
           next link mark, which is what Tab moves to.
  resize   --resizes (6) changes of the window between COLS and COLS - 20 columns
           (TIOCSWINSZ on the master: the kernel sends SIGWINCH), each timed from
           the ioctl to the first byte that follows (the screen answers) and to the
           last of the burst, the subject idle again: browse lays a long page out
           again off the UI thread, so its first frame still shows the old layout,
           and the last is the page laid out for the new width.

Latency is measured as keys.py measures it (its Session, press and burst: the
last byte of the burst the key caused, with the subject idle after it). Report:
median and worst per key, for browse and less side by side, and the targets set
for paging a long page (median within 2 ms of less's, worst within 10 ms of less's worst; a
resize on the 10 MB page within 100 ms; the first screen no later than w3m -dump
takes in total). Markdown to stdout and DIR/pagekeys.md, samples to DIR/pagekeys.json.

Python 3.11 standard library only; Linux (/proc). Not part of `swift test` or CI.
"""
import argparse
import datetime
import fcntl
import json
import os
import pathlib
import statistics
import struct
import subprocess
import sys
import termios
import time

HERE = pathlib.Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
import keys  # noqa: E402  (Session, press, first_frame, parse_keys)

QUIET_S, PAUSE_S, IDLE_NS = 0.030, 0.020, 1 * keys.NS
OPEN_CAP_S = 60.0
SCENARIOS = [
    ("Down", "<Down*30>", "<Down*30>", ""),
    ("Space", "<Space*20>", "<Space*20>", ""),
    ("Tab", "<Tab*30>", "n*30", "/\\[[0-9]+\\]<Enter>"),
    ("n", "n*30", "n*30", "/历史<Enter>"),
]


def script(text):
    """keys.py's key notation, with n*30 meaning the letter n thirty times."""
    if text.endswith("*30") and len(text) == 4:
        return [text[0]] * 30
    return keys.parse_keys(text)


def burst_ms(session, before, cap_s):
    got = session.burst(keys.KEY_TIMEOUT_S, QUIET_S, PAUSE_S, cap_s, IDLE_NS)
    return None if got is None else round((got["last"] - before) / keys.NS, 3)


def press_all(session, names):
    return [keys.press(session, name, QUIET_S, PAUSE_S, IDLE_NS)["ms"] for name in names]


def resize(session, cols, rows):
    """The first and the last byte of what a resize caused (ms): the first frame after it,
    and (browse on a long page lays it out off the UI thread) the frame of the new layout."""
    before = time.perf_counter_ns()
    fcntl.ioctl(session.master, termios.TIOCSWINSZ, struct.pack("HHHH", rows, cols, 0, 0))
    got = session.burst(keys.KEY_TIMEOUT_S, QUIET_S, PAUSE_S, OPEN_CAP_S, IDLE_NS)
    if got is None:
        return None
    return [round((got["first"] - before) / keys.NS, 3), round((got["last"] - before) / keys.NS, 3)]


def run_browse(args, env, city_index, resizes):
    argv = [args.browse, "--data", args.catalog, "--no-cache", "--max-bytes", "20M"]
    session = keys.Session("browse", argv, None, args.cols, args.rows, env)
    try:
        keys.first_frame(session, 0.3, True, IDLE_NS, 30)
        keys.press(session, "Enter", QUIET_S, PAUSE_S, IDLE_NS)
        for _ in range(city_index):
            keys.press(session, "Down", QUIET_S, PAUSE_S, IDLE_NS)
        before = time.perf_counter_ns()
        os.write(session.master, b"\r")
        opened = burst_ms(session, before, OPEN_CAP_S)
        got = {"open": opened, "keys": {}}
        for name, browse_keys, _, _ in SCENARIOS:
            if name == "n":
                press_all(session, keys.parse_keys("/历史<Enter>"))
            got["keys"][name] = press_all(session, script(browse_keys))
        got["resize"] = [resize(session, args.cols - 20 * ((i + 1) % 2), args.rows)
                         for i in range(resizes)]
        return got
    finally:
        session.close()


def run_less(args, env, text, resizes):
    session = keys.Session("less", ["less", "-S", text], None, args.cols, args.rows, env)
    try:
        keys.first_frame(session, 0.3, True, IDLE_NS, 30)
        got = {"keys": {}}
        for name, _, less_keys, prelude in SCENARIOS:
            press_all(session, keys.parse_keys(prelude) if prelude else [])
            got["keys"][name] = press_all(session, script(less_keys))
        got["resize"] = [resize(session, args.cols - 20 * ((i + 1) % 2), args.rows)
                         for i in range(resizes)]
        return got
    finally:
        session.close()


def w3m_ms(url):
    before = time.perf_counter_ns()
    subprocess.run(["w3m", "-dump", "-O", "UTF-8", url], stdout=subprocess.DEVNULL,
                   stderr=subprocess.DEVNULL, check=False)
    return round((time.perf_counter_ns() - before) / keys.NS, 3)


def figures(values):
    values = [v for v in values if v is not None]
    if not values:
        return None, None, 0
    return round(statistics.median(values), 2), round(max(values), 2), len(values)


def fmt(value):
    return "—" if value is None else (f"{value:.2f} ms" if value < 100 else f"{value / 1000:.2f} s")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--browse", required=True)
    parser.add_argument("--catalog", required=True)
    parser.add_argument("--page", action="append", required=True, metavar="LABEL=CITY=URL=TEXT")
    parser.add_argument("--size", default="100x30")
    parser.add_argument("--repeat", type=int, default=2)
    parser.add_argument("--resizes", type=int, default=6)
    parser.add_argument("--out")
    args = parser.parse_args()
    args.cols, args.rows = (int(n) for n in args.size.lower().split("x"))
    pages = [item.split("=", 3) for item in args.page]
    env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "HOME": os.environ.get("HOME", "/"),
           "TERM": "xterm-256color", "LANG": "C.UTF-8", "LESSHISTFILE": "-"}
    load = " ".join(open("/proc/loadavg").read().split()[:3])
    results = {}
    for _ in range(args.repeat):
        for index, (label, city, url, text) in enumerate(pages):
            page = results.setdefault(label, {"browse": [], "less": [], "w3m": []})
            print(f"pagekeys: {label}: browse", file=sys.stderr)
            try:
                page["browse"].append(run_browse(args, env, index, args.resizes))
            except keys.Failure as error:
                page.setdefault("errors", []).append(str(error))
            print(f"pagekeys: {label}: less", file=sys.stderr)
            try:
                page["less"].append(run_less(args, env, text, args.resizes))
            except keys.Failure as error:
                page.setdefault("errors", []).append(str(error))
            page["w3m"].append(w3m_ms(url))
    load = f"{load} → {' '.join(open('/proc/loadavg').read().split()[:3])}"

    lines = [f"- Pseudo-terminal {args.cols}×{args.rows}; a frame ends as in keys.py (30 ms quiet, "
             f"the subject idle); {args.repeat} runs of each, taking turns; load {load}",
             f"- browse: `browse --data pages.json --no-cache --max-bytes 20M`, the page opened from its menu; "
             "less: `less -S` on the page as `browse --fetch` prints it", "",
             "| page | key | browse median | browse worst | less median | less worst | target | met |",
             "| --- | --- | ---: | ---: | ---: | ---: | --- | --- |"]
    for label, page in results.items():
        for name, *_ in SCENARIOS:
            b = figures([v for run in page["browse"] for v in run["keys"][name]])
            l = figures([v for run in page["less"] for v in run["keys"][name]])
            met = ""
            if None not in (b[0], l[0]):
                met = "yes" if b[0] <= l[0] + 2 and b[1] <= l[1] + 10 else "**no**"
            lines.append(f"| {label} | {name} | {fmt(b[0])} | {fmt(b[1])} | {fmt(l[0])} | {fmt(l[1])} "
                         f"| median ≤ less + 2 ms, worst ≤ less + 10 ms | {met} |")
        for place, what in ((0, "resize, first frame"), (1, "resize, laid out")):
            b = figures([v[place] for run in page["browse"] for v in run["resize"] if v])
            l = figures([v[place] for run in page["less"] for v in run["resize"] if v])
            met = "" if b[1] is None or label != "10mb" else ("yes" if b[1] <= 100 else "**no**")
            lines.append(f"| {label} | {what} | {fmt(b[0])} | {fmt(b[1])} | {fmt(l[0])} | {fmt(l[1])} "
                         f"| ≤ 100 ms (10 MB) | {met} |")
    lines += ["", "| page | browse: Enter to first screen, median | worst | w3m -dump total, median | worst | met |",
              "| --- | ---: | ---: | ---: | ---: | --- |"]
    for label, page in results.items():
        b = figures([run["open"] for run in page["browse"]])
        w = figures(page["w3m"])
        met = "" if None in (b[0], w[0]) else ("yes" if b[0] <= w[0] else "**no**")
        lines.append(f"| {label} | {fmt(b[0])} | {fmt(b[1])} | {fmt(w[0])} | {fmt(w[1])} | {met} |")
    for label, page in results.items():
        for error in page.get("errors", []):
            lines.append(f"- {label}: {error}")
    text = "\n".join(lines)
    stamp = datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%dT%H%M%SZ")
    out = pathlib.Path(args.out) if args.out else HERE / "data/results" / stamp
    out.mkdir(parents=True, exist_ok=True)
    (out / "pagekeys.md").write_text(text + "\n", encoding="utf-8")
    (out / "pagekeys.json").write_text(json.dumps({"date": stamp, "load": load, "results": results},
                                                  ensure_ascii=False, indent=1), encoding="utf-8")
    print(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
