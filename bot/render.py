"""Plain-text rendering of an engine view (terminal, and the bot's board message)."""
from __future__ import annotations

import re
from typing import Any

# keywords the engine uses for its own bookkeeping, not printed abilities
_HIDDEN_KEYWORDS = frozenset({"untargetable"})


def permanent_line(p: dict[str, Any], keywords: bool = False, sick: bool = True) -> str:
    """One permanent; ``sick`` False leaves summoning sickness unsaid (see :func:`board_text`)."""
    bits = [p["ref"]]
    if p["power"] is not None:
        bits.append(f"{p['power']}/{p['toughness']}")
        kws = [k for k in p.get("keywords", ()) if k not in _HIDDEN_KEYWORDS] if keywords else []
        if kws:
            bits.append(", ".join(kws))
    state = []
    if p.get("token"):
        state.append("token")  # a permanent that leaves no card behind
    if p["tapped"]:
        state.append("tapped")
    if p["sick"] and sick:
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


def _is_plain_land(p: dict[str, Any]) -> bool:
    """A land that is nothing else and has nothing on it: shown grouped by name."""
    return (p["types"] == ["land"] and p["power"] is None and not p["damage"] and not p["attached_to"]
            and not any(p["counters"].values()) and not p["token"])


def permanents_text(perms: list[dict[str, Any]], group_lands: bool, keywords: bool = False,
                    sick: bool = True) -> str:
    """One player's permanents; with ``group_lands`` plain lands are counted
    by name ("Plains x4, 2 tapped") after the other permanents, and enchanted
    lands stay on their own (what is attached to them is listed with them);
    with ``keywords`` creatures show their keyword abilities ("2/2 flying")."""
    attached_to = {q["attached_to"] for q in perms if q["attached_to"]}
    grouped: dict[str, list[dict[str, Any]]] = {}
    lines = []
    for q in perms:
        if group_lands and _is_plain_land(q) and q["ref"] not in attached_to:
            grouped.setdefault(q["name"], []).append(q)
        else:
            lines.append(permanent_line(q, keywords, sick))
    for name, qs in grouped.items():
        tapped = sum(q["tapped"] for q in qs)
        text = name if len(qs) == 1 else f"{name} x{len(qs)}"
        if tapped:
            text += " (tapped)" if len(qs) == 1 else f", {tapped} tapped"
        lines.append(text)
    return "; ".join(lines) if lines else "nothing"


# The engine words every event once, in the third person with the player's name
# ("alice draws 3 cards.", "alice searches their library, puts ... into their hand"),
# and "their" in a sentence about a player is that player's. For the terminal's
# player, named "you", the same sentence is put in the second person here, for any
# event: the verb after "you" and the verbs it shares ("..., puts ... and shuffles")
# take their base form, and that player's "their" becomes "your".
_SUBJECT_YOU = re.compile(r"(^\s*|[.:;!?(*-]\s*|,\s*|\b(?:and|but|or|then)\s+)(you|You) ([a-z]+)\b")
_SHARED_VERB = re.compile(r"(,\s*|\b(?:and|but|or|then)\s+)([a-z]+)\b")
_SENTENCE = re.compile(r".*?(?:[.!?](?=\s|$)|$)")
_CLAUSE = re.compile(r"[^:;]*(?:[:;]|$)")
_IRREGULAR = {"has": "have", "is": "are", "was": "were", "does": "do"}
_NOT_VERBS = frozenset({"its", "this", "us", "as", "his", "plus", "less", "yes", "has"})


def _base_form(verb: str) -> str:
    if verb in _IRREGULAR:
        return _IRREGULAR[verb]
    if verb in _NOT_VERBS or not verb.endswith("s") or verb.endswith("ss"):
        return verb
    if verb.endswith(("sses", "shes", "ches", "xes", "zes", "oes")):
        return verb[:-2]
    if verb.endswith("ies") and len(verb) > 4:
        return verb[:-3] + "y"
    return verb[:-1]


