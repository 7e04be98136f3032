"""Checks the browser's map of Spain (clients/browser/spain.json) against the rules' adjacency (§1.2).

Two regions share a border exactly when their point rings share a segment; regions that are not
neighbours may not even touch at a corner, and every ring must be a simple polygon.
"""

from __future__ import annotations

import itertools
import json
from pathlib import Path

from engine.elgrande.data import EDGES, FRANCE_EDGES

MAP = json.loads((Path(__file__).parents[2] / "clients" / "browser" / "spain.json").read_text())
Point = tuple[float, float]


def _segments(ring: list[str]) -> set[frozenset[str]]:
    return {frozenset((a, b)) for a, b in zip(ring, ring[1:] + ring[:1])}


def _shared_borders() -> set[frozenset[str]]:
    regions = MAP["regions"]
    return {
        frozenset((a, b))
        for a, b in itertools.combinations(regions, 2)
        if _segments(regions[a]) & _segments(regions[b])
    }


def _cross(o: Point, a: Point, b: Point) -> float:
    return (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0])


def _intersect(p1: Point, p2: Point, q1: Point, q2: Point) -> bool:
    d1, d2 = _cross(q1, q2, p1), _cross(q1, q2, p2)
    d3, d4 = _cross(p1, p2, q1), _cross(p1, p2, q2)
    return d1 * d2 < 0 and d3 * d4 < 0


def _inside(pt: Point, ring: list[Point]) -> bool:
    hit = False
    for (x1, y1), (x2, y2) in zip(ring, ring[1:] + ring[:1]):
        if (y1 > pt[1]) != (y2 > pt[1]) and pt[0] < x1 + (pt[1] - y1) * (x2 - x1) / (y2 - y1):
            hit = not hit
    return hit


def test_shared_borders_are_exactly_the_fifteen_edges_plus_france() -> None:
    expected = {frozenset(e) for e in EDGES + FRANCE_EDGES}
    assert _shared_borders() == expected


def test_regions_that_are_not_neighbours_do_not_touch_even_at_a_corner() -> None:
    regions = MAP["regions"]
    for a, b in itertools.combinations(regions, 2):
        if frozenset((a, b)) not in _shared_borders():
            assert not set(regions[a]) & set(regions[b]), (a, b)


def test_every_ring_is_a_simple_polygon_with_its_anchors_inside() -> None:
    pts = MAP["points"]
    for rid, names in MAP["regions"].items():
        ring = [tuple(pts[n]) for n in names]
        assert len(set(names)) == len(names), rid
        edges = list(zip(ring, ring[1:] + ring[:1]))
        for (i, e), (j, f) in itertools.combinations(enumerate(edges), 2):
            assert not _intersect(*e, *f), (rid, names[i], names[j])
        for kind, anchor in MAP["anchors"][rid].items():
            assert _inside(tuple(anchor), ring), (rid, kind)


def test_no_two_regions_overlap() -> None:
    pts = MAP["points"]
    rings = {rid: [tuple(pts[n]) for n in names] for rid, names in MAP["regions"].items()}
    for a, b in itertools.permutations(rings, 2):
        for anchor in MAP["anchors"][a].values():
            assert not _inside(tuple(anchor), rings[b]), (a, b)
        for (p1, p2), (q1, q2) in itertools.product(
            zip(rings[a], rings[a][1:] + rings[a][:1]), zip(rings[b], rings[b][1:] + rings[b][:1])
        ):
            assert not _intersect(p1, p2, q1, q2), (a, b)
