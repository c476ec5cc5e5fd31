#!/usr/bin/env python3
"""Keystroke to finished frame, through a pseudo-terminal: browse's full-screen mode against fzf.

    keys.py [--browse BIN] [--data FILE] [--names FILE] [--subjects fzf,browse]
            [--subject NAME=COMMAND]... [--keys SUBJECT.SCENARIO=KEYS]...
            [--prelude SUBJECT.SCENARIO=KEYS]... [--scenarios filter,move]
            [--rounds N] [--quiet MS] [--pause MS] [--idle-cpu MS] [--settle MS]
            [--size COLSxROWS] [--repeat N] [--budget S] [--expect SUBJECT.SCENARIO=REGEX]...
            [--transcript] [--out DIR]
    keys.py --fake DELAY_MS[,GAP_MS]     (a full-screen program of known speed, for checks)

Every subject runs in a pseudo-terminal of its own (os.openpty; the child gets
a new session with the slave as its controlling terminal, TIOCSCTTY, and as
stdout and stderr), sized --size (100x30) with TIOCSWINSZ, TERM=xterm-256color,
LANG=C.UTF-8, and nothing else in its environment but PATH and HOME. fzf
and browse must draw within 20 s and switch to the alternate screen (CSI
?1049h, ?1047h or ?47h), or the subject "did not draw a full-screen frame"
and is reported so, with what it printed and whether it is still running.
The first frame has settled when the output has been quiet for --settle ms
(300) with the subject idle (below).

Then the keys of a scenario are written to the terminal one at a time, each
as one write() of the bytes a terminal sends (arrows as CSI A/B, or SS3 A/B
once the program has asked for application cursor keys with CSI ?1h, as
xterm does; Backspace as DEL, 0x7f). For each key:

  latency  the arrival of the LAST byte of the burst of output the key
           caused, minus the moment just before write(). Arrival is the
           monotonic clock read right after the read() that returned the
           byte: the script sleeps in poll() on the master, so it reads as
           soon as bytes come. The quiet windows below are not counted.
           (The CPU reading after each read takes ~0.2 ms; a chunk that
           arrives meanwhile is stamped that much late.)
  bytes    everything the subject wrote in that burst.

The burst ends when (1) the output has been quiet for --quiet ms (30), and
(2) the subject is idle: its threads used or waited for less than --idle-cpu
ms (1) of CPU in that window (the first two fields, run time and run-queue
wait, of /proc/PID/task/*/schedstat, summed) and none of them is running or
runnable at its end (state R in /proc/PID/task/*/stat). A program that draws
its prompt at once and its list when the matcher is done (fzf) is still
computing in between, or waiting for a CPU on a loaded machine, and is
waited for, one more window at a time; the key is counted as "busy". Without
(2), on this machine, fzf's list for a query came after a 30 ms quiet window
for 79 of 200 filter keys and was charged to the next key. (3) After that,
the script waits --pause ms (20) more before the next key; output in the
pause still belongs to the key (a gap longer than the quiet window, with the
subject idle: waiting on a timer), the burst goes on, and the key is counted
as "late". A key that causes no output within 2 s has no latency ("silent");
a burst is cut after 5 s. The subject's queries are answered as a terminal
would: cursor position (CSI 6n) with CSI 1;1R, device attributes (CSI c)
with CSI ?62c.

Subjects:
  fzf     fzf --no-mouse with the names file on stdin: one line a city,
          "CITY PROVINCE PINYIN" (大南镇3 江西省4 da nan zhen 3), written from
          the data file itself, in its order, next to it (cities-100k.names.txt).
          The pinyin is there because browse filters by name and pinyin:
          without it fzf would match nothing on "guang" and do no work.
  browse  BIN --data FILE (its full-screen mode): the same 100k cities.
  custom  --subject NAME=COMMAND, run as `sh -c 'exec COMMAND'` with {names},
          {data} and {browse} replaced (quoted). It need not be full-screen,
          nor draw before its first key (cat). For the checks:
          --subject 'less=less -S {names}' --keys less.move='<j*50><k*50>',
          --subject 'slow=python3 Benchmarks/keys.py --fake 20,10'.

Scenarios (each in a fresh process of the subject):
  filter  type "guang", then Backspace it, one character at a time, --rounds
          times (10): 100 keys. browse first gets "/" (a prelude: measured and
          shown, not counted), which opens its search of all cities.
  move    50 × Down, then 50 × Up. browse moves in its menu of provinces
          (100 of them, so the list scrolls on a 30-row window). fzf's list
          starts at the bottom with its first line highlighted, so fzf gets
          50 × Up, then 50 × Down: the highlight goes 50 lines away and back.
  tree    the built-in data rather than --data: browse with no --data, "/" (a
          prelude), then "yushan" and Backspace × 6, --rounds times; its search
          covers provinces, cities, counties and (from the second character)
          the 39k townships. fzf gets every division of the built-in data, one
          a line, "NAME PARENT... PINYIN" (玉山镇 昆山市 苏州市 江苏省 yu shan
          zhen), written from browse's own --all, --counties and --townships
          JSON into Benchmarks/data/divisions.names.txt (or --tree-names FILE).
  --keys SUBJECT.SCENARIO=KEYS and --prelude SUBJECT.SCENARIO=KEYS replace a
  subject's keys or prelude (SUBJECT may be * for all; --keys for filter
  replaces all the rounds). KEYS: characters stand for themselves; <Down>
  <Up> <Left> <Right> <BS> <Esc> <Enter> <Tab> <Space> <lt> are keys, and
  <NAME*N> (or <c*N> for a character c) repeats one N times.

Every scenario runs --repeat times (2) for every subject, the subjects
taking turns (fzf filter, browse filter, fzf move, browse move, and again)
so that a change in the machine's load falls on both; the samples are
pooled. Reported per scenario and subject: the median and the 99th
percentile (the nearest rank: the ceil(0.99 n)-th smallest of n, the third
largest of 200) of the latency, and browse / fzf for both; for the move
scenario, the bytes per step (median and maximum). The targets (set
with the key decoder): browse's median and p99 at most fzf's in both scenarios, under 1 kB (1,000
B) every step, the largest included. Markdown goes to stdout and
DIR/keys.md, every sample to DIR/keys.json (with --transcript, each key's
output too); DIR is --out, else Benchmarks/data/results/<UTC time>/.
--expect SUBJECT.SCENARIO=REGEX counts the keys whose output does not match
REGEX, a check that the frame was caught whole (fzf's match count,
fzf.filter='\\d+/100000'). The run stops after --budget s (160), the waits
for a first frame bounded by it too, so that it ends within 3 minutes; a
scenario cut short keeps the runs it finished, with a note. Exit status 0
when every subject was measured, 1 when one did not start or draw or was
stopped before a run was done (the report says which and why), 2 on a usage
error.

Python 3.11 standard library only. Linux (/proc). Not part of `swift test` or CI.
"""
import argparse
import datetime
import errno
import fcntl
import json
import math
import os
import pathlib
import plistlib
import re
import select
import shlex
import statistics
import struct
import subprocess
import sys
import termios
import time

