"""Tokens made by effects (engine.effects.make_tokens): permanents that leave
no card behind, shown and copied like any permanent."""
from __future__ import annotations

import pytest

from bot.render import board_text
from engine import carddb
from engine.effects import make_tokens, token_def
from engine.scripts import run_script


def _duel(setup: dict) -> object:
    res = run_script({"name": "setup", "setup": setup, "steps": []})
    assert res.passed, res.reason
    return res.duel


def _no_token_outside_play(g) -> None:
    assert not any(c.token for p in g.players for z in ("graveyard", "removed", "hand", "library", "ante")
                   for c in p.zone(z))


def test_make_tokens_puts_n_tokens_into_play_at_once() -> None:
    duel = _duel({"active": "alice", "players": {"alice": {}, "bob": {}}})
    g = duel.game
    gen = make_tokens(g, carddb.token("Citizen"), 1, 4)
    try:
        while True:
            next(gen)
    except StopIteration as stop:
        toks = stop.value
    assert len(toks) == 4 and all(t.token and t.sick and t.controller == 1 for t in toks)
    assert [c.name for c in g.battlefield].count("Citizen") == 4
    ch = g.chars(toks[0])
    assert (ch.power, ch.toughness, ch.colors, ch.types) == (1, 1, {"W"}, {"creature"})


def test_a_token_leaving_play_is_in_no_zone() -> None:
    """Whatever moves it (destroyed, bounced, removed from the game), a token
    that leaves play ceases to exist."""
    duel = _duel({"active": "alice", "players": {"alice": {"battlefield": ["Saproling"] * 4}, "bob": {}}})
    g = duel.game
    toks = list(g.battlefield)
    for tok, zone in zip(toks, ("graveyard", "hand", "library", "removed")):
        gone = g.move(tok, zone)
        assert gone.token and gone.zone == zone
    assert g.battlefield == []
    _no_token_outside_play(g)
    assert all(len(p.zone(z)) == 0 for p in g.players for z in ("graveyard", "hand", "removed"))


def test_tokens_in_views_board_and_copies() -> None:
    duel = _duel({"active": "alice", "players": {"alice": {"battlefield": ["Saproling", "Forest"]}, "bob": {}}})
    for viewer in (None, 0, 1):
        perms = duel.view(viewer)["battlefield"]
        sap = next(p for p in perms if p["name"] == "Saproling")
        assert sap["token"] is True and sap["power"] == 1 and sap["colors"] == ["G"]
        forest = next(p for p in perms if p["name"] == "Forest")
        assert forest["token"] is False
    assert "Saproling 1/1 (token)" in board_text(duel.view(0))
    copy = duel.clone()
    tok = next(c for c in copy.game.battlefield if c.name == "Saproling")
    assert tok.token and copy.game.chars(tok).colors == {"G"}
    assert copy.state_hash() == duel.state_hash()


def test_token_names_are_defined_once() -> None:
    with pytest.raises(ValueError, match="defined twice"):
        token_def("Saproling", ("creature",), 2, 2)
    with pytest.raises(ValueError, match="card's name"):
        token_def("Grizzly Bears", ("creature",), 2, 2)
    assert carddb.token("Grizzly Bears") is None
    assert carddb.token("Saproling").name == "Saproling"


def test_setup_refuses_an_unknown_token() -> None:
    res = run_script({"name": "t", "setup": {"players": {"alice": {"battlefield": ["Sapling"]}, "bob": {}}},
                      "steps": []})
    assert not res.passed
