"""Discord's server-side validation of message bodies and application commands.

discord.py checks little of this locally, so a bot that sends a 2001-character
message or six buttons in a row only finds out in production. The fake rejects
such requests with Discord's real status and error codes (400 / 50035 "Invalid
Form Body", 50006 "Cannot send an empty message"), so a bot test sees the same
``discord.HTTPException`` it would get from Discord.
"""
from __future__ import annotations

import re
from typing import Any

from .errors import APIError, empty_message, form_error
from .model import FLAG_COMPONENTS_V2, walk_components

MAX_CONTENT = 2000
MAX_EMBEDS = 10
EMBED_TOTAL = 6000

_COMMAND_NAME_RE = re.compile(r"^[-_'\w\u0900-\u097F\u0E00-\u0E7F]{1,32}$")

#: Component types that may appear inside a message (not text inputs, which are modal-only).
_MESSAGE_COMPONENT_TYPES = {1, 2, 3, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 17}
_SELECT_TYPES = {3, 5, 6, 7, 8}


def _check_len(path: str, value: Any, maximum: int, minimum: int = 0) -> None:
    if value is None:
        return
    if not isinstance(value, str):
        raise form_error(path, "BASE_TYPE_STRING", "Must be a string.")
    if len(value) > maximum:
        raise form_error(path, "BASE_TYPE_MAX_LENGTH", f"Must be {maximum} or fewer in length.")
    if len(value) < minimum:
        raise form_error(path, "BASE_TYPE_MIN_LENGTH", f"Must be {minimum} or more in length.")


def validate_embeds(embeds: list[dict[str, Any]]) -> None:
    """Embed limits: 10 per message, title 256, description 4096, 25 fields... 6000 chars total."""
    if len(embeds) > MAX_EMBEDS:
        raise form_error("embeds", "BASE_TYPE_MAX_LENGTH", f"Must be {MAX_EMBEDS} or fewer in length.")
    total = 0
    for i, e in enumerate(embeds):
        p = f"embeds.{i}"
        _check_len(f"{p}.title", e.get("title"), 256)
        _check_len(f"{p}.description", e.get("description"), 4096)
        fields = e.get("fields") or []
        if len(fields) > 25:
            raise form_error(f"{p}.fields", "BASE_TYPE_MAX_LENGTH", "Must be 25 or fewer in length.")
        for j, f in enumerate(fields):
            _check_len(f"{p}.fields.{j}.name", f.get("name"), 256, 1)
            _check_len(f"{p}.fields.{j}.value", f.get("value"), 1024, 1)
            total += len(f.get("name") or "") + len(f.get("value") or "")
        footer = e.get("footer") or {}
        author = e.get("author") or {}
        _check_len(f"{p}.footer.text", footer.get("text"), 2048)
        _check_len(f"{p}.author.name", author.get("name"), 256)
        total += sum(len(x or "") for x in (e.get("title"), e.get("description"), footer.get("text"), author.get("name")))
    if total > EMBED_TOTAL:
        raise form_error("embeds", "MAX_EMBED_SIZE_EXCEEDED", "Embed size exceeds maximum size of 6000")


def _validate_button(path: str, b: dict[str, Any]) -> None:
    style = b.get("style")
    if style not in (1, 2, 3, 4, 5, 6):
        raise form_error(f"{path}.style", "BASE_TYPE_CHOICES", "Value must be one of (1, 2, 3, 4, 5, 6).")
    if style == 5:
        if not b.get("url"):
            raise form_error(f"{path}.url", "BASE_TYPE_REQUIRED", "This field is required")
        if b.get("custom_id"):
            raise form_error(f"{path}.custom_id", "BUTTON_COMPONENT_CUSTOM_ID_NOT_ALLOWED", "A custom id cannot be specified for link buttons")
    elif style != 6:
        if not b.get("custom_id"):
            raise form_error(f"{path}.custom_id", "BASE_TYPE_REQUIRED", "This field is required")
        if b.get("url"):
            raise form_error(f"{path}.url", "BUTTON_COMPONENT_URL_NOT_ALLOWED", "A url cannot be specified for non-link buttons")
    if not b.get("label") and not b.get("emoji") and style != 6:
        raise form_error(f"{path}.label", "BUTTON_COMPONENT_LABEL_OR_EMOJI_REQUIRED", "A label or emoji must be specified")
    _check_len(f"{path}.label", b.get("label"), 80)
    _check_len(f"{path}.custom_id", b.get("custom_id"), 100, 1)


