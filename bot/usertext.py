"""Text users typed, as the bot shows it: display names, deck names, decklist lines.

Discord renders markdown in every message, the bot's own included, so a display name
``[Accept](https://evil.example)`` would be a masked link in the bot's challenge, ``# HUGE``
a heading, and a U+202E (right-to-left override) would reverse the rest of the line.
:func:`shown` is the one way such text reaches a message: the invisible format characters
(bidi controls, zero-width spaces and joiners: Unicode category Cf) are removed, and
markdown is escaped (``discord.utils.escape_markdown``: emphasis, code, spoilers, quotes,
headings, lists and masked links). Mentions are not this module's business: the bot's
``allowed_mentions`` never lets a typed name ping a role, ``@everyone`` or ``@here``.
"""
from __future__ import annotations

import unicodedata

from discord.utils import escape_markdown

from .decklists import clip_text


def visible(text: str) -> str:
    """*text* without its invisible format characters (bidi controls, zero-width characters).

    >>> visible("\\u202eBurn\\u200b")
    'Burn'
    """
    return "".join(ch for ch in text if unicodedata.category(ch) != "Cf")


def shown(text: str, limit: int | None = None) -> str:
    """*text* (clipped to *limit* characters first, if given) safe to put in a message:
    shown literally, whatever markdown or bidi controls it holds.

    >>> shown("[Accept](https://evil.example)")
    '\\\\[Accept](https://evil.example)'
    >>> shown("# HUGE")
    '\\\\# HUGE'
    """
    text = visible(text)
    if limit is not None:
        text = clip_text(text, limit)
    return escape_markdown(text)
