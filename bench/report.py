"""The results table: every target of every benchmark, then the main figures.

``render(results)`` returns Markdown; :func:`update_readme` puts it between
the ``<!-- results:start -->`` and ``<!-- results:end -->`` markers of
``bench/README.md``.
"""
from __future__ import annotations

from pathlib import Path
from typing import Any

from .common import ROOT, fmt

README = ROOT / "bench" / "README.md"
START, END = "<!-- results:start -->", "<!-- results:end -->"
ORDER = ["engine", "roundtrips", "latency", "hostile", "storage", "soak", "killsoak", "ai", "picture"]


def _met(t: dict[str, Any]) -> str:
    if t.get("met") is None:
        return "—"
    if t["met"]:
        return "met"
    f = t.get("factor")
    return f"**missed** ({f}× the target)" if f is not None else "**missed**"


def _ms(d: dict[str, Any] | None, k: str) -> str:
    return fmt((d or {}).get(k))


def render(results: dict[str, dict[str, Any]]) -> str:
    out: list[str] = []
    names = [n for n in ORDER if n in results] + sorted(set(results) - set(ORDER))
    if not names:
        return "No results yet: run `python -m bench`.\n"
    out.append("Machines and dates, per benchmark (each benchmark's JSON file has the full record):\n")
    out.append("| benchmark | measured | cores | CPU | Python | load average at start | commit | took |")
    out.append("|---|---|---|---|---|---|---|---|")
    for n in names:
        r = results[n]
        m = r.get("machine", {})
        dirty = " (engine/ modified)" if m.get("engine_dirty") else ""
        out.append(f"| {n} | {m.get('date')} | {m.get('cores')} | {m.get('cpu')} | {m.get('python')} | "
                   f"{', '.join(map(str, m.get('loadavg', [])))} | {m.get('commit')}{dirty} | "
                   f"{fmt(r.get('elapsed_seconds'))} s |")
    out.append("")
    out.append("### Targets\n")
    out.append("| benchmark | target | measured | wanted | result |")
    out.append("|---|---|---|---|---|")
    for n in names:
        for t in results[n].get("targets", []):
            note = f" ({t['note']})" if t.get("note") else ""
            out.append(f"| {n} | {t['name']}{note} | {fmt(t.get('value'))} {t.get('unit', '')} | "
                       f"{t['op']} {fmt(t['limit'])} {t.get('unit', '')} | {_met(t)} |")
    out.append("")
    if "engine" in results:
        f = results["engine"]["figures"]
        sp, rp, cb, mem = f["self_play"], f["replay_1000"], f["crowded_board"], f["memory"]
        out.append("### Engine (one core)\n")
        out.append("| figure | value |")
        out.append("|---|---|")
        out.append(f"| random duels per second | {fmt(sp['duels_per_second'])} (median of {sp['runs']} runs of "
                   f"{sp['duels_per_run']} duels) |")
        out.append(f"| decisions per second | {fmt(sp['decisions_per_second'])} ({fmt(sp['ms_per_decision'])} ms each) |")
        out.append(f"| median random duel | {fmt(sp['median_duel_decisions'])} decisions |")
        out.append(f"| replay of a recorded {rp['decisions']}-decision duel | {fmt(rp['median_ms'])} ms "
                   f"({fmt(rp['ms_per_decision'])} ms per decision) |")
        out.append(f"| crowded board ({cb['permanents'][0]} and {cb['permanents'][1]} permanents, batch of "
                   f"{cb['batch_and_spells']}): one answer → next decision | p50 "
                   f"{_ms(cb['answer_ms_while_batch_long'], 'p50')} ms, max "
                   f"{_ms(cb['answer_ms_until_batch_resolved'], 'max')} ms; "
                   f"{fmt(cb['median_legal_choices'])} legal choices |")
        out.append(f"| crowded board: the two views the bot renders after an answer | {fmt(cb['two_views_ms'])} ms |")
        out.append(f"| memory per live duel | {mem['fresh_bytes_per_duel'] / 1024:.0f} KiB fresh, "
                   f"{mem['bytes_per_duel_after_answers'] / 1024:.0f} KiB after {mem['answers']} answers |")
        cl = f.get("clone")
        if cl:  # bench/clone_bench.py: medians, CPU time of the process (wall-clock)
            def cw(x: dict[str, float]) -> str:
                return f"{fmt(x['cpu'])} ms CPU ({fmt(x['wall'])} ms wall-clock)"
            out.append(f"| `Duel.clone()` at a rest point ({cl['permanents_at_clone']} permanents, "
                       f"{cl['answers']:,}-answer duel) | {cw(cl['clone_at_rest_point_ms'])}; the same position "
                       f"again {cw(cl['clone_again_at_same_rest_point_ms'])} |")
            out.append(f"| `Duel.clone()` {cl['answers_replayed_by_that_clone']} answers after a rest point "
                       f"(kept) | {cw(cl['clone_away_from_rest_point_ms'])} |")
            out.append(f"| stored snapshot | {cl['snapshot_bytes']:,} bytes ({cl['snapshot_bytes_zlib']:,} "
                       f"with zlib) |")
            out.append(f"| first touch of the duel after {cl['first_touch_at_answer']:,} answers | from its "
                       f"latest snapshot ({cl['answers_since_snapshot']} answers before it) "
                       f"{cw(cl['first_touch_from_snapshot_ms'])}; full replay "
                       f"{cw(cl['first_touch_by_full_replay_ms'])} |")
        out.append("")
        vs = f.get("against_baseline")
        if vs:
            out.append(f"Against commit {vs['commit'][:7]} in the same run (`--baseline`; {vs['rounds']} alternating "
                       f"rounds in subprocesses, seeds {vs['seeds']}, {vs['clock']}): random self-play "
                       f"{fmt(vs['now_decisions_per_second'])} against {fmt(vs['baseline_decisions_per_second'])} "
                       f"decisions per second (**{vs['self_play_speedup']}×**); the replay of the recorded duel "
                       f"{fmt(vs['now_replay_ms'])} ms against {fmt(vs['baseline_replay_ms'])} ms "
                       f"(**{vs['replay_time_ratio']}×** the time)"
                       + ("" if vs.get("same_decisions") else "; the two played different duels") + ".\n")
        prof = f.get("profile", {}).get("self_play")
        if prof:
            out.append("Hottest engine functions in random self-play (cProfile, own time):\n")
            out.append("| function | own time | cumulative | calls |")
            out.append("|---|---|---|---|")
            for row in prof["by_own_time"][:12]:
                out.append(f"| `{row['function']}` | {row['own_pct']}% | {fmt(row['cum_s'])} s | {row['calls']:,} |")
            out.append("")
    if "roundtrips" in results:
        f = results["roundtrips"]["figures"]
        out.append("### Human round trips (sensible players, default stops)\n")
        out.append(f"{f['reached_a_human']:,} of {f['decision_points']:,} decision points reached a human "
                   f"(**{100 * f['fraction']:.1f}%**) over {f['duels']} duels; a median duel has "
                   f"{fmt(f['median_decisions_per_duel'])} decisions, {fmt(f['median_human_decisions_per_duel'])} "
                   f"clicks and {fmt(f['median_turns'])} turns; {f['human_passed_anyway']:,} clicks were a pass.")
        if f.get("fraction_if_payments_were_automatic") is not None:
            out.append(f"What-ifs on the same duels: {100 * f['fraction_if_payments_were_automatic']:.1f}% if payments "
                       f"were made automatically; {100 * f['fraction_if_passed_clicks_were_not_asked']:.1f}% if the "
                       f"clicks that were a pass had not been asked.")
        out.append("")
        out.append("| decision kind | decision points | reached a human | share of clicks | the human passed |")
        out.append("|---|---|---|---|---|")
        for k, v in f["by_kind"].items():
            if v["reached_a_human"]:
                out.append(f"| {k} | {v['decision_points']:,} | {v['reached_a_human']:,} | "
                           f"{100 * (v['share_of_human_clicks'] or 0):.1f}% | {v['human_passed_anyway']:,} |")
        out.append("")
        steps = f.get("asked_opportunities_by_step") or {}
        if steps and isinstance(next(iter(steps.values())), dict):
            if f.get("payments_made_auto_by_the_bot") is not None:
                out.append(f"The bot paid {f['payments_made_auto_by_the_bot']:,} payments with `auto` for the "
                           "players (paying by hand could not have ended differently).\n")
            out.append("Fast-effect decisions that reached a human, by step (whose turn, from the player's side):\n")
            out.append("| decision: step | reached a human | the human passed |")
            out.append("|---|---|---|")
            for k, v in steps.items():
                out.append(f"| {k} | {v['reached_a_human']:,} | {v['human_passed_anyway']:,} |")
            out.append("")
    if "latency" in results:
        f = results["latency"]["figures"]
        p = results["latency"]["params"]
        out.append(f"### Bot latency (players think {p['think_seconds'][0]}–{p['think_seconds'][1]} s; "
                   f"{fmt(p['measured_seconds'])} s measured per level)\n")
        out.append("| duels | bot | clicks | ack p50 / p95 / p99 ms | board p50 / p95 / p99 ms | clicks/s | "
                   "deadline misses | bot CPU (waiting for a CPU) | bot peak RSS MB | harness CPU | harness loop lag p99 ms |")
        out.append("|---|---|---|---|---|---|---|---|---|---|---|")
        rows = [(n, lv) for n, lv in f["levels"].items()]
        if f.get("saturation"):
            rows.append(("saturation", f["saturation"]))
        for n, lv in rows:
            for kind in ("bare", "manaburn"):
                m = lv.get(kind)
                if not m:
                    continue
                a, b = m["click_to_ack_ms"], m["click_to_board_ms"]
                dn = f"{m['duels']} (no thinking)" if n == "saturation" else n
                out.append(f"| {dn} | {kind} | {m['clicks']:,} | {_ms(a, 'p50')} / {_ms(a, 'p95')} / {_ms(a, 'p99')} | "
                           f"{_ms(b, 'p50')} / {_ms(b, 'p95')} / {_ms(b, 'p99')} | {fmt(m['throughput_per_second'])} | "
                           f"{m['deadline_misses']} | {fmt(m['bot'].get('cpu_share'))} ({fmt(m['bot'].get('runqueue_wait_share'))}) | "
                           f"{fmt(m['bot'].get('peak_rss_mb'))} | {fmt(m['harness'].get('cpu_share'))} | "
                           f"{_ms(m['harness'].get('loop_lag_ms'), 'p99')} |")
            r = lv.get("ratios")
            if r:
                out.append(f"| {n} | ratio | | ack p50 {fmt(r['ack_p50'])}×, p99 {fmt(r['ack_p99'])}× | "
                           f"board p50 {fmt(r['board_p50'])}×, p99 {fmt(r['board_p99'])}× | | | | | | |")
        out.append("")
        per = []
        for n, lv in rows:
            m = lv.get("manaburn") or {}
            b0 = lv.get("bare") or {}
            if m.get("rest_calls_per_answered_click") is not None:
                per.append(f"{n}: Manaburn {fmt(m['bot_cpu_ms_per_answered_click'])} ms of bot CPU and "
                           f"{fmt(m['rest_calls_per_answered_click'])} REST calls per answered click (bare bot "
                           f"{fmt(b0.get('bot_cpu_ms_per_answered_click'))} ms, {fmt(b0.get('rest_calls_per_answered_click'))})"
                           + (f", {fmt(m['dms_per_answered_click'])} DMs per answered click"
                              if m.get("dms_per_answered_click") is not None else "")
                           + (f", {fmt(m['dms_per_player_per_duel']['p50'])} DMs per player per whole duel (median "
                              f"of {m['duels_counted_for_dms']} duels)" if m.get("dms_per_player_per_duel") else ""))
        if per:
            out.append("Cost per answered click — " + "; ".join(per) + ".\n")
        bp = f.get("bot_profile")
        if bp:
            out.append("Where the bot process spends its time at saturation (cProfile, cumulative):\n")
            out.append("| function | cumulative | own |")
            out.append("|---|---|---|")
            for row in bp["by_cumulative_time"][:14]:
                out.append(f"| `{row['function']}` | {row['cum_pct']}% | {row['own_pct']}% |")
            out.append("")
    if "storage" in results:
        f = results["storage"]["figures"]
        a, fx, r = f["append"], f["fixture"], f["resume"]
        out.append("### Storage\n")
        out.append("| figure | value |")
        out.append("|---|---|")
        out.append(f"| append one decision (own transaction, fsync) | p50 {_ms(a['append_ms'], 'p50')} ms, "
                   f"p99 {_ms(a['append_ms'], 'p99')} ms |")
        k = [x for x in a if x.startswith("transaction_of_")][0]
        out.append(f"| {k.replace('_', ' ').replace(' ms', '')} | p50 {_ms(a[k], 'p50')} ms, p99 {_ms(a[k], 'p99')} ms |")
        out.append(f"| bytes per 1,000 decisions | {fx['bytes_per_1000_decisions_interleaved']:,} "
                   f"({fx['duels']:,} duels written in turn), {a['bytes_per_1000_decisions_sequential']:,} (two duels); "
                   f"header {fx['header_bytes_per_duel']:,} bytes per duel |")
        out.append(f"| start-up with {r['unfinished']:,} unfinished duels (open + resume_all) | "
                   f"{fmt(r['startup_seconds'] * 1000)} ms |")
        if "answers_after_the_snapshot_median" in fx:  # rebuilt from the stored snapshot, as the bot does
            out.append(f"| first touch of a resumed duel (history median {fmt(r['first_touch_median_history'])} "
                       f"decisions; its stored snapshot, {fmt(fx['snapshot_bytes_per_duel'])} bytes, then the median "
                       f"{fmt(fx['answers_after_the_snapshot_median'])} answers after it) | p50 "
                       f"{_ms(r['first_touch_ms'], 'p50')} ms, p99 {_ms(r['first_touch_ms'], 'p99')} ms "
                       f"(CPU p50 {_ms(r['first_touch_cpu_ms'], 'p50')} ms) |")
        else:
            out.append(f"| first touch of a resumed duel (replay of its history, median "
                       f"{fmt(r['first_touch_median_history'])} decisions) | p50 {_ms(r['first_touch_ms'], 'p50')} ms, "
                       f"p99 {_ms(r['first_touch_ms'], 'p99')} ms |")
        out.append(f"| touching all {r['unfinished']:,} after start-up (projected from {r['first_touch_sampled']}) | "
                   f"{fmt(r['projected_touch_all_seconds'])} s |")
        out.append("")
    if "soak" in results:
        f = results["soak"]["figures"]
        pr = results["soak"]["params"]
        out.append("### Soak\n")
        out.append(f"Random duels with invariant checks: {f['duels']:,} duels (seeds {pr['seeds']}), "
                   f"{f['failed']} failed, {f['decisions']:,} decisions in {fmt(f['seconds'] / 60)} min on "
                   f"{pr['processes']} processes ({fmt(f['duels_per_second'])} duels/s).\n")
        for fl in f.get("failures", [])[:5]:
            out.append(f"- seed {fl['seed']} {fl['decks']}: {fl['problems'][0].splitlines()[0]}")
        if f.get("failures"):
            out.append("")
    if "killsoak" in results:
        f = results["killsoak"]["figures"]
        out.append(f"Kill soak: {f['duels']} duels through the fake Discord, the bot SIGKILLed {f['kills']} times "
                   f"(restart {fmt(f['restart_seconds_median'])} s) in {fmt(f['wall_seconds'])} s: "
                   f"{f['finished_in_the_database']} finished, {f['hash_equal_to_uninterrupted_replay']} with the state "
                   f"hash of an uninterrupted replay ({f['hash_mismatch']} differ, {f['end_not_logged_by_the_bot']} "
                   f"ends not logged), {f['confirmed_clicks']:,} confirmed clicks: {f['lost_decisions']} lost, "
                   f"{f['applied_twice']} applied twice; **{f['stuck_then_conceded']} duels were stuck after a kill** "
                   f"(no panel was ever sent again; conceded to finish), {f['finished_but_end_not_announced']} "
                   f"finished without their end announced, {f['orphaned_duels']} accepted duels orphaned.\n")
    if "ai" in results:
        f = results["ai"]["figures"]
        tp = f["time_per_decision_s"]
        procs = results["ai"]["params"].get("processes", 1)
        where = "one core" if procs == 1 else f"{procs} processes on the shared cores"
        out.append(f"### Computer opponent (level {results['ai']['params'].get('level')}, {where})\n")
        out.append("| opponent | seed | duels | computer won | opponent won | drawn | share |")
        out.append("|---|---|---|---|---|---|---|")
        for key, opp in (("vs_random", "random"), ("vs_sensible", "sensible"), ("vs_sensible_seed0", "sensible"),
                         ("vs_sensible_seed1000", "sensible"), ("vs_ai_medium", "the computer, level medium")):
            v = f.get(key)
            if v:
                out.append(f"| {opp} | {v.get('seed', 0)} | {v['duels']} | {v['ai_won']} | {v['opponent_won']} | "
                           f"{v['drawn']} | {100 * v['share']:.1f}% |")
        out.append("")
        out.append(f"Time per decision over {tp['decisions']:,} decisions: median {fmt(tp['median'] * 1000)} ms, "
                   f"p95 {fmt(tp['p95'] * 1000)} ms, max {fmt(tp['max'] * 1000)} ms.\n")
        cp = f.get("cpu_per_decision_s")
        if cp and cp.get("p95") is not None:
            out.append(f"CPU time per decision (the process's own, without waiting for a core): median "
                       f"{fmt(cp['median'] * 1000)} ms, p95 {fmt(cp['p95'] * 1000)} ms, max {fmt(cp['max'] * 1000)} ms"
                       f" (load average {fmt(results['ai']['params'].get('load') or 0)} at the start).\n")
    if "picture" in results:
        f = results["picture"]["figures"]
        out.append("### Board picture (one core)\n")
        out.append(f"A late-game board of {f['permanents']} permanents ({f['size'][0]}x{f['size'][1]} pixels, PNG "
                   f"{f['png_bytes'] / 1024:.0f} KB): p50 {fmt(f['warm_cpu_ms']['p50'])} ms CPU "
                   f"({fmt(f['warm_ms']['p50'])} ms wall) with its card images kept from the drawing before, "
                   f"{fmt(f['cold_cpu_ms']['p50'])} ms CPU ({fmt(f['cold_ms']['p50'])} ms wall) drawing every card. "
                   f"Per duel ({f['duels']} duels between sensible players, default stops): "
                   f"{fmt(f['edits_per_duel'])} edits of the board message (one per answer that reaches a player, as "
                   f"before: no REST call added), {fmt(f['uploads_per_duel'])} of them carrying a new picture, "
                   f"{fmt(f['picture_kb_per_duel'])} KB uploaded ({fmt(f['kb_per_upload'])} KB a picture).\n")
    return "\n".join(out) + "\n"


def update_readme(results: dict[str, dict[str, Any]], path: Path = README) -> bool:
    text = path.read_text() if path.exists() else ""
    if START not in text or END not in text:
        return False
    head, rest = text.split(START, 1)
    _, tail = rest.split(END, 1)
    path.write_text(head + START + "\n" + render(results) + END + tail)
    return True
