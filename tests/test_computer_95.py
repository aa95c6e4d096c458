"""The computer with the cards of Old School 95 (engine/players/card_hints.py): it pays or
drops cumulative upkeep when worth it, uses Necropotence without dying to it, makes tokens
and uses them. XMage style: a position is set up, the computer is asked, its choice checked.
The computer answers by its heuristic (no determinized copies: no look-ahead), but where
said (``answer``: the hard level's look-ahead too)."""
from __future__ import annotations

from typing import Any

from engine import Duel
from engine.players import lookahead
from engine.players.computer import ComputerPlayer, answer
from engine.scripts import build_position
from engine.view import view


def _duel(alice: dict[str, Any], bob: dict[str, Any] | None = None, *, phase: str = "main",
          active: str = "alice") -> Duel:
    setup = {"active": active, "phase": phase, "players": {"alice": alice, "bob": bob or {}}}
    return Duel(lambda: build_position(setup))


def _play(duel: Duel, ai: ComputerPlayer, *, until: Any, steps: int = 200, look: bool = False) -> list[str]:
    """The computer (alice) answers, the opponent passes or declines everything, until
    ``until(duel)`` or the duel waits on nothing; the computer's answers."""
    answers = []
    for _ in range(steps):
        d = duel.pending
        if d is None or until(duel):
            break
        if d.player == 0:
            a = answer(duel, ai) if look else ai.choose(view(duel, 0), d)
            answers.append(a)
        else:
            a = d.decline if d.decline is not None else d.choices[0]
        duel.apply(a, d.player)
    return answers


def _attacked(duel: Duel, ai: ComputerPlayer, attackers: str, steps: int = 200, look: bool = False) -> list[str]:
    """Bob's turn: bob attacks with ``attackers`` and declines everything else, the computer
    (alice) answers by its heuristic (``look``: with the look-ahead too, ``answer``), until
    bob's turn ends; the computer's answers."""
    answers = []
    for _ in range(steps):
        d = duel.pending
        if d is None or duel.game.active != 1:
            break
        if d.player == 0:
            a = answer(duel, ai) if look else ai.choose(view(duel, 0), d)
            answers.append(a)
        elif d.kind.name == "ATTACK":
            a = d.parse(f"attack {attackers}")
        elif "attack" in d.choices and duel.game.combat is None:
            a = "attack"
        else:
            a = d.decline if d.decline is not None else d.choices[0]
        duel.apply(a, d.player)
    return answers


def _upkeep_over(duel: Duel) -> bool:
    return duel.game.phase not in ("untap", "upkeep")


def _names(duel: Duel, seat: int = 0) -> list[str]:
    return sorted(c.name for c in duel.game.battlefield if c.controller == seat)


# ------------------------------------------------------------------ cumulative upkeep

def test_the_computer_pays_a_cumulative_upkeep_worth_it() -> None:
    """Mystic Remora's first {1} is paid (it was dropped at once as worth less than a 2/2);
    Glacial Chasm's 4 life is paid at 12 life against 9 power it stops (dropped, as a mere
    land, the next attack kills the computer)."""
    duel = _duel({"battlefield": ["Mystic Remora", "Island", "Island", "Island"], "hand": ["Grizzly Bears"]},
                 phase="upkeep")
    answers = _play(duel, ComputerPlayer(0), until=_upkeep_over)
    assert "activate Mystic Remora" in answers and "Mystic Remora" in _names(duel), answers
    assert next(c for c in duel.game.battlefield if c.name == "Mystic Remora").upkeep_paid == 1

    duel = _duel({"battlefield": [{"name": "Glacial Chasm", "upkeep_paid": 1}, "Forest"], "hand": [], "life": 12},
                 {"battlefield": ["Craw Wurm", "Hill Giant"]}, phase="upkeep")
    answers = _play(duel, ComputerPlayer(0), until=_upkeep_over)
    assert "Glacial Chasm" in _names(duel) and duel.game.players[0].life == 8, answers


