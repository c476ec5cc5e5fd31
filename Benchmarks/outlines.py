#!/usr/bin/env python3
"""`browse --at -` against shapely 2's STRtree on the same outlines, side by side.

    python3 Benchmarks/outlines.py --browse .build/release/browse \
        [--points 100000] [--unsimplified /tmp/leaves.wkb]

Needs shapely and numpy (pip install shapely numpy); the unsimplified leaves come from
`Scripts/import-outlines.py --unsimplified FILE --out /tmp/outlines.bin` (the same
conversion to WGS-84, before simplification).

1. Decodes Data/outlines.bin (the compact form of Sources/GeoModel/OutlineStore.swift)
   into shapely polygons: the leaves, exactly as `browse` reads them.
2. Draws random points, uniform in China's box, kept when inside a leaf of the
   unsimplified outlines (else of the simplified), with a fixed seed.
3. Times (CPU time: user + system, as the machine may be shared) shapely: STRtree(leaves).query(points, predicate="contains"), vectorised, after
   the tree is built; and `browse --at -` on the same points, less the time of a run
   with one point (its start-up: loading, decoding and indexing the outlines).
4. Counts the points on which the two answers differ, on the simplified outlines and
   against the unsimplified ones, and how far from a border those that differ lie.
"""

import argparse
import random
import resource
import struct
import subprocess
import sys
import time
from pathlib import Path


def decode(path):
    """{code: (level, is_leaf, name, rings[(hole, [(x, y)])])} from the compact form."""
    data = Path(path).read_bytes()
    assert data[:8] == b"PBGEO\x01\x00\x00", "not outline data"
    units, count, name_bytes, stream_bytes = struct.unpack_from("<IIII", data, 8)
    records = 24
    names = records + count * 44
    stream = names + name_bytes
    out = {}

    def varint(offset):
        value = shift = 0
        while True:
            byte = data[offset]
            offset += 1
            value |= (byte & 0x7F) << shift
            if not byte & 0x80:
                return value, offset
            shift += 7

    for index in range(count):
        code, level, flags, name_length, name_offset, parent, *box, px, py, rings_offset = (
            struct.unpack_from("<IBBHIi4i2iI", data, records + index * 44)
        )
        name = data[names + name_offset : names + name_offset + name_length].decode("utf-8")
        offset = stream + rings_offset
        ring_count, offset = varint(offset)
        x = y = 0
        rings = []
        for _ in range(ring_count):
            header, offset = varint(offset)
            vertices = []
            for _ in range(header >> 1):
                dx, offset = varint(offset)
                dy, offset = varint(offset)
                x += (dx >> 1) ^ -(dx & 1)
                y += (dy >> 1) ^ -(dy & 1)
                # The same division as Swift's Double(x) / units: the same doubles.
                vertices.append((x / units, y / units))
            rings.append((bool(header & 1), vertices))
        out[f"{code:06d}"] = (level, bool(flags & 1), name, rings)
    return out


def polygons(rings):
    from shapely.geometry import MultiPolygon, Polygon

    parts = []
    for hole, vertices in rings:
        if hole and parts:
            parts[-1][1].append(vertices)
        else:
            parts.append((vertices, []))
    return MultiPolygon([Polygon(shell, holes) for shell, holes in parts])