HERE = pathlib.Path(__file__).resolve().parent
NS = 1_000_000  # nanoseconds a millisecond

KEYS = {
    "Up": b"\x1b[A", "Down": b"\x1b[B", "Right": b"\x1b[C", "Left": b"\x1b[D",
    "BS": b"\x7f", "Esc": b"\x1b", "Enter": b"\r", "Tab": b"\t", "Space": b" ", "lt": b"<",
}
APP_CURSOR_KEYS = {"Up": b"\x1bOA", "Down": b"\x1bOB", "Right": b"\x1bOC", "Left": b"\x1bOD"}

SCENARIOS = {
    "filter": "typing a filter: guang, then Backspace × 5",
    "move": "moving the highlight: Down × 50, then Up × 50",
    "tree": "a whole-tree search of the built-in data, all five levels: yushan, then Backspace × 6",
}
DEFAULT_KEYS = {"filter": "guang<BS*5>", "move": "<Down*50><Up*50>", "tree": "yushan<BS*6>"}
# fzf's list starts at the bottom, its first line highlighted: Up moves the highlight away from it.
DEFAULT_SUBJECT_KEYS = {("fzf", "move"): "<Up*50><Down*50>"}
DEFAULT_PRELUDES = {("browse", "filter"): "/", ("browse", "tree"): "/"}
# Scenarios over the built-in data (browse without --data; fzf over every division's name).
BUILT_IN_SCENARIOS = {"tree"}

FIRST_DRAW_S = 20.0  # a subject must start drawing this soon
KEY_TIMEOUT_S = 2.0  # a key's output must start this soon
BURST_CAP_S = 5.0    # a key's burst is cut after this long
SETTLE_CAP_S = 30.0  # the first frame must settle this soon

MODE = re.compile(rb"\x1b\[\?([0-9;]+)([hl])")
QUERIES = [(re.compile(rb"\x1b\[6n"), b"\x1b[1;1R"), (re.compile(rb"\x1b\[0?c"), b"\x1b[?62c")]


class Failure(Exception):
    """A subject did not start, did not draw, or stopped: the message says which."""


def parse_keys(text):
    """'ab<Down*3><BS>' -> ['a', 'b', 'Down', 'Down', 'Down', 'BS']."""
    keys, i = [], 0
    while i < len(text):
        if text[i] == "<" and (end := text.find(">", i)) > i:
            body = text[i + 1:end]
            name, _, count = body.partition("*")
            if not (name in KEYS or len(name) == 1) or (count and not count.isdigit()):
                raise ValueError(f"unknown key <{body}> in {text!r}")
            keys += [name] * (int(count) if count else 1)
            i = end + 1
        else:
            keys.append(text[i])
            i += 1
    return keys


def key_bytes(key, app_cursor):
    if app_cursor and key in APP_CURSOR_KEYS:
        return APP_CURSOR_KEYS[key]
    return KEYS.get(key) or key.encode("utf-8")


