#!/usr/bin/env python3
"""Make Data/areas.tsv (from Data/outlines.bin) and Data/census.tsv (from the census data set).

Run from the checkout's root, with the shared data beside it:
    python3 Scripts/import-facts.py [--census ../shared/data/census]

The two files it writes are the source from then on: the build embeds them (Sources/DataBytes)
and the tests read nothing else.

Areas. Each division's area in km², from the outlines the binary draws and answers `--at`
with: every ring's area on the authalic sphere of WGS-84 (latitudes turned into authalic
latitudes, radius R_q = 6,371,007.181 m, so that the sphere has the ellipsoid's area), each
edge's spherical excess by the exact trapezoid formula (a great-circle edge; the vertices
are a few hundred metres apart, where a great circle and a geodesic do not differ), holes
taken away. A county-level division's area is its own outline's; a city's and a province's is
the sum of the leaves under it (the leaves are simplified less than the drawn outlines of
cities and provinces, and tile the land without gaps or overlaps). The outlines are land
only (no sea) and simplified (Scripts/import-outlines.py), so an area is a little off the
published figure: see docs/data.md for the error against published areas. Townships have no
outline and no area.

Population. The resident population at the 2010 and the 2020 censuses, by county, city and
province, from the census data set (MIT, Lei Dong, 2022), mapped to today's codes through
Data/history.tsv:
- a code still in use keeps its figure;
- a code withdrawn since the census whose history leads to exactly one division today
  (a county made a district, a recode, a merger into one) gives its figure to that division,
  added to any other such figures and to the division's own, with a note naming them;
- a code split since between several divisions gives a figure to none of them: each is left
  without a figure (null) and says so in its note, rather than guess the shares;
- a city or province that a county was recoded into or out of since has no figure either
  (a county moved between cities, or a prefecture recoded with its counties: 毕节地区);
- a division that did not exist at the census, and was made of no withdrawn code, has none.
The census's own development zones (苏州工业园区 …; codes x7x) are no divisions of the
catalogue: their people are in their city's figure and in no county's.
"""

import argparse
import csv
import math
import struct
import sys
from collections import defaultdict
from pathlib import Path

OUTLINES = Path("Data/outlines.bin")
HISTORY = Path("Data/history.tsv")
DIVISIONS = Path("Data/divisions.tsv")
COUNTIES = Path("Data/counties.tsv")
AREAS = Path("Data/areas.tsv")
CENSUS = Path("Data/census.tsv")

# WGS-84
A = 6378137.0
F = 1 / 298.257223563
E2 = F * (2 - F)
E = math.sqrt(E2)


def q(sin_phi):
    """The authalic function q(φ) of the ellipsoid (Snyder, Map Projections, eq. 3-12)."""
    return (1 - E2) * (
        sin_phi / (1 - E2 * sin_phi * sin_phi)
        - (1 / (2 * E)) * math.log((1 - E * sin_phi) / (1 + E * sin_phi))
    )


Q_POLE = q(1.0)
R_AUTHALIC = A * math.sqrt(Q_POLE / 2)


def authalic(lat_degrees):
    """The authalic latitude (radians) of a geodetic latitude in degrees."""
    return math.asin(max(-1.0, min(1.0, q(math.sin(math.radians(lat_degrees))) / Q_POLE)))


def ring_area(xs, ys):
    """The area (m², unsigned) of a closed ring of lng/lat degrees on the authalic sphere."""
    total = 0.0
    count = len(xs)
    lats = [authalic(y) for y in ys]
    for i in range(count):
        j = (i + 1) % count
        lam1, lam2 = math.radians(xs[i]), math.radians(xs[j])
        t1, t2 = math.tan(lats[i] / 2), math.tan(lats[j] / 2)
        # The spherical excess of the triangle edge–pole, signed by the edge's direction.
        total += 2 * math.atan2(math.tan((lam2 - lam1) / 2) * (t1 + t2), 1 + t1 * t2)
    return abs(total) * R_AUTHALIC * R_AUTHALIC


