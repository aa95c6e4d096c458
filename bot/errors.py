"""The error every service raises for what a user asked that cannot be done."""
from __future__ import annotations


class DuelError(Exception):
    """Something a user asked that cannot be done; the message says why."""