def printable(data, limit=200):
    text = data.decode("utf-8", "replace")
    text = re.sub(r"\x1b\[[0-9;?>=]*[ -/]*[@-~]|\x1b[()][0-9A-Za-z]|\x1b[=>78DEHMc]", "", text)
    text = " ".join(re.sub(r"[\x00-\x1f\x7f]", " ", text).split())
    return text[:limit] + ("…" if len(text) > limit else "")


class Session:
    """One subject in a pseudo-terminal of its own."""

    def __init__(self, name, argv, stdin_path, cols, rows, env):
        self.name = name
        self.master, slave = os.openpty()
        fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", rows, cols, 0, 0))
        stdin = open(stdin_path, "rb") if stdin_path else slave
        try:
            self.proc = subprocess.Popen(
                argv, stdin=stdin, stdout=slave, stderr=slave, env=env, close_fds=True,
                start_new_session=True,
                # The new session's controlling terminal: the slave, on fd 1 by now.
                preexec_fn=lambda: fcntl.ioctl(1, termios.TIOCSCTTY, 0))
        except OSError as error:
            os.close(self.master)
            raise Failure(f"{name} did not start: {error}") from None
        finally:
            os.close(slave)
            if stdin_path:
                stdin.close()
        os.set_blocking(self.master, False)
        self.poll = select.poll()
        self.poll.register(self.master, select.POLLIN)
        self.output = bytearray()  # everything, for the error messages
        self.tail = b""            # the end of the last read, for sequences split across reads
        self.app_cursor = False
        self.alt_screen = False
        self.eof = False
        self.answered = 0
        self.keep_output = False

    def read(self, timeout_s):
        """Bytes from the terminal and the clock (ns) right after, or (None, now) at the timeout."""
        if self.eof:
            return None, time.perf_counter_ns()
        if not self.poll.poll(max(0.0, timeout_s * 1000)):
            return None, time.perf_counter_ns()
        try:
            data = os.read(self.master, 1 << 16)
        except BlockingIOError:
            return None, time.perf_counter_ns()
        except OSError as error:  # EIO: every slave descriptor is closed, the subject is gone
            if error.errno != errno.EIO:
                raise
            data = b""
        now = time.perf_counter_ns()
        if not data:
            self.eof = True
            return None, now
        self.watch(data)
        return data, now

    def watch(self, data):
        """Track the modes a terminal tracks, and answer its queries."""
        self.output += data
        seen = self.tail + data
        for match in MODE.finditer(seen):
            params = match.group(1).split(b";")
            if b"1" in params:
                self.app_cursor = match.group(2) == b"h"
            if {b"1049", b"1047", b"47"} & set(params) and match.group(2) == b"h":
                self.alt_screen = True
        for pattern, answer in QUERIES:
            # Only queries that end in this read: one split across reads is answered once.
            for match in pattern.finditer(seen):
                if match.end() > len(self.tail):
                    os.write(self.master, answer)
                    self.answered += 1
        self.tail = seen[-16:]

    def cpu_ns(self):
        """CPU time the subject's threads have used or waited for in a run queue so far (ns):
        the first two fields of /proc/PID/task/*/schedstat."""
        total = 0
        for task in self.tasks():
            try:
                with open(f"{task}/schedstat", "rb") as handle:
                    total += sum(int(field) for field in handle.read().split()[:2])
            except (OSError, ValueError):
                pass
        return total

    def runnable(self):
        """Whether a thread of the subject is running or waiting for a CPU (state R)."""
        for task in self.tasks():
            try:
                with open(f"{task}/stat", "rb") as handle:
                    if handle.read().rpartition(b")")[2].split()[:1] == [b"R"]:
                        return True
            except OSError:
                pass
        return False

    def tasks(self):
        try:
            return [f"/proc/{self.proc.pid}/task/{task}" for task in os.listdir(f"/proc/{self.proc.pid}/task")]
        except OSError:
            return []

    def burst(self, first_timeout_s, quiet_s, pause_s, cap_s, idle_ns):
        """Read one burst of output: {first, last (ns), bytes, late, busy, cut}, or None if silent.

        The burst ends when the output has been quiet for quiet_s and the subject used (or
        waited for) less than idle_ns of CPU in that time with no thread runnable at its end
        (so a subject still computing its frame is waited for), and then nothing came in
        pause_s more (output then makes the burst "late")."""
        start = time.perf_counter_ns()
        data, now = self.read(first_timeout_s)
        if data is None:
            return None
        got = {"first": now, "last": now, "bytes": len(data), "late": False, "busy": False, "cut": False}
        since, cpu = now, self.cpu_ns()  # the quiet window's start and the CPU time then
        while True:
            data, now = self.read((since + quiet_s * 1e9 - time.perf_counter_ns()) / 1e9)
            if data is None and not self.eof and idle_ns is not None:
                used = self.cpu_ns()
                if used - cpu >= idle_ns or self.runnable():  # quiet, but still working: wait on
                    got["busy"] = True
                    since, cpu = time.perf_counter_ns(), used
                    if since - start > cap_s * 1e9:
                        got["cut"] = True
                        return got
                    continue
            if data is None and not self.eof:
                data, now = self.read(pause_s)  # quiet and idle: one pause more before the next key
                if data is not None:
                    got["late"] = True
            if data is None:
                return got
            got["last"], got["bytes"] = now, got["bytes"] + len(data)
            since, cpu = now, self.cpu_ns()
            if now - start > cap_s * 1e9:
                got["cut"] = True
                return got

    def exit_status(self):
        code = self.proc.poll()
        if code is None:
            return "still running"
        return f"exit status {code}" if code >= 0 else f"killed by signal {-code}"

    def close(self):
        if self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(2)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
        os.close(self.master)


