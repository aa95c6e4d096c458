"""Antiquities checks a duel script cannot express: restricted mana in the
pool model, coin flips, set membership, and random duels with decks of
every Antiquities card added for Old School."""
from __future__ import annotations

import pytest

from engine import DuelOptions, carddb
from engine.mana import Mana, ManaCost, ManaError
from engine.scripts import run_steps
from tests.test_random_duels import checked_random_duel

# ------------------------------------------------------------------ restricted mana (Mishra's Workshop)


def test_restricted_mana_reads_and_writes_its_use() -> None:
    m = Mana.parse("G+CCC(artifact spells)")
    assert m.amounts == {"G": 1} and m.restricted == {("C", "artifact spells"): 3}
    assert m.text() == "G+CCC(artifact spells)"
    assert m.total() == 4
    with pytest.raises(ManaError):
        Mana.parse("G+CCC")


def test_restricted_mana_is_spent_only_where_its_use_allows_and_first() -> None:
    m = Mana.parse("RR+CCC(artifact spells)")
    assert not m.spendable(set()).can_pay(ManaCost.parse("{3}"))  # RR only
    pool = m.spendable({"artifact spells"})
    assert pool.text() == "RRCCC"
    before = pool.copy()
    pool.pay(ManaCost.parse("{4}"))
    spent = Mana({k: before.amounts[k] - pool.amounts.get(k, 0) for k in before.amounts})
    m.spend(spent, {"artifact spells"})
    assert m.text() == "R"  # the restricted three went first
    assert m.clear() == 1 and m.text() == ""


def test_restricted_mana_burns() -> None:
    m = Mana.parse("+CCC(artifact spells)")
    assert m.clear() == 3


# ------------------------------------------------------------------ Goblin Artisans: a seeded coin flip

def _artisans(seed: int) -> tuple[list[str], list[str], list[str]]:
    r = run_steps({"active": "alice", "phase": "main", "players": {
        "alice": {"hand": ["Jayemdae Tome"], "library": ["Island", "Island"],
                  "battlefield": ["Goblin Artisans", "Forest", "Forest", "Forest", "Forest"]},
        "bob": {}}},
        [{"alice": "cast Jayemdae Tome"}, {"alice": "activate Goblin Artisans -> Jayemdae Tome"},
         {"bob": "choose heads"}, "resolve"], seed=seed)
    me = r.g.players[0]
    return [c.name for c in me.hand], [c.name for c in me.graveyard], [c.name for c in r.g.battlefield]


def test_goblin_artisans_draws_or_counters_by_the_flip() -> None:
    outcomes = set()
    for seed in range(12):
        hand, yard, field = _artisans(seed)
        if hand == ["Island"]:
            assert "Jayemdae Tome" in field and yard == []
            outcomes.add("draw")
        else:
            assert hand == [] and yard == ["Jayemdae Tome"] and "Jayemdae Tome" not in field
            outcomes.add("counter")
    assert outcomes == {"draw", "counter"}
    assert _artisans(3) == _artisans(3)  # the same seed, the same flip


def test_a_second_goblin_artisans_cannot_aim_at_the_same_spell() -> None:
    """Once the first Goblin Artisans ability has been aimed at the spell, no
    second one can be (the interrupt timing alone already forbids it: the
    caster's one chance to interrupt is spent)."""
    from engine.decisions import IllegalAction
    from engine.scripts import ScriptError
    with pytest.raises((IllegalAction, ScriptError)):
        run_steps({"active": "alice", "phase": "main", "players": {
            "alice": {"hand": ["Jayemdae Tome"],
                      "battlefield": ["Goblin Artisans", "Goblin Artisans", "Forest", "Forest", "Forest", "Forest"]},
            "bob": {}}},
            [{"alice": "cast Jayemdae Tome"}, {"alice": "activate Goblin Artisans#1 -> Jayemdae Tome"},
             {"alice": "activate Goblin Artisans#2 -> Jayemdae Tome"}])


# ------------------------------------------------------------------ Golgothian Sylex: set membership

def test_cards_from_antiquities_are_known_by_their_printings() -> None:
    from engine.cards.antiquities import _from_antiquities
    from engine.objects import Card
    g = run_steps({"active": "alice", "phase": "main", "players": {"alice": {}, "bob": {}}}, []).g

    def card(name: str, token: bool = False) -> Card:
        return Card(0, carddb.get(name), 0, "battlefield", 0, token=token)
    assert _from_antiquities(g, card("Su-Chi"))
    assert _from_antiquities(g, card("Mishra's Factory"))  # reprinted in 4ED, first printed in ATQ
    assert _from_antiquities(g, card("Triskelion"))
    assert not _from_antiquities(g, card("Rod of Ruin"))  # Alpha
    assert not _from_antiquities(g, card("Mountain"))
    assert not _from_antiquities(g, card("Su-Chi", token=True))


# ------------------------------------------------------------------ random duels

