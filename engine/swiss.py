"""Swiss rounds: standings with the Magic tiebreakers, and the pairing of a round.

Pure and deterministic (no I/O, randomness only from a given seed), so a round
paired again from the same results and seed gives the same pairings.

**Scoring** (tournament rules of 1 October 1995; today's Magic Tournament
Rules, Appendix C): a match won is 3 match points, drawn 1, lost 0; a bye is a
match won 2-0. A game won is 3 game points, drawn 1. A match unfinished when
its round closes is decided by the games won (the rule of 1 October 1996): an
unfinished game counts for no one, and equal games make a drawn match.

**Standings**: match points, then opponents' match-win percentage (OMW%), then
game-win percentage (GW%), then opponents' game-win percentage (OGW%). A
player's match-win and game-win percentages are their points over 3 per match
(or game) played, never below 0.33. A bye is no opponent; and when a player's
match-win percentage serves an opponent's OMW%, the rounds of their byes are
left out of it (Appendix C). A player who dropped stays in the standings and
still counts as their opponents' opponent. Players equal on everything are
ordered by the seed.

**Pairing** (:func:`pair`): players in standings order; each, from the top,
meets the next one below who is still free, so players meet others with the
same points while they can; no rematch while one can be avoided (the search
allows the fewest rematches that a pairing needs); with an odd count, the bye
goes to the lowest-ranked player who has not had one (all had one: the lowest
ranked), moving up only as far as avoiding a rematch needs. The library
``swisspair`` (0.2.1) was tried: it is a binary-only wheel without a license
in its metadata, and it raises an opaque ``RuntimeError`` when a rematch
cannot be avoided, where a league must still pair the round.
"""
from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

FLOOR = 0.33
MATCH_WIN, MATCH_DRAW = 3, 1
GAME_WIN, GAME_DRAW = 3, 1
SEARCH_LIMIT = 200_000  # steps of the pairing search per rematch budget (a league of 100 needs far fewer)


@dataclass(frozen=True)
class Result:
    """One player's match in a round, as scored: games won, lost and drawn, and
    whether it was a bye (then ``opponent`` is None)."""

    player: str
    opponent: str | None
    won: int = 0
    lost: int = 0
    drawn: int = 0

    @property
    def bye(self) -> bool:
        return self.opponent is None

    @property
    def match_points(self) -> int:
        if self.bye or self.won > self.lost:
            return MATCH_WIN
        return MATCH_DRAW if self.won == self.lost else 0

    @property
    def game_points(self) -> int:
        return GAME_WIN * (2 if self.bye else self.won) + GAME_DRAW * self.drawn

    @property
    def games(self) -> int:
        return 2 if self.bye else self.won + self.lost + self.drawn


def match_results(a: str, b: str, wins: tuple[int, int], draws: int = 0) -> tuple[Result, Result]:
    """Both players' results of a match between *a* and *b* with these games (finished
    or not: an unfinished one is decided by the games won)."""
    return Result(a, b, wins[0], wins[1], draws), Result(b, a, wins[1], wins[0], draws)


def bye(player: str) -> Result:
    return Result(player, None)


@dataclass(frozen=True)
class Standing:
    player: str
    rank: int
    match_points: int
    omw: float
    gw: float
    ogw: float
    record: tuple[int, int, int]  # matches won, lost, drawn (a bye is a match won)
    dropped: bool = False


def _pct(points: int, possible: int) -> float:
    return max(FLOOR, points / possible) if possible else FLOOR


def standings(players: Sequence[str], results: Iterable[Result], *, seed: int = 0,
              dropped: Iterable[str] = ()) -> list[Standing]:
    """The players ranked (see the module's docstring); *results* holds each player's
    side of every match of the rounds closed so far."""
    by: dict[str, list[Result]] = {p: [] for p in players}
    for r in results:
        by.setdefault(r.player, []).append(r)
    out = set(dropped)

    def mw(p: str, *, as_opponent: bool = False) -> float:
        rs = [r for r in by[p] if not (as_opponent and r.bye)]
        return _pct(sum(r.match_points for r in rs), MATCH_WIN * len(rs))

    def gw(p: str) -> float:
        rs = by[p]
        return _pct(sum(r.game_points for r in rs), GAME_WIN * sum(r.games for r in rs))

    def avg(values: list[float]) -> float:
        return sum(values) / len(values) if values else FLOOR

    rows = []
    for p in by:
        opponents = [r.opponent for r in by[p] if r.opponent is not None]
        won = sum(1 for r in by[p] if r.match_points == MATCH_WIN)
        drawn = sum(1 for r in by[p] if r.match_points == MATCH_DRAW)
        rows.append((p, sum(r.match_points for r in by[p]), avg([mw(o, as_opponent=True) for o in opponents]),
                     gw(p), avg([gw(o) for o in opponents]), (won, len(by[p]) - won - drawn, drawn)))
    order = {p: i for i, p in enumerate(shuffled(list(by), seed))}
    rows.sort(key=lambda r: (-r[1], -round(r[2], 9), -round(r[3], 9), -round(r[4], 9), order[r[0]]))
    return [Standing(p, i + 1, mp, omw, g, og, rec, p in out) for i, (p, mp, omw, g, og, rec) in enumerate(rows)]


def shuffled(items: list[str], seed: int) -> list[str]:
    """*items* in an order drawn from *seed* (the same seed, the same order)."""
    items = sorted(items)
    random.Random(seed).shuffle(items)
    return items


@dataclass(frozen=True)
class Pairing:
    """A round's pairings: (higher ranked, lower ranked) per match, and the bye."""

    matches: tuple[tuple[str, str], ...]
    bye: str | None = None
    rematches: int = 0  # how many of the matches repeat an earlier one (0 unless unavoidable)
    players: tuple[str, ...] = field(default=())


def pair(ranked: Sequence[str], played: Iterable[tuple[str, str]], had_bye: Iterable[str] = ()) -> Pairing:
    """The next round's pairings of the players *ranked* (best first; dropped players
    left out), given the matches *played* before and who *had_bye*."""
    ranked = list(ranked)
    met = {frozenset(m) for m in played}
    byed = set(had_bye)
    if len(ranked) < 2:
        return Pairing((), ranked[0] if ranked else None, 0, tuple(ranked))
    if len(ranked) % 2:
        # the lowest ranked without a bye first, then upward; those who had one last (lowest first)
        candidates = [p for p in reversed(ranked) if p not in byed] + [p for p in reversed(ranked) if p in byed]
    else:
        candidates = [None]
    for budget in range(len(ranked)):
        for b in candidates:
            rest = [p for p in ranked if p != b]
            found = _pair_all(rest, met, budget)
            if found is not None:
                return Pairing(tuple(found), b, sum(frozenset(m) in met for m in found), tuple(ranked))
    raise AssertionError("a pairing always exists with enough rematches")  # pragma: no cover


def _pair_all(ranked: list[str], met: set[frozenset[str]], budget: int) -> list[tuple[str, str]] | None:
    """Every player of *ranked* paired, each top free player with the next free one below
    that they have not met, with at most *budget* rematches; None if the search finds none."""
    steps = [0]
    out: list[tuple[str, str]] = []

    def go(free: list[str], left: int) -> bool:
        if not free:
            return True
        steps[0] += 1
        if steps[0] > SEARCH_LIMIT:
            return False
        top, rest = free[0], free[1:]
        for i, other in enumerate(rest):
            again = frozenset((top, other)) in met
            if again and left == 0:
                continue
            out.append((top, other))
            if go(rest[:i] + rest[i + 1:], left - again):
                return True
            out.pop()
        return False

    return out if go(ranked, budget) else None
