"""Smoke test of the benchmarks (``python -m bench``): every part runs at a tiny
size, so the benchmark code does not rot. Nothing here checks a speed —
benchmarks never fail because a machine is slow."""
from __future__ import annotations

import asyncio
import random
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from bench import engine_bench, report, roundtrips, soak, storage_bench  # noqa: E402
from bench.__main__ import parser  # noqa: E402
from bench.common import Result, Target, percentile, summary  # noqa: E402


def test_numbers_and_targets() -> None:
    assert percentile([3, 1, 2], 50) == 2
    assert summary([0.001, 0.002], 1000)["p50"] == 1.5
    assert Target("x", 60, 50, ">=").met and not Target("y", 70, 50, "<=").met
    assert Target("y", 100, 50, "<=").factor == 2.0
    args = parser().parse_args(["--quick", "--only", "engine,latency", "--think", "0.5,5", "--levels", "100,300"])
    assert args.only == ["engine", "latency"] and args.think == (0.5, 5.0) and args.levels == [100, 300]


def test_engine_parts() -> None:
    crowded = engine_bench.crowded_bench(1)
    assert min(crowded["permanents"]) >= 20 and crowded["batch_and_spells"] >= 10
    mem = engine_bench.memory_bench(1, 20)
    assert mem["bytes_per_duel_after_answers"] > 0
    duel = engine_bench.replay_recorded(engine_bench.load_recorded())
    assert len(duel.history) == 1000


def test_clone_parts() -> None:
    from bench import clone_bench
    fig = clone_bench.clone_bench(quick=True)
    assert fig["same_state_hash"] and fig["snapshot_bytes"] > 0 and fig["answers"] == 1000
    assert 0 < fig["answers_since_snapshot"] < fig["first_touch_at_answer"]
    assert len(clone_bench.targets(fig)) == 2


def test_sensible_duel_and_soak_duel() -> None:
    g = roundtrips.play_sensible(1)
    assert g["finished"] and 0 < g["asked"] < g["decisions"]
    out = soak.soak_one(8)
    assert out["problems"] == []


def test_storage_parts(tmp_path: Path) -> None:
    async def go() -> None:
        a = await storage_bench.append_bench(tmp_path, 20, 3)
        assert a["append_ms"]["n"] == 20
    asyncio.run(go())


def test_storage_resume_fixture_has_the_bots_snapshots(tmp_path: Path) -> None:
    """The resume fixture's duels carry the snapshot the bot would have stored, and a
    first touch through the service starts from it (not a full replay)."""
    async def go() -> tuple[dict, dict]:
        rng = random.Random(5)
        fx = await storage_bench.build_fixture(tmp_path / "r.db", 6, 1, rng)
        r = await storage_bench.resume_bench(tmp_path / "r.db", 1, 3, rng)
        return fx, r
    fx, r = asyncio.run(go())

    async def first_touch() -> list[int]:  # from the snapshot (its state hash is stored as the bot stores it)
        from bot.service import DuelService
        from engine import Duel
        lengths: list[int] = []
        real = Duel.replay

        def replay(self: Duel, h: list[tuple[int, str]]) -> Duel:
            lengths.append(len(h))
            return real(self, h)
        Duel.replay = replay  # type: ignore[method-assign]
        try:
            svc = await DuelService.open(str(tmp_path / "r.db"))
            row = await svc.db.fetchone("SELECT duel_id FROM duel_snapshots LIMIT 1")
            live = await svc.live(int(row[0]))
            await svc.close()
            return lengths + [live.seq]
        finally:
            Duel.replay = real  # type: ignore[method-assign]
    *replayed, seq = asyncio.run(first_touch())
    assert replayed and max(replayed) < seq
    assert fx["duels_with_a_snapshot"] >= 1 and fx["snapshot_bytes_per_duel"] > 0
    assert fx["answers_after_the_snapshot_median"] < fx["median_history"]
    assert r["unfinished"] == 6 and r["first_touch_cpu_ms"]["n"] == 3


def test_bot_latency_harness(tmp_path: Path) -> None:
    from bench.latency import run_level

    async def go() -> tuple[dict, dict]:
        bare = await run_level("bare", 1, (0.0, 0.02), 1.0, 0.2, tmp_path)
        mb = await run_level("manaburn", 1, (0.0, 0.02), 1.5, 0.2, tmp_path)
        return bare, mb
    bare, mb = asyncio.run(go())
    for r in (bare, mb):
        assert r["answered"] > 0 and r["deadline_misses"] == 0 and r["bot_log_errors"] == 0, r
        assert r["click_to_ack_ms"]["p50"] is not None and r["bot"]["rss_mb"]


def test_report_renders() -> None:
    res = Result("roundtrips", "t", figures={
        "duels": 1, "decision_points": 10, "reached_a_human": 2, "fraction": 0.2, "median_decisions_per_duel": 10,
        "median_human_decisions_per_duel": 2, "median_turns": 3, "human_passed_anyway": 1,
        "by_kind": {"pay": {"decision_points": 2, "reached_a_human": 2, "share_of_human_clicks": 1.0,
                            "human_passed_anyway": 0}}},
        targets=[Target("decision points reaching a human", 0.2, 0.25, "<=")])
    text = report.render({"roundtrips": res.as_dict()})
    assert "| roundtrips | decision points reaching a human" in text and "met" in text
    _ = random


def test_ai_bench_and_its_table() -> None:
    from bench import ai
    res = ai.run(quick=True, ai_duels=2)
    assert res.figures["vs_random"]["duels"] == 2 and res.figures["time_per_decision_s"]["max"] is not None
    assert [t.name for t in res.targets][:2] == ["duels won against random",
                                                 "duels won against sensible (seeds 0 and 1000)"]
    assert res.figures["vs_sensible_seed1000"]["duels"] == 2 and res.figures["vs_ai_medium"]["duels"] == 2
    text = report.render({"ai": res.as_dict()})
    assert "### Computer opponent" in text and "| sensible | 1000 | 2 |" in text


def test_hostile_unknown_names_part() -> None:
    from bench import hostile
    fig = hostile.unknown_names_bench(1)
    assert fig["problems"] == fig["names"] == 500 and fig["suggested"] == 3


def test_picture_bench() -> None:
    from bench import picture_bench

    res = picture_bench.picture_bench(rounds=1, duels=1)
    f = res.figures
    assert f["permanents"] >= 60 and f["png_bytes"] > 0 and f["edits_per_duel"] >= f["uploads_per_duel"] > 0
    assert [t.name for t in res.targets][-1] == "late-game PNG"