def _validate_select(path: str, s: dict[str, Any]) -> None:
    _check_len(f"{path}.custom_id", s.get("custom_id"), 100, 1)
    if not s.get("custom_id"):
        raise form_error(f"{path}.custom_id", "BASE_TYPE_REQUIRED", "This field is required")
    _check_len(f"{path}.placeholder", s.get("placeholder"), 150)
    min_v = s.get("min_values", 1)
    max_v = s.get("max_values", 1)
    if not 0 <= min_v <= 25:
        raise form_error(f"{path}.min_values", "BASE_TYPE_BAD_INT", "int value should be between 0 and 25.")
    if not 1 <= max_v <= 25:
        raise form_error(f"{path}.max_values", "BASE_TYPE_BAD_INT", "int value should be between 1 and 25.")
    if min_v > max_v:
        raise form_error(f"{path}.min_values", "SELECT_COMPONENT_MIN_VALUES_GREATER_THAN_MAX", "min_values must be less than or equal to max_values")
    if s.get("type") == 3:
        options = s.get("options") or []
        if not 1 <= len(options) <= 25:
            raise form_error(f"{path}.options", "BASE_TYPE_BAD_LENGTH", "Must be between 1 and 25 in length.")
        if max_v > len(options):
            raise form_error(f"{path}.max_values", "SELECT_COMPONENT_MAX_VALUES_EXCEEDED", "max_values exceeds the number of options")
        values = set()
        for k, o in enumerate(options):
            _check_len(f"{path}.options.{k}.label", o.get("label"), 100, 1)
            _check_len(f"{path}.options.{k}.value", o.get("value"), 100, 1)
            _check_len(f"{path}.options.{k}.description", o.get("description"), 100)
            if o.get("value") in values:
                raise form_error(f"{path}.options.{k}.value", "SELECT_COMPONENT_OPTION_VALUE_DUPLICATED", "Option values must be unique")
            values.add(o.get("value"))


def validate_components(components: list[dict[str, Any]], flags: int) -> None:
    """Action rows (max 5, max 5 buttons or 1 select each), unique custom ids, field limits."""
    v2 = bool(flags & FLAG_COMPONENTS_V2)
    if not v2:
        if len(components) > 5:
            raise form_error("components", "BASE_TYPE_MAX_LENGTH", "Must be 5 or fewer in length.")
        for i, row in enumerate(components):
            if row.get("type") != 1:
                raise form_error(f"components.{i}.type", "UNION_TYPE_CHOICES", "Value of field \"type\" must be one of (1,).")
            children = row.get("components") or []
            if not children:
                raise form_error(f"components.{i}.components", "BASE_TYPE_MIN_LENGTH", "Must be 1 or more in length.")
            selects = [c for c in children if c.get("type") in _SELECT_TYPES]
            if selects and len(children) > 1:
                raise form_error(f"components.{i}.components", "COMPONENT_LAYOUT_WIDTH_EXCEEDED", "The specified component exceeds the maximum width")
            if len(children) > 5:
                raise form_error(f"components.{i}.components", "BASE_TYPE_MAX_LENGTH", "Must be 5 or fewer in length.")
    else:
        if len(list(walk_components(components))) > 40:
            raise form_error("components", "MAX_COMPONENTS", "Must be 40 or fewer components in total.")
    seen: set[str] = set()
    for idx, comp in enumerate(walk_components(components)):
        ctype = comp.get("type")
        path = f"components.{idx}"
        if ctype not in _MESSAGE_COMPONENT_TYPES:
            raise form_error(f"{path}.type", "COMPONENT_TYPE_INVALID", f"Component type {ctype} is not allowed in messages")
        if not v2 and ctype not in {1, 2} | _SELECT_TYPES:
            raise form_error(f"{path}.type", "COMPONENT_TYPE_INVALID", "This component type requires the IS_COMPONENTS_V2 flag")
        if ctype == 2:
            _validate_button(path, comp)
        elif ctype in _SELECT_TYPES:
            _validate_select(path, comp)
        cid = comp.get("custom_id")
        if cid:
            if cid in seen:
                raise form_error(f"{path}.custom_id", "COMPONENT_CUSTOM_ID_DUPLICATED", "Component custom id cannot be duplicated")
            seen.add(cid)