def first_frame(session, settle_s, full_screen, idle_ns, left_s):
    """Wait for the first frame and its settling; return its bytes and time (ms) from the start.
    left_s: the seconds left in the run's budget, which bound both waits."""
    start = time.perf_counter_ns()
    # A program that is not full-screen (cat) may well draw nothing before the first key.
    first = min(FIRST_DRAW_S if full_screen else 1.0, max(1.0, left_s))
    got = session.burst(first, settle_s, 0, min(SETTLE_CAP_S, max(1.0, left_s)), idle_ns)
    what = "a full-screen frame" if full_screen else "anything"
    if got is None and not full_screen and not session.eof:
        return {"bytes": 0, "ms": None}
    if got is None:
        if session.eof:
            session.proc.wait()
        raise Failure(f"{session.name} did not draw {what}: "
                      + (f"it printed nothing in {first:.0f} s" if not session.eof
                         else f"it ended ({session.exit_status()}) without printing anything"))
    if session.eof:
        session.proc.wait()
        raise Failure(f"{session.name} did not draw {what}: it ended ({session.exit_status()}) "
                      f"after printing: {printable(bytes(session.output))!r}")
    if full_screen and not session.alt_screen:
        raise Failure(f"{session.name} did not draw a full-screen frame (it never switched to the "
                      f"alternate screen; {session.exit_status()}); it printed: "
                      f"{printable(bytes(session.output))!r}")
    if got["cut"]:
        raise Failure(f"{session.name}: its first frame did not settle in "
                      f"{min(SETTLE_CAP_S, max(1.0, left_s)):.0f} s")
    return {"bytes": got["bytes"], "ms": round((got["last"] - start) / NS, 3)}


def press(session, key, quiet_s, pause_s, idle_ns):
    """Write one key; return its sample."""
    data = key_bytes(key, session.app_cursor)
    mark = len(session.output)
    before = time.perf_counter_ns()
    os.write(session.master, data)
    got = session.burst(KEY_TIMEOUT_S, quiet_s, pause_s, BURST_CAP_S, idle_ns)
    sample = {"key": key, "sent": data.decode("ascii", "backslashreplace")}
    if got is None:
        if session.eof:
            session.proc.wait()
            raise Failure(f"{session.name} ended ({session.exit_status()}) after the key {key!r}")
        sample.update(ms=None, first_ms=None, bytes=0, late=False, busy=False, cut=False)
    else:
        sample.update(ms=round((got["last"] - before) / NS, 3), first_ms=round((got["first"] - before) / NS, 3),
                      bytes=got["bytes"], late=got["late"], busy=got["busy"], cut=got["cut"])
    if session.keep_output:
        sample["output"] = bytes(session.output[mark:]).decode("utf-8", "backslashreplace")
    return sample


def nearest_rank(values, fraction):
    ordered = sorted(values)
    return ordered[max(0, math.ceil(fraction * len(ordered)) - 1)]


def summary(samples, period=None):
    """The figures of a list of samples; with a period (the filter's round of 10 keys), also the
    median and maximum at each place in the round (typing and Backspace cost differently)."""
    times = [s["ms"] for s in samples if s["ms"] is not None]
    steps = [s["bytes"] for s in samples]
    result = {"keys": len(samples), "no_output": sum(s["ms"] is None for s in samples),
              "late": sum(s["late"] for s in samples), "busy": sum(s["busy"] for s in samples),
              "cut": sum(s["cut"] for s in samples)}
    if times:
        result.update(median_ms=round(statistics.median(times), 3),
                      p99_ms=round(nearest_rank(times, 0.99), 3), max_ms=round(max(times), 3),
                      min_ms=round(min(times), 3))
    if steps:
        result.update(step_bytes_median=statistics.median(steps), step_bytes_max=max(steps))
    result["bytes_total"] = sum(s["bytes"] for s in samples)
    if period and len(samples) >= period:
        places = [[s["ms"] for s in samples[i::period] if s["ms"] is not None] for i in range(period)]
        result["by_place"] = [{"key": samples[i]["key"], "median_ms": round(statistics.median(v), 3),
                               "max_ms": round(max(v), 3)} for i, v in enumerate(places) if v]
    if any("expected" in s for s in samples):
        result["expected_missed"] = sum(not s.get("expected", True) for s in samples)
    return result


