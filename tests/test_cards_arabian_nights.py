"""Checks for Arabian Nights cards that duel scripts cannot express: coin
flips over many seeds, replays, and set membership."""
from __future__ import annotations

from engine.duel import Duel
from engine.scripts import run_steps


def _board(runner: object) -> object:
    return runner.duel.game  # type: ignore[attr-defined]


def _mijae(seed: int) -> tuple[int, bool]:
    r = run_steps({"active": "alice", "phase": "main",
                   "players": {"alice": {"battlefield": ["Mijae Djinn"]}, "bob": {}}},
                  [{"alice": "attack Mijae Djinn"}, {"until": "alice end of combat"}], seed=seed)
    g = r.duel.game
    djinn = next(c for c in g.battlefield if c.name == "Mijae Djinn")
    assert djinn.tapped  # tapped either way
    lost = any("coin flip goes to the opponent" in e for e in g.events)
    # the replay flips the same coin
    again = Duel(r.duel._factory).replay(r.duel.history)
    assert again.state_hash() == r.duel.state_hash()
    return g.players[1].life, lost


def test_mijae_djinn_flip_decides_whether_it_attacks() -> None:
    """Won flip: 6 damage; lost flip: tapped, no damage. Both happen over seeds."""
    outcomes = {_mijae(s) for s in range(12)}
    assert outcomes == {(14, False), (20, True)}


def _ydwen(seed: int) -> tuple[int, bool, bool]:
    """(alice's life, flip lost, Grizzly Bears still in play)."""
    r = run_steps({"active": "bob", "phase": "main",
                   "players": {"alice": {"battlefield": ["Ydwen Efreet"]},
                               "bob": {"battlefield": ["Grizzly Bears"]}}},
                  [{"bob": "attack Grizzly Bears"}, {"alice": "block Grizzly Bears with Ydwen Efreet"},
                   {"until": "bob end of combat"}], seed=seed)
    g = r.duel.game
    lost = any("coin flip goes to the opponent" in e for e in g.events)
    bears_alive = any(c.name == "Grizzly Bears" for c in g.battlefield)
    return g.players[0].life, lost, bears_alive


def test_ydwen_efreet_lost_flip_undoes_the_block() -> None:
    """Won flip: the block stands (no damage to alice; the Bears die to 3
    damage); lost flip: the Bears are unblocked and deal 2 to alice."""
    assert {_ydwen(s) for s in range(12)} == {(20, False, False), (18, True, True)}


def _deck(*extra: str) -> list[str]:
    return list(extra) + ["Plains"] * (40 - len(extra))


def test_jeweled_bird_is_taken_out_of_the_deck_unless_playing_for_ante() -> None:
    """Not for ante: the Bird waits removed from the game (a card the player
    has and does not use in the deck: Ring of Ma'rûf can fetch it). For ante:
    it stays in the deck."""
    from engine.duel import DuelOptions
    casual = Duel.new(3, (_deck("Jeweled Bird"), _deck()), DuelOptions(chooser=0))
    g = casual.game
    assert [c.name for c in g.players[0].removed] == ["Jeweled Bird"]
    assert not any(c.name == "Jeweled Bird" for c in g.players[0].library + g.players[0].hand)
    ante = Duel.new(3, (_deck("Jeweled Bird"), _deck()), DuelOptions(chooser=0, ante=True))
    g = ante.game
    assert not g.players[0].removed
    assert any(c.name == "Jeweled Bird" for c in g.players[0].library + g.players[0].hand + g.players[0].ante)
    # the card stays the player's: the decklist's Bird is found, owned by them
    assert casual.final_owners()[(0, 0)] == 0


def test_ring_of_maruf_fetches_the_bird_set_aside() -> None:
    r = run_steps({"active": "alice", "phase": "main", "players": {
        "alice": {"battlefield": ["Ring of Ma'rûf"] + ["Plains"] * 5, "removed": ["Jeweled Bird"],
                  "library": ["Forest"]},
        "bob": {}}},
        [{"alice": "activate Ring of Ma'rûf"}, "resolve", {"until": "alice draw"}])
    d = r.duel.pending
    assert d is not None and d.choices == ("choose Jeweled Bird",)