ATQ_NEW = [
    "Argivian Archaeologist", "Argivian Blacksmith", "Artifact Ward", "Damping Field", "Martyrs of Korlis",
    "Reverse Polarity", "Drafna's Restoration", "Power Artifact", "Reconstruction", "Sage of Lat-Nam",
    "Transmute Artifact", "Artifact Possession", "Gate to Phyrexia", "Haunting Wind", "Phyrexian Gremlins",
    "Priest of Yawgmoth", "Yawgmoth Demon", "Artifact Blast", "Atog", "Dwarven Weaponsmith", "Goblin Artisans",
    "Orcish Mechanics", "Shatterstorm", "Argothian Pixies", "Argothian Treefolk", "Citanul Druid",
    "Gaea's Avenger", "Powerleech", "Ashnod's Altar", "Ashnod's Transmogrant", "Candelabra of Tawnos",
    "Golgothian Sylex", "Jalum Tome", "Mightstone", "Obelisk of Undoing", "Rakalite", "Rocket Launcher",
    "Staff of Zegon", "Su-Chi", "Tablet of Epityr", "Tawnos's Coffin", "Urza's Chalice", "Urza's Miter",
    "Weakstone", "Mishra's Workshop", "Urza's Mine", "Urza's Power Plant", "Urza's Tower",
]

ATQ_DECKS: dict[str, dict[str, int]] = {
    "Workshop": {
        "Plains": 7, "Island": 6, "Mishra's Workshop": 1, "Urza's Mine": 1, "Urza's Power Plant": 1,
        "Urza's Tower": 1, "Argivian Archaeologist": 1, "Argivian Blacksmith": 1, "Artifact Ward": 1,
        "Damping Field": 1, "Martyrs of Korlis": 1, "Reverse Polarity": 1, "Drafna's Restoration": 1,
        "Power Artifact": 1, "Reconstruction": 1, "Sage of Lat-Nam": 1, "Transmute Artifact": 1,
        "Ashnod's Altar": 1, "Ashnod's Transmogrant": 1, "Candelabra of Tawnos": 1, "Golgothian Sylex": 1,
        "Jalum Tome": 1, "Mightstone": 1, "Obelisk of Undoing": 1, "Rakalite": 1, "Grizzly Bears": 2,
    },
    "Atog": {
        "Swamp": 5, "Mountain": 5, "Forest": 5, "Artifact Possession": 1, "Gate to Phyrexia": 1,
        "Haunting Wind": 1, "Phyrexian Gremlins": 1, "Priest of Yawgmoth": 1, "Yawgmoth Demon": 1,
        "Artifact Blast": 1, "Atog": 1, "Dwarven Weaponsmith": 1, "Goblin Artisans": 1, "Orcish Mechanics": 1,
        "Shatterstorm": 1, "Argothian Pixies": 1, "Argothian Treefolk": 1, "Citanul Druid": 1,
        "Gaea's Avenger": 1, "Powerleech": 1, "Rocket Launcher": 1, "Staff of Zegon": 1, "Su-Chi": 1,
        "Tablet of Epityr": 1, "Tawnos's Coffin": 1, "Urza's Chalice": 1, "Urza's Miter": 1, "Weakstone": 1,
    },
}
PLAYED: set[str] = set()
DUELS = 12


def _decklist(name: str) -> list[str]:
    return [n for n, k in ATQ_DECKS[name].items() for _ in range(k)]


def test_the_decks_hold_every_new_antiquities_card() -> None:
    held = {n for deck in ATQ_DECKS.values() for n in deck}
    assert set(ATQ_NEW) <= held
    assert all(carddb.is_implemented(n) for n in held)


@pytest.mark.parametrize("seed", range(DUELS))
def test_random_duels_with_the_antiquities_cards(seed: int) -> None:
    """Random duels with decks of these cards: they end without an exception,
    replay to the same state, never lose or make a card, and views of hidden
    cards leak nothing."""
    names = ("Workshop", "Atog") if seed % 2 == 0 else ("Atog", "Workshop")
    checked_random_duel(seed, (_decklist(names[0]), _decklist(names[1])), DuelOptions(ante=seed % 4 < 2), PLAYED,
                        pass_rate=0.35)


def test_most_new_antiquities_cards_were_played(capsys: pytest.CaptureFixture[str]) -> None:
    """After the duels above (file order): how many of the new cards were cast
    or put into play."""
    if not PLAYED:
        pytest.skip("needs the random duels first")
    never = [n for n in ATQ_NEW if n not in PLAYED]
    with capsys.disabled():
        print(f"\n{len(ATQ_NEW) - len(never)} of {len(ATQ_NEW)} new Antiquities cards played in {DUELS} random "
              f"duels; never: {never}")
    assert len(never) <= len(ATQ_NEW) // 4, never


def test_a_used_rocket_launcher_is_destroyed_at_end_of_turn_in_one_log_line() -> None:
    # found in a terminal duel: "Rocket Launcher is destroyed: it was used this turn." and then
    # "Rocket Launcher is destroyed." again, when the state check took it
    from engine import Duel
    from engine.scripts import build_position
    setup = {"active": "alice", "phase": "main", "players": {
        "alice": {"battlefield": ["Rocket Launcher", "Mountain", "Mountain"]}, "bob": {}}}
    duel = Duel(lambda: build_position(setup))
    duel.apply("activate Rocket Launcher")
    duel.apply("target bob")
    duel.apply("auto")
    for _ in range(30):
        d = duel.pending
        if d is None or duel.game.active != 0 or any(c.name == "Rocket Launcher" for c in duel.game.players[0].graveyard):
            break
        duel.apply(d.decline if d.decline is not None else d.choices[0], d.player)
    lines = [e for e in duel.game.events if "Rocket Launcher is destroyed" in e]
    assert lines == ["Rocket Launcher is destroyed: it was used this turn."]
