#!/usr/bin/env python3
"""Run a command several times under /usr/bin/time and record its median peak memory.

    measure-rss.py OUT.json NAME RUNS -- COMMAND [ARG...]

Peak memory is the maximum resident set size (`%M`, KiB) that GNU time reports;
standard output is discarded. The result is merged into OUT.json as
{NAME: {"median_kib": ..., "runs_kib": [...]}}.
"""
import json
import os
import statistics
import subprocess
import sys
import tempfile


def main():
    out, name, runs = sys.argv[1], sys.argv[2], int(sys.argv[3])
    command = sys.argv[sys.argv.index("--") + 1 :]
    samples = []
    for _ in range(runs):
        with tempfile.NamedTemporaryFile("r", suffix=".time") as report:
            status = subprocess.run(
                ["/usr/bin/time", "-f", "%M", "-o", report.name, *command],
                stdout=subprocess.DEVNULL,
                stderr=subprocess.DEVNULL,
            ).returncode
            if status != 0:
                sys.exit(f"measure-rss: '{' '.join(command)}' exited {status}")
            samples.append(int(report.read().split()[-1]))
    results = {}
    if os.path.exists(out):
        with open(out, encoding="utf-8") as handle:
            results = json.load(handle)
    results[name] = {"median_kib": statistics.median(samples), "runs_kib": samples}
    with open(out, "w", encoding="utf-8") as handle:
        json.dump(results, handle, ensure_ascii=False, indent=1)


if __name__ == "__main__":
    main()
