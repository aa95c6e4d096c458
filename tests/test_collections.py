"""Collections in storage: copies, the ledger, locks, ante settlement, the schema's guards,
upgrading an old database; starters; the collection service's text and filters."""
from __future__ import annotations

import asyncio
import sqlite3
from collections import Counter
from pathlib import Path

import pytest

from bot.collection_service import CollectionError, CollectionService, Filters, starter_seed
from bot.starter import BASIC_LANDS, DEFAULT_MIX, check_mix, starter_cards
from engine import Duel, DuelOptions, carddb
from engine.decks import decklist
from storage import ante as ante_store
from storage import collections as coll
from storage import duels as duel_store
from storage.errors import INTEGRITY_ERRORS
from storage import ledger
from storage.db import Database
from storage.migrations import latest_version

A, B, C = "100", "200", "300"
T0 = 1_700_000_000



def named(*cards: str) -> list[tuple[str, str]]:
    return [(c, "4ED") for c in cards]


async def ante_duel(db: Database, decks: tuple[list[str], list[str]], *, status: str = "mulligans",
                    guild: str = "9") -> duel_store.DuelRecord:
    return await duel_store.create_duel(db, channel_id="1", guild_id=guild, player_ids=(A, B),
                                        player_names=("alice", "bob"), seed=1, options={"ante": True},
                                        decks=decks, status=status)


# ------------------------------------------------------------------ starters
def test_starter_is_a_4ed_starter_and_deterministic() -> None:
    cards = starter_cards(42)
    assert len(cards) == 60 and cards == starter_cards(42) and cards != starter_cards(43)
    data = carddb.card_data()
    names = [n for n, _ in cards]
    assert all(carddb.is_implemented(n) and data[n]["set"] == "4ED" for n in names)
    rarity = Counter("land" if n in BASIC_LANDS else data[n]["rarity"] for n in names)
    assert rarity == {"land": 22, "common": 23, "uncommon": 13, "rare": 2}
    # the lands follow the colors of the spells
    spells_colors = Counter(c for n in names if n not in BASIC_LANDS for c in data[n]["colors"])
    lands = Counter(n for n in names if n in BASIC_LANDS)
    top_color = spells_colors.most_common(1)[0][0]
    assert lands[dict(zip("WUBRG", BASIC_LANDS))[top_color]] == max(lands.values())
    mix = starter_cards(1, {"lands": 0, "commons": 0, "uncommons": 0, "rares": 5})
    assert len(mix) == 5 and all(data[n]["rarity"] == "rare" for n, _ in mix)
    with pytest.raises(ValueError):
        check_mix({"mythics": 1})
    with pytest.raises(ValueError):
        check_mix({k: 0 for k in DEFAULT_MIX})


async def test_start_once_even_when_racing(db: Database) -> None:
    svc = CollectionService(db, now=lambda: T0)
    results = await asyncio.gather(svc.start(A, "9"), svc.start(A, "9"), return_exceptions=True)
    ok = [r for r in results if not isinstance(r, BaseException)]
    errors = [r for r in results if isinstance(r, BaseException)]
    assert len(ok) == 1 and len(errors) == 1 and isinstance(errors[0], CollectionError)
    copies = await coll.list_copies(db, A)
    assert sorted((c.card, c.printing) for c in copies) == sorted(starter_cards(starter_seed(A)))
    assert all(c.acquired_how == "starter" for c in copies)
    assert await coll.count_copies(db) == 60
    # /start also saved the starter as a deck
    from storage.decks import get_deck
    deck = await get_deck(db, A, "Starter")
    assert deck is not None and sorted(deck.cards) == sorted(c.card for c in copies)
    # the server's mix applies to later starters
    await svc.change_settings("9", mix={"lands": 10, "commons": 5, "uncommons": 3, "rares": 2})
    assert len(await svc.start(B, "9")) == 20
    with pytest.raises(CollectionError, match="does not work"):
        await svc.change_settings("9", mix={"lands": 0, "commons": 0, "uncommons": 0, "rares": 0})
    assert await ledger.check_ledger(db) == []