def _shahrazad_cast() -> object:
    """Alice casts Shahrazad; both libraries hold enough for a real subgame."""
    r = run_steps({"active": "alice", "phase": "main", "players": {
        "alice": {"battlefield": ["Plains", "Plains"], "hand": ["Shahrazad"],
                  "library": ["Grizzly Bears"] * 6 + ["Forest"] * 10},
        "bob": {"library": ["Mountain"] * 9 + ["Lightning Bolt"] * 5, "life": 13}}},
        [{"alice": "cast Shahrazad"}])
    d = r.duel
    while d.game.subgame is None:
        d.apply(d.pending.decline)
    return d


def test_shahrazad_plays_a_real_subgame_replayed_from_the_answers() -> None:
    from collections import Counter

    from engine.players.random_player import RandomPlayer
    d = _shahrazad_cast()
    g = d.game
    before = [Counter(c.name for c in p.library) for p in g.players]
    lib_ids = [[c.oid for c in p.library] for p in g.players]
    sub = g.subgame
    assert sub is not None and sub is not g
    # the subgame is dealt from the libraries: its own cards, 20 life, nothing in play
    assert [len(p.library) for p in sub.players] == [16, 14] and [p.life for p in sub.players] == [20, 20]
    assert not sub.battlefield
    players = (RandomPlayer(5), RandomPlayer(6))
    seen_board = False
    for _ in range(5000):
        if g.subgame is None:
            break
        if sub.battlefield and not seen_board:
            # views show the subgame's board, and its hands stay hidden
            v0, v1 = d.view(0), d.view(1)
            assert v0["subgame"] == 1 and v0["duel_life"] == [20, 13]
            assert sorted(c["name"] for c in v0["battlefield"]) == sorted(c.name for c in sub.battlefield)
            assert "hand" in v0["players"][0] and "hand" not in v1["players"][0]
            assert v0["players"][0]["hand"] == sorted(c.name for c in sub.players[0].hand)
            seen_board = True
        d.apply(players[d.pending.player].choose(d.pending))
    assert g.subgame is None and seen_board
    # the duel goes on in alice's main phase; the subgame's log was relayed
    assert not g.over and g.active == 0 and g.phase == "main"
    assert any(e.startswith("[Shahrazad] ") for e in g.events)
    loser = 1 - sub.winner if sub.winner is not None else None
    assert [p.life for p in g.players] == [20 if loser != 0 else 10, 13 if loser != 1 else 6]
    # same cards back in the libraries (the very cards: the subgame played copies), shuffled
    assert [Counter(c.name for c in p.library) for p in g.players] == before
    assert sorted(c.oid for c in g.players[0].library) == sorted(lib_ids[0])
    # replaying the answers plays the same subgame
    again = Duel(d._factory).replay(d.history)
    assert again.state_hash() == d.state_hash()


def test_state_hash_covers_a_subgame_under_way() -> None:
    d = _shahrazad_cast()
    h = d.state_hash()
    d.apply(d.pending.choices[0])  # play or draw, in the subgame
    assert d.game.subgame is not None and d.state_hash() != h
    assert Duel(d._factory).replay(d.history).state_hash() == d.state_hash()


def test_shahrazad_inside_a_subgame_nests() -> None:
    """A Shahrazad drawn in the subgame plays a subgame of the subgame."""
    from engine.players.random_player import RandomPlayer
    r = run_steps({"active": "alice", "phase": "main", "players": {
        "alice": {"battlefield": ["Plains", "Plains"], "hand": ["Shahrazad"],
                  "library": ["Shahrazad"] * 8 + ["Plains"] * 8},
        "bob": {"library": ["Plains"] * 16}}},
        [{"alice": "cast Shahrazad"}])
    d = r.duel
    players = (RandomPlayer(1), RandomPlayer(2))
    deepest = 0
    for _ in range(20000):
        g, depth = d.game, 0
        while g.subgame is not None:
            g, depth = g.subgame, depth + 1
        deepest = max(deepest, depth)
        if depth == 0 and deepest:
            break
        d.apply(players[d.pending.player].choose(d.pending) if depth else d.pending.decline)
    assert deepest >= 2 and d.view(0)["subgame"] == 0
    assert Duel(d._factory).replay(d.history).state_hash() == d.state_hash()