def validate_message(content: str, embeds: list[dict[str, Any]], components: list[dict[str, Any]],
                     n_attachments: int, flags: int, *, has_poll: bool = False, has_stickers: bool = False) -> None:
    """Validate a complete (post-edit) message the way Discord does."""
    if content and len(content) > MAX_CONTENT:
        raise form_error("content", "BASE_TYPE_MAX_LENGTH", f"Must be {MAX_CONTENT} or fewer in length.")
    validate_embeds(embeds)
    validate_components(components, flags)
    if flags & FLAG_COMPONENTS_V2:
        if content or embeds:
            raise form_error("content", "MESSAGE_CANNOT_USE_LEGACY_FIELDS_WITH_COMPONENTS_V2",
                             "The 'content' and 'embeds' fields cannot be used when using MessageFlags.IS_COMPONENTS_V2")
        if not components:
            raise empty_message()
        return
    if not (content or "").strip() and not embeds and not n_attachments and not has_poll and not has_stickers:
        raise empty_message()


# ------------------------------------------------------------------------------------
# Application commands
# ------------------------------------------------------------------------------------

def _validate_option(path: str, opt: dict[str, Any]) -> None:
    otype = opt.get("type")
    if otype not in range(1, 12):
        raise form_error(f"{path}.type", "BASE_TYPE_CHOICES", "Value must be one of (1..11).")
    name = opt.get("name") or ""
    if not _COMMAND_NAME_RE.match(name) or name != name.lower():
        raise form_error(f"{path}.name", "APPLICATION_COMMAND_INVALID_NAME", "Command name is invalid")
    _check_len(f"{path}.description", opt.get("description"), 100, 1)
    if otype in (1, 2) and opt.get("required"):
        raise form_error(f"{path}.required", "APPLICATION_COMMAND_OPTION_REQUIRED_INVALID", "Subcommands cannot be required")
    choices = opt.get("choices")
    if choices:
        if otype not in (3, 4, 10):
            raise form_error(f"{path}.choices", "APPLICATION_COMMAND_OPTION_CHOICES_INVALID", "Choices are only valid for string, integer and number options")
        if len(choices) > 25:
            raise form_error(f"{path}.choices", "BASE_TYPE_MAX_LENGTH", "Must be 25 or fewer in length.")
        if opt.get("autocomplete"):
            raise form_error(f"{path}.autocomplete", "APPLICATION_COMMAND_OPTION_AUTOCOMPLETE_AND_CHOICES", "Autocomplete and choices are mutually exclusive")
        for k, ch in enumerate(choices):
            _check_len(f"{path}.choices.{k}.name", ch.get("name"), 100, 1)
            if otype == 3:
                _check_len(f"{path}.choices.{k}.value", ch.get("value"), 100, 1)
    if opt.get("autocomplete") and otype not in (3, 4, 10):
        raise form_error(f"{path}.autocomplete", "APPLICATION_COMMAND_OPTION_AUTOCOMPLETE_INVALID", "Autocomplete is only valid for string, integer and number options")
    sub = opt.get("options") or []
    if otype == 2:
        if not sub or any(o.get("type") != 1 for o in sub):
            raise form_error(f"{path}.options", "APPLICATION_COMMAND_SUBCOMMAND_GROUP_INVALID", "Subcommand groups may only contain subcommands")
    elif otype == 1:
        if any(o.get("type") in (1, 2) for o in sub):
            raise form_error(f"{path}.options", "APPLICATION_COMMAND_SUBCOMMAND_NESTED", "Subcommands cannot contain subcommands")
    elif sub:
        raise form_error(f"{path}.options", "APPLICATION_COMMAND_OPTIONS_INVALID", "Only subcommands and groups may have options")
    _validate_option_list(f"{path}.options", sub)