# ---------------------------------------------------------- ledger and guards
async def test_grants_transfers_and_the_ledger(db: Database) -> None:
    copies = await coll.grant_cards(db, A, named("Lightning Bolt", "Lightning Bolt", "Mountain"),
                                    by_id=C, guild_id="9", now=T0)
    assert [c.card for c in copies] == ["Lightning Bolt", "Lightning Bolt", "Mountain"]
    bolt = copies[0]
    hist = await ledger.copy_history(db, bolt.id)
    assert [(h.kind, h.from_id, h.to_id, h.by_id) for h in hist] == [("grant", None, A, C)]
    # a transfer from someone who does not own the copy is refused
    async with db.transaction() as conn:
        with pytest.raises(ledger.OwnershipError):
            await ledger.transfer(conn, bolt.id, B, C, kind="trade", at=T0, trade_id=None)
    # the schema refuses changes of owner without a ledger line, deleting copies or ledger lines
    for sql in (f"UPDATE copies SET owner_id = '{B}' WHERE id = {bolt.id}",
                f"DELETE FROM copies WHERE id = {bolt.id}",
                "DELETE FROM ledger", "UPDATE ledger SET to_id = 'x'",
                f"INSERT INTO ledger (copy_id, kind, from_id, to_id, at) VALUES ({bolt.id}, 'grant', NULL, '{B}', 1)"):
        with pytest.raises(INTEGRITY_ERRORS):
            async with db.transaction() as conn:
                await conn.execute(sql)
    assert (await coll.get_copy(db, bolt.id)).owner_id == A  # type: ignore[union-attr]
    assert await ledger.replay(db) == {c.id: A for c in copies}
    assert await coll.missing_cards(db, A, ["Lightning Bolt"] * 3 + ["Mountain"]) == {"Lightning Bolt": 1}


async def test_decks_bound_to_an_ante_duel_are_locked(db: Database) -> None:
    a = await coll.grant_cards(db, A, named(*(["Mountain"] * 3 + ["Lightning Bolt"])), now=T0)
    b = await coll.grant_cards(db, B, named(*(["Forest"] * 4)), now=T0)
    # bob lacks a card: NotOwned says which, nothing is bound
    rec = await ante_duel(db, (["Mountain"] * 2 + ["Lightning Bolt"], ["Forest"] * 5))
    with pytest.raises(ante_store.NotOwned) as info:
        await ante_store.bind_decks(db, rec.id, (["Mountain"] * 2 + ["Lightning Bolt"], ["Forest"] * 5))
    assert info.value.missing == {1: {"Forest": 1}}
    assert await ante_store.duel_copy_map(db, rec.id) == {}
    decks = (["Mountain", "Lightning Bolt", "Mountain"], ["Forest"] * 3)
    bound = await ante_store.bind_decks(db, rec.id, decks)
    assert bound[(0, 1)] == a[3].id and bound[(0, 0)] == a[0].id and bound[(0, 2)] == a[1].id
    assert await ante_store.bind_decks(db, rec.id, decks) == bound  # idempotent
    locked = await coll.locked_copies(db, A)
    assert locked == {a[0].id: rec.id, a[1].id: rec.id, a[3].id: rec.id}
    # locked copies cannot be used by another ante duel...
    other = await ante_duel(db, (["Lightning Bolt"], ["Forest"]))
    with pytest.raises(ante_store.NotOwned):
        await ante_store.bind_decks(db, other.id, (["Lightning Bolt"], ["Forest"]))
    with pytest.raises(INTEGRITY_ERRORS, match="already bound"):
        async with db.transaction() as conn:
            await conn.execute("INSERT INTO duel_copies VALUES (?, 0, 0, ?)", (other.id, a[3].id))
    # ...nor change owner (even by a direct write with a ledger line)
    with pytest.raises(INTEGRITY_ERRORS, match="running duel"):
        async with db.transaction() as conn:
            await ledger.transfer(conn, a[3].id, A, B, kind="ante", at=T0, duel_id=rec.id)
    # the free Mountain is usable; the lock ends with the duel
    assert await coll.missing_cards(db, A, ["Mountain"]) == {}
    assert await coll.missing_cards(db, A, ["Mountain", "Mountain"]) == {"Mountain": 1}
    await duel_store.set_status(db, rec.id, "cancelled")
    assert await coll.locked_copies(db, A) == {}
    await ante_store.bind_decks(db, other.id, (["Lightning Bolt"], ["Forest"]))
    assert (await coll.get_copy(db, a[3].id)).locked_in == other.id  # type: ignore[union-attr]
    _ = b


