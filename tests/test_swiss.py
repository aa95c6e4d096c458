"""Swiss pairing and standings (engine.swiss), with property tests over random leagues:
every player paired once, no rematch while one can be avoided (checked against every
possible pairing), the bye to the lowest-ranked player who can take it, the same
pairings from the same results and seed."""
from __future__ import annotations

import random
from itertools import permutations

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.swiss import FLOOR, Result, bye, match_results, pair, standings


def all_pairings(players: list[str]) -> list[list[tuple[str, str]]]:
    if not players:
        return [[]]
    first, rest = players[0], players[1:]
    out = []
    for i, other in enumerate(rest):
        for tail in all_pairings(rest[:i] + rest[i + 1:]):
            out.append([(first, other)] + tail)
    return out


def fewest_rematches(players: list[str], met: set[frozenset[str]], had_bye: set[str]) -> tuple[int, set[str | None]]:
    """Brute force: the fewest rematches any pairing needs, and which players can take the
    bye in such a pairing."""
    best, byes = 10 ** 9, set()
    options = players if len(players) % 2 else [None]
    for b in options:
        rest = [p for p in players if p != b]
        n = min(sum(frozenset(m) in met for m in pr) for pr in all_pairings(rest))
        if n < best:
            best, byes = n, {b}
        elif n == best:
            byes.add(b)
    return best, byes


@settings(max_examples=60, deadline=None)
@given(n=st.integers(2, 8), rounds=st.integers(1, 6), seed=st.integers(0, 10 ** 6),
       drops=st.lists(st.integers(0, 7), max_size=2))
def test_random_leagues_pair_by_the_rules(n: int, rounds: int, seed: int, drops: list[int]) -> None:
    rng = random.Random(seed)
    players = [f"p{i}" for i in range(n)]
    results: list[Result] = []
    met: set[frozenset[str]] = set()
    byes: set[str] = set()
    dropped: set[str] = set()
    for rnd in range(rounds):
        if rnd == 1:
            dropped |= {players[d] for d in drops if d < n}
        table = standings(players, results, seed=seed, dropped=dropped)
        ranked = [s.player for s in table if not s.dropped]
        if len(ranked) < 2:
            break
        p = pair(ranked, [tuple(m) for m in met], byes)
        # the same inputs pair the same
        assert p == pair(ranked, [tuple(m) for m in met], byes)
        seated = [x for m in p.matches for x in m] + ([p.bye] if p.bye else [])
        assert sorted(seated) == sorted(ranked)  # everyone once, the dropped never
        assert (p.bye is not None) == (len(ranked) % 2 == 1)
        best, bye_ok = fewest_rematches(ranked, met, byes)
        assert p.rematches == best  # no rematch while one can be avoided
        if p.bye is not None:
            assert p.bye in bye_ok
            # nobody ranked below the bye who had none could have taken it as well
            fresh = [x for x in bye_ok if x is not None and x not in byes]
            if fresh:
                assert p.bye not in byes and ranked.index(p.bye) == max(ranked.index(x) for x in fresh)
        for a, b in p.matches:
            assert ranked.index(a) < ranked.index(b)
            w = rng.choice([(2, 0), (2, 1), (1, 2), (0, 2), (1, 1), (0, 0), (1, 0)])
            results += match_results(a, b, w, rng.choice([0, 0, 1]))
            met.add(frozenset((a, b)))
        if p.bye:
            results.append(bye(p.bye))
            byes.add(p.bye)


def test_first_round_is_drawn_by_the_seed_and_the_bye_goes_to_the_lowest() -> None:
    players = ["ann", "bea", "cid", "dan", "eve"]
    t1 = standings(players, [], seed=1)
    t2 = standings(players, [], seed=1)
    assert t1 == t2 and {s.match_points for s in t1} == {0}
    ranked = [s.player for s in t1]
    p = pair(ranked, [])
    assert p.bye == ranked[-1] and p.matches == ((ranked[0], ranked[1]), (ranked[2], ranked[3]))
    # the lowest ranked had a bye already: the next one up gets it
    assert pair(ranked, [], [ranked[-1]]).bye == ranked[-2]


def test_a_rematch_is_avoided_by_moving_down_and_made_only_when_needed() -> None:
    # a met b: a plays c, b plays d
    assert pair(["a", "b", "c", "d"], [("a", "b")]).matches == (("a", "c"), ("b", "d"))
    # four players after three rounds: everyone met everyone, the fewest rematches (2)
    every = [tuple(x) for x in permutations("abcd", 2)]
    p = pair(list("abcd"), every)
    assert p.rematches == 2 and len(p.matches) == 2


def test_standings_and_tiebreakers_by_hand() -> None:
    """Four players, two rounds (hand-computed, MTR Appendix C):
    round 1: a beats b 2-0, c and d draw 1-1 (unfinished at time: equal games);
    round 2: a beats c 2-1, d beats b 2-1."""
    results = [*match_results("a", "b", (2, 0)), *match_results("c", "d", (1, 1)),
               *match_results("a", "c", (2, 1)), *match_results("d", "b", (2, 1))]
    t = {s.player: s for s in standings(list("abcd"), results, seed=3)}
    assert [s.player for s in sorted(t.values(), key=lambda s: s.rank)] == ["a", "d", "c", "b"]
    assert t["a"].match_points == 6 and t["d"].match_points == 4 and t["c"].match_points == 1
    # MW%: a 6/6 = 1, b 0/6 -> 0.33, c 1/6 -> 0.33, d 4/6
    assert t["a"].omw == (FLOOR + FLOOR) / 2  # b and c
    assert abs(t["d"].omw - (FLOOR + FLOOR) / 2) < 1e-9  # c and b
    # GW%: a 12/15 = 0.8; b 3/15 -> 0.33 (floor: 0.2); c: 3 + 3 = 6 of 15 = 0.4; d: 3 + 6 = 9 of 15 = 0.6
    assert abs(t["a"].gw - 0.8) < 1e-9 and t["b"].gw == FLOOR
    assert abs(t["c"].gw - 0.4) < 1e-9 and abs(t["d"].gw - 0.6) < 1e-9
    assert abs(t["a"].ogw - (FLOOR + 0.4) / 2) < 1e-9
    assert t["a"].record == (2, 0, 0) and t["c"].record == (0, 1, 1)


def test_a_bye_is_a_2_0_win_and_no_opponent() -> None:
    results = [bye("a"), *match_results("b", "c", (2, 0))]
    t = {s.player: s for s in standings(list("abc"), results)}
    assert t["a"].match_points == 3 and t["a"].gw == 1.0 and t["a"].omw == FLOOR  # no opponents
    # b's opponent c; c's opponent b: a's bye round is left out when a serves as an opponent
    results += [*match_results("a", "b", (0, 2))]
    t = {s.player: s for s in standings(list("abc"), results)}
    assert t["b"].omw == (FLOOR + FLOOR) / 2  # c 0/3, a 0/3 without the bye (not 3/6)
