"""Paying mana costs: what can be paid, how ``auto`` pays it, when it is asked.

One rule under all of it: each use of a mana source makes its own mana once
(a dual land, Birds of Paradise or City of Brass one mana a tap, whatever
colors it could make; Sol Ring two). Whether a cost can be paid (the
castable list, ``auto``) and what the player could pay by hand, tapping
sources one at a time, must always agree: the property test below checks it
over random boards.
"""
from __future__ import annotations

from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine import Duel
from engine.autopass import auto_answer
from engine.decisions import DecisionKind
from engine.mana import Mana, ManaCost
from engine.refs import ref
from engine.scripts import build_position


def position(alice: dict[str, Any], bob: dict[str, Any] | None = None, **setup: Any) -> Duel:
    """Alice's main phase (unless told otherwise) with these zones."""
    spec = {"active": "alice", "phase": "main", "players": {"alice": alice, "bob": bob or {}}, **setup}
    return Duel(lambda: build_position(spec))


def tapped(d: Duel) -> list[str]:
    return sorted(c.name for c in d.game.battlefield if c.tapped)


# ------------------------------------------------------- one mana a tap

def test_a_dual_land_alone_cannot_pay_two_mana() -> None:
    d = position({"hand": ["Grizzly Bears"], "battlefield": ["Tropical Island"]})
    assert "cast Grizzly Bears" not in d.pending.choices  # type: ignore[union-attr]


def test_the_boards_of_the_report_cannot_pay() -> None:
    # Plateau + Mountain + Forest + Birds of Paradise: four mana, Jasmine Boreal costs five
    d = position({"hand": ["Jasmine Boreal"], "battlefield": ["Plateau", "Mountain", "Forest", "Birds of Paradise"]})
    assert "cast Jasmine Boreal" not in d.pending.choices  # type: ignore[union-attr]
    # Tropical Island + Mox Pearl: two mana, Serendib Efreet costs three
    d = position({"hand": ["Serendib Efreet"], "battlefield": ["Tropical Island", "Mox Pearl"]})
    assert "cast Serendib Efreet" not in d.pending.choices  # type: ignore[union-attr]


def test_a_dual_land_pays_one_symbol_and_auto_is_not_offered_for_two() -> None:
    # Giant Growth {G} is payable, and auto taps the one land once
    d = position({"hand": ["Giant Growth"], "battlefield": ["Tropical Island", "Grizzly Bears"]})
    d.apply("cast Giant Growth")
    d.apply("target Grizzly Bears")
    assert d.pending is not None and d.pending.kind is DecisionKind.PAY and "auto" in d.pending.choices
    d.apply("auto")
    assert tapped(d) == ["Tropical Island"]
    assert d.game.players[0].pool.total() == 0


# ----------------------------------------------------- life for mana

def channelled(life: int, battlefield: list[str], hand: list[str]) -> Duel:
    d = position({"life": life, "hand": ["Channel"] + hand, "battlefield": battlefield})
    d.apply("cast Channel")
    d.apply("auto")
    while d.pending is not None and d.pending.kind is not DecisionKind.OPPORTUNITY:
        d.apply(d.pending.decline or d.pending.choices[0])
    assert d.game.players[0].life == life
    return d


def test_channel_mana_counts_toward_what_can_be_paid() -> None:
    # Channel {G}{G} from two Forests, a third Forest left: Durkwood Boars {4}{G} with 4 life of Channel
    d = channelled(5, ["Forest"] * 3, ["Durkwood Boars"])
    assert "cast Durkwood Boars" in d.pending.choices  # type: ignore[union-attr]
    d.apply("cast Durkwood Boars")
    assert d.pending is not None and "auto" in d.pending.choices
    d.apply("auto")
    assert d.game.players[0].life == 1
    assert all(c.tapped for c in d.game.battlefield if c.name == "Forest")
    assert d.game.players[0].pool.total() == 0


def test_automatic_payment_spends_life_only_when_nothing_else_pays() -> None:
    d = channelled(10, ["Forest"] * 4, ["Grizzly Bears"])
    d.apply("cast Grizzly Bears")
    d.apply("auto")
    assert d.game.players[0].life == 10  # the two Forests left pay it
    assert sum(c.tapped for c in d.game.battlefield) == 4


def test_automatic_payment_never_spends_the_last_life() -> None:
    # by hand a player may pay life down to 0 (and lose); auto never does it for them
    d = channelled(1, ["Forest"] * 2, ["Sol Ring"])
    assert "cast Sol Ring" in d.pending.choices  # type: ignore[union-attr]
    d.apply("cast Sol Ring")
    assert d.pending is not None and "auto" not in d.pending.choices
    assert "add C via Channel" in d.pending.choices


# ------------------------------------------------ asking and preferring