async def test_settlement_is_exactly_once(db: Database) -> None:
    decks = (["Mountain"] * 20 + ["Lightning Bolt"] * 20, ["Forest"] * 20 + ["Grizzly Bears"] * 20)
    await coll.grant_cards(db, A, named(*decks[0]), now=T0)
    await coll.grant_cards(db, B, named(*decks[1]), now=T0)
    rec = await ante_duel(db, decks)
    bound = await ante_store.bind_decks(db, rec.id, decks)
    duel = Duel.new(5, (list(decks[0]), list(decks[1])), DuelOptions(ante=True))
    duel.concede(1)  # alice wins
    owners = duel.final_owners()
    antes = [(c.origin, c.name, c.owner) for pl in duel.game.players for c in pl.ante]
    assert len(antes) == 2 and all(owner == 0 for _, _, owner in antes)
    with pytest.raises(Exception, match="only a finished duel"):
        await ante_store.settle(db, rec.id, owners, antes)
    await duel_store.finish_duel(db, rec.id, duel_store.DuelResult(0, "conceded"))
    results = await asyncio.gather(*(ante_store.settle(db, rec.id, owners, antes, now=T0 + i) for i in range(3)))
    assert sum(r.changed for r in results) == 1
    assert len({r.settled_at for r in results}) == 1
    bob_ante = next(o for o, _, _ in antes if o[0] == 1)
    moved = bound[bob_ante]
    assert (await coll.get_copy(db, moved)).owner_id == A  # type: ignore[union-attr]
    hist = await ledger.copy_history(db, moved)
    assert [(h.kind, h.from_id, h.to_id, h.duel_id) for h in hist][-1] == ("ante", B, A, rec.id)
    assert len([h for h in await ledger.player_history(db, B) if h.kind == "ante"]) == 1
    assert await ante_store.unsettled_duels(db) == []
    r = await ante_store.get_ante_result(db, rec.id)
    assert r is not None and r.winner == 0 and r.moved == 1 and {a.copy_id for a in r.antes} == {
        bound[o] for o, _, _ in antes}
    assert await ledger.check_ledger(db) == []
    assert [x.duel_id for x in await ante_store.recent_ante_results(db, "9")] == [rec.id]
    assert await ante_store.mark_announced(db, rec.id) and not await ante_store.mark_announced(db, rec.id)


async def test_ante_excludes_basic_lands_in_the_engine() -> None:
    decks = (["Mountain"] * 30 + ["Lightning Bolt"] * 10, ["Forest"] * 40)
    for seed in range(20):
        d = Duel.new(seed, (list(decks[0]), list(decks[1])), DuelOptions(ante=True, ante_excludes_basic=True))
        g = d.game
        assert [c.name for c in g.players[0].ante] == ["Lightning Bolt"]
        assert g.players[1].ante == []  # only basic lands: nothing is anted
        # the topmost card that is not a basic land (the same shuffle as without the option)
        plain = Duel.new(seed, (list(decks[0]), list(decks[1])), DuelOptions(ante=True))
        order = plain.game.players[0].ante + plain.game.players[0].library
        first_bolt = next(c for c in order if c.name == "Lightning Bolt")
        assert g.players[0].ante[0].origin == first_bolt.origin
    # off by default: the top card, whatever it is
    assert DuelOptions().ante_excludes_basic is False
    d = Duel.new(3, (["Forest"] * 40, ["Forest"] * 40), DuelOptions(ante=True))
    assert [c.name for c in d.game.players[0].ante] == ["Forest"]
    # every card of the decklists is found, with its owner, wherever it went
    owners = d.final_owners()
    assert len(owners) == 80 and all(owner == p for (p, _), owner in owners.items())


async def test_old_database_upgrades_in_place(tmp_path: Path) -> None:
    path = tmp_path / "old.db"
    async with Database.open(path, target_version=2) as old:
        rec = await duel_store.create_duel(old, channel_id="1", player_ids=(A, B), player_names=("a", "b"),
                                           seed=1, options={"ante": True}, decks=(["Forest"] * 40, ["Forest"] * 40),
                                           status="playing")
        await duel_store.finish_duel(old, rec.id, duel_store.DuelResult(0, "won"))
    async with Database.open(path) as db:
        assert await db.schema_version() == latest_version() >= 3
        # a finished ante duel from before collections: settled with no copies to move
        assert await ante_store.unsettled_duels(db) == [rec.id]
        r = await ante_store.settle(db, rec.id, {(1, 0): 0}, [((1, 0), "Forest", 0)])
        assert r.changed and r.moved == 0 and r.antes[0].copy_id is None
        assert await coll.list_copies(db, A) == []