def test_the_computer_drops_a_cumulative_upkeep_grown_too_dear() -> None:
    """Illusionary Forces' fifth payment, {U} x 5, would take all five Islands and leave the
    Grizzly Bears in hand uncast: it is buried. Polar Kraken's two lands would leave one:
    buried. Glacial Chasm's 6 life at 8, with nothing of theirs to stop: buried."""
    duel = _duel({"battlefield": [{"name": "Illusionary Forces", "upkeep_paid": 4}] + ["Island"] * 5,
                  "hand": ["Grizzly Bears", "Forest"]}, phase="upkeep")
    answers = _play(duel, ComputerPlayer(0), until=_upkeep_over)
    assert "choose no" in answers and "Illusionary Forces" not in _names(duel), answers
    assert not any(c.tapped for c in duel.game.battlefield)

    duel = _duel({"battlefield": [{"name": "Polar Kraken", "upkeep_paid": 1}] + ["Island"] * 3, "hand": []},
                 phase="upkeep")
    _play(duel, ComputerPlayer(0), until=_upkeep_over)
    assert _names(duel) == ["Island"] * 3

    duel = _duel({"battlefield": [{"name": "Glacial Chasm", "upkeep_paid": 2}, "Forest"], "hand": [], "life": 8},
                 phase="upkeep")
    _play(duel, ComputerPlayer(0), until=_upkeep_over)
    assert "Glacial Chasm" not in _names(duel) and duel.game.players[0].life == 8


def test_the_computer_keeps_paying_while_the_price_is_fair() -> None:
    """The same Illusionary Forces at its third payment ({U}{U}{U} of five Islands, the Bears
    still castable) is kept."""
    duel = _duel({"battlefield": [{"name": "Illusionary Forces", "upkeep_paid": 2}] + ["Island"] * 5,
                  "hand": ["Grizzly Bears"]}, phase="upkeep")
    answers = _play(duel, ComputerPlayer(0), until=_upkeep_over)
    assert "activate Illusionary Forces" in answers and "Illusionary Forces" in _names(duel), answers


# ------------------------------------------------------------------ Necropotence

def _main_over(duel: Duel) -> bool:
    return duel.game.phase in ("discard", "cleanup") or duel.game.active != 0


def test_the_computer_draws_with_necropotence_up_to_seven() -> None:
    """Necropotence skips its draws: in its main phase, about to pass, the computer pays life
    for as many cards as bring its hand to seven in the discard phase (its Swamp played and
    its Hymn cast: seven)."""
    duel = _duel({"battlefield": ["Necropotence", "Swamp"], "hand": ["Swamp", "Hymn to Tourach"],
                  "library": ["Swamp"] * 20})
    answers = _play(duel, ComputerPlayer(0), until=lambda duel: duel.game.phase == "discard")
    assert "cast Hymn to Tourach" in answers and answers.count("activate Necropotence") == 7, answers
    g = duel.game
    assert len(g.players[0].hand) == 7 and g.players[0].life == 13


def test_the_computer_pays_no_life_to_necropotence_it_would_die_of() -> None:
    """At 9 life, facing a 3/3 and a 2/2 it cannot block and an opponent holding cards (a
    Lightning Bolt's worth), the computer sets aside nothing: 5 + 3 more would leave it one
    card from dead. At 20 against the same it pays down to the floor, no lower. The hard
    level (its look-ahead) too."""
    bob = {"battlefield": ["Hill Giant", "Grizzly Bears"], "hand": ["Lightning Bolt", "Mountain"]}
    for look in (False, True):
        duel = _duel({"battlefield": ["Necropotence", "Swamp"], "hand": [], "life": 9,
                      "library": ["Swamp"] * 20}, bob)
        answers = _play(duel, ComputerPlayer(0), until=_main_over, look=look)
        assert "activate Necropotence" not in answers and duel.game.players[0].life == 9, answers
    duel = _duel({"battlefield": ["Necropotence", "Swamp"], "hand": [], "life": 12, "library": ["Swamp"] * 20},
                 bob)
    answers = _play(duel, ComputerPlayer(0), until=_main_over)
    assert duel.game.players[0].life == 9 and answers.count("activate Necropotence") == 3, answers


