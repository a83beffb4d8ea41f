"""The one place where the web app reads engine internals that ``df_env.engine`` does not export.

The engine's internal layout is being reorganised; every engine name the web app uses beyond the public API
(``from df_env import engine``) is imported here, so a move touches one file. The list:

- ``df_env.engine.text``: ``action_to_string``, ``decision_to_string``, ``event_strings``, ``card_to_string``,
  ``card_label``, ``sector_to_string``, ``wonder_text``, ``render_text`` (words of actions, decisions, events, cards);
- ``df_env.engine.text.templates``/``terms``: ``tr``, ``term``, ``challenge_row``, ``TEXT_LANGS`` (the text
  layer's sentences and words per language), ``section_title`` (a section line of ``render_text``);
- ``df_env.engine.text.eventtext``: ``events`` (the raw event tuples, for the end screen's reasons);
- ``df_env.engine.text.cardtext``: ``slot_card``, ``slot_name``, ``adv_label`` (tableau places, advancement names);
- ``df_env.engine.model.layout``: ``DECISIONS``, ``BLOCK_NAMES``, ``block_of``, ``PHASE_NAMES``, ``B_*`` block ids,
  ``BLOCK_SIZE`` (what an action id is about);
- ``df_env.engine.model.constants``: suit, track, victory and action names, ``NEIGH``, ``SECTOR_IDS``, ``N_SECTORS``,
  ``NEUTRAL``, ``TRACK_MIN``, ``TRACK_MAX``, ``TRACK_LOSE``, card types, ``FAILURE_TEXTS``, ``CHALLENGE_NAMES``;
- ``df_env.engine.text.propernames``: ``sector_name`` (a sector's name in a language);
- ``df_env.engine.observation``: ``observe`` (an agent seat's observation);
- ``df_env.campaign.core``/``campaign_io``: ``HomeworldLog``, ``CampaignError``, ``load_campaign``,
  ``save_campaign``, ``campaign_lock`` (a campaign's next game, recorded the CLI's safe way);
- ``df_env.engine.model.events``: the event codes ``EV_LOSE``, ``EV_WIN``, ``EV_FAILURE``, ``EV_CHALLENGE``,
  ``EV_NEW_CARD``, ``EV_DRAW``, ``EV_HOMEWORLD``, ``EV_NEUTRAL_WORLD``, ``EV_TURN``.
"""

from __future__ import annotations

from df_env.games.deep_future.campaign.core import CampaignError, HomeworldLog
from df_env.games.deep_future.campaign.files import campaign_lock, load_campaign, save_campaign
from df_env.games.deep_future.engine.model import events as engine_events
from df_env.games.deep_future.engine.model.constants import (
    ACTION_NAMES,
    CARD_TYPE_NAMES,
    CHALLENGE_NAMES,
    FAILURE_TEXTS,
    N_SECTORS,
    NEIGH,
    NEUTRAL,
    SECTOR_IDS,
    SUIT_LETTERS,
    SUIT_NAMES,
    TRACK_LOSE,
    TRACK_MAX,
    TRACK_MIN,
    TRACK_NAMES,
    VICTORY_LETTERS,
    VICTORY_NAMES,
)
from df_env.games.deep_future.engine.model.layout import (
    B_HAND,
    B_LINE,
    B_REVEAL,
    B_SECTOR,
    B_TABLEAU,
    BLOCK_NAMES,
    BLOCK_SIZE,
    DECISIONS,
    PHASE_NAMES,
    block_of,
)
from df_env.games.deep_future.engine.observation.encode import observe
from df_env.games.deep_future.engine.text.cardtext import adv_label, slot_card, slot_name
from df_env.games.deep_future.engine.text.eventtext import events
from df_env.games.deep_future.engine.text.propernames import sector_name
from df_env.games.deep_future.engine.text.render import (
    action_to_string,
    card_label,
    card_to_string,
    decision_to_string,
    event_strings,
    render_text,
    section_title,
    sector_to_string,
    wonder_text,
)
from df_env.games.deep_future.engine.text.templates import tr
from df_env.games.deep_future.engine.text.terms import LANGS as TEXT_LANGS
from df_env.games.deep_future.engine.text.terms import challenge_row, term

EV_LOSE = engine_events.EV_LOSE
EV_WIN = engine_events.EV_WIN
EV_FAILURE = engine_events.EV_FAILURE
EV_CHALLENGE = engine_events.EV_CHALLENGE
EV_NEW_CARD = engine_events.EV_NEW_CARD
EV_DRAW = engine_events.EV_DRAW
EV_HOMEWORLD = engine_events.EV_HOMEWORLD
EV_NEUTRAL_WORLD = engine_events.EV_NEUTRAL_WORLD
EV_TURN = engine_events.EV_TURN

__all__ = [
    "CampaignError", "HomeworldLog", "campaign_lock", "load_campaign", "save_campaign",
    "ACTION_NAMES", "BLOCK_NAMES", "BLOCK_SIZE", "B_HAND", "B_LINE", "B_REVEAL", "B_SECTOR", "B_TABLEAU",
    "CARD_TYPE_NAMES", "CHALLENGE_NAMES", "DECISIONS", "EV_CHALLENGE", "EV_DRAW", "EV_NEW_CARD",
    "EV_HOMEWORLD", "EV_NEUTRAL_WORLD", "EV_TURN",
    "EV_FAILURE", "EV_LOSE", "EV_WIN",
    "FAILURE_TEXTS", "NEIGH", "NEUTRAL", "N_SECTORS", "PHASE_NAMES", "SECTOR_IDS", "SUIT_LETTERS", "SUIT_NAMES",
    "TRACK_LOSE", "TRACK_MAX", "TRACK_MIN", "TRACK_NAMES", "VICTORY_LETTERS", "VICTORY_NAMES", "action_to_string",
    "adv_label",
    "block_of", "card_label", "observe",
    "card_to_string", "decision_to_string", "event_strings", "render_text", "events", "sector_name",
    "sector_to_string", "slot_card", "slot_name", "wonder_text", "tr", "term", "challenge_row", "TEXT_LANGS",
    "section_title",
]