# Two decks holding every Arabian Nights card, for random duels between the
# built-in random players (as tests/test_random_duels.py does for the precons).
ARN_DECKS: dict[str, dict[str, int]] = {
    "Bazaar": {
        "Bazaar of Baghdad": 1, "Library of Alexandria": 1, "City of Brass": 2, "Desert": 2, "Diamond Valley": 1,
        "Elephant Graveyard": 1, "Island of Wak-Wak": 1, "Plains": 5, "Island": 5, "Swamp": 4,
        "Abu Ja'far": 1, "Army of Allah": 1, "Camel": 1, "Jihad": 1, "King Suleiman": 1, "Moorish Cavalry": 1,
        "Repentant Blacksmith": 1, "Shahrazad": 1, "War Elephant": 1, "Dandân": 1, "Fishliver Oil": 1,
        "Flying Men": 1, "Merchant Ship": 1, "Old Man of the Sea": 1, "Serendib Djinn": 1, "Serendib Efreet": 1,
        "Cuombajj Witches": 1, "Guardian Beast": 1, "Hasran Ogress": 1, "Juzám Djinn": 1, "Khabál Ghoul": 1,
        "Oubliette": 1, "Stone-Throwing Devils": 1, "Ring of Ma'rûf": 1, "Jeweled Bird": 1,
    },
    "Bottle": {
        "Mountain": 9, "Forest": 9, "City of Brass": 1, "Desert": 1,
        "Aladdin": 1, "Ali from Cairo": 1, "Desert Nomads": 1, "Kird Ape": 2, "Mijae Djinn": 1, "Rukh Egg": 1,
        "Ydwen Efreet": 1, "Cyclone": 1, "Drop of Honey": 1, "Erhnam Djinn": 2, "Ghazbán Ogre": 1,
        "Ifh-Bíff Efreet": 1, "Singing Tree": 1, "Wyluli Wolf": 1, "City in a Bottle": 1, "Jandor's Ring": 1,
        "Pyramids": 1, "Sandals of Abdallah": 1, "Shahrazad": 1, "Lightning Bolt": 2, "Giant Growth": 2,
    },
}


def test_random_duels_with_the_arabian_nights_cards() -> None:
    """Random duels with decks of these cards: they end, replay to the same
    state, never lose or make a card, and views of hidden cards leak nothing."""
    from engine.duel import DuelOptions
    from tests.test_random_duels import checked_random_duel
    decks = [[n for n, k in ARN_DECKS[d].items() for _ in range(k)] for d in ("Bazaar", "Bottle")]
    for seed in range(8):
        checked_random_duel(seed, (decks[seed % 2], decks[1 - seed % 2]), DuelOptions(ante=seed % 4 < 2), set(),
                            pass_rate=0.35)


def test_pyramids_offered_as_a_land_is_destroyed_only_untapped() -> None:
    """Pyramids' "prevent a land from being destroyed" is offered like a
    regeneration, to Pyramids' controller, for lands only, and
    not while Pyramids is tapped (a tapped artifact does nothing)."""
    for tapped in (False, True):
        r = run_steps({"active": "bob", "phase": "main", "players": {
            "alice": {"battlefield": [{"name": "Pyramids", "tapped": tapped}, "Plains", "Plains", "Forest",
                                      "Grizzly Bears"]},
            "bob": {"battlefield": ["Mountain"] * 3}}}, [])
        g = r.duel.game
        forest = next(c for c in g.battlefield if c.name == "Forest")
        bears = next(c for c in g.battlefield if c.name == "Grizzly Bears")
        pyramids = next(c for c in g.battlefield if c.name == "Pyramids")
        assert g.regen_options(0, forest) == ([] if tapped else [(pyramids, 2)])
        assert g.regen_options(0, bears) == []
        assert g.regen_options(1, forest) == []


def test_the_bot_autopasses_by_the_subgame_being_played() -> None:
    """During a subgame the bot's automatic answers look at the subgame (its
    phase, its active player, its mana), not at the duel waiting around it."""
    from bot.autopass import DEFAULT_STOPS, auto_answer
    d = _shahrazad_cast()
    assert d.playing is d.game.subgame and d.playing is not d.game
    while d.pending is not None and d.game.subgame is not None and d.playing.phase != "main":
        d.apply(d.pending.decline or d.pending.choices[0])
    sub = d.playing
    # bob plays first in this subgame, while alice's main phase waits in the duel
    assert d.pending.player == sub.active == 1 and sub.phase == "main" and d.game.active == 0
    # the subgame's active player, in their main phase (a default stop), is asked
    assert auto_answer(d.playing, d.pending, DEFAULT_STOPS) is None