# ------------------------------------------------------------------ tokens

def test_the_computer_makes_saprolings_of_its_spores() -> None:
    """A Thallid with three spore counters: the computer removes them for a Saproling."""
    duel = _duel({"battlefield": [{"name": "Thallid", "counters": {"spore": 3}}, "Forest"], "hand": []})
    answers = _play(duel, ComputerPlayer(0), until=_main_over)
    assert "activate Thallid ability=2" in answers and "Saproling" in _names(duel), answers


def test_the_computer_makes_kelp_with_the_mana_left_at_the_end_of_their_turn() -> None:
    """Wall of Kelp ({U}{U}, {T}: a Kelp token) is used at the end of the opponent's turn."""
    duel = _duel({"battlefield": ["Wall of Kelp", "Island", "Island"], "hand": []}, {"battlefield": ["Mountain"]},
                 active="bob")
    _play(duel, ComputerPlayer(0), until=lambda duel: duel.game.active == 0)
    assert "Kelp" in _names(duel)


def test_the_computer_sacrifices_a_chump_blocking_saproling_for_life() -> None:
    """At 3 life, attacked by a Hill Giant, a Saproling chump-blocks it and will die: Elvish
    Farmer sacrifices that Saproling for 2 life before combat damage (the other one stays)."""
    duel = _duel({"battlefield": ["Elvish Farmer", "Saproling", "Saproling"], "hand": [], "life": 3},
                 {"battlefield": ["Hill Giant"]}, active="bob")
    answers = _attacked(duel, ComputerPlayer(0), "Hill Giant")
    g = duel.game
    assert any(a.startswith("block Hill Giant with Saproling") for a in answers), answers
    assert "activate Elvish Farmer ability=3" in answers, answers
    assert g.players[0].life == 5 and _names(duel).count("Saproling") == 1, (answers, g.events[-15:])


def test_the_computer_names_a_card_its_library_holds_for_demonic_consultation() -> None:
    """Demonic Consultation removes the whole library when the card named is not there: the
    computer names the costliest spell it has seen nowhere else (so in the library), not the
    first name offered (Black Lotus, in play), and finds it."""
    duel = _duel({"battlefield": ["Black Lotus", "Swamp"], "hand": ["Demonic Consultation", "Dark Ritual"],
                  "library": ["Swamp"] * 8 + ["Juzám Djinn"] + ["Swamp"] * 8})
    duel.apply("cast Demonic Consultation", 0)  # (its caster's choice; the computer names the card)
    answers = _play(duel, ComputerPlayer(0), until=lambda duel: duel.game.phase != "main" or not duel.game.spells
                    and "alice names" in " ".join(duel.game.events))
    assert "choose Juzám Djinn" in answers, answers
    g = duel.game
    assert "Juzám Djinn" in [c.name for c in g.players[0].hand] + [c.name for c in g.battlefield]
    assert len(g.players[0].library) == 8


def test_the_computer_casts_no_necropotence_it_cannot_use() -> None:
    """A second Necropotence buys nothing more, and one cast at 7 life against a Hill Giant
    would only skip the draws: neither is cast. At 20 life the first one is."""
    alice = {"battlefield": ["Necropotence", "Swamp", "Swamp", "Swamp"], "hand": ["Necropotence"],
             "library": ["Swamp"] * 20}
    duel = _duel(alice)
    assert "cast Necropotence" not in _play(duel, ComputerPlayer(0), until=_main_over)
    alice = {"battlefield": ["Swamp", "Swamp", "Swamp"], "hand": ["Necropotence"], "life": 7,
             "library": ["Swamp"] * 20}
    duel = _duel(alice, {"battlefield": ["Hill Giant"]})
    assert "cast Necropotence" not in _play(duel, ComputerPlayer(0), until=_main_over)
    duel = _duel(dict(alice, life=20), {"battlefield": ["Hill Giant"]})
    assert "cast Necropotence" in _play(duel, ComputerPlayer(0), until=_main_over)