def test_auto_taps_a_land_before_an_artifact() -> None:
    d = position({"hand": ["Swords to Plowshares"], "battlefield": ["Mox Pearl", "Plains"]},
                 {"battlefield": ["Grizzly Bears"]})
    d.apply("cast Swords to Plowshares")
    d.apply("target Grizzly Bears")
    d.apply("auto")
    assert tapped(d) == ["Plains"]


def test_auto_taps_a_land_before_a_creature_and_the_plainer_land_first() -> None:
    d = position({"hand": ["Giant Growth"], "battlefield": ["Birds of Paradise", "Savannah", "Forest"]})
    d.apply("cast Giant Growth")
    d.apply("target Birds of Paradise")
    d.apply("auto")
    assert tapped(d) == ["Forest"]


def test_a_color_only_one_source_makes_is_paid_without_asking() -> None:
    # Birds of Paradise {G}: the Savannah is the only source of G
    d = position({"hand": ["Birds of Paradise"], "battlefield": ["Savannah", "Plains", "Island"]})
    d.apply("cast Birds of Paradise")
    assert d.pending is not None and d.pending.kind is DecisionKind.PAY
    assert auto_answer(d.game, d.pending) == "auto"


def test_mana_drawn_for_the_spell_is_spent_without_asking() -> None:
    d = position({"hand": ["Swords to Plowshares"], "battlefield": ["Mox Pearl", "Plains"]},
                 {"battlefield": ["Grizzly Bears"]})
    d.apply("tap Mox Pearl for W")
    d.apply("cast Swords to Plowshares")
    d.apply("target Grizzly Bears")
    assert d.pending is not None and d.pending.kind is DecisionKind.PAY
    assert auto_answer(d.game, d.pending) == "pay"


def test_pool_mana_spent_more_than_one_way_is_asked() -> None:
    # {1} from a pool of W and G: which is left matters
    d = position({"hand": ["Ornithopter", "Sol Ring"], "battlefield": ["Mox Pearl"], "mana_pool": "WG"})
    d.apply("cast Sol Ring")
    assert d.pending is not None and d.pending.kind is DecisionKind.PAY
    assert auto_answer(d.game, d.pending) is None


def test_two_dual_lands_of_a_name_are_interchangeable() -> None:
    d = position({"hand": ["Llanowar Elves"], "battlefield": ["Savannah", "Savannah", "Plains"]})
    d.apply("cast Llanowar Elves")
    assert auto_answer(d.game, d.pending) == "auto"  # type: ignore[arg-type]


def test_an_upkeep_cost_of_four_mana_is_one_answer() -> None:
    # Force of Nature's {G}{G}{G}{G} from three Forests and a Tropical Island (and a Plains):
    # at the end of upkeep the player answers once and it is paid
    d = position({"battlefield": ["Force of Nature", "Forest", "Forest", "Forest", "Tropical Island", "Plains"]},
                 phase="upkeep")
    asked = []
    while d.pending is not None and d.game.phase == "upkeep":
        ans = auto_answer(d.game, d.pending)
        if ans is None:
            asked.append(d.pending.kind)
            ans = "activate Force of Nature" if d.pending.kind is DecisionKind.UPKEEP else d.pending.choices[0]
        d.apply(ans, player=d.pending.player)
    assert asked == [DecisionKind.UPKEEP]
    assert d.game.players[0].life == 20
    assert tapped(d) == ["Forest", "Forest", "Forest", "Tropical Island"]


# ------------------------------------------- the property over random boards

# each source: what one use of it can make (one symbol of these), how much, and
# whether its mana may pay only for artifact spells (Mishra's Workshop)
SOURCES: dict[str, tuple[str, int, bool]] = {
    "Plains": ("W", 1, False), "Island": ("U", 1, False), "Swamp": ("B", 1, False),
    "Mountain": ("R", 1, False), "Forest": ("G", 1, False),
    "Tropical Island": ("GU", 1, False), "Savannah": ("GW", 1, False), "Plateau": ("RW", 1, False),
    "Tundra": ("UW", 1, False), "Badlands": ("BR", 1, False), "Bayou": ("BG", 1, False),
    "Underground Sea": ("BU", 1, False), "Volcanic Island": ("RU", 1, False),
    "City of Brass": ("WUBRG", 1, False), "Birds of Paradise": ("WUBRG", 1, False),
    "Llanowar Elves": ("G", 1, False),
    "Mox Pearl": ("W", 1, False), "Mox Sapphire": ("U", 1, False), "Mox Jet": ("B", 1, False),
    "Mox Ruby": ("R", 1, False), "Mox Emerald": ("G", 1, False),
    "Sol Ring": ("C", 2, False), "Mishra's Workshop": ("C", 3, True),
}
SPELLS = {  # a spell to cast, its cost and whether it is an artifact
    "Grizzly Bears": ("{1}{G}", False), "Serendib Efreet": ("{2}{U}", False),
    "Jasmine Boreal": ("{3}{G}{W}", False), "Serra Angel": ("{3}{W}{W}", False),
    "Shivan Dragon": ("{4}{R}{R}", False), "Royal Assassin": ("{1}{B}{B}", False),
    "Black Knight": ("{B}{B}", False), "Hurloon Minotaur": ("{1}{R}{R}", False),
    "Sea Serpent": ("{5}{U}", False), "Birds of Paradise": ("{G}", False),
    "Juggernaut": ("{4}", True), "Su-Chi": ("{4}", True), "Wooden Sphere": ("{1}", True),
}


