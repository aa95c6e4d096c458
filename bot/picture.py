"""A picture of the board (PNG), drawn from the public view only.

:func:`board_picture` takes what :func:`engine.view.view` gives a spectator
(``viewer`` None) and nothing else, so the picture shows only what both
players may see: two duels that differ only in hidden cards give the same
bytes. The table reads like a real one: each player's band holds their
header (life, poison, hand and library counts, graveyard top, ante), then
their lands, their other permanents and their creatures, the creatures of
both players facing each other across the middle strip, which says the turn
and step, what is being cast, any batch, and whose move it is.

Each permanent is a card whose frame is its colour as it is now (white,
blue, black, red, green; gold for more than one; artifact and land frames
for colourless ones), with its name, printed cost, type line, power and
toughness as they are now, damage, counters; a tapped card is turned
sideways, auras are drawn under what they enchant, attackers and blockers
are marked (attacking bands framed together), and plain lands of one name
are stacked with their count. :class:`Picture` carries the layout (where
each permanent was drawn) with the PNG, for tests and for whoever wants to
know what is where.

No discord here: the bot, the terminal and the command line call this.
"""
from __future__ import annotations

import io
import re
import threading
from dataclasses import dataclass, field
from functools import lru_cache
from importlib import resources
from typing import Any, Callable, Iterable

from PIL import Image, ImageDraw, ImageFont

from engine import carddb
from engine.carddb import parse_type_line

# ------------------------------------------------------------------ geometry

CARD_W, CARD_H = 160, 214  # a card upright; turned sideways when tapped
LAND_W, LAND_H = 112, 150  # a land: its name and type line only
GAP = 12  # between cards
MARGIN = 16
MAX_ROW = 8  # cards (upright widths) in a row before it wraps
AURA_H = 30  # the strip of one aura under what it enchants
STACK_STEP = 9  # offset of each card in a stack of lands
STACK_SHOWN = 4  # at most this many cards drawn in a stack (the badge says how many)
MIN_W = 4 * (CARD_W + GAP) + 2 * MARGIN + 200
RADIUS = 10

# ------------------------------------------------------------------ colours

TABLE = (24, 52, 40)  # the felt
TABLE_LINE = (46, 86, 66)
BAND = (31, 64, 50)  # a player's side of the table
ACTIVE_BAND = (38, 76, 58)
INK = (20, 18, 16)
PAPER = (246, 241, 228)
LIGHT = (236, 236, 230)
MUTED = (176, 196, 184)
GOLD_TEXT = (250, 214, 110)
RED = (206, 48, 40)
ATTACK = (232, 64, 44)
BLOCK = (64, 150, 235)
POISON = (120, 200, 80)
WAITING = (255, 236, 140)
CHANGED_PT = (20, 90, 170)  # power/toughness not as printed
TAG = (110, 100, 90)

FRAMES: dict[str, tuple[int, int, int]] = {
    "W": (232, 226, 200), "U": (46, 110, 182), "B": (52, 46, 44), "R": (200, 66, 44), "G": (44, 122, 68),
    "gold": (204, 164, 58), "artifact": (150, 140, 128), "land": (146, 108, 70), "colorless": (140, 140, 140),
}
MANA_DOTS: dict[str, tuple[int, int, int]] = {
    "W": (250, 246, 220), "U": (90, 150, 220), "B": (90, 80, 80), "R": (230, 90, 60), "G": (70, 160, 90),
}

# ------------------------------------------------------------------ fonts


@lru_cache(maxsize=None)
def font(size: int, condensed: bool = False) -> ImageFont.FreeTypeFont:
    """DejaVu Sans Bold (condensed for names and lines that must fit), shipped in
    ``bot/fonts`` (licence there): no font is looked for on the machine, and the
    basic layout (no libraqm) draws the same bytes on every machine."""
    name = "DejaVuSansCondensed-Bold.ttf" if condensed else "DejaVuSans-Bold.ttf"
    with resources.as_file(resources.files("bot").joinpath("fonts", name)) as path:
        return ImageFont.truetype(str(path), size, layout_engine=ImageFont.Layout.BASIC)


def fit_lines(text: str, max_w: int, sizes: Iterable[int], lines: int = 2, *,
              condensed: bool = True) -> tuple[ImageFont.FreeTypeFont, list[str]]:
    """The largest of *sizes* at which *text* fits in *lines* lines of *max_w*
    pixels (words wrapped); at the smallest size, the last line is cut with "…"."""
    f, wrapped = _fit(text, max_w, tuple(sizes), lines, condensed)
    return f, list(wrapped)


@lru_cache(maxsize=4096)
def _fit(text: str, max_w: int, sizes: tuple[int, ...], lines: int,
         condensed: bool) -> tuple[ImageFont.FreeTypeFont, tuple[str, ...]]:
    f, wrapped = _fit_now(text, max_w, sizes, lines, condensed)
    return f, tuple(wrapped)