def decode_outlines(data):
    """Records (code, level, leaf, parent, area m²) of Data/outlines.bin (OutlineStore.swift)."""
    assert data[:8] == b"PBGEO\x01\x00\x00", "not outline data"
    units, count, name_bytes, stream_bytes = struct.unpack_from("<IIII", data, 8)
    stream_start = 24 + count * 44 + name_bytes
    records = []

    def varint(offset):
        value, shift = 0, 0
        while True:
            byte = data[offset]
            offset += 1
            value |= (byte & 0x7F) << shift
            if byte & 0x80 == 0:
                return value, offset
            shift += 7

    for index in range(count):
        fields = struct.unpack_from("<IBBHIi6iI", data, 24 + index * 44)
        code, level, flags, parent, rings_offset = fields[0], fields[1], fields[2], fields[5], fields[12]
        offset = stream_start + rings_offset
        ring_count, offset = varint(offset)
        x = y = 0
        area = 0.0
        for _ in range(ring_count):
            header, offset = varint(offset)
            xs, ys = [], []
            for _ in range(header >> 1):
                dx, offset = varint(offset)
                dy, offset = varint(offset)
                x += (dx >> 1) ^ -(dx & 1)
                y += (dy >> 1) ^ -(dy & 1)
                xs.append(x / units)
                ys.append(y / units)
            ring = ring_area(xs, ys)
            area += -ring if header & 1 else ring
        records.append((f"{code:06d}", level, flags & 1 == 1, None if parent < 0 else parent, area))
    return records


def areas(records):
    """Code → km²: a leaf's own outline, a parent's the sum of the leaves under it."""
    leaf_sum = defaultdict(float)
    for index, (code, level, leaf, parent, area) in enumerate(records):
        if not leaf:
            continue
        at = index
        while at is not None:
            leaf_sum[at] += area
            at = records[at][3]
    result = {}
    for index, (code, level, leaf, parent, area) in enumerate(records):
        # A code's first record is the division's own (a city before an area answering as it).
        if code not in result:
            result[code] = leaf_sum[index] / 1e6
    return result


def catalogue():
    """Today's divisions down to the county level: code → name (provinces as `xx0000`)."""
    names = {}
    with open(DIVISIONS, encoding="utf-8") as file:
        for row in csv.DictReader(file, delimiter="\t"):
            names[row["province_code"] + "0000"] = row["province"]
            if row["city_code"]:
                names[row["city_code"]] = row["city"]
    with open(COUNTIES, encoding="utf-8") as file:
        for row in csv.DictReader(file, delimiter="\t"):
            names[row["code"]] = row["county"]
    return names


def history():
    """Withdrawn code → its entries (until, name, successors), oldest first."""
    entries = defaultdict(list)
    with open(HISTORY, encoding="utf-8") as file:
        for row in csv.DictReader(file, delimiter="\t"):
            until = int(row["until"]) if row["until"] else 0
            successors = [c for c in row["replaced_by"].split(";") if c]
            entries[row["code"]].append((until, row["name"], successors))
    for code in entries:
        entries[code].sort()
    return entries


def level(code):
    return 1 if code.endswith("0000") else 2 if code.endswith("00") else 3


def successors(code, year, current, changes, seen=()):
    """Today's divisions a code of `year` became, and whether it was split on the way."""
    if code in current and code not in seen:
        return [code], False
    later = [entry for entry in changes.get(code, []) if entry[0] >= year]
    if not later or code in seen:
        return [], False
    until, _, targets = later[0]
    found, split = [], len(targets) > 1
    for target in targets:
        if target == code and target in current:
            found.append(target)
            continue
        reached, parted = successors(target, until, current, changes, seen + (code,))
        found += reached
        split = split or parted
    # A prefecture becomes no county (巢湖市 2011 went to three cities' counties).
    found = [c for c in dict.fromkeys(found) if level(code) == 3 or level(c) == level(code)]
    return found, split