def run_scenario(subject, scenario, keys, prelude, args, env, deadline):
    session = Session(subject["name"], subject["argv"], subject.get("stdin"), args.cols, args.rows, env)
    expect = args.expect_re.get((subject["name"], scenario)) or args.expect_re.get(("*", scenario))
    session.keep_output = args.transcript or expect is not None
    try:
        quiet, pause = args.quiet / 1000, args.pause / 1000
        idle = None if args.idle_cpu < 0 else args.idle_cpu * NS
        frame = first_frame(session, args.settle / 1000, subject["full_screen"], idle,
                            deadline - time.monotonic())
        before = [press(session, key, quiet, pause, idle) for key in prelude]
        for sample in before:
            if sample["ms"] is None:
                raise Failure(f"{session.name} drew nothing for the prelude key {sample['key']!r}")
        samples = []
        for key in keys:
            if time.monotonic() > deadline:
                raise Failure(f"{session.name}, {scenario}: stopped after {len(samples)} keys, "
                              f"the run's time budget of {args.budget:g} s ran out")
            samples.append(press(session, key, quiet, pause, idle))
        if expect is not None:
            for sample in samples:
                sample["expected"] = bool(expect.search(sample["output"]))
                if not args.transcript:
                    del sample["output"]
        return {"first_frame": frame, "prelude": before, "samples": samples,
                "summary": summary(samples), "app_cursor_keys": session.app_cursor,
                "queries_answered": session.answered}
    finally:
        session.close()


def names_file(data, names):
    """The names file for fzf: one "CITY PROVINCE PINYIN" a line, written next to the data once."""
    if names:
        return pathlib.Path(names)
    data = pathlib.Path(data)
    stem = data.name.split(".")[0]
    path = data.with_name(f"{stem}.names.txt")
    if path.exists() and path.stat().st_mtime >= data.stat().st_mtime:
        return path
    print(f"keys: writing {path} from {data.name}", file=sys.stderr)
    with open(data, "rb") as handle:
        catalog = json.load(handle) if data.suffix == ".json" else plistlib.load(handle)
    with open(path, "w", encoding="utf-8") as out:
        for province, cities in catalog.items():
            for city in cities:
                out.write(f"{city['name']} {province} {city.get('pinyin', '')}".rstrip() + "\n")
    return path


def tree_names(browse, names):
    """fzf's input for the tree scenario: every division of browse's built-in data, one a line."""
    if names:
        return pathlib.Path(names)
    path = HERE / "data/divisions.names.txt"
    binary = pathlib.Path(browse)
    if path.exists() and path.stat().st_mtime >= binary.stat().st_mtime:
        return path
    print(f"keys: writing {path} from {binary.name}'s built-in data", file=sys.stderr)
    lines = []
    for listing in (["--all"], ["--counties"], ["--townships"]):
        text = subprocess.run([browse, *listing, "--format", "json"], check=True,
                              capture_output=True).stdout
        for entry in json.loads(text):
            path_names = [entry.get(k) for k in ("township", "county", "city", "province") if entry.get(k)]
            lines.append(" ".join(path_names + [entry.get("pinyin", "")]).rstrip())
    provinces = subprocess.run([browse, "--format", "json"], check=True, capture_output=True).stdout
    for entry in json.loads(provinces):
        name = entry.get("province") or entry.get("name")
        if name:
            lines.append(name)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def loadavg():
    try:
        return " ".join(open("/proc/loadavg").read().split()[:3])
    except OSError:
        return "?"


def fmt_ms(value):
    if value is None:
        return ""
    return f"{value / 1000:.2f} s" if value >= 1000 else f"{value:.1f} ms" if value >= 1 else f"{value:.2f} ms"


