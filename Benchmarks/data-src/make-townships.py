#!/usr/bin/env python3
"""Derive townships.tsv (code, name, pinyin) from the reference streets.csv.

Run once by hand; the benchmarks read only the committed townships.tsv.
    python3 Benchmarks/data-src/make-townships.py /path/to/streets.csv
Pinyin comes from pypinyin (PyPI), toneless syllables joined by spaces, the
same style as the built-in data ("dong hua men jie dao").
"""
import csv
import pathlib
import sys

from pypinyin import lazy_pinyin


def main() -> None:
    source = sys.argv[1] if len(sys.argv) > 1 else "/work/shared/data/streets.csv"
    target = pathlib.Path(__file__).with_name("townships.tsv")
    rows = []
    with open(source, newline="", encoding="utf-8") as handle:
        for record in csv.DictReader(handle):
            name = record["name"].strip()
            if not name or "\t" in name:
                continue
            rows.append((record["code"], name, " ".join(lazy_pinyin(name))))
    with open(target, "w", encoding="utf-8") as out:
        out.write("code\tname\tpinyin\n")
        for row in rows:
            out.write("\t".join(row) + "\n")
    print(f"{target}: {len(rows)} townships", file=sys.stderr)


if __name__ == "__main__":
    main()