def _clause_in_second_person(clause: str) -> str:
    m = _SUBJECT_YOU.search(clause)
    if m is None:
        return clause
    head = clause[:m.start()] + f"{m.group(1)}{m.group(2)} {_base_form(m.group(3))}"
    rest = _SHARED_VERB.sub(lambda v: v.group(1) + (_IRREGULAR.get(v.group(2)) or _base_form(v.group(2))),
                            clause[m.end():])
    return head + rest


def _sentence_in_second_person(sentence: str) -> str:
    about_you = _SUBJECT_YOU.search(sentence) is not None or re.search(r"\b[Yy]ou's\b", sentence) is not None
    sentence = "".join(_clause_in_second_person(c) for c in _CLAUSE.findall(sentence))
    sentence = re.sub(r"\byou's\b", "your", sentence)
    sentence = re.sub(r"\bYou's\b", "Your", sentence)
    if about_you:
        sentence = re.sub(r"\btheir\b", "your", sentence)
        sentence = re.sub(r"\bthemselves\b", "yourself", sentence)
    return sentence


def second_person(text: str) -> str:
    """The engine's third-person text for a player named "you", in grammar,
    on every line: "you wins" -> "you win", "you searches their library, puts
    a card into their hand and shuffles." -> "you search your library, put a
    card into your hand and shuffle.", "under you's control" -> "under your
    control"."""
    return "\n".join("".join(_sentence_in_second_person(s) for s in _SENTENCE.findall(line))
                      for line in text.split("\n"))


def board_text(v: dict[str, Any], *, names: list[str] | None = None, group_lands: bool = False,
               keywords: bool = False) -> str:
    """The board as a viewer sees it: life, counts, permanents, spells, combat
    (the terminal's with ``group_lands`` and ``keywords``, see :func:`permanents_text`).

    Choice: "(sick)" is shown on the active player's creatures only. Summoning
    sickness decides what may attack or tap in its controller's own turn; on
    the other player's creatures it is noise for what that turn is about (it
    only keeps their {T} abilities unused, and using one says why not)."""
    out = []
    pl = v["players"]
    active = pl[v["active"]]["name"]
    whose = "your" if active == "you" else f"{active}'s"
    if v["turn"] == 0:  # the engine counts turns from the first one; before it: play or draw, mulligans
        out.append("Before the first turn")
    else:
        out.append(f"Turn {v['turn']} - {whose} {v['phase']}" + (f" ({v['step']})" if v["step"] != v["phase"] else ""))
    for i, p in enumerate(pl):
        line = (f"{p['name']}: {p['life']} life" + (f", {p['poison']} poison" if p["poison"] else "")
                + f", hand {p['hand_count']}, library {p['library_count']}"
                + (f", pool {p['mana_pool']}" if p["mana_pool"] else ""))
        out.append(line)
        out.append("  in play: " + permanents_text([c for c in v["battlefield"] if c["controller"] == i], group_lands,
                                                   keywords, sick=i == v["active"]))
        if p.get("hand_face_up"):
            out.append("  hand (face up): " + (", ".join(p["hand"]) or "empty"))
        if p.get("library_top"):
            out.append("  library top (face up): " + p["library_top"])
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
    # (not while the attackers are being declared; a band whose attackers all left play
    # keeps its place, blocks are numbered by band, but is not shown)
    if v["combat"] and any(v["combat"]["bands"]):
        bands = [" + ".join(b) for b in v["combat"]["bands"]]
        out.append("Attacking: " + ", ".join(b for b in bands if b))
        for i, bl in v["combat"]["blocks"].items():
            if bl and bands[int(i)]:
                out.append(f"  {bands[int(i)]} blocked by {', '.join(bl)}")
    if v["over"]:
        out.append(outcome_text(v))
    return "\n".join(out)


def outcome_text(v: dict[str, Any]) -> str:
    """How the duel ended, from a view: "The duel is over: alice wins (bob has 0 life)."."""
    if not v["over"]:
        return "The duel is not over."
    pl = v["players"]
    w = "a draw" if v["winner"] is None else f"{pl[v['winner']]['name']} wins"
    return f"The duel is over: {w} ({v['end_reason']})."