def read_census(directory, year):
    """Code → (name, population) of one census file."""
    rows = {}
    with open(directory / f"county-{year}.tsv", encoding="utf-8") as file:
        reader = csv.reader(file, delimiter="\t")
        next(reader)
        for row in reader:
            if year == 2010:
                rows[row[0]] = (row[1].strip().replace("巿", "市"), int(row[2]))
            else:
                rows[row[0]] = (row[3].strip(), int(row[4]))
    return rows


def map_census(year, census, current, changes):
    """Code today → (population or None, note) for one census."""
    own = defaultdict(list)  # today's code → the census codes it is made of, whole
    split = defaultdict(list)  # today's code → census codes split between it and others
    crossed = set()  # cities and provinces that gained or lost a county since
    unmapped = []
    for code, (name, _) in census.items():
        if code in current:
            own[code].append(code)
            continue
        targets, parted = successors(code, year, current, changes)
        if not targets:
            unmapped.append(f"{code} {name}")
            continue
        for target in targets:
            (split if parted else own)[target].append(code)
            if level(code) == 3 and level(target) == 3:
                for width, suffix in ((4, "00"), (2, "0000")):
                    if code[:width] != target[:width]:
                        crossed.add(code[:width] + suffix)
                        crossed.add(target[:width] + suffix)
    result = {}
    for code in current:
        parts = own.get(code, [])
        if split.get(code):
            names = ", ".join(f"{census[c][0]} {c}" for c in split[code])
            result[code] = (None, f"part of {names}, split since the {year} census")
        elif code in crossed:
            result[code] = (None, f"counties recoded into or out of it since the {year} census")
        elif not parts:
            result[code] = (None, f"not a division at the {year} census")
        else:
            total = sum(census[c][1] for c in parts)
            others = [c for c in parts if c != code]
            note = ""
            if others:
                names = " and ".join(f"{census[c][0]} {c}" for c in parts)
                note = f"as {names} at the {year} census" if len(parts) == 1 else (
                    f"{names} together, merged since the {year} census")
            result[code] = (total, note)
    return result, unmapped


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--census", type=Path, default=Path("../shared/data/census"))
    args = parser.parse_args()
    current = catalogue()
    records = decode_outlines(OUTLINES.read_bytes())
    area = areas(records)
    with open(AREAS, "w", encoding="utf-8", newline="\n") as file:
        file.write("code\tarea_km2\n")
        for code in sorted(area):
            file.write(f"{code}\t{area[code]:.1f}\n")
    print(f"{AREAS}: {len(area)} areas", file=sys.stderr)

    changes = history()
    mapped = {}
    for year in (2010, 2020):
        mapped[year], unmapped = map_census(year, read_census(args.census, year), current, changes)
        figures = sum(1 for value, _ in mapped[year].values() if value is not None)
        print(f"{year}: {figures} of {len(current)} divisions with a figure; "
              f"{len(unmapped)} census codes lead to none today", file=sys.stderr)
    with open(CENSUS, "w", encoding="utf-8", newline="\n") as file:
        file.write("code\tname\tpopulation_2010\tpopulation_2020\tnote_2010\tnote_2020\n")
        for code in sorted(current):
            if not code:
                continue
            values = [mapped[year][code] for year in (2010, 2020)]
            if all(value is None for value, _ in values) and code[:2] in ("71", "81", "82"):
                continue  # the census counted neither Taiwan nor Hong Kong nor Macao
            cells = [code, current[code]]
            cells += ["" if value is None else str(value) for value, _ in values]
            cells += [note for _, note in values]
            file.write("\t".join(cells) + "\n")
    print(f"{CENSUS} written", file=sys.stderr)


if __name__ == "__main__":
    main()
