"""Exceptions raised by the fake server and by simulated users.

Two families:

* :class:`APIError` is internal: a REST handler raises it and the server turns it
  into the JSON error body Discord would send (``{"message", "code", "errors"}``),
  so discord.py raises its usual ``HTTPException`` / ``Forbidden`` / ``NotFound``.
* :class:`SimUserError` and subclasses are raised *in the test* when a simulated
  user tries something a real user could not do (click a button that is not on
  the message, run a command that is not registered, see a message not meant for
  them) or when Discord would show "This interaction failed".
"""
from __future__ import annotations

from typing import Any


class APIError(Exception):
    """A Discord REST error response (status, JSON error code, message)."""

    def __init__(self, status: int, code: int, message: str, errors: dict[str, Any] | None = None) -> None:
        super().__init__(f"{status} (code {code}): {message}")
        self.status = status
        self.code = code
        self.message = message
        self.errors = errors

    def payload(self) -> dict[str, Any]:
        """The JSON body Discord sends for this error."""
        body: dict[str, Any] = {"message": self.message, "code": self.code}
        if self.errors:
            body["errors"] = self.errors
        return body


def form_error(field_path: str, code: str, message: str) -> APIError:
    """A ``50035 Invalid Form Body`` error for one field (``"embeds.0.title"`` style path)."""
    errors: dict[str, Any] = {}
    node = errors
    parts = field_path.split(".")
    for part in parts[:-1]:
        node = node.setdefault(part, {})
    node[parts[-1]] = {"_errors": [{"code": code, "message": message}]}
    return APIError(400, 50035, "Invalid Form Body", errors)


# Frequently used real Discord errors.
def unknown_channel() -> APIError:
    return APIError(404, 10003, "Unknown Channel")


def unknown_message() -> APIError:
    return APIError(404, 10008, "Unknown Message")


def unknown_user() -> APIError:
    return APIError(404, 10013, "Unknown User")


def unknown_guild() -> APIError:
    return APIError(404, 10004, "Unknown Guild")


def unknown_member() -> APIError:
    return APIError(404, 10007, "Unknown Member")


def unknown_webhook() -> APIError:
    return APIError(404, 10015, "Unknown Webhook")


def unknown_interaction() -> APIError:
    return APIError(404, 10062, "Unknown interaction")


def unknown_command() -> APIError:
    return APIError(404, 10063, "Unknown application command")


def already_acknowledged() -> APIError:
    return APIError(400, 40060, "Interaction has already been acknowledged.")


def cannot_dm() -> APIError:
    return APIError(403, 50007, "Cannot send messages to this user")


def empty_message() -> APIError:
    return APIError(400, 50006, "Cannot send an empty message")


def not_author() -> APIError:
    return APIError(403, 50005, "Cannot edit a message authored by another user")


def missing_access() -> APIError:
    return APIError(403, 50001, "Missing Access")


class HarnessError(AssertionError):
    """The post-test check found problems (error logs, unhandled routes, network escapes)."""


class SimUserError(AssertionError):
    """A simulated user attempted something a real Discord user cannot do."""


class NotVisible(SimUserError):
    """The user cannot see this channel or message."""


class ComponentNotFound(SimUserError):
    """No such component on the message as the user currently sees it."""


class ComponentDisabled(SimUserError):
    """The component exists but is disabled (or is a link button)."""


class CommandNotFound(SimUserError):
    """The command (or subcommand) is not registered / not available to this user here."""


class InvalidOptions(SimUserError):
    """The options do not satisfy the registered command schema (Discord's client would refuse)."""


class InteractionFailed(SimUserError):
    """The bot did not acknowledge the interaction in time: the user sees "This interaction failed"."""
