#!/usr/bin/env python3
"""The readings of polyphones in place names, decided by the rules of Data/readings.tsv.

A row is a rule: `kind` (character, word or name), `text`, `provinces` (two-digit codes,
comma-separated; empty for everywhere), `reading` (one syllable a character) and the
`source` that says why. A syllable of a name is decided by, in order:
  1. a `name` row whose text is the whole name;
  2. the longest `word` row found in the name over that character (a row for the name's
     province before one for everywhere);
  3. the `character` row for the name's province, then the one for everywhere.
A character no row names keeps the reading it has (pypinyin's, readings.py).

Standard library only: Scripts/generate-data.py checks every name of Data/ against the
rules (CI), and readings.py applies them to new names.

    python3 Scripts/reading_rules.py            # how many names each rule decides
    python3 Scripts/reading_rules.py --apply    # rewrite Data/'s readings by the rules
"""

import csv
import sys
from collections import Counter
from pathlib import Path

RULES = Path(__file__).resolve().parent.parent / "Data" / "readings.tsv"
COLUMNS = ["kind", "text", "provinces", "reading", "source"]


class RuleError(Exception):
    pass


def load(path=RULES):
    """The rules, checked: known kinds, one syllable a character, a source on each row."""
    rules = {"name": {}, "word": [], "character": {}}
    with path.open(encoding="utf-8", newline="") as f:
        reader = csv.reader(f, delimiter="\t", quoting=csv.QUOTE_NONE)
        if next(reader, None) != COLUMNS:
            raise RuleError(f"{path}:1: header must be {' '.join(COLUMNS)}")
        for line, fields in enumerate(reader, start=2):
            if len(fields) != len(COLUMNS):
                raise RuleError(f"{path}:{line}: expected {len(COLUMNS)} fields")
            kind, text, provinces, reading, source = fields
            syllables = reading.split(" ")
            if len(syllables) != len(text) or not all(s.isascii() and s.isalpha()
                                                        and s.islower() for s in syllables):
                raise RuleError(f"{path}:{line}: {reading!r} is not one syllable a character")
            if not source.strip():
                raise RuleError(f"{path}:{line}: a rule needs its source")
            where = tuple(p for p in provinces.split(",") if p)
            if any(len(p) != 2 or not p.isdigit() for p in where):
                raise RuleError(f"{path}:{line}: provinces are two-digit codes")
            rule = {"line": line, "kind": kind, "text": text, "provinces": where,
                    "syllables": syllables}
            if kind == "name":
                rules["name"][text] = rule
            elif kind == "word" and len(text) >= 2:
                rules["word"].append(rule)
            elif kind == "character" and len(text) == 1:
                key = (text, where)
                if key in rules["character"]:
                    raise RuleError(f"{path}:{line}: {text} has a rule for {provinces} already")
                rules["character"][key] = rule
            else:
                raise RuleError(f"{path}:{line}: kind must be name, word (2+ characters)"
                                " or character (one)")
    # Longest words first, and a province's word before everywhere's.
    rules["word"].sort(key=lambda r: (-len(r["text"]), not r["provinces"]))
    rules["by_character"] = {}
    for (char, where), rule in rules["character"].items():
        rules["by_character"].setdefault(char, []).append(rule)
    for char in rules["by_character"]:
        rules["by_character"][char].sort(key=lambda r: not r["provinces"])
    return rules


def decide(rules, name, province, syllables):
    """The syllables the rules give `name` (in province `province`, two digits), and for
    each the rule that decided it (None where none did)."""
    out = list(syllables)
    decided = [None] * len(name)
    if name in rules["name"]:
        rule = rules["name"][name]
        return list(rule["syllables"]), [rule] * len(name)
    for rule in rules["word"]:
        if rule["provinces"] and province not in rule["provinces"]:
            continue
        start = name.find(rule["text"])
        while start >= 0:
            span = range(start, start + len(rule["text"]))
            if all(decided[i] is None for i in span):
                for k, i in enumerate(span):
                    out[i] = rule["syllables"][k]
                    decided[i] = rule
            start = name.find(rule["text"], start + 1)
    for i, char in enumerate(name):
        if decided[i] is not None:
            continue
        for rule in rules["by_character"].get(char, []):
            if not rule["provinces"] or province in rule["provinces"]:
                out[i] = rule["syllables"][0]
                decided[i] = rule
                break
    return out, decided


# Data/'s files with readings: (path, name column, reading column, province of a row).
FILES = [
    (Path("Data/divisions.tsv"), "province", "province_pinyin", lambda r: r["province_code"]),
    (Path("Data/divisions.tsv"), "city", "city_pinyin", lambda r: r["province_code"]),
    (Path("Data/counties.tsv"), "county", "county_pinyin", lambda r: r["code"][:2]),
    (Path("Data/townships.tsv"), "name", "pinyin", lambda r: r["code"][:2]),
]


def read(path):
    with path.open(encoding="utf-8", newline="") as f:
        reader = csv.DictReader(f, delimiter="\t", quoting=csv.QUOTE_NONE)
        return reader.fieldnames, list(reader)


def main(argv):
    apply = argv[1:] == ["--apply"]
    if argv[1:] and not apply:
        print(f"usage: {argv[0]} [--apply]", file=sys.stderr)
        return 64
    try:
        rules = load()
    except (RuleError, OSError) as error:
        print(f"error: {error}", file=sys.stderr)
        return 1
    touched = Counter()
    changed = Counter()
    examples = {}
    tables = {}
    for path, name_key, reading_key, province_of in FILES:
        if path not in tables:
            tables[path] = read(path)
        seen = set()
        for row in tables[path][1]:
            name, province = row[name_key], province_of(row)
            syllables = row[reading_key].split(" ")
            if len(syllables) != len(name):
                continue
            out, decided = decide(rules, name, province, syllables)
            # A province's name repeats on each of its rows: counted once.
            first = name_key != "province" or name not in seen
            seen.add(name)
            for rule in {id(r): r for r in decided if r is not None}.values():
                key = (rule["line"], rule["kind"], rule["text"], ",".join(rule["provinces"]),
                       " ".join(rule["syllables"]))
                if not first:
                    continue
                touched[key] += 1
                examples.setdefault(key, []).append(name)
                if any(decided[i] is rule and out[i] != syllables[i] for i in range(len(name))):
                    changed[key] += 1
            row[reading_key] = " ".join(out)
    for key in sorted(touched):
        line, kind, text, where, reading = key
        shown = " ".join(examples[key][:4])
        print(f"Data/readings.tsv:{line}\t{kind} {text}{' in ' + where if where else ''} {reading}:"
              f"\t{touched[key]} names, {changed[key]} changed\t{shown}")
    print(f"{sum(changed.values())} rule decisions differ from Data/'s readings", file=sys.stderr)
    if apply:
        for path, (columns, rows) in tables.items():
            with path.open("w", encoding="utf-8", newline="") as f:
                f.write("\t".join(columns) + "\n")
                f.writelines("\t".join(r[c] for c in columns) + "\n" for r in rows)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