def _fit_now(text: str, max_w: int, sizes: tuple[int, ...], lines: int,
             condensed: bool) -> tuple[ImageFont.FreeTypeFont, list[str]]:
    for size in sizes:
        f = font(size, condensed=condensed)
        wrapped = _wrap(text, f, max_w)
        if len(wrapped) <= lines and all(f.getlength(w) <= max_w for w in wrapped):
            return f, wrapped
    f = font(sizes[-1], condensed=condensed)
    every = _wrap(text, f, max_w)
    wrapped = every[:lines]
    rest = " ".join(every[lines:])
    wrapped[-1] = _clip(wrapped[-1] + (" " + rest if rest else ""), f, max_w)  # "…" where it is cut
    return f, wrapped


def _wrap(text: str, f: ImageFont.FreeTypeFont, max_w: int) -> list[str]:
    out: list[str] = []
    for word in text.split():
        if out and f.getlength(out[-1] + " " + word) <= max_w:
            out[-1] += " " + word
        else:
            out.append(word)
    return out or [""]


def _clip(text: str, f: ImageFont.FreeTypeFont, max_w: int) -> str:
    if f.getlength(text) <= max_w:
        return text
    while text and f.getlength(text + "…") > max_w:
        text = text[:-1]
    return text.rstrip() + "…"


# ------------------------------------------------------------------ the layout


@dataclass(frozen=True)
class Placed:
    """One thing drawn: the refs of the permanents it shows (a stack of lands
    shows several), where (x0, y0, x1, y1), whose side it is on and how."""

    refs: tuple[str, ...]
    box: tuple[int, int, int, int]
    controller: int
    kind: str  # "card", "stack" (plain lands of one name) or "aura" (drawn on what it enchants)
    tapped: bool = False


@dataclass
class Picture:
    """A drawn board: the PNG and what was placed where."""

    png: bytes
    size: tuple[int, int]
    placed: list[Placed] = field(default_factory=list)

    def refs(self) -> list[str]:
        """Every permanent drawn, once each."""
        return [r for p in self.placed for r in p.refs]


# ------------------------------------------------------------------ cards


def printed(name: str) -> dict[str, Any] | None:
    """The card's printed facts (public: its name is), None for a face-down creature."""
    return carddb.card_data().get(name)


def frame_of(p: dict[str, Any]) -> tuple[int, int, int]:
    """The frame as players know it, from the colours and types as they are now."""
    colors = p["colors"]
    if len(colors) > 1:
        return FRAMES["gold"]
    if colors:
        return FRAMES[colors[0]]
    if "land" in p["types"]:
        return FRAMES["land"]
    if "artifact" in p["types"]:
        return FRAMES["artifact"]
    return FRAMES["colorless"]


def _dark(rgb: tuple[int, int, int]) -> bool:
    r, g, b = rgb
    return 0.299 * r + 0.587 * g + 0.114 * b < 140


def type_line(p: dict[str, Any]) -> str:
    """The printed type line, or the types as they are now when they differ
    (an animated land, a face-down creature)."""
    d = printed(p["name"])
    now = set(p["types"])
    if d is not None:
        line = d["type"].replace(" - ", " — ")
        if set(parse_type_line(d["type"])[0]) == now:
            return line
    order = ["artifact", "enchantment", "land", "creature", "instant", "sorcery"]
    return " ".join(t.title() for t in sorted(now, key=lambda t: order.index(t) if t in order else 9)) or "—"


_COST = re.compile(r"\{([^}]+)\}")


def mana_symbols(name: str) -> list[str]:
    d = printed(name)
    return _COST.findall(d["mana_cost"] or "") if d else []