def report(results, args, names, subjects, tree=None):
    lines = [f"- Pseudo-terminal {args.cols}×{args.rows}, TERM=xterm-256color; a frame ends at the last byte "
             f"before {args.quiet:g} ms of quiet with the subject idle (under {args.idle_cpu:g} ms of CPU), "
             f"then {args.pause:g} ms more before the next key",
             *([f"- Names (fzf's input): {names.name}, {sum(1 for _ in open(names, 'rb')):,} lines"] if names else []),
             *([f"- Names for the tree scenario (fzf's input; browse: its built-in data): {tree.name}, "
                f"{sum(1 for _ in open(tree, 'rb')):,} lines"] if tree else []),
             f"- Load average (1, 5, 15 min) at the start → at the end: {args.load}",
             "- Busy: keys whose frame was waited for past a quiet window because the subject was still "
             "using or waiting for a CPU; late: output in the pause after the quiet window; silent: no output at all; "
             f"cut: a burst cut after {BURST_CAP_S:g} s", ""]
    for subject in subjects:
        lines.append(f"- {subject['name']}: `{subject['shown']}`")
    if tree:
        lines.append("- tree: browse with its built-in data, fzf with the names above")
    lines += ["", "| scenario | subject | keys | median | p99 | max | busy / late / silent / cut | browse / fzf, median | "
              "browse / fzf, p99 | target | met |",
              "| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- | --- |"]
    shown = {}
    for scenario in args.scenarios:
        fzf = results.get("fzf", {}).get(scenario, {}).get("summary", {})
        for subject in subjects:
            got = results.get(subject["name"], {}).get(scenario)
            if got is None:
                continue
            if "error" in got:
                error = "(as above)" if shown.get(subject["name"]) == got["error"] else got["error"]
                shown[subject["name"]] = got["error"]
                lines.append(f"| {scenario} | {subject['name']} | {error} | | | | | | | | |")
                continue
            s = got["summary"]
            ratio_median = ratio_p99 = target = met = ""
            if subject["name"] == "browse" and "median_ms" in fzf and "median_ms" in s:
                rm, rp = s["median_ms"] / fzf["median_ms"], s["p99_ms"] / fzf["p99_ms"]
                ratio_median, ratio_p99 = f"{rm:.2f}", f"{rp:.2f}"
                target, met = "≤ fzf's", "yes" if rm <= 1 and rp <= 1 else "**no**"
            lines.append(f"| {scenario} | {subject['name']} | {s['keys']} | {fmt_ms(s.get('median_ms'))} "
                         f"| {fmt_ms(s.get('p99_ms'))} | {fmt_ms(s.get('max_ms'))} "
                         f"| {s['busy']} / {s['late']} / {s['no_output']} / {s['cut']} "
                         f"| {ratio_median} | {ratio_p99} | {target} | {met} |")
    rows = []
    for subject in subjects:
        got = results.get(subject["name"], {}).get("move")
        if not got or "error" in got:
            continue
        s = got["summary"]
        target = "< 1 kB, every step" if subject["name"] == "browse" else ""
        met = ("yes" if s["step_bytes_max"] < 1000 else "**no**") if target else ""
        rows.append(f"| {subject['name']} | {s['keys']} | {s['step_bytes_median']:g} B "
                    f"| {s['step_bytes_max']} B | {target} | {met} |")
    if rows:
        lines += ["", "Bytes written per step of the move scenario (an arrow key, or what --keys gave):", "",
                  "| subject | steps | median | max | target | met |", "| --- | --- | ---: | ---: | --- | --- |"]
        lines += rows
    places = []
    for subject in subjects:
        got = results.get(subject["name"], {}).get("filter", {})
        if got.get("summary", {}).get("by_place"):
            places.append(f"{subject['name']}: " + ", ".join(
                f"{p['key']} {fmt_ms(p['median_ms'])} ({fmt_ms(p['max_ms'])})" for p in got["summary"]["by_place"]))
    if places:
        lines += ["", "Filter, median (max) latency at each place in the round of keys: " + "; ".join(places)]
    # The first key of a search in a fresh process (reported since commit 590347d): whatever
    # the search builds on first use is paid here, so it is reported on its own, the slowest of the runs.
    firsts = []
    for subject in subjects:
        runs = results.get(subject["name"], {}).get("filter", {}).get("runs", [])
        times = [run["samples"][0]["ms"] for run in runs if run["samples"] and run["samples"][0]["ms"] is not None]
        if times:
            firsts.append(f"{subject['name']} {fmt_ms(max(times))} (of {', '.join(fmt_ms(t) for t in times)})")
    if firsts:
        lines += ["", "First key of a search in a fresh process, slowest of the runs: " + "; ".join(firsts)]
    preludes = []
    for subject in subjects:
        for scenario, got in results.get(subject["name"], {}).items():
            if got.get("prelude"):
                preludes.append(f"{subject['name']} {scenario}: " + ", ".join(
                    f"{p['key']} {fmt_ms(p['ms'])} ({p['bytes']} B)" for p in got["prelude"]))
    if preludes:
        lines += ["", "Preludes (measured, not counted): " + "; ".join(preludes)]
    expected = [f"{subject['name']} {scenario}: {got['summary']['expected_missed']} of {got['summary']['keys']}"
                for subject in subjects for scenario, got in results.get(subject["name"], {}).items()
                if "expected_missed" in got.get("summary", {})]
    if expected:
        lines += ["", "Keys whose output lacked what --expect asked for (a frame not finished in its burst): "
                  + "; ".join(expected)]
    notes = [f"{subject['name']} {scenario}: {got['note']}" for subject in subjects
             for scenario, got in results.get(subject["name"], {}).items() if "note" in got]
    if notes:
        lines += ["", "Cut short: " + "; ".join(notes)]
    return "\n".join(lines)


