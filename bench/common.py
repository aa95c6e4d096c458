"""Shared pieces of the benchmarks: timing, percentiles, the machine, /proc
readings, targets and the JSON result files.

Every benchmark returns a :class:`Result`; :func:`write_result` stores it as
``<out>/<name>.json``. Figures are plain numbers (seconds, bytes, counts);
targets say what the issue asks for and how far the measurement is from it.
"""
from __future__ import annotations

import datetime
import json
import os
import platform
import statistics
import subprocess
import sys
import time
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any, Callable, Iterable

ROOT = Path(__file__).resolve().parent.parent
RESULTS = ROOT / "bench" / "results"
CLK_TCK = os.sysconf("SC_CLK_TCK") if hasattr(os, "sysconf") else 100
PAGE = os.sysconf("SC_PAGE_SIZE") if hasattr(os, "sysconf") else 4096


# ------------------------------------------------------------------ numbers
def percentile(values: Iterable[float], q: float) -> float | None:
    """The q-th percentile (0..100), linear between closest ranks; None when empty."""
    xs = sorted(values)
    if not xs:
        return None
    if len(xs) == 1:
        return xs[0]
    k = (len(xs) - 1) * q / 100.0
    lo = int(k)
    hi = min(lo + 1, len(xs) - 1)
    return xs[lo] + (xs[hi] - xs[lo]) * (k - lo)


def summary(values: list[float], scale: float = 1.0) -> dict[str, Any]:
    """n, p50, p95, p99, max and mean of a sample (multiplied by ``scale``: 1000 for ms)."""
    if not values:
        return {"n": 0, "p50": None, "p95": None, "p99": None, "max": None, "mean": None}

    def s(x: float | None) -> float | None:
        return None if x is None else round(x * scale, 3)
    return {"n": len(values), "p50": s(percentile(values, 50)), "p95": s(percentile(values, 95)),
            "p99": s(percentile(values, 99)), "max": s(max(values)), "mean": s(statistics.fmean(values))}


def median_of_runs(fn: Callable[[], float], runs: int) -> tuple[float, list[float]]:
    """Run ``fn`` (which returns a duration or a rate) ``runs`` times; (median, all values)."""
    vals = [fn() for _ in range(runs)]
    return statistics.median(vals), vals


def ratio(a: float | None, b: float | None) -> float | None:
    if a is None or b is None or b == 0:
        return None
    return round(a / b, 3)


# ------------------------------------------------------------------ machine
def _git(*args: str) -> str:
    try:
        return subprocess.run(["git", *args], cwd=ROOT, capture_output=True, text=True, timeout=10).stdout.strip()
    except (OSError, subprocess.SubprocessError):
        return ""


def machine() -> dict[str, Any]:
    """Where and when: cores, CPU model, Python, load average, the commit and
    whether engine/ had uncommitted changes (the engine is being optimised
    in the same working tree)."""
    cpu = ""
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    try:
        load = [round(x, 2) for x in os.getloadavg()]
    except OSError:
        load = []
    try:
        affinity = len(os.sched_getaffinity(0))
    except AttributeError:
        affinity = os.cpu_count()
    return {
        "date": datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M UTC"),
        "cores": os.cpu_count(), "usable_cores": affinity, "cpu": cpu,
        "python": platform.python_version(), "implementation": platform.python_implementation(),
        "platform": platform.platform(), "loadavg": load,
        "commit": _git("rev-parse", "--short", "HEAD"),
        "engine_dirty": bool(_git("status", "--porcelain", "--", "engine")),
    }


# ------------------------------------------------------------------ /proc
def proc_cpu_seconds(pid: int | str = "self") -> float:
    """User + system CPU seconds of a process (from /proc/<pid>/stat)."""
    with open(f"/proc/{pid}/stat") as f:
        raw = f.read()
    fields = raw[raw.rindex(")") + 2:].split()
    return (int(fields[11]) + int(fields[12])) / CLK_TCK


def proc_memory(pid: int | str = "self") -> dict[str, int]:
    """VmRSS and VmHWM (peak RSS) in bytes, from /proc/<pid>/status."""
    out = {}
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            if line.startswith(("VmRSS:", "VmHWM:")):
                k, v = line.split(":", 1)
                out[k] = int(v.split()[0]) * 1024
    return out