def test_the_computer_turns_two_goblin_tokens_into_three() -> None:
    """Goblin Warrens ({2}{R}, sacrifice two Goblins: three Goblin tokens) is used at the end
    of the opponent's turn on two Goblin tokens; never on a Goblin better than a 1/1."""
    alice = {"battlefield": ["Goblin Warrens", "Mountain", "Mountain", "Mountain", "Goblin", "Goblin"], "hand": []}
    duel = _duel(alice, {"battlefield": ["Plains"]}, active="bob")
    answers = _play(duel, ComputerPlayer(0), until=lambda duel: duel.game.active == 0)
    assert "activate Goblin Warrens" in answers and _names(duel).count("Goblin") == 3, answers
    alice = dict(alice, battlefield=["Goblin Warrens", "Mountain", "Mountain", "Mountain", "Goblin",
                                     "Goblin King"])
    duel = _duel(alice, {"battlefield": ["Plains"]}, active="bob")
    answers = _play(duel, ComputerPlayer(0), until=lambda duel: duel.game.active == 0)
    assert "activate Goblin Warrens" not in answers


def test_the_computer_spends_spore_flower_spores_on_a_lethal_attack_only() -> None:
    """Spore Flower's three spore counters stop all combat damage this turn (Fog): at 3 life,
    attacked by a Craw Wurm and a Hill Giant (one blocked, the other kills), the computer
    uses them (3 life left); at 12 it keeps them and takes the 9."""
    for life, used in ((3, True), (12, False)):
        duel = _duel({"battlefield": [{"name": "Spore Flower", "counters": {"spore": 3}}], "hand": [], "life": life},
                     {"battlefield": ["Craw Wurm", "Hill Giant"]}, active="bob")
        _attacked(duel, ComputerPlayer(0), "Craw Wurm, Hill Giant")
        g = duel.game
        assert ("alice uses Spore Flower." in g.events) == used, g.events[-12:]
        assert g.players[0].life == 3, g.events[-12:]


# ------------------------------------------------------------------ X paid in life

def test_fire_covenant_pays_the_life_that_kills_their_creatures_not_all_of_it() -> None:
    """Fire Covenant's X is life: the computer pays what kills Grizzly Bears and Hill Giant
    (2 + 3 = 5), not its whole life (the highest X offered, which loses the duel at once);
    at 7 life, with 6 the least it pays down to, it does not cast it at all."""
    def until(duel: Duel) -> bool:
        return duel.game.phase != "main"
    duel = _duel({"battlefield": ["Swamp", "Mountain", "Mountain"], "hand": ["Fire Covenant"], "life": 20},
                 {"battlefield": ["Grizzly Bears", "Hill Giant"]})
    answers = _play(duel, ComputerPlayer(0), until=until)
    assert "x=5" in answers, answers
    assert duel.game.players[0].life == 15 and _names(duel, 1) == [], answers

    duel = _duel({"battlefield": ["Swamp", "Mountain", "Mountain"], "hand": ["Fire Covenant"], "life": 7},
                 {"battlefield": ["Grizzly Bears", "Hill Giant"]})
    answers = _play(duel, ComputerPlayer(0), until=lambda d: d.game.phase != "main")
    assert not any(a.startswith("x=") for a in answers), answers
    assert duel.game.players[0].life == 7 and _names(duel, 1) == ["Grizzly Bears", "Hill Giant"]


