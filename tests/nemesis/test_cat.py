import random

from escapology.nemesis import Instance, cat_numbers, cat_value, random_graph
from escapology.nemesis.cat import CatSearch, cat_certificate
from escapology.nemesis.checker import check_cat


def _plain(g, pos, mult, speed):
    """Unmemoised minimax over all deletions (also outside the cat's component)."""
    if not any(mult[e] for _, e in g.adj[pos]):
        return 0
    best = None
    for e in range(g.m):
        if not mult[e]:
            continue
        lst = list(mult)
        lst[e] -= 1
        t = tuple(lst)
        if speed == 1:
            targets = {w for w, f in g.adj[pos] if t[f]}
        else:
            seen, stack = {pos}, [pos]
            while stack:
                v = stack.pop()
                for w, f in g.adj[v]:
                    if t[f] and w not in seen:
                        seen.add(w)
                        stack.append(w)
            targets = seen - {pos}
        v = 1 + (max(_plain(g, w, t, speed) for w in targets) if targets else 0)
        best = v if best is None else min(best, v)
    return best


def test_small_known_values():
    path3 = Instance.from_edges([(1, 2), (2, 3)]).graph()
    assert cat_numbers(path3) == {0: 1, 1: 2, 2: 1}
    k4 = Instance.from_edges([(a, b) for a in range(4) for b in range(a + 1, 4)]).graph()
    assert set(cat_numbers(k4).values()) == {5}
    multi = Instance.from_edges([(0, 1, 3)]).graph()
    assert cat_value(multi, 0, speed=1) == 3


def test_against_plain_minimax():
    rng = random.Random(3)
    for i in range(80):
        g = random_graph(rng.randint(2, 5), rng.uniform(0.3, 0.8), seed=i, max_mult=rng.choice((1, 2))).graph()
        if sum(g.mult) > 5:
            continue
        for speed in (1, None):
            for v in range(g.n):
                assert cat_value(g, v, speed=speed) == _plain(g, v, g.mult, speed)


def test_certificates_check_and_wrong_values_are_rejected():
    rng = random.Random(8)
    for i in range(60):
        g = random_graph(rng.randint(2, 5), rng.uniform(0.3, 0.9), seed=i, max_mult=rng.choice((1, 2))).graph()
        if sum(g.mult) > 5:
            continue
        for speed in (1, None):
            cs = CatSearch(g, speed)
            for v in range(g.n):
                cert = cat_certificate(cs, v)
                assert check_cat(g, v, cert, speed=speed)[0]
                for wrong in (cert["value"] - 1, cert["value"] + 1):
                    if wrong >= 0:
                        assert not check_cat(g, v, dict(cert, value=wrong), speed=speed)[0]