def fake(spec):
    """A full-screen program of known speed: on every key, sleep DELAY ms, draw half a line, sleep
    GAP ms, draw the rest (so the harness should see about DELAY + GAP). q quits."""
    import tty
    delay, _, gap = spec.partition(",")
    delay, gap = float(delay) / 1000, float(gap or 0) / 1000
    old = termios.tcgetattr(0)
    tty.setraw(0)
    out = sys.stdout.buffer
    rows, cols = struct.unpack("HHHH", fcntl.ioctl(1, termios.TIOCGWINSZ, b"\0" * 8))[:2]
    out.write(b"\x1b[?1049h\x1b[?1h\x1b[H\x1b[2J"
              + b"\r\n".join(f"line {n}".encode() for n in range(1, rows)))
    out.flush()
    row, typed = 1, 0
    try:
        while (key := os.read(0, 64)) and key != b"q":
            time.sleep(delay)
            out.write(f"\x1b[{row};1H\x1b[7m".encode())
            out.flush()
            time.sleep(gap)
            typed += 1
            row = row % (rows - 1) + 1
            out.write(f"key {typed} {key!r}\x1b[0m\x1b[K".encode())
            out.flush()
    finally:
        out.write(b"\x1b[?1l\x1b[?1049l")
        out.flush()
        termios.tcsetattr(0, termios.TCSADRAIN, old)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--browse", default=str(HERE.parent / ".build/release/browse"))
    parser.add_argument("--data", default=str(HERE / "data/cities-100k.xml.plist"))
    parser.add_argument("--names", help="fzf's input (default: written from --data, next to it)")
    parser.add_argument("--tree-names", help="fzf's input for the tree scenario (default: written "
                        "from browse's built-in data into Benchmarks/data/divisions.names.txt)")
    parser.add_argument("--subjects", default="fzf,browse", help="built-in subjects to run (fzf, browse)")
    parser.add_argument("--subject", action="append", default=[], metavar="NAME=COMMAND")
    parser.add_argument("--keys", action="append", default=[], metavar="SUBJECT.SCENARIO=KEYS")
    parser.add_argument("--prelude", action="append", default=[], metavar="SUBJECT.SCENARIO=KEYS")
    parser.add_argument("--scenarios", default="filter,move")
    parser.add_argument("--repeat", type=int, default=2,
                        help="runs of every scenario and subject, taking turns; samples pooled (2)")
    parser.add_argument("--rounds", type=int, default=10, help="times the filter keys are typed (10)")
    parser.add_argument("--quiet", type=float, default=30, help="ms of quiet that end a frame (30)")
    parser.add_argument("--pause", type=float, default=20, help="ms more before the next key (20)")
    parser.add_argument("--idle-cpu", type=float, default=1,
                        help="ms of CPU the subject may use or wait for in a quiet window that ends a frame "
                             "(1; -1: no idle test)")
    parser.add_argument("--settle", type=float, default=300, help="ms of quiet that end the first frame")
    parser.add_argument("--size", default="100x30", help="COLSxROWS (100x30)")
    parser.add_argument("--budget", type=float, default=160, help="s after which the run stops (160)")
    parser.add_argument("--expect", action="append", default=[], metavar="SUBJECT.SCENARIO=REGEX",
                        help="count the keys whose output does not match REGEX (a check of the method)")
    parser.add_argument("--transcript", action="store_true", help="keep each key's output in keys.json")
    parser.add_argument("--out", help="results directory (default Benchmarks/data/results/<UTC>)")
    parser.add_argument("--fake", metavar="DELAY_MS[,GAP_MS]", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.fake:
        return fake(args.fake)
    try:
        args.cols, args.rows = (int(n) for n in args.size.lower().split("x"))
        args.scenarios = [s for s in args.scenarios.split(",") if s]
        unknown = set(args.scenarios) - set(SCENARIOS)
        if unknown:
            raise ValueError(f"unknown scenario {', '.join(sorted(unknown))} (filter, move, tree)")
        overrides = {}
        for kind, items in (("keys", args.keys), ("prelude", args.prelude)):
            for item in items:
                target, _, keys = item.partition("=")
                subject, _, scenario = target.partition(".")
                if not _ or scenario not in SCENARIOS:
                    raise ValueError(f"--{kind} {item!r}: expected SUBJECT.SCENARIO=KEYS")
                overrides[(kind, subject, scenario)] = parse_keys(keys)
        args.expect_re = {}
        for item in args.expect:
            target, _, pattern = item.partition("=")
            subject, dot, scenario = target.partition(".")
            if not _ or not dot or scenario not in SCENARIOS:
                raise ValueError(f"--expect {item!r}: expected SUBJECT.SCENARIO=REGEX")
            args.expect_re[(subject, scenario)] = re.compile(pattern)
    except ValueError as error:
        print(f"keys.py: {error}", file=sys.stderr)
        return 2

    if not args.names and not os.path.exists(args.data) and set(args.scenarios) - BUILT_IN_SCENARIOS:
        print(f"keys.py: no data file {args.data} (python3 Benchmarks/generate.py --sizes 100k writes it)",
              file=sys.stderr)
        return 2
    started = time.monotonic()
    load_start = loadavg()
    names = names_file(args.data, args.names) if set(args.scenarios) - BUILT_IN_SCENARIOS else None
    tree = tree_names(args.browse, args.tree_names) if "tree" in args.scenarios else None
    env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "HOME": os.environ.get("HOME", "/"),
           "TERM": "xterm-256color", "LANG": "C.UTF-8"}
    subjects = []
    for name in filter(None, args.subjects.split(",")):
        if name == "fzf":
            subjects.append({"name": "fzf", "argv": ["fzf", "--no-mouse"], "stdin": str(names or tree),
                             "shown": f"fzf --no-mouse < {(names or tree).name}", "full_screen": True})
        elif name == "browse":
            subjects.append({"name": "browse", "argv": [args.browse, "--data", args.data],
                             "shown": f"browse --data {pathlib.Path(args.data).name}", "full_screen": True})
        else:
            print(f"keys.py: unknown subject {name} (fzf, browse; others with --subject)", file=sys.stderr)
            return 2
    for item in args.subject:
        name, _, command = item.partition("=")
        if not _ or not name:
            print(f"keys.py: --subject {item!r}: expected NAME=COMMAND", file=sys.stderr)
            return 2
        command = (command.replace("{names}", shlex.quote(str(names)))
                   .replace("{data}", shlex.quote(args.data)).replace("{browse}", shlex.quote(args.browse)))
        subjects.append({"name": name, "argv": ["sh", "-c", f"exec {command}"], "shown": command,
                         "full_screen": False})

    def script(subject, scenario):
        def pick(kind, default):
            for who in (subject["name"], "*"):
                if (kind, who, scenario) in overrides:
                    return overrides[(kind, who, scenario)]
            return default
        keys = pick("keys", parse_keys(DEFAULT_SUBJECT_KEYS.get((subject["name"], scenario),
                                                                DEFAULT_KEYS[scenario])))
        period = None
        if scenario in ("filter", "tree") and not any(("keys", who, scenario) in overrides
                                                        for who in (subject["name"], "*")):
            period, keys = len(keys), keys * args.rounds
        return keys, pick("prelude", parse_keys(DEFAULT_PRELUDES.get((subject["name"], scenario), ""))), period

    def stop(got, name, scenario, why):
        """The budget ran out: a scenario with runs already done keeps them, with a note."""
        if got["runs"]:
            got["note"] = f"{len(got['runs'])} of {args.repeat} runs: {why}"
        else:
            got["error"] = why
            failed.append(f"{name} {scenario}: {why}")

    # Subjects take turns (fzf filter, browse filter, fzf move, browse move, and again), so
    # that a change in the machine's load falls on both; each key's samples are pooled.
    results, failed, broken = {s["name"]: {} for s in subjects}, [], {}
    for repeat in range(args.repeat):
        for scenario in args.scenarios:
            for subject in subjects:
                name = subject["name"]
                got = results[name].setdefault(scenario, {"runs": []})
                if "error" in got or "note" in got:
                    continue
                if name in broken:  # it did not start or draw: it will not for this scenario either
                    got["error"] = broken[name]
                    continue
                if time.monotonic() - started > args.budget:
                    stop(got, name, scenario, f"not run: the time budget of {args.budget:g} s ran out")
                    continue
                keys, prelude, period = script(subject, scenario)
                print(f"keys: {name}, {scenario}, run {repeat + 1} of {args.repeat} "
                      f"({len(prelude)} + {len(keys)} keys)", file=sys.stderr)
                if scenario in BUILT_IN_SCENARIOS:
                    # The built-in data: browse without --data, fzf over its every division.
                    subject = dict(subject)
                    if name == "browse":
                        subject["argv"] = [args.browse]
                        subject["shown"] = "browse (its built-in data)"
                    elif name == "fzf":
                        subject["stdin"] = str(tree)
                try:
                    got["runs"].append(run_scenario(subject, scenario, keys, prelude, args, env,
                                                    started + args.budget))
                    got["runs"][-1]["period"] = period
                except Failure as error:
                    print(f"keys: {error}", file=sys.stderr)
                    if "time budget" in str(error):
                        stop(got, name, scenario, str(error))
                        continue
                    got["error"] = str(error)
                    failed.append(str(error))
                    if "did not" in str(error):
                        broken[name] = str(error)
                    continue
                got["summary"] = summary([sample for run in got["runs"] for sample in run["samples"]],
                                         got["runs"][0].get("period"))
                got["prelude"] = [sample for run in got["runs"] for sample in run["prelude"]]

    stamp = datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%dT%H%M%SZ")
    out = pathlib.Path(args.out) if args.out else HERE / "data/results" / stamp
    out.mkdir(parents=True, exist_ok=True)
    args.load = f"{load_start} → {loadavg()}"
    text = report(results, args, names, subjects, tree)
    (out / "keys.md").write_text(text + "\n", encoding="utf-8")
    settings = {k: getattr(args, k) for k in
                ("cols", "rows", "quiet", "pause", "idle_cpu", "settle", "repeat", "rounds", "data", "load")}
    with open(out / "keys.json", "w", encoding="utf-8") as handle:
        json.dump({"date": stamp, "settings": settings, "names": str(names),
                   "subjects": [{k: v for k, v in s.items() if k != "stdin"} for s in subjects],
                   "results": results, "failed": failed,
                   "seconds": round(time.monotonic() - started, 1)}, handle, ensure_ascii=False, indent=1)
    print(text)
    print(f"keys: {out / 'keys.json'} ({time.monotonic() - started:.0f} s)", file=sys.stderr)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