def test_an_unblocked_attacker_is_pumped_not_given_what_it_cannot_use() -> None:
    """Knight of Stromgald unblocked, eight Swamps: all of them on {B}{B}: +1/+0 (6 damage),
    none on {B}: first strike, which does nothing for an attacker nobody blocks."""
    duel = _duel({"battlefield": ["Knight of Stromgald"] + ["Swamp"] * 8, "hand": []},
                 {"battlefield": ["Plains"], "hand": []})
    turn = duel.game.turn
    answers = _play(duel, ComputerPlayer(1, "hard"), until=lambda d: d.game.turn != turn)
    assert "attack Knight of Stromgald" in answers, answers
    assert "activate Knight of Stromgald" not in answers, answers
    assert duel.game.players[1].life == 14, answers


# ------------------------------------------------------------------ drawing from an empty library

def test_the_computer_does_not_draw_itself_out_of_cards() -> None:
    """At the end of the opponent's turn Sindbad ({T}: draw a card) is used while the library
    keeps a card for the computer's own draw phase, not on its last card; nor with two
    Howling Mines, when the draw phase takes three; nor late, its library smaller than the
    opponent's (a duel of the benchmark against random was lost so, turn 55: Sindbad drew
    every turn of a stall under Howling Mine)."""
    def used(library: int, more: list[str] = (), theirs: int = 0) -> bool:
        duel = _duel({"battlefield": ["Sindbad", *more], "library": ["Island"] * library},
                     {"battlefield": ["Island"], "library": ["Island"] * theirs}, phase="discard", active="bob")
        answers = _play(duel, ComputerPlayer(0), until=lambda d: d.game.active == 0)
        return "activate Sindbad" in answers
    assert used(2)
    assert not used(1)
    assert not used(3, ["Howling Mine", "Howling Mine"])
    assert used(4, ["Howling Mine", "Howling Mine"])
    assert used(30, theirs=40)
    assert not used(8, theirs=12)


def test_the_computer_casts_no_howling_mine_when_its_library_runs_out_first() -> None:
    """Under Stasis with four Howling Mines both players drew five a turn and the computer,
    its library no bigger than the opponent's, lost by drawing from an empty one: another
    Mine is cast early, or when the opponent's library runs out first, not late when its own does."""
    def cast(mine: int, theirs: int) -> bool:
        duel = _duel({"hand": ["Howling Mine"], "battlefield": ["Island", "Island"], "library": ["Island"] * mine},
                     {"library": ["Island"] * theirs})
        return "cast Howling Mine" in _play(duel, ComputerPlayer(0), until=lambda d: d.game.phase != "main")
    assert cast(30, 30)
    assert cast(8, 12) is False
    assert cast(8, 5)


def test_the_computer_counts_who_draws_next_when_libraries_run_low() -> None:
    """The one who draws next runs out first when both libraries feed as many draw phases: at
    the end of the opponent's turn, three cards left against their two under a Howling Mine,
    Sindbad's card would leave the computer two against two, and its draw phase comes first
    (benchmark duel against random, seed 0 no. 65: lost so, turn 55)."""
    def used(library: int, theirs: int) -> bool:
        duel = _duel({"battlefield": ["Sindbad", "Howling Mine"], "library": ["Island"] * library},
                     {"battlefield": ["Island"], "library": ["Island"] * theirs}, phase="discard", active="bob")
        answers = _play(duel, ComputerPlayer(0), until=lambda d: d.game.active == 0)
        return "activate Sindbad" in answers
    assert not used(3, 2)
    assert used(5, 2)


