"""``python -m bench``: run the benchmarks (all of them unless told otherwise).

    python -m bench                      # everything, full size (see bench/README.md for how long)
    python -m bench --quick              # a fast smoke run of everything (results in bench/results/quick/)
    python -m bench --only engine,latency
    python -m bench --only engine --baseline 7eeb514   # ratios against an older commit's engine
    python -m bench --skip soak,killsoak
    python -m bench --soak-duels 1000 --levels 100,300 --latency-seconds 30

A full run writes ``bench/results/<name>.json`` and rewrites the results
section of ``bench/README.md`` from every JSON file there. Benchmarks never
fail because a machine is slow: the exit status is 0 unless a benchmark
crashed (a missed target is a figure, not an error).
"""
from __future__ import annotations

import argparse
import os
import sys
import time
import traceback
from pathlib import Path

from . import report
from .common import RESULTS, load_results, say, write_result

BENCHMARKS = ["engine", "roundtrips", "storage", "latency", "hostile", "soak", "killsoak", "killworkers", "ai", "workers", "picture"]


def _floats(text: str) -> tuple[float, float]:
    a, _, b = text.partition(",")
    return float(a), float(b or a)


def _ints(text: str) -> list[int]:
    return [int(x) for x in text.split(",") if x.strip()]


def _names(text: str) -> list[str]:
    names = [x.strip() for x in text.split(",") if x.strip()]
    bad = [n for n in names if n not in BENCHMARKS]
    if bad:
        raise argparse.ArgumentTypeError(f"unknown benchmark(s) {bad}; known: {', '.join(BENCHMARKS)}")
    return names


def parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="python -m bench", description=__doc__,
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--quick", action="store_true", help="small sizes: a smoke run in about a minute")
    p.add_argument("--only", type=_names, default=None, help=f"comma-separated, of: {', '.join(BENCHMARKS)}")
    p.add_argument("--skip", type=_names, default=[], help="comma-separated benchmarks to leave out")
    p.add_argument("--out", type=Path, default=None,
                   help="where the JSON goes (default bench/results, or bench/results/quick with --quick)")
    p.add_argument("--no-readme", action="store_true", help="do not rewrite the table in bench/README.md")
    p.add_argument("--tmpdir", default=None, help="directory for databases and bot logs (default: the system's)")
    g = p.add_argument_group("engine")
    g.add_argument("--baseline", default=None, metavar="COMMIT",
                   help="also measure the engine of an older commit in the same run, alternately (bench/baseline.py)")
    g.add_argument("--baseline-rounds", type=int, default=None, help="alternating rounds against the baseline (5)")
    g = p.add_argument_group("human round trips")
    g.add_argument("--roundtrip-duels", type=int, default=None, help="duels between sensible players (100)")
    g = p.add_argument_group("computer opponent")
    g.add_argument("--ai-duels", type=int, default=None, help="duels against each opponent (200)")
    g.add_argument("--ai-workers", type=int, default=None,
                   help="processes playing the computer's duels between them (1: this one, on one core)")
    g = p.add_argument_group("bot latency")
    g.add_argument("--levels", type=_ints, default=None, help="concurrent duels per level (100,300,1000)")
    g.add_argument("--think", type=_floats, default=None, help="players' thinking time, seconds: LO,HI (0.5,5)")
    g.add_argument("--latency-seconds", type=float, default=None, help="measured seconds per level (45)")
    g.add_argument("--warmup", type=float, default=None, help="seconds before measuring, per level (8)")
    g.add_argument("--saturation-duels", type=int, default=None, help="duels for the no-thinking run (50; 0: none)")
    g = p.add_argument_group("soak")
    g.add_argument("--soak-duels", type=int, default=None, help="random duels with invariant checks (10,000)")
    g.add_argument("--jobs", type=int, default=None, help="processes for the soak (all cores)")
    g.add_argument("--seed0", type=int, default=0, help="first seed of the soak")
    g = p.add_argument_group("kill soak")
    g.add_argument("--kill-duels", type=int, default=None, help="duels played while the bot is killed (100)")
    g.add_argument("--kill-concurrency", type=int, default=None, help="of them at a time (20)")
    g.add_argument("--kill-every", type=_floats, default=None, help="seconds between kills: LO,HI (4,15)")
    return p


def main(argv: list[str] | None = None) -> int:
    args = parser().parse_args(argv)
    wanted = [b for b in (args.only or BENCHMARKS) if b not in args.skip]
    out = args.out or (RESULTS / "quick" if args.quick else RESULTS)
    os.environ.setdefault("PYTHONHASHSEED", "0")
    kwargs = dict(quick=args.quick, tmpdir=args.tmpdir, duels=args.roundtrip_duels, levels=args.levels,
                  think=args.think, latency_seconds=args.latency_seconds, warmup=args.warmup,
                  saturation_duels=args.saturation_duels, soak_duels=args.soak_duels, jobs=args.jobs,
                  seed0=args.seed0, kill_duels=args.kill_duels, kill_concurrency=args.kill_concurrency,
                  kill_every=args.kill_every, ai_duels=args.ai_duels, ai_workers=args.ai_workers, baseline=args.baseline,
                  baseline_rounds=args.baseline_rounds)
    crashed = []
    t_all = time.perf_counter()
    for name in wanted:
        mod = __import__(f"bench.{_module(name)}", fromlist=["run"])
        t0 = time.perf_counter()
        try:
            res = mod.run(**kwargs)
        except Exception:
            crashed.append(name)
            say(f"{name}: CRASHED\n" + traceback.format_exc())
            continue
        res.elapsed_seconds = time.perf_counter() - t0
        path = write_result(res, out)
        for t in res.targets:
            mark = "met" if t.met else "MISSED" if t.met is False else "?"
            say(f"  [{mark}] {t.name}: {t.value} {t.unit} (wanted {t.op} {t.limit})"
                + (f", {t.factor}x the target" if t.met is False and t.factor else ""))
        say(f"{name}: {res.elapsed_seconds:.0f} s -> {path.relative_to(Path.cwd()) if path.is_relative_to(Path.cwd()) else path}")
    say(f"all done in {(time.perf_counter() - t_all) / 60:.1f} min")
    if out.resolve() == RESULTS.resolve() and not args.no_readme:
        if report.update_readme(load_results(out)):
            say("bench/README.md: results table updated")
    return 1 if crashed else 0


def _module(name: str) -> str:
    return {"engine": "engine_bench", "storage": "storage_bench", "picture": "picture_bench"}.get(name, name)


if __name__ == "__main__":
    sys.exit(main())