def manual_payment(board: list[tuple[str, bool]], cost: ManaCost, artifact: bool,
                   channel_life: int) -> list[tuple[int, str]] | None:
    """Worked out apart from the engine's planner: the taps, one symbol of one
    use of each chosen untapped source, and how many {C} from Channel, that
    pay ``cost``: ``[(position on the board, symbol), ...]`` with
    ``(-1, "C")`` for each Channel mana; None if none does."""
    seen: set[tuple[int, tuple[tuple[str, int], ...]]] = set()

    def pays(pool: Mana) -> int | None:
        for k in range(channel_life + 1):  # as few Channel mana as will do
            p = pool.copy()
            p.add("C", k)
            if p.can_pay(cost):
                return k
        return None

    def search(i: int, pool: Mana, taps: list[tuple[int, str]]) -> list[tuple[int, str]] | None:
        if (k := pays(pool)) is not None:
            return taps + [(-1, "C")] * k
        if i == len(board):
            return None
        key = (i, tuple(sorted(pool.amounts.items())))
        if key in seen:
            return None
        seen.add(key)
        name, is_tapped = board[i]
        symbols, amount, restricted = SOURCES[name]
        options = [] if is_tapped or (restricted and not artifact) else list(symbols)
        for sym in options:
            more = pool.copy()
            more.add(sym, amount)
            found = search(i + 1, more, taps + [(i, sym)])
            if found is not None:
                return found
        return search(i + 1, pool, taps)

    return search(0, Mana(), [])


@st.composite
def boards(draw: st.DrawFn) -> tuple[list[tuple[str, bool]], str, int]:
    """Up to six sources (some tapped), a spell, and Channel's life (0: no Channel)."""
    names = draw(st.lists(st.sampled_from(sorted(SOURCES)), min_size=0, max_size=6))
    board = [(n, draw(st.booleans()) and draw(st.booleans())) for n in names]
    spell = draw(st.sampled_from(sorted(SPELLS)))
    channel = 0 if "City of Brass" in names else draw(st.sampled_from([0, 0, 1, 2, 3, 5]))
    return board, spell, channel


def board_duel(board: list[tuple[str, bool]], spell: str, channel: int) -> Duel:
    alice: dict[str, Any] = {"hand": [spell], "battlefield": [{"name": n, "tapped": t} for n, t in board]}
    if channel:
        # Channel cast from a pool of GG: alice then has ``channel`` life to turn into mana
        alice.update(hand=[spell, "Channel"], life=channel, mana_pool="GG")
    d = position(alice)
    if channel:
        d.apply("cast Channel")
        d.apply("pay")
        while d.pending is not None and d.pending.kind is not DecisionKind.OPPORTUNITY:
            d.apply(d.pending.decline or d.pending.choices[0], player=d.pending.player)
        assert d.game.players[0].pool.total() == 0 and d.game.players[0].life == channel
    return d


def to_payment(d: Duel, spell: str) -> None:
    """Cast ``spell``: the duel waits on alice's payment."""
    d.apply(f"cast {spell}")
    assert d.pending is not None and d.pending.kind is DecisionKind.PAY, d.pending


def decline_to_payment(d: Duel) -> None:
    """City of Brass's damage opens a damage prevention step: decline back to the payment."""
    while d.pending is not None and d.pending.kind is not DecisionKind.PAY:
        d.apply(d.pending.decline or d.pending.choices[0], player=d.pending.player)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(boards())