def test_no_howling_mine_that_the_computer_outlasts_for_too_few_draws() -> None:
    """With one Howling Mine in play, another makes three a draw phase: forty cards against
    the opponent's forty-five then feed thirteen draw phases against fifteen, and the
    computer would run out first (benchmark duels against random, seed 0 nos. 81, 82 and
    134: four Mines cast, lost by drawing from an empty library); with fifty it outlasts."""
    def cast(mine: int, theirs: int) -> bool:
        duel = _duel({"hand": ["Howling Mine"], "battlefield": ["Island", "Island", "Howling Mine"],
                      "library": ["Island"] * mine}, {"library": ["Island"] * theirs})
        return "cast Howling Mine" in _play(duel, ComputerPlayer(0), until=lambda d: d.game.phase != "main")
    assert not cast(40, 45)
    assert cast(50, 45)


def test_the_look_ahead_offers_no_cast_the_heuristic_refuses() -> None:
    """The look-ahead's horizon ends after the opponent's next turn, before Mana Vault's
    upkeep damage and the end of a library: it tried neither a Mana Vault (benchmark duel
    against random, seed 0 no. 170: cast on turn 2 by the look-ahead, 18 life lost to it)
    nor a Howling Mine that decks the computer first (nos. 81 and 134: cast by the
    look-ahead past the heuristic's refusal)."""
    duel = _duel({"hand": ["Mana Vault", "Howling Mine", "Grizzly Bears"],
                  "battlefield": ["Forest", "Forest", "Howling Mine"], "library": ["Island"] * 12},
                 {"library": ["Island"] * 20})
    d = duel.pending
    cp = ComputerPlayer(0)
    offered = lookahead._candidates(cp, view(duel, 0), d, cp.choose(view(duel, 0), d))
    assert "cast Grizzly Bears" in offered, offered
    assert "cast Mana Vault" not in offered and "cast Howling Mine" not in offered, offered


def test_millstone_at_the_end_of_the_opponents_turn() -> None:
    """Millstone's mana, left at the end of the opponent's turn, puts two of their cards into
    their graveyard (benchmark duel against random, seed 0 no. 65: Millstone never used in
    a stall lost by drawing from an empty library, their library two cards from its end)."""
    duel = _duel({"battlefield": ["Millstone", "Island", "Island"], "library": ["Island"] * 10},
                 {"battlefield": ["Island"], "library": ["Island"] * 10}, phase="discard", active="bob")
    answers = _play(duel, ComputerPlayer(0), until=lambda d: d.game.active == 0)
    assert any(a.startswith("activate Millstone") for a in answers), answers
    assert len(duel.game.players[1].library) == 8 and len(duel.game.players[0].library) == 10


def test_ancestral_recall_makes_the_opponent_draw_when_drawing_decks_the_computer() -> None:
    """Ancestral Recall's three cards are the computer's own, but for the opponent (the
    second mode) when three drawn would leave its library run out before theirs."""
    def mode(mine: int, theirs: int) -> str:
        duel = _duel({"hand": ["Ancestral Recall"], "battlefield": ["Island"], "library": ["Island"] * mine},
                     {"library": ["Island"] * theirs})
        answers = _play(duel, ComputerPlayer(0), until=lambda d: d.game.phase != "main")
        return next(a for a in answers if a.startswith("mode="))
    assert mode(30, 30) == "mode=1"
    assert mode(6, 8) == "mode=2"


def test_pradesh_gypsies_take_power_from_an_attacker() -> None:
    """Attacked by Juggernaut (walls cannot block it), Pradesh Gypsies' -2/-0 goes on the
    attacker once blocks are declared, not on the costlier Shivan Dragon staying home: 3
    damage, not 5 (benchmark duel against random, seed 0 no. 91: the Gypsies stayed
    untapped while Juggernaut took 24 life in five attacks)."""
    duel = _duel({"battlefield": ["Pradesh Gypsies", "Forest", "Forest"], "hand": []},
                 {"battlefield": ["Juggernaut", "Shivan Dragon"]}, active="bob")
    answers = _attacked(duel, ComputerPlayer(0), "Juggernaut")
    assert "activate Pradesh Gypsies" in answers and "target Juggernaut" in answers, answers
    assert duel.game.players[0].life == 17, answers
