"""2. Human round trips: of all the decision points of a duel between sensible
players, how many reach a human under the bot's auto-pass rules?

Each decision is handled as :class:`bot.service.DuelService` does: when
:func:`bot.autopass.auto_answer` (default stops) has no answer, the player
(:class:`engine.players.sensible.SensiblePlayer`) answers it — one click in Discord —
otherwise the bot answers it on the player's behalf (declines it, or pays
``auto`` when paying by hand could not end differently).

Besides the totals, it reports by kind, and for the fast-effect decisions
(opportunity, respond, interrupt) by step of the turn: how many were asked,
and how many of those the player passed anyway (the clicks that carried no
choice this time).
"""
from __future__ import annotations

import collections
import random
import statistics
import time
from typing import Any

from bot.autopass import DEFAULT_STOPS, auto_answer
from engine import Duel, DuelOptions, IllegalAction
from engine.decks import PRECONS, decklist
from engine.players.sensible import SensiblePlayer

from .common import Result, Target, say

NAMES = sorted(PRECONS)


def play_sensible(seed: int, stops: frozenset[str] = DEFAULT_STOPS, max_decisions: int = 20000) -> dict[str, Any]:
    r = random.Random(seed)
    a, b = r.choice(NAMES), r.choice(NAMES)
    duel = Duel.new(seed, (decklist(a), decklist(b)), DuelOptions())
    players = (SensiblePlayer(seed * 2), SensiblePlayer(seed * 2 + 1))
    asked: collections.Counter[str] = collections.Counter()
    passed: collections.Counter[str] = collections.Counter()  # answered by the bot
    auto_paid = 0  # of those, payments made with "auto"
    declined: collections.Counter[str] = collections.Counter()  # asked, and the player passed anyway
    where: collections.Counter[str] = collections.Counter()  # asked opportunities/responses by step
    where_passed: collections.Counter[str] = collections.Counter()  # ... that the player passed anyway
    fallbacks = 0
    n = 0
    while duel.pending is not None and n < max_decisions:
        d = duel.pending
        bot_answer = auto_answer(duel.game, d, stops)
        if bot_answer is None:
            asked[d.kind.value] += 1
            g = duel.game
            step = ""
            if d.kind.value in ("opportunity", "respond", "interrupt"):
                step = f"{d.kind.value}: {'my' if g.active == d.player else 'opponent'} {g.step}"
                where[step] += 1
            ans = players[d.player].choose(duel, d)
            try:
                duel.parse(ans, d.player)
            except IllegalAction:  # the heuristics misread the board: take a listed (legal) answer
                fallbacks += 1
                ans = next((c for c in d.choices if c != "cancel"), d.choices[0])
            if d.decline is not None and ans == d.decline:
                declined[d.kind.value] += 1
                if step:
                    where_passed[step] += 1
            duel.apply(ans, player=d.player)
        else:
            passed[d.kind.value] += 1
            auto_paid += bot_answer == "auto"
            duel.apply(bot_answer, player=d.player)
        n += 1
    g = duel.game
    return {"seed": seed, "decks": (a, b), "decisions": n, "asked": sum(asked.values()),
            "asked_by_kind": dict(asked), "passed_by_kind": dict(passed),
            "declined_by_kind": dict(declined), "asked_where": dict(where),
            "passed_where": dict(where_passed), "auto_paid": auto_paid, "finished": duel.pending is None,
            "turns": g.turn, "winner": g.winner, "end": g.end_reason, "fallbacks": fallbacks}


def run(quick: bool = False, duels: int | None = None, **_: Any) -> Result:
    n = duels or (3 if quick else 100)
    res = Result("roundtrips", "Human round trips: decision points that reach a human")
    res.params = {"duels": n, "player": "engine.players.sensible.SensiblePlayer", "stops": sorted(DEFAULT_STOPS),
                  "decks": "engine.decks.PRECONS, two per seed"}
    say(f"round trips: {n} duels between sensible players, default stops")
    t0 = time.perf_counter()
    games = []
    for seed in range(n):
        games.append(play_sensible(seed))
    dt = time.perf_counter() - t0
    total = sum(g["decisions"] for g in games)
    asked = sum(g["asked"] for g in games)
    by_kind_asked: collections.Counter[str] = collections.Counter()
    by_kind_all: collections.Counter[str] = collections.Counter()
    by_kind_declined: collections.Counter[str] = collections.Counter()
    where: collections.Counter[str] = collections.Counter()
    where_passed: collections.Counter[str] = collections.Counter()
    for g in games:
        by_kind_declined.update(g["declined_by_kind"])
        where.update(g["asked_where"])
        where_passed.update(g["passed_where"])
        by_kind_asked.update(g["asked_by_kind"])
        by_kind_all.update(g["asked_by_kind"])
        by_kind_all.update(g["passed_by_kind"])
    frac = asked / total if total else None
    per_duel = [g["asked"] / g["decisions"] for g in games if g["decisions"]]
    res.figures = {
        "duels": n, "finished": sum(g["finished"] for g in games),
        "won": sum(1 for g in games if g["winner"] is not None),
        "decision_points": total, "reached_a_human": asked,
        "fraction": round(frac, 4) if frac is not None else None,
        "median_fraction_per_duel": round(statistics.median(per_duel), 4) if per_duel else None,
        "median_decisions_per_duel": statistics.median(g["decisions"] for g in games),
        "median_human_decisions_per_duel": statistics.median(g["asked"] for g in games),
        "median_turns": statistics.median(g["turns"] for g in games),
        "human_decisions_per_turn": round(asked / max(1, sum(g["turns"] for g in games)), 2),
        "by_kind": {k: {"decision_points": by_kind_all[k], "reached_a_human": by_kind_asked.get(k, 0),
                        "share_of_human_clicks": round(by_kind_asked.get(k, 0) / asked, 3) if asked else None,
                        "human_passed_anyway": by_kind_declined.get(k, 0)}
                    for k in sorted(by_kind_all, key=lambda k: -by_kind_asked.get(k, 0))},
        "human_passed_anyway": sum(by_kind_declined.values()),
        "payments_made_auto_by_the_bot": sum(g["auto_paid"] for g in games),
        "player_fallbacks": sum(g["fallbacks"] for g in games),
        # what-ifs for the bot's auto-pass rules (same duels; answers unchanged)
        "fraction_if_payments_were_automatic": round((asked - by_kind_asked.get("pay", 0)) / total, 4) if total else None,
        "fraction_if_passed_clicks_were_not_asked": round((asked - sum(by_kind_declined.values())) / total, 4)
        if total else None,
        "asked_opportunities_by_step": {k: {"reached_a_human": v, "human_passed_anyway": where_passed.get(k, 0)}
                                        for k, v in where.most_common()},
        "seconds": round(dt, 1),
    }
    say(f"  {asked:,} of {total:,} decision points reached a human ({100 * (frac or 0):.1f}%); "
        f"median duel {res.figures['median_decisions_per_duel']} decisions, "
        f"{res.figures['median_human_decisions_per_duel']} clicks, {res.figures['median_turns']} turns")
    top = sorted(by_kind_asked.items(), key=lambda kv: -kv[1])[:5]
    say("  clicks by kind: " + ", ".join(f"{k} {v}" for k, v in top)
        + f"; {sum(by_kind_declined.values()):,} clicks were a pass the bot could not foresee")
    res.targets = [Target("decision points reaching a human", round(frac, 4) if frac is not None else None,
                          0.25, "<=", "fraction")]
    return res
