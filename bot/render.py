"""Plain-text rendering of an engine view (terminal, and the bot's board message)."""
from __future__ import annotations

from typing import Any


def permanent_line(p: dict[str, Any]) -> str:
    bits = [p["ref"]]
    if p["power"] is not None:
        bits.append(f"{p['power']}/{p['toughness']}")
    state = []
    if p["tapped"]:
        state.append("tapped")
    if p["sick"]:
        state.append("sick")
    if p["damage"]:
        state.append(f"{p['damage']} damage")
    for k, v in p["counters"].items():
        if v:
            state.append(f"{v}x {k}")
    if p["attached_to"]:
        state.append(f"on {p['attached_to']}")
    if state:
        bits.append("(" + ", ".join(state) + ")")
    return " ".join(bits)


def board_text(v: dict[str, Any], *, names: list[str] | None = None) -> str:
    """The board as a viewer sees it: life, counts, permanents, spells, combat."""
    out = []
    pl = v["players"]
    active = pl[v["active"]]["name"]
    whose = "your" if active == "you" else f"{active}'s"
    out.append(f"Turn {v['turn']} - {whose} {v['phase']}" + (f" ({v['step']})" if v["step"] != v["phase"] else ""))
    for i, p in enumerate(pl):
        line = (f"{p['name']}: {p['life']} life" + (f", {p['poison']} poison" if p["poison"] else "")
                + f", hand {p['hand_count']}, library {p['library_count']}"
                + (f", pool {p['mana_pool']}" if p["mana_pool"] else ""))
        out.append(line)
        perms = [permanent_line(c) for c in v["battlefield"] if c["controller"] == i]
        out.append("  in play: " + ("; ".join(perms) if perms else "nothing"))
        if p["graveyard"]:
            out.append("  graveyard (top first): " + ", ".join(p["graveyard"]))
        if p["ante"]:
            out.append("  ante: " + ", ".join(p["ante"]))
        if p["removed"]:
            out.append("  removed: " + ", ".join(p["removed"]))
    if v["spells"]:
        out.append("Being cast: " + "; ".join(
            f"{s['name']} ({pl[s['controller']]['name']})" + (f" -> {', '.join(s['targets'])}" if s["targets"] else "")
            for s in v["spells"]))
    if v["batch"]:
        out.append("Batch: " + "; ".join(
            f"{s['name']} ({pl[s['controller']]['name']})" + (f" -> {', '.join(s['targets'])}" if s["targets"] else "")
            for s in v["batch"]))
    if v["combat"]:
        bands = [" + ".join(b) for b in v["combat"]["bands"]]
        out.append("Attacking: " + ", ".join(bands))
        for i, bl in v["combat"]["blocks"].items():
            if bl:
                out.append(f"  {bands[int(i)]} blocked by {', '.join(bl)}")
    if v["over"]:
        w = "a draw" if v["winner"] is None else f"{pl[v['winner']]['name']} wins"
        out.append(f"The duel is over: {w} ({v['end_reason']}).")
    return "\n".join(out)