def draw_cost(im: Image.Image, symbols: list[str], right: int, top: int, room: int) -> None:
    """The cost as coloured dots, right-aligned at (right, top), in *room* pixels."""
    d = min(22, room // max(1, len(symbols)) - 2)
    x = right - len(symbols) * (d + 2)
    for s in symbols:
        dot, mask = _mana_dot(s, d)
        im.paste(dot, (x, top), mask)
        x += d + 2


@lru_cache(maxsize=128)
def _mana_dot(symbol: str, d: int) -> tuple[Image.Image, Image.Image]:
    """One symbol of a cost, *d* pixels across, and the mask of its round shape."""
    fill = MANA_DOTS.get(symbol, (200, 196, 188))
    dot = Image.new("RGB", (d + 1, d + 1), fill)
    draw = ImageDraw.Draw(dot)
    draw.ellipse((0, 0, d, d), fill=fill, outline=INK, width=1)
    draw.text((d / 2, d / 2 + 1), symbol, font=font(14 if d >= 20 else 12), fill=LIGHT if _dark(fill) else INK,
              anchor="mm")
    mask = Image.new("L", (d + 1, d + 1), 0)
    ImageDraw.Draw(mask).ellipse((0, 0, d, d), fill=255)
    return dot, mask


def _chip(draw: ImageDraw.ImageDraw, xy: tuple[int, int], text: str, fill: tuple[int, int, int],
          size: int = 15, ink: tuple[int, int, int] = LIGHT) -> int:
    """A rounded label at xy; returns its height."""
    f = font(size)
    w = int(f.getlength(text)) + 12
    h = size + 9
    x, y = xy
    draw.rounded_rectangle((x, y, x + w, y + h), radius=h // 2, fill=fill, outline=INK)
    draw.text((x + w / 2, y + h / 2 + 1), text, font=f, fill=ink, anchor="mm")
    return h


INNER = 6  # the frame's width inside a card's edge


@lru_cache(maxsize=64)
def _blank(frame: tuple[int, int, int], W: int, H: int, bar_bottom: int, ty: int) -> Image.Image:
    """A card without its words: the frame, the name bar, the type line's bar."""
    im = Image.new("RGB", (W, H), TABLE)
    draw = ImageDraw.Draw(im)
    draw.rounded_rectangle((0, 0, W - 1, H - 1), radius=RADIUS, fill=frame, outline=INK, width=2)
    draw.rounded_rectangle((INNER, INNER, W - INNER - 1, bar_bottom), radius=6, fill=PAPER, outline=INK)
    draw.rounded_rectangle((INNER, ty, W - INNER - 1, ty + 22), radius=5, fill=PAPER, outline=INK)
    return im


def is_small(p: dict[str, Any]) -> bool:
    """A land that is no creature: drawn as a smaller card (a name and a type line)."""
    return "land" in p["types"] and "creature" not in p["types"]


def card_image(p: dict[str, Any], mark: str = "", mark_fill: tuple[int, int, int] = ATTACK, *,
               suffix: bool = True) -> Image.Image:
    """One permanent upright (CARD_W x CARD_H; LAND_W x LAND_H for a land), on
    the table's colour. *mark*: a label across the top of its picture area
    (attacking, blocking); *suffix*: the "#2" of a second card of one name.

    Kept (the last CARD_CACHE drawn): a board redrawn at the next step draws
    only the cards that changed. The image is shared: copy it to draw on it."""
    return _card_image(_card_key(p), mark, mark_fill, suffix)


def _card_key(p: dict[str, Any]) -> tuple[tuple[str, Any], ...]:
    """What a card image shows of *p*, hashable."""
    return tuple((k, _frozen(v)) for k, v in sorted(p.items()) if k not in ("controller", "owner", "attached_to"))


CARD_CACHE = 384  # card images kept, about 35 KB each (a byte a pixel)


def _frozen(v: Any) -> Any:
    if isinstance(v, dict):
        return ("dict", tuple(sorted(v.items())))
    if isinstance(v, list):
        return tuple(v)
    return v


def _thawed(v: Any) -> Any:
    if isinstance(v, tuple) and v[:1] == ("dict",):
        return dict(v[1])
    if isinstance(v, tuple):
        return list(v)
    return v


@lru_cache(maxsize=CARD_CACHE)
def _card_image(key: tuple[tuple[str, Any], ...], mark: str, mark_fill: tuple[int, int, int],
                suffix: bool) -> Image.Image:
    p = {k: _thawed(v) for k, v in key}
    small = is_small(p)
    W, H = (LAND_W, LAND_H) if small else (CARD_W, CARD_H)
    frame = frame_of(p)
    creature = p["power"] is not None or "creature" in p["types"]
    ty = H - INNER - (54 if creature or p["damage"] else 24)  # the type line's top
    sizes = (17, 16, 15, 14) if small else (21, 19, 17, 15)
    bar_bottom = INNER + 6 + (sizes[0] + 3) * 2
    im = _blank(frame, W, H, bar_bottom, ty).copy()
    draw = ImageDraw.Draw(im)
    inner = INNER
    # the name, up to two lines, on a light bar
    name = p["name"]
    tag = p["ref"][len(name):] if suffix and p["ref"].startswith(name) else ""  # "#2" of a second Grizzly Bears
    f, lines = fit_lines(name, W - 2 * inner - 10 - (int(font(14).getlength(tag)) + 2 if tag else 0), sizes, 2)
    line_h = f.size + 3
    y = inner + 4 + (bar_bottom - inner - 6 - line_h * len(lines)) // 2
    for ln in lines:
        draw.text((inner + 5, y), ln, font=f, fill=INK)
        y += line_h
    if tag:
        draw.text((W - inner - 4, bar_bottom - 4), tag, font=font(14), fill=TAG, anchor="rd")
    # the cost under the name, on the frame
    on_frame = LIGHT if _dark(frame) else INK
    cost = mana_symbols(name)
    top = bar_bottom + 5
    if cost:
        draw_cost(im, cost, W - inner - 2, top, W - 2 * inner - 4)
    # the picture area: keywords and what is on the card
    y = top + (28 if cost or mark else 2)
    if mark:
        draw.rectangle((inner, top, W - inner - 1, top + 24), fill=mark_fill, outline=INK)
        draw.text((W // 2, top + 13), mark, font=font(15), fill=LIGHT, anchor="mm")
    kws = [k for k in p.get("keywords", ()) if k != "untargetable"]
    if kws:
        kf, klines = fit_lines(", ".join(k.capitalize() for k in kws), W - 2 * inner - 6, (16, 14, 13), 2,
                               condensed=True)
        for ln in klines:
            draw.text((inner + 4, y), ln, font=kf, fill=on_frame)
            y += kf.size + 2
        y += 3
    chips: list[tuple[str, tuple[int, int, int]]] = []
    for k, v in p["counters"].items():
        if v:
            chips.append((f"{k} ×{v}" if v > 1 or not k.startswith(("+", "-")) else k, (90, 70, 140)))
    if p["token"]:
        chips.append(("token", (90, 90, 90)))
    if p["sick"]:
        chips.append(("sick", (110, 110, 110)))
    x = inner + 2
    for text, fill in chips:
        w = int(font(13).getlength(text)) + 12
        if x + w > W - inner and x > inner + 2:
            x, y = inner + 2, y + 24
        _chip(draw, (x, y), text, fill, size=13)
        x += w + 4
    # the type line
    tf, tlines = fit_lines(type_line(p), W - 2 * inner - 10, (15, 14, 13, 12), 1)
    draw.text((inner + 5, ty + 11), tlines[0], font=tf, fill=INK, anchor="lm")
    # power/toughness as they are now, damage
    by = H - inner - 26
    if creature:
        pt = f"{p['power']}/{p['toughness']}" if p["power"] is not None else "?/?"
        pf = font(22)
        w = int(pf.getlength(pt)) + 14
        box = (W - inner - 1 - w, by - 2, W - inner - 1, H - inner - 1)
        draw.rounded_rectangle(box, radius=6, fill=PAPER, outline=INK, width=2)
        d = printed(name)
        changed = d is not None and d["power"] is not None and pt != f"{d['power']}/{d['toughness']}"
        draw.text(((box[0] + box[2]) / 2, (box[1] + box[3]) / 2 + 1), pt, font=pf,
                  fill=CHANGED_PT if changed else INK, anchor="mm")
    if p["damage"]:
        _chip(draw, (inner, by), f"{p['damage']} damage", RED, size=15)
    return to_palette(im)


def aura_strip(p: dict[str, Any], width: int, host_controller: int, names: list[str]) -> Image.Image:
    """An aura drawn under what it enchants: a strip in its frame with its name
    (and its controller's, when not the host's). Kept, as cards are."""
    text = p["ref"] + (f" ({names[p['controller']]})" if p["controller"] != host_controller else "")
    return _aura_strip(text, frame_of(p), width)


@lru_cache(maxsize=256)
def _aura_strip(text: str, frame: tuple[int, int, int], width: int) -> Image.Image:
    im = Image.new("RGB", (width, AURA_H), TABLE)
    draw = ImageDraw.Draw(im)
    draw.rounded_rectangle((0, 0, width - 1, AURA_H - 1), radius=6, fill=frame, outline=INK, width=2)
    f, lines = fit_lines(text, width - 16, (16, 15, 14, 13), 1)
    draw.text((8, AURA_H // 2 + 1), lines[0], font=f, fill=LIGHT if _dark(frame) else INK, anchor="lm")
    return to_palette(im)


# ------------------------------------------------------------------ the table


@dataclass
class Item:
    """Something placed in a row: a card (with its auras), a band of attackers,
    or a stack of lands; it draws itself at (x, y) and says what it placed."""

    w: int
    h: int
    paint: Callable[[Image.Image, int, int], list[Placed]]


def _tapped(im: Image.Image) -> Image.Image:
    return im.transpose(Image.Transpose.ROTATE_270)  # turned clockwise, as a player taps


def _card_item(p: dict[str, Any], auras: list[dict[str, Any]], names: list[str], mark: str = "",
               mark_fill: tuple[int, int, int] = ATTACK) -> Item:
    im = card_image(p, mark, mark_fill)
    if p["tapped"]:
        im = _tapped(im)
    w, h = im.size
    strips = [aura_strip(a, w, p["controller"], names) for a in auras]
    total_h = h + sum(s.height + 3 for s in strips)

    def paint(canvas: Image.Image, x: int, y: int) -> list[Placed]:
        top = y + (total_h - h - sum(s.height + 3 for s in strips))
        canvas.paste(im, (x, top))
        out = [Placed((p["ref"],), (x, top, x + w, top + h), p["controller"], "card", p["tapped"])]
        sy = top + h + 3
        for a, s in zip(auras, strips):
            canvas.paste(s, (x, sy))
            out.append(Placed((a["ref"],), (x, sy, x + w, sy + s.height), a["controller"], "aura", a["tapped"]))
            sy += s.height + 3
        return out
    return Item(w, total_h, paint)


def _stack_item(lands: list[dict[str, Any]]) -> Item:
    """Plain lands of one name, all tapped or all untapped: one card with the others behind it."""
    first = lands[0]
    n = len(lands)
    im = _stack_face(_card_key(first), n)
    shown = min(n, STACK_SHOWN)
    w, h = im.size[0] + (shown - 1) * STACK_STEP, im.size[1] + (shown - 1) * STACK_STEP

    def paint(canvas: Image.Image, x: int, y: int) -> list[Placed]:
        for i in range(shown):
            canvas.paste(im, (x + (shown - 1 - i) * STACK_STEP, y + (shown - 1 - i) * STACK_STEP))
        return [Placed(tuple(q["ref"] for q in lands), (x, y, x + w, y + h), first["controller"], "stack",
                       first["tapped"])]
    return Item(w, h, paint)


@lru_cache(maxsize=64)
def _stack_face(key: tuple[tuple[str, Any], ...], n: int) -> Image.Image:
    """The top card (:func:`_card_key`) of a stack of *n*: turned if tapped, with
    the count drawn smooth (in colour, then back to the palette)."""
    card = _card_image(key, "", ATTACK, False)
    im = _tapped(card) if dict(key)["tapped"] else card
    if n > 1:
        im = im.convert("RGB")
        text = f"×{n}"
        bw = int(font(24).getlength(text)) + 12
        _chip(ImageDraw.Draw(im), (im.size[0] // 2 - bw // 2, im.size[1] // 2 - 12), text, INK, size=24,
              ink=GOLD_TEXT)
        im = to_palette(im)
    return im


def _band_item(members: list[Item], label: str, bg: tuple[int, int, int]) -> Item:
    """Attackers in one band, framed together (on the band's colour *bg*)."""
    pad = 6
    w = sum(m.w for m in members) + GAP * (len(members) - 1) + 2 * pad
    h = max(m.h for m in members) + 2 * pad + 22
    text = label_image(label, font(15), ATTACK, bg)

    def paint(canvas: Image.Image, x: int, y: int) -> list[Placed]:
        draw = ImageDraw.Draw(canvas)
        draw.rounded_rectangle((x, y, x + w, y + h), radius=12, outline=index(ATTACK), width=4)
        canvas.paste(text, (x + 12, y + 4))
        out: list[Placed] = []
        cx = x + pad
        for m in members:
            out += m.paint(canvas, cx, y + pad + 22)
            cx += m.w + GAP
        return out
    return Item(w, h, paint)


def _is_plain_land(p: dict[str, Any], hosts: set[str]) -> bool:
    return (p["types"] == ["land"] and p["power"] is None and not p["damage"] and not p["token"]
            and not any(p["counters"].values()) and p["ref"] not in hosts and not p["attached_to"])


def side_rows(v: dict[str, Any], player: int, bg: tuple[int, int, int] = BAND) -> list[list[Item]]:
    """A player's permanents as groups of items: lands and other permanents, then
    creatures (the caller puts the creatures nearest the middle); *bg*: the colour
    of the player's side."""
    names = [pl["name"] for pl in v["players"]]
    perms = v["battlefield"]
    by_ref = {p["ref"]: p for p in perms}
    auras_on: dict[str, list[dict[str, Any]]] = {}
    for p in perms:
        if p["attached_to"] and p["attached_to"] in by_ref:
            auras_on.setdefault(p["attached_to"], []).append(p)
    mine = [p for p in perms if p["controller"] == player
            and not (p["attached_to"] and p["attached_to"] in by_ref)]
    combat = v.get("combat") or {"bands": [], "blocks": {}}
    band_of: dict[str, int] = {}
    for i, band in enumerate(combat["bands"]):
        for r in band:
            band_of[r] = i
    blocking: dict[str, int] = {}
    for i, bl in combat["blocks"].items():
        for r in bl:
            blocking[r] = int(i)

    def attached(ref: str, seen: frozenset[str] = frozenset()) -> list[dict[str, Any]]:
        """What is attached to *ref*, and to those in turn (an aura on an aura)."""
        out = []
        for a in auras_on.get(ref, []):
            if a["ref"] not in seen:
                out += [a] + attached(a["ref"], seen | {ref})
        return out

    def band_name(i: int) -> str:
        return " + ".join(combat["bands"][i])

    def item(p: dict[str, Any]) -> Item:
        mark, fill = "", ATTACK
        if p["ref"] in band_of:
            mark = "ATTACKING"
        elif p["ref"] in blocking:
            mark, fill = "BLOCKING", BLOCK
        it = _card_item(p, attached(p["ref"]), names, mark, fill)
        if p["ref"] in blocking and band_name(blocking[p["ref"]]):  # what it blocks, over its aura strips
            it = _with_caption(it, "→ " + band_name(blocking[p["ref"]]), BLOCK, bg)
        return it

    hosts = set(auras_on)
    lands = [p for p in mine if "land" in p["types"] and "creature" not in p["types"]]
    creatures = [p for p in mine if "creature" in p["types"]]
    others = [p for p in mine if p not in lands and p not in creatures]
    land_items: list[Item] = []
    stacks: dict[tuple[str, bool], list[dict[str, Any]]] = {}
    for p in lands:
        if _is_plain_land(p, hosts):
            stacks.setdefault((p["name"], p["tapped"]), []).append(p)
        else:
            land_items.append(item(p))
    land_items = [_stack_item(s) for s in stacks.values()] + land_items
    creature_items: list[Item] = []
    banded: set[int] = set()
    for p in creatures:
        b = band_of.get(p["ref"])
        if b is not None and len(combat["bands"][b]) > 1:
            if b in banded:
                continue
            banded.add(b)
            members = [by_ref[r] for r in combat["bands"][b] if r in by_ref]
            creature_items.append(_band_item([item(m) for m in members], "band", bg))
        else:
            creature_items.append(item(p))
    return [[item(p) for p in others] + land_items, creature_items]


def _with_caption(it: Item, text: str, fill: tuple[int, int, int], bg: tuple[int, int, int]) -> Item:
    """*it* with a line of text over it (what a blocker blocks), on *bg*."""
    f, lines = fit_lines(text, max(it.w, CARD_W) - 4, (15, 14, 13), 1)
    caption = label_image(lines[0], f, fill, bg)
    h = 20

    def paint(canvas: Image.Image, x: int, y: int) -> list[Placed]:
        canvas.paste(caption, (x + 2, y + 1))
        return it.paint(canvas, x, y + h)
    return Item(it.w, it.h + h, paint)


def _flow(items: list[Item], width: int) -> list[list[Item]]:
    rows: list[list[Item]] = []
    cur: list[Item] = []
    used = 0
    for it in items:
        if cur and used + GAP + it.w > width:
            rows.append(cur)
            cur, used = [], 0
        used += (GAP if cur else 0) + it.w
        cur.append(it)
    if cur:
        rows.append(cur)
    return rows


def header_lines(v: dict[str, Any], i: int) -> tuple[str, list[tuple[str, tuple[int, int, int]]]]:
    """A player's name and the facts of their header, each with its colour."""
    pl = v["players"][i]
    facts: list[tuple[str, tuple[int, int, int]]] = [(f"♥ {pl['life']}", LIGHT)]
    if pl["poison"]:
        facts.append((f"☠ {pl['poison']} poison", POISON))
    facts.append((f"hand {pl['hand_count']}", MUTED))
    facts.append((f"library {pl['library_count']}", MUTED))
    if pl["mana_pool"]:
        facts.append((f"pool {pl['mana_pool']}", GOLD_TEXT))
    gy = pl["graveyard"]
    facts.append((f"graveyard {len(gy)}" + (f": {gy[0]}" if gy else ""), MUTED))
    if pl["ante"]:
        facts.append(("ante: " + ", ".join(pl["ante"]), GOLD_TEXT))
    if pl["removed"]:
        facts.append((f"removed {len(pl['removed'])}", MUTED))
    if pl.get("hand_face_up") and pl.get("hand") is not None:
        facts.append(("hand face up: " + (", ".join(pl["hand"]) or "empty"), GOLD_TEXT))
    if pl.get("library_top"):
        facts.append((f"library top: {pl['library_top']}", GOLD_TEXT))
    return pl["name"], facts


def middle_lines(v: dict[str, Any]) -> list[tuple[str, tuple[int, int, int], int]]:
    """The middle strip: the turn and step, the stack, the batch, whose move."""
    pl = v["players"]
    out: list[tuple[str, tuple[int, int, int], int]] = []
    if v["turn"] == 0:
        out.append(("Before the first turn", LIGHT, 24))
    else:
        step = v["phase"] + (f" — {v['step']}" if v["step"] != v["phase"] else "")
        active = pl[v["active"]]["name"]
        whose = "your" if active == "you" else f"{active}'s"  # the terminal's player is "you"
        out.append((f"Turn {v['turn']} · {whose} {step}", LIGHT, 24))
    if v.get("subgame"):
        out.append((f"Subgame (Shahrazad), {v['subgame']} deep; the duel's life: "
                    + " / ".join(str(x) for x in v["duel_life"]), GOLD_TEXT, 18))

    def spell(s: dict[str, Any]) -> str:
        x = f" (X={s['x']})" if s.get("x") is not None and "X" in mana_symbols(s["name"]) else ""
        to = f" → {', '.join(s['targets'])}" if s["targets"] else ""
        return f"{s['name']}{x}{to} — {pl[s['controller']]['name']}"
    for s in v.get("spells") or []:
        out.append(("Being cast: " + spell(s), GOLD_TEXT, 20))
    if v.get("batch"):
        out.append(("Batch: " + "; ".join(spell(s) for s in v["batch"]), GOLD_TEXT, 20))
    if v["over"]:
        w = "a draw" if v["winner"] is None else f"{pl[v['winner']]['name']} wins"
        out.append((f"The duel is over: {w}" + (f" ({v['end_reason']})" if v["end_reason"] else ""), GOLD_TEXT, 22))
    elif v.get("pending"):
        d = v["pending"]
        out.append((f"Waiting for {pl[d['player']]['name']}: {d['kind']}", WAITING, 20))
    return out


def _mix(a: tuple[int, int, int], b: tuple[int, int, int], k: float) -> tuple[int, int, int]:
    return tuple(round(x + (y - x) * k) for x, y in zip(a, b))  # type: ignore[return-value]


@lru_cache(maxsize=1)
def palette() -> Image.Image:
    """The picture's 256 colours: those it draws with, and the shades between
    its text and what the text is drawn on (the edges of smoothed letters).
    A fixed palette makes the PNG a byte a pixel (small, and fast to write)
    and the same board the same bytes."""
    base = [TABLE, TABLE_LINE, BAND, ACTIVE_BAND, INK, PAPER, LIGHT, MUTED, GOLD_TEXT, RED, ATTACK, BLOCK, POISON,
            WAITING, CHANGED_PT, TAG, (90, 70, 140), (90, 90, 90), (110, 110, 110), (200, 196, 188),
            *FRAMES.values(), *MANA_DOTS.values()]
    colours = list(dict.fromkeys(base))
    for ink in (INK, LIGHT):
        for bg in base:
            for k in (0.25, 0.5, 0.75):
                colours.append(_mix(ink, bg, k))
    for ink in (MUTED, GOLD_TEXT, ATTACK, BLOCK, POISON, WAITING, CHANGED_PT, TAG):
        for bg in (TABLE, BAND, ACTIVE_BAND, PAPER):
            colours.append(_mix(ink, bg, 0.5))
    colours = list(dict.fromkeys(colours))[:256]
    flat = [c for rgb in colours for c in rgb] + [0, 0, 0] * (256 - len(colours))
    pal = Image.new("P", (1, 1))
    pal.putpalette(flat)
    return pal


@lru_cache(maxsize=1)
def _indexes() -> dict[tuple[int, int, int], int]:
    flat = palette().getpalette() or []
    out: dict[tuple[int, int, int], int] = {}
    for i in range(len(flat) // 3):
        out.setdefault((flat[3 * i], flat[3 * i + 1], flat[3 * i + 2]), i)
    return out


def index(rgb: tuple[int, int, int]) -> int:
    """The palette entry of one of the picture's colours (shapes on the canvas)."""
    return _indexes()[rgb]


def to_palette(im: Image.Image) -> Image.Image:
    """An RGB piece of the picture in its palette: each piece (a card, a line of
    text) is drawn smooth in colour, then mapped once; the canvas is a byte a pixel."""
    return im.quantize(palette=palette(), dither=Image.Dither.NONE)


@lru_cache(maxsize=1024)
def label_image(text: str, f: ImageFont.FreeTypeFont, fill: tuple[int, int, int],
                bg: tuple[int, int, int]) -> Image.Image:
    """One line of text on *bg*, in the palette (its top-left is where the text starts)."""
    left, top, right, bottom = f.getbbox(text)
    im = Image.new("RGB", (max(1, int(right) + 2), max(1, int(bottom) + 2)), bg)
    ImageDraw.Draw(im).text((0, 0), text, font=f, fill=fill)
    return to_palette(im)


def png_bytes(im: Image.Image) -> bytes:
    """*im* (in the picture's palette, or mapped to it) as a PNG."""
    buf = io.BytesIO()
    (im if im.mode == "P" else to_palette(im)).save(buf, "PNG", compress_level=3)
    return buf.getvalue()


def board_picture(v: dict[str, Any], *, bottom: int = 0) -> Picture:
    """The board of the public view *v* (``viewer`` None) as a PNG; *bottom*: the
    player whose side is at the bottom (the other's at the top)."""
    if v.get("viewer") is not None:
        raise ValueError("the picture is drawn from the public view (viewer None) only")
    im, placed = draw_board(v, bottom=bottom)
    return Picture(png_bytes(im), im.size, placed)


def _side_height(rows: list[list[Item]]) -> int:
    return sum(max(it.h for it in r) + GAP for r in rows)


_DRAWING = threading.Lock()


def draw_board(v: dict[str, Any], *, bottom: int = 0) -> tuple[Image.Image, list[Placed]]:
    """The board as an image in the picture's palette, and what was placed where
    (see :func:`board_picture`). One drawing at a time: the bot draws in worker
    threads, and the kept images and fonts (one FreeType face per size) are
    shared."""
    with _DRAWING:
        return _draw_board(v, bottom=bottom)


def _draw_board(v: dict[str, Any], *, bottom: int = 0) -> tuple[Image.Image, list[Placed]]:
    top = 1 - bottom
    row_w = MAX_ROW * (CARD_W + GAP) - GAP
    sides: dict[int, list[list[Item]]] = {}
    widest = 0

    def band_fill(i: int) -> tuple[int, int, int]:
        return ACTIVE_BAND if v["active"] == i and v["turn"] else BAND

    for i in (top, bottom):
        groups = side_rows(v, i, band_fill(i))  # lands and others at the far edge, creatures nearest the middle
        if i == bottom:
            groups = groups[::-1]
        rows = [r for g in groups for r in _flow(g, row_w)]
        sides[i] = rows
        for r in rows:
            widest = max(widest, sum(it.w for it in r) + GAP * (len(r) - 1))
    width = max(MIN_W, widest + 2 * MARGIN)
    head_h = 64
    mid = middle_lines(v)
    mid_fonts = [fit_lines(t, width - 2 * MARGIN, (s, s - 2, s - 4, 12), 2, condensed=True) for t, _, s in mid]
    mid_h = 16 + sum(len(ls) * (f.size + 6) for f, ls in mid_fonts)
    height = (2 * head_h + mid_h + 2 * MARGIN + 4 * GAP
              + sum(max(_side_height(sides[i]), CARD_H // 3) for i in (0, 1)))
    im = Image.new("P", (width, height), index(TABLE))
    im.putpalette(palette().getpalette() or [])
    draw = ImageDraw.Draw(im)
    placed: list[Placed] = []
    y = MARGIN

    def text_at(x: float, y: float, text: str, f: ImageFont.FreeTypeFont, colour: tuple[int, int, int],
                bg: tuple[int, int, int], anchor: str) -> None:
        """*text* with its left middle ("lm") or middle top ("ma") at (x, y)."""
        label = label_image(text, f, colour, bg)
        if anchor == "lm":
            ascent, descent = f.getmetrics()
            im.paste(label, (int(x), int(y - (ascent + descent) / 2)))
        else:
            im.paste(label, (int(x - label.width / 2), int(y)))

    def band(i: int, y0: int, y1: int) -> None:
        active = v["active"] == i and v["turn"]
        draw.rounded_rectangle((MARGIN // 2, y0, width - MARGIN // 2, y1), radius=14, fill=index(band_fill(i)),
                               outline=index(GOLD_TEXT if active else TABLE_LINE), width=2)

    def header(i: int, y0: int) -> None:
        name, facts = header_lines(v, i)
        bg = band_fill(i)
        x = MARGIN + 8
        d = v.get("pending")
        if d and not v["over"] and d["player"] == i:  # whose move it is
            draw.ellipse((x, y0 + 20, x + 20, y0 + 40), fill=index(WAITING), outline=index(INK))
            x += 28
        nf = font(30)
        name = _clip(name, nf, 320)
        text_at(x, y0 + 30, name, nf, LIGHT, bg, "lm")
        x += int(nf.getlength(name)) + 22
        first = True
        for text, colour in facts:
            f = font(30) if first else font(19)
            if x + f.getlength(text) > width - MARGIN - 8:
                text = _clip(text, f, width - MARGIN - 8 - x)
                if text == "…":
                    break
            text_at(x, y0 + 31, text, f, colour, bg, "lm")
            x += int(f.getlength(text)) + (22 if first else 18)
            first = False

    def side(i: int, y0: int, rows: list[list[Item]]) -> int:
        y = y0
        for r in rows:
            h = max(it.h for it in r)
            x = MARGIN
            for it in r:
                # items of the top side hang from the top; of the bottom side, stand on the bottom
                placed.extend(it.paint(im, x, y + (h - it.h if i == bottom else 0)))
                x += it.w + GAP
            y += h + GAP
        return y

    # the top player: header, then lands and others, then creatures
    top_h = max(_side_height(sides[top]), CARD_H // 3)
    band(top, y, y + head_h + top_h + GAP)
    header(top, y)
    side(top, y + head_h, sides[top])
    y += head_h + top_h + 2 * GAP
    # the middle strip
    yy = y + 8
    for (f, ls), (_, colour, _) in zip(mid_fonts, mid):
        for ln in ls:
            text_at(width // 2, yy, ln, f, colour, TABLE, "ma")
            yy += f.size + 6
    y += mid_h + GAP
    # the bottom player: creatures, then lands and others, then the header
    bot_h = max(_side_height(sides[bottom]), CARD_H // 3)
    band(bottom, y, y + head_h + bot_h + GAP)
    side(bottom, y + GAP, sides[bottom])
    header(bottom, y + bot_h + GAP)
    return im, placed


# what is kept between pictures (the benchmark empties them to measure a first drawing)
CACHES = (_card_image, _stack_face, _aura_strip, label_image, _blank, _mana_dot)


# ------------------------------------------------------------------ when it changes


def moment(v: dict[str, Any]) -> tuple[Any, ...]:
    """What makes the picture worth sending again: a new turn or step, a spell cast
    or resolved (the stack, the batch), attackers or blockers declared, a
    permanent come or gone, a life or poison total changed, the move passed to
    the other player (the picture says whose it is), the end of the duel. Mana
    tapped, a choice being put together, the same player's next decision change
    nothing here (the thread's text board shows those)."""
    return (v["turn"], v["phase"], v["step"], v.get("subgame"), (v.get("pending") or {}).get("player"),
            tuple((p["life"], p["poison"]) for p in v["players"]),
            tuple((s["name"], tuple(s["targets"])) for s in v.get("spells") or ()),
            tuple((s["name"], tuple(s["targets"])) for s in v.get("batch") or ()),
            repr(v.get("combat")), v["over"], len(v.get("battlefield") or ()))


def animated(frames: list[Image.Image], *, ms: int = 1200) -> bytes:
    """An animated GIF of *frames* (a replay), each shown *ms* milliseconds, the
    last one three times longer; frames of different sizes are drawn on the
    largest canvas."""
    if not frames:
        raise ValueError("no frames")
    w = max(f.width for f in frames)
    h = max(f.height for f in frames)
    out = []
    for f in frames:
        f = f if f.mode == "P" else to_palette(f)
        if f.size != (w, h):
            c = Image.new("P", (w, h), index(TABLE))
            c.putpalette(palette().getpalette() or [])
            c.paste(f, (0, 0))
            f = c
        out.append(f)
    buf = io.BytesIO()
    durations = [ms] * (len(out) - 1) + [ms * 3]
    out[0].save(buf, "GIF", save_all=True, append_images=out[1:], duration=durations, loop=0)
    return buf.getvalue()