def _validate_option_list(path: str, options: list[dict[str, Any]]) -> None:
    if len(options) > 25:
        raise form_error(path, "BASE_TYPE_MAX_LENGTH", "Must be 25 or fewer in length.")
    names: set[str] = set()
    seen_optional = False
    kinds = {o.get("type") in (1, 2) for o in options}
    if len(kinds) > 1:
        raise form_error(path, "APPLICATION_COMMAND_OPTIONS_TYPE_INVALID", "Subcommands and options cannot be mixed")
    for i, opt in enumerate(options):
        _validate_option(f"{path}.{i}", opt)
        if opt["name"] in names:
            raise form_error(f"{path}.{i}.name", "APPLICATION_COMMAND_OPTIONS_NAME_ALREADY_EXISTS", "Option names must be unique")
        names.add(opt["name"])
        if opt.get("type") not in (1, 2):
            if opt.get("required"):
                if seen_optional:
                    raise form_error(f"{path}.{i}.required", "APPLICATION_COMMAND_OPTIONS_REQUIRED_INVALID", "Required options must be placed before non-required options")
            else:
                seen_optional = True


def validate_command(path: str, cmd: dict[str, Any]) -> None:
    """One application command definition (chat input, user or message context menu)."""
    ctype = cmd.get("type", 1)
    name = cmd.get("name") or ""
    if ctype == 1:
        if not _COMMAND_NAME_RE.match(name) or name != name.lower():
            raise form_error(f"{path}.name", "APPLICATION_COMMAND_INVALID_NAME", "Command name is invalid")
        _check_len(f"{path}.description", cmd.get("description"), 100, 1)
        _validate_option_list(f"{path}.options", cmd.get("options") or [])
    elif ctype in (2, 3):
        _check_len(f"{path}.name", name, 32, 1)
        if cmd.get("description"):
            raise form_error(f"{path}.description", "APPLICATION_COMMAND_CONTEXT_MENU_DESCRIPTION", "Context menu commands cannot have a description")
        if cmd.get("options"):
            raise form_error(f"{path}.options", "APPLICATION_COMMAND_CONTEXT_MENU_OPTIONS", "Context menu commands cannot have options")
    else:
        raise form_error(f"{path}.type", "BASE_TYPE_CHOICES", "Value must be one of (1, 2, 3, 4).")


def validate_command_list(commands: list[dict[str, Any]]) -> None:
    """A bulk overwrite: every command valid, names unique per type, at most 100 chat commands."""
    if not isinstance(commands, list):
        raise APIError(400, 50035, "Invalid Form Body")
    seen: set[tuple[int, str]] = set()
    per_type: dict[int, int] = {}
    for i, cmd in enumerate(commands):
        validate_command(str(i), cmd)
        key = (cmd.get("type", 1), cmd["name"])
        if key in seen:
            raise form_error(f"{i}.name", "APPLICATION_COMMANDS_DUPLICATE_NAME", "Application command names must be unique")
        seen.add(key)
        per_type[key[0]] = per_type.get(key[0], 0) + 1
    if per_type.get(1, 0) > 100 or per_type.get(2, 0) > 15 or per_type.get(3, 0) > 15:
        raise APIError(400, 30032, "Maximum number of application commands reached")