async def test_collection_pages_filters_and_texts(db: Database) -> None:
    svc = CollectionService(db, now=lambda: T0)
    await coll.grant_cards(db, A, named(*(["Mountain"] * 10 + ["Lightning Bolt"] * 4 + ["Serra Angel", "Counterspell"
                                                                                            ])), now=T0)
    text, page, pages = await svc.page(A, Filters.parse(color="red"), 0, owner_name="alice")
    assert "Lightning Bolt" in text and "Serra Angel" not in text and "Mountain" not in text
    text, _, _ = await svc.page(A, Filters.parse(type="land"), 0)
    assert "`10` Mountain" in text and "Bolt" not in text
    text, _, _ = await svc.page(A, Filters.parse(rarity="uncommon"), 0)
    assert "Serra Angel" in text and "Counterspell" in text and "Bolt" not in text
    text, _, _ = await svc.page(A, Filters.parse(name="bolt", set="4ed"), 0)
    assert "` 4` Lightning Bolt" in text
    text, _, _ = await svc.page(A, Filters.parse(set="LEA"), 0)
    assert "no card matching" in text
    with pytest.raises(CollectionError, match="Unknown color"):
        Filters.parse(color="purple")
    f = Filters.parse(name="Lightning: Bolt", color="r", type="Instant", set="4ed", rarity="common")
    assert Filters.decode(f.encode(60)) == f
    # many cards: pages
    many = sorted(n for n in carddb.implemented() if carddb.card_data()[n]["set"] == "4ED")[:40]
    await coll.grant_cards(db, B, named(*many), now=T0)
    text, page, pages = await svc.page(B, Filters(), 5)
    assert pages == 3 and page == 2 and text.count("\n") == 10
    # decks built from the collection
    with pytest.raises(CollectionError, match="do not own"):
        await svc.build_deck(A, "Burn", "4 Lightning Bolt, 36 Mountain")
    deck = await svc.build_deck(B, "Pile", ", ".join(many))
    assert len(deck.cards) == 40
    with pytest.raises(CollectionError, match="You own 1"):
        await svc.edit_deck(B, "Pile", many[0], 1)
    deck = await svc.edit_deck(B, "Pile", many[0], -1)
    assert len(deck.cards) == 39 and many[0] not in deck.cards
    deck = await svc.edit_deck(B, "Pile", many[0].lower(), 1)
    assert len(deck.cards) == 40
    with pytest.raises(CollectionError, match="no saved deck"):
        await svc.edit_deck(B, "Nope", many[0], 1)
    with pytest.raises(CollectionError, match="Unknown cards"):
        svc.parse_cards("4 Lightnin Bolt")


def test_every_card_keeps_its_origin_through_a_whole_duel() -> None:
    """Random duels for ante: each card of the decklists is found at the end (whatever zones it
    went through), and only the loser's ante card changes owner."""
    from engine.players.random_player import RandomPlayer
    decks = (decklist("Red Burn"), decklist("Green Stompy"))
    for seed in range(3):
        duel = Duel.new(seed, (list(decks[0]), list(decks[1])), DuelOptions(ante=True))
        bots = (RandomPlayer(seed), RandomPlayer(seed + 10))
        for _ in range(20000):
            d = duel.pending
            if d is None:
                break
            duel.apply(bots[d.player].choose(d), player=d.player)
        assert duel.over
        owners = duel.final_owners()
        assert sorted(owners) == sorted((p, i) for p in (0, 1) for i in range(len(decks[p])))
        changed = {o for o, who in owners.items() if who != o[0]}
        g = duel.game
        if g.winner is None:
            assert changed == set()
        else:
            assert changed == {c.origin for c in g.players[g.winner].ante if c.origin[0] != g.winner}
            assert all(c.owner == g.winner for c in g.players[g.winner].ante)