def read_wkb(path):
    import shapely

    data = Path(path).read_bytes()
    out, offset = {}, 0
    while offset < len(data):
        code, length = struct.unpack_from("<II", data, offset)
        offset += 8
        out[f"{code:06d}"] = shapely.from_wkb(data[offset : offset + length])
        offset += length
    return out


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--browse", default=".build/release/browse")
    parser.add_argument("--before", help="another browse timed in the same run (an earlier build)")
    parser.add_argument("--data", default="Data/outlines.bin")
    parser.add_argument("--points", type=int, default=100_000)
    parser.add_argument("--unsimplified", help="the leaves unsimplified (WKB, import-outlines.py)")
    parser.add_argument("--seed", type=int, default=36)
    args = parser.parse_args()

    import numpy as np
    import shapely

    outlines = decode(args.data)
    codes = sorted(code for code, value in outlines.items() if value[1])
    leaves = [polygons(outlines[code][3]) for code in codes]
    print(f"{len(codes)} leaves, {sum(shapely.get_num_coordinates(g) for g in leaves)} vertices")
    full = read_wkb(args.unsimplified) if args.unsimplified else None
    if full:
        full_codes = sorted(full)
        full_tree = shapely.STRtree([full[c] for c in full_codes])
        print(f"unsimplified: {sum(shapely.get_num_coordinates(g) for g in full.values())} vertices")

    tree = shapely.STRtree(leaves)
    rng = random.Random(args.seed)
    west, south, east, north = (float(v) for v in shapely.total_bounds(leaves))
    points = []
    while len(points) < args.points:
        batch = [(rng.uniform(south, north), rng.uniform(west, east)) for _ in range(50_000)]
        geoms = shapely.points([(lng, lat) for lat, lng in batch])
        inside = full_tree if full else tree
        hit = np.zeros(len(batch), dtype=bool)
        hit[inside.query(geoms, predicate="within")[0]] = True
        points += [p for p, ok in zip(batch, hit) if ok]
    points = points[: args.points]
    geoms = shapely.points([(lng, lat) for lat, lng in points])

    def answers(tree, names):
        # CPU time, as for browse below: the machine may be shared, and wall time then
        # measures the neighbours as much as the work.
        started = time.process_time()
        found = tree.query(geoms, predicate="within")
        elapsed = time.process_time() - started
        answer = [""] * len(points)
        for point, leaf in zip(*found):
            answer[point] = names[leaf]
        return answer, elapsed

    # query(points, predicate="within") is query(..., "contains") seen from the tree's
    # side; both are timed, and the faster is the peer's figure.
    shapely_answer, shapely_within = answers(tree, codes)
    started = time.process_time()
    contains = [tree.query(g, predicate="contains") for g in geoms[:2000]]
    per_point_loop = (time.process_time() - started) / 2000
    del contains
    started = time.process_time()
    tree.query(geoms, predicate="intersects")
    shapely_intersects = time.process_time() - started

    text = "".join(f"{lat!r},{lng!r}\n" for lat, lng in points).encode()

    def cpu():
        usage = resource.getrusage(resource.RUSAGE_CHILDREN)
        return usage.ru_utime + usage.ru_stime

    def run(payload, browse=args.browse):
        started = cpu()
        result = subprocess.run(
            [browse, "--at", "-", "--format", "tsv"], input=payload, capture_output=True
        )
        return cpu() - started, result.stdout.decode().splitlines()

    startup = min(run(b"31.38,120.98\n")[0] for _ in range(5))
    runs = [run(text) for _ in range(3)]
    elapsed, lines = min(runs, key=lambda r: r[0])
    browse_answer = [line.split("\t")[4] if line.count("\t") >= 4 else "" for line in lines]
    assert len(browse_answer) == len(points), (len(browse_answer), len(points))

    n = len(points)
    browse_us = (elapsed - startup) / n * 1e6
    print(f"points: {n}")
    print(f"shapely STRtree query(points, 'within'), vectorised: {shapely_within / n * 1e6:.2f} us/point")
    print(f"shapely STRtree query(point, 'contains'), one by one: {per_point_loop * 1e6:.2f} us/point")
    print(f"shapely STRtree query(points, 'intersects') alone: {shapely_intersects / n * 1e6:.2f} us/point")
    print(f"browse --at - start-up (one point, best of 5, CPU): {startup * 1000:.1f} ms")
    print(f"browse --at - whole run (best of 3, CPU): {elapsed:.3f} s, after start-up {browse_us:.2f} us/point")
    print(f"ratio (shapely vectorised / browse): {shapely_within / n * 1e6 / browse_us:.1f}x")
    if args.before:
        # Interleaved with a second run of --browse, so that both meet the same neighbours.
        before_startup = min(run(b"31.38,120.98\n", args.before)[0] for _ in range(5))
        before_runs, after_runs = [], []
        for _ in range(3):
            before_runs.append(run(text, args.before))
            after_runs.append(run(text))
        before_elapsed, before_lines = min(before_runs, key=lambda r: r[0])
        after_elapsed = min(min(r[0] for r in after_runs), elapsed)
        # The division codes must agree; names and URLs may differ with the catalog.
        codes = lambda rows: [r.split("\t")[4] if r.count("\t") >= 4 else "" for r in rows]
        assert codes(before_lines) == codes(lines), "the two builds place points differently"
        before_us = (before_elapsed - before_startup) / n * 1e6
        after_us = (after_elapsed - startup) / n * 1e6
        print(f"before ({args.before}): {before_us:.2f} us/point, ratio {shapely_within / n * 1e6 / before_us:.1f}x")
        print(f"after ({args.browse}): {after_us:.2f} us/point, ratio {shapely_within / n * 1e6 / after_us:.1f}x")
    differ = [i for i in range(n) if browse_answer[i] != shapely_answer[i]]
    print(f"differ from shapely on the simplified outlines: {len(differ)} of {n}")
    for i in differ[:10]:
        print("  ", points[i], "browse", browse_answer[i], "shapely", shapely_answer[i])
    if full:
        full_answer, _ = answers(full_tree, full_codes)
        moved = [i for i in range(n) if browse_answer[i] != full_answer[i]]
        share = 100 * (n - len(moved)) / n
        print(f"agree with the unsimplified outlines: {n - len(moved)} of {n} ({share:.3f}%)")
        if moved:
            boundaries = shapely.STRtree([shapely.boundary(full[c]) for c in full_codes])
            moved_points = geoms[moved]
            nearest = boundaries.query_nearest(moved_points, return_distance=True)[1]
            metres = np.sort(np.asarray(nearest) * 111_195)  # degrees to metres, roughly
            print(
                f"  those that moved lie within {metres[len(metres) // 2]:.0f} m (median), "
                f"{metres[int(len(metres) * 0.95)]:.0f} m (95%), {metres[-1]:.0f} m (max) of a border"
            )


if __name__ == "__main__":
    main()
