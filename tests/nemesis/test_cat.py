import random

from escapology.nemesis import Instance, cat_numbers, cat_value, random_graph
from escapology.nemesis.engines.cat import CatSearch, cat_certificate
from escapology.nemesis.checkers.check import check_cat


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


class _Broken(Exception):
    pass


def _plain_check(g, start, cert, speed):
    """The certificate's two bounds evaluated plainly (no memo), written apart from the checker."""
    name = g.names

    def targets(p, mult):
        if speed == 1:
            return {w for w, e in g.adj[p] if mult[e]}
        seen, todo = {p}, [p]
        while todo:
            v = todo.pop()
            for w, e in g.adj[v]:
                if mult[e] and w not in seen:
                    seen.add(w)
                    todo.append(w)
        return seen - {p}

    def isolated(p, mult):
        return all(mult[e] == 0 for _, e in g.adj[p])

    def node(nodes, i, p):
        if not isinstance(i, int) or not 0 <= i < len(nodes) or nodes[i].get("cat") != name[p]:
            raise _Broken()
        return nodes[i]

    def edge(pair):
        if not isinstance(pair, list) or len(pair) != 2 or g.edge_id(*pair) is None:
            raise _Broken()
        return g.edge_id(*pair)

    def upper(i, p, mult):
        if isolated(p, mult):
            return 0
        n = node(cert["herder"]["nodes"], i, p)
        c = edge(n.get("delete"))
        if mult[c] == 0:
            raise _Broken()
        after = list(mult)
        after[c] -= 1
        best = 1
        for w in targets(p, after):
            if name[w] not in (n.get("after") or {}):
                raise _Broken()
            best = max(best, 1 if isolated(w, after) else 1 + upper(n["after"][name[w]], w, after))
        return best

    def lower(i, p, mult):
        if isolated(p, mult):
            return 0
        n = node(cert["cat"]["nodes"], i, p)
        replies = {edge(r["delete"]): r for r in n.get("replies", [])}
        worst = None
        for c in range(g.m):
            if mult[c] == 0:
                continue
            after = list(mult)
            after[c] -= 1
            ts = targets(p, after)
            if not ts:
                v = 1
            else:
                r = replies.get(c)
                if r is None or r.get("move") not in g.index or g.index[r["move"]] not in ts:
                    raise _Broken()
                w = g.index[r["move"]]
                v = 1 if isolated(w, after) else 1 + lower(r.get("then"), w, after)
            worst = v if worst is None else min(worst, v)
        return worst

    try:
        return upper(cert["herder"]["root"], start, list(g.mult)) <= cert["value"] <= lower(
            cert["cat"]["root"], start, list(g.mult))
    except _Broken:
        return False


def _mutate_cat(g, cert, rng):
    import copy

    cert = copy.deepcopy(cert)
    op = rng.choice(["value", "herder delete", "herder after", "cat drop", "cat move", "cat then"])
    herder, cat = cert["herder"]["nodes"], cert["cat"]["nodes"]
    if op == "value" or not herder or not cat:
        cert["value"] += rng.choice((-1, 1))
    elif op == "herder delete":
        rng.choice(herder)["delete"] = list(g.edge_name(rng.randrange(g.m)))
    elif op == "herder after":
        after = rng.choice(herder)["after"]
        if after:
            key = rng.choice(sorted(after))
            if rng.random() < 0.5:
                del after[key]
            else:
                after[key] = rng.randrange(len(herder))
    else:
        replies = rng.choice(cat)["replies"]
        if replies:
            r = rng.randrange(len(replies))
            if op == "cat drop":
                replies.pop(r)
            elif op == "cat move":
                replies[r]["move"] = g.names[rng.randrange(g.n)]
            else:
                replies[r]["then"] = rng.randrange(len(cat))
    return cert


def test_cat_certificate_mutants_agree_with_a_plain_evaluation():
    rng = random.Random(11)
    verdicts = {True: 0, False: 0}
    for i in range(400):
        g = random_graph(rng.randint(3, 5), rng.uniform(0.4, 0.9), seed=i, max_mult=rng.choice((1, 2))).graph()
        if sum(g.mult) > 5 or g.m == 0:
            continue
        speed = rng.choice((1, None))
        v = rng.randrange(g.n)
        cert = cat_certificate(CatSearch(g, speed), v)
        for _ in range(5):
            mutant = _mutate_cat(g, cert, rng)
            ok = check_cat(g, v, mutant, speed=speed)[0]
            assert ok == _plain_check(g, v, mutant, speed), (g, v, speed, mutant)
            verdicts[ok] += 1
    assert verdicts[True] > 50 and verdicts[False] > 200, verdicts