def test_what_can_be_paid_is_what_single_taps_can_pay(case: tuple[list[tuple[str, bool]], str, int]) -> None:
    board, spell, channel = case
    text, artifact = SPELLS[spell]
    cost = ManaCost.parse(text)
    by_hand = manual_payment(board, cost, artifact, channel)
    d = board_duel(board, spell, channel)
    castable = f"cast {spell}" in d.pending.choices  # type: ignore[union-attr]
    assert castable == (by_hand is not None), (board, spell, channel, by_hand)
    if not castable:
        return
    # by hand: the taps found, each source once, then `pay`
    to_payment(d, spell)
    refs = [c for c in d.game.battlefield if c.name != "Channel"]
    for i, sym in by_hand:  # type: ignore[union-attr]
        d.apply("add C via Channel" if i < 0 else f"tap {ref(d.game, refs[i])} for {sym}")
        decline_to_payment(d)
    assert "pay" in d.pending.choices  # type: ignore[union-attr]
    d.apply("pay")
    assert d.pending is None or d.pending.kind is not DecisionKind.PAY
    # automatic payment: offered exactly when single taps could pay without the last life
    d = board_duel(board, spell, channel)
    to_payment(d, spell)
    auto = "auto" in d.pending.choices  # type: ignore[union-attr]
    assert auto == (manual_payment(board, cost, artifact, max(0, channel - 1)) is not None), (board, spell, channel)
    # the bot and the terminal answer for the player only with auto, and only when it is offered
    assert auto_answer(d.game, d.pending) in ((None, "auto") if auto else (None,))  # type: ignore[arg-type]
    if auto:
        d.apply("auto")
        decline_to_payment_or_on(d)
        assert d.pending is None or d.pending.kind is not DecisionKind.PAY, d.pending
        assert d.game.players[0].life >= 1


def decline_to_payment_or_on(d: Duel) -> None:
    """Past the damage prevention steps automatic payment may open (City of Brass)."""
    while d.pending is not None and d.pending.kind in (DecisionKind.PREVENT, DecisionKind.REGENERATE):
        d.apply(d.pending.decline or d.pending.choices[0], player=d.pending.player)


def test_channel_fireball_x_goes_up_to_the_life_left() -> None:
    d = channelled(10, ["Forest", "Forest", "Mountain"], ["Fireball"])
    d.apply("cast Fireball")
    assert d.pending is not None and d.pending.kind is DecisionKind.CAST_X
    assert "x=10" in d.pending.choices and "x=11" not in d.pending.choices
    d.apply("x=9")
    d.apply("target bob")
    d.apply("done")
    d.apply("auto")  # the Mountain and 9 life
    assert d.game.players[0].life == 1 and d.game.players[0].pool.total() == 0


def test_auto_spends_restricted_mana_first() -> None:
    # Mishra's Workshop's mana pays only for artifacts: Juggernaut takes it and one Mountain
    d = position({"hand": ["Juggernaut"], "battlefield": ["Mountain"] * 4 + ["Mishra's Workshop"]})
    d.apply("cast Juggernaut")
    d.apply("auto")
    assert tapped(d) == ["Mishra's Workshop", "Mountain"]
    assert d.game.players[0].pool.total() == 0


def test_a_mana_ability_without_tap_counts_once_per_use_left() -> None:
    # Rasputin Dreamweaver: "Remove a dream counter: add {1}", three counters, and a Mountain pay Su-Chi's {4}
    d = position({"hand": ["Su-Chi"], "battlefield": ["Mountain", {"name": "Rasputin Dreamweaver",
                                                                   "counters": {"dream": 3}}]})
    assert "cast Su-Chi" in d.pending.choices  # type: ignore[union-attr]
    d.apply("cast Su-Chi")
    d.apply("auto")
    rasputin = next(c for c in d.game.battlefield if c.name == "Rasputin Dreamweaver")
    assert rasputin.counters.get("dream", 0) == 0 and tapped(d) == ["Mountain"]


def test_auto_spends_all_of_a_source_of_two_rather_than_burn_half() -> None:
    # {2}{W}{W}{R}{R}{G}{G} from two Savannahs, a Forest, a Mountain, Hammerheim, two Llanowar
    # Elves and Sunastian Falconer ({T}: add {2}): the Falconer pays the {2}, one Elves stays
    # untapped; tapping the second Elves and half the Falconer left {1} to burn
    d = position({"hand": ["Palladia-Mors"],
                  "battlefield": ["Savannah", "Savannah", "Forest", "Mountain", "Hammerheim",
                                  "Llanowar Elves", "Llanowar Elves", "Sunastian Falconer"]})
    d.apply("cast Palladia-Mors")
    d.apply("auto")
    assert d.game.players[0].pool.total() == 0
    assert tapped(d).count("Llanowar Elves") == 1 and "Sunastian Falconer" in tapped(d)


def test_auto_pays_generic_with_a_whole_sol_ring_before_a_land_and_half_of_it() -> None:
    d = position({"hand": ["Craw Wurm"],
                  "battlefield": ["Forest", "Forest", "Mountain", "Mountain", "Mox Pearl", "Sol Ring"]})
    d.apply("cast Craw Wurm")
    d.apply("auto")
    assert d.game.players[0].pool.total() == 0
    assert "Mox Pearl" not in tapped(d)