def _answer(r: object, player: int, text: str) -> None:
    """Decline the others' decisions until ``player`` is asked one where
    ``text`` is legal, then answer it (for decisions a script has no verb for:
    a target chosen by the opponent, or asked when upkeep ends)."""
    d = r.duel  # type: ignore[attr-defined]
    for _ in range(200):
        p = d.pending
        assert p is not None
        if p.player == player and text in p.choices:
            d.apply(text, player=player)
            return
        assert p.decline is not None, f"{p.prompt} {p.choices}"
        d.apply(p.decline)
    raise AssertionError(f"{text} never legal")


def _witches(second: str) -> object:
    r = run_steps({"active": "alice", "phase": "main", "players": {
        "alice": {"battlefield": ["Cuombajj Witches", "Llanowar Elves"]},
        "bob": {"battlefield": ["Grizzly Bears"]}}},
        [{"alice": "activate Cuombajj Witches -> Grizzly Bears"}])
    d = r.duel
    # the second target is bob's to choose, as the ability is announced; bob may not cancel it
    assert d.pending.player == 1 and "cancel" not in d.pending.choices
    assert set(d.pending.choices) == {"target Cuombajj Witches", "target Llanowar Elves", "target Grizzly Bears",
                                      "target alice", "target bob"}
    d.apply(f"target {second}", player=1)
    return r


def test_cuombajj_witches_second_target_is_the_opponents_choice() -> None:
    r = _witches("Llanowar Elves")
    r.step_resolve()  # type: ignore[attr-defined]
    g = r.duel.game  # type: ignore[attr-defined]
    assert [c.name for c in g.players[0].graveyard] == ["Llanowar Elves"]
    assert next(c for c in g.battlefield if c.name == "Grizzly Bears").damage == 1
    assert next(c for c in g.battlefield if c.name == "Cuombajj Witches").tapped


def test_cuombajj_witches_opponent_may_name_the_first_target_again() -> None:
    """Oracle ruling 2020-11-10: another "target", so the same one may be chosen."""
    r = _witches("Grizzly Bears")
    r.step_resolve()  # type: ignore[attr-defined]
    g = r.duel.game  # type: ignore[attr-defined]
    # 1 damage twice: the 2/2 dies
    assert [c.name for c in g.players[1].graveyard] == ["Grizzly Bears"] and g.players[0].life == 20


def test_erhnam_djinn_target_is_chosen_when_upkeep_ends_if_not_before() -> None:
    """Mandatory: not used during upkeep, it asks its controller for the target
    as upkeep ends (a choice that cannot be declined: no "cancel", and the
    target is not asked again); with no legal target it is ignored."""
    r = run_steps({"active": "alice", "phase": "upkeep", "players": {
        "alice": {"battlefield": ["Erhnam Djinn"]},
        "bob": {"battlefield": ["Grizzly Bears", "Wall of Wood", "Swamp", "Swamp"], "hand": ["Terror"]}}}, [])
    _answer(r, 0, "choose Grizzly Bears")
    d = r.duel
    assert d.game.phase == "upkeep"
    assert not any(a.startswith("target ") for _, a in d.history)  # chosen once, not asked again
    assert "alice uses Erhnam Djinn targeting Grizzly Bears." in d.game.events
    r.step_resolve()
    bears = next(c for c in d.game.battlefield if c.name == "Grizzly Bears")
    assert "forestwalk" in d.game.chars(bears).keywords
    wall = next(c for c in d.game.battlefield if c.name == "Wall of Wood")
    assert "forestwalk" not in d.game.chars(wall).keywords
    # next upkeep: the Bears are gone; the wall is no legal target: nothing is asked
    r.step_until("bob", "main")
    r.step_action("bob", "cast Terror -> Grizzly Bears")
    r.step_resolve()
    r.step_until("alice", "main")
    assert d.game.phase == "main" and d.game.active == 0
