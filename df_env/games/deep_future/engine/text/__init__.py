"""Text for people: actions, decisions, events and whole positions as strings (:mod:`.render`), card and event
wording (:mod:`.cardtext`, :mod:`.eventtext`)."""

from .render import (
    CONTEXT_DOCS,
    TABLE3_EFFECTS,
    TABLE4_EFFECTS,
    WONDER_EFFECTS,
    Event,
    action_to_string,
    adv_label,
    card_label,
    card_to_string,
    decision_to_string,
    event_strings,
    event_to_string,
    events,
    render_text,
    sector_label,
    sector_to_string,
    slot_card,
)

__all__ = [
    "CONTEXT_DOCS",
    "TABLE3_EFFECTS",
    "TABLE4_EFFECTS",
    "WONDER_EFFECTS",
    "Event",
    "action_to_string",
    "adv_label",
    "card_label",
    "card_to_string",
    "decision_to_string",
    "event_strings",
    "event_to_string",
    "events",
    "render_text",
    "sector_label",
    "sector_to_string",
    "slot_card",
]