def proc_runqueue_wait(pid: int | str = "self") -> float:
    """Seconds the process's threads spent runnable but waiting for a CPU
    (/proc/<pid>/task/*/schedstat): how much other processes starved it."""
    total = 0
    try:
        tasks = os.listdir(f"/proc/{pid}/task")
    except OSError:
        return 0.0
    for t in tasks:
        try:
            with open(f"/proc/{pid}/task/{t}/schedstat") as f:
                total += int(f.read().split()[1])
        except (OSError, IndexError, ValueError):
            continue
    return total / 1e9


class ProcSampler:
    """Samples a process's CPU share and RSS over a window (no psutil)."""

    def __init__(self, pid: int | str) -> None:
        self.pid = pid
        self.t0 = time.monotonic()
        self.c0 = proc_cpu_seconds(pid)
        self.w0 = proc_runqueue_wait(pid)
        self.rss: list[int] = []

    def sample(self) -> None:
        try:
            self.rss.append(proc_memory(self.pid)["VmRSS"])
        except (OSError, KeyError):
            pass

    def finish(self) -> dict[str, Any]:
        try:
            c1 = proc_cpu_seconds(self.pid)
            w1 = proc_runqueue_wait(self.pid)
            mem = proc_memory(self.pid)
        except OSError:
            return {"cpu_seconds": None, "cpu_share": None, "rss_mb": None, "peak_rss_mb": None}
        wall = time.monotonic() - self.t0
        return {"cpu_seconds": round(c1 - self.c0, 2), "wall_seconds": round(wall, 2),
                "cpu_share": round((c1 - self.c0) / wall, 3) if wall > 0 else None,
                "runqueue_wait_share": round((w1 - self.w0) / wall, 3) if wall > 0 else None,
                "rss_mb": round(mem.get("VmRSS", 0) / 2**20, 1),
                "max_sampled_rss_mb": round(max(self.rss) / 2**20, 1) if self.rss else None,
                "peak_rss_mb": round(mem.get("VmHWM", 0) / 2**20, 1)}


# ------------------------------------------------------------------ results
@dataclass
class Target:
    """One of the issue's targets: ``value`` compared with ``limit`` (``op`` is "<=" or ">=")."""

    name: str
    value: float | None
    limit: float
    op: str
    unit: str = ""
    note: str = ""

    @property
    def met(self) -> bool | None:
        if self.value is None:
            return None
        return self.value <= self.limit if self.op == "<=" else self.value >= self.limit

    @property
    def factor(self) -> float | None:
        """How far from the target: value/limit for "<=", limit/value for ">=" (1 = on target)."""
        if self.value is None:
            return None
        if self.op == "<=":
            return round(self.value / self.limit, 2) if self.limit else None
        return round(self.limit / self.value, 2) if self.value else None

    def as_dict(self) -> dict[str, Any]:
        d = asdict(self)
        d["met"] = self.met
        d["factor"] = self.factor
        return d


@dataclass
class Result:
    name: str
    title: str
    params: dict[str, Any] = field(default_factory=dict)
    figures: dict[str, Any] = field(default_factory=dict)
    targets: list[Target] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    elapsed_seconds: float = 0.0
    machine: dict[str, Any] = field(default_factory=machine)

    def as_dict(self) -> dict[str, Any]:
        return {"name": self.name, "title": self.title, "machine": self.machine, "params": self.params,
                "elapsed_seconds": round(self.elapsed_seconds, 1), "figures": self.figures,
                "targets": [t.as_dict() for t in self.targets], "notes": self.notes}


def write_result(res: Result, out: Path) -> Path:
    out.mkdir(parents=True, exist_ok=True)
    path = out / f"{res.name}.json"
    path.write_text(json.dumps(res.as_dict(), indent=1, sort_keys=False) + "\n")
    return path


def load_results(out: Path) -> dict[str, dict[str, Any]]:
    found = {}
    for p in sorted(out.glob("*.json")):
        try:
            d = json.loads(p.read_text())
        except ValueError:
            continue
        found[d.get("name", p.stem)] = d
    return found


def say(*parts: Any) -> None:
    """Progress and figures on stdout, flushed (benchmarks run for minutes)."""
    print(*parts, flush=True)


def fmt(x: Any, digits: int = 3) -> str:
    if x is None:
        return "—"
    if isinstance(x, float):
        if abs(x) >= 100:
            return f"{x:,.0f}"
        return f"{x:.{digits}g}"
    return str(x)


def python() -> str:
    return sys.executable
