"""Text of cards, sectors and tableau places: the building blocks of :mod:`df_env.games.deep_future.engine.text`.

``card_to_string`` gives a card's full face (``#12 4M world "Kranax" (23) [R4 Medicine*, K1 History]``),
``card_label`` a short reference for logs. The small readers here (``as_record``, ``get``, ``is_card`` ...) are
shared by the text modules; they never change the state.

Example:
    >>> from df_env.games.deep_future import engine
    >>> s = engine.new_game(engine.GameConfig(num_players=1), seed=0)
    >>> card_label(s, 0).startswith("#0 ")
    True
"""

from __future__ import annotations

import numpy as np

from ..model import layout as L
from ..model.constants import (
    BLANK,
    CARD_TYPE_NAMES,
    CIV,
    N_SECTORS,
    NEUTRAL,
    SECTOR_IDS,
    SUIT_LETTERS,
    TECH,
    WORLD,
)
from ..model.state import State, is_state
from .propernames import civ_name, sector_name, tech_name, world_name
from .templates import count, tr
from .terms import TABLE3_EN, TABLE4_EN, WONDER_EN, term

# ---------------------------------------------------------------------------------------------- rules text
TABLE3_EFFECTS, TABLE4_EFFECTS, WONDER_EFFECTS = TABLE3_EN, TABLE4_EN, WONDER_EN  # English; other languages: TERMS


# ---------------------------------------------------------------------------------------------- small helpers
def as_record(state: State) -> np.ndarray:
    """The state as a 0-d record; a clear error for anything that is not one game state."""
    if not is_state(state):
        raise TypeError("expected one game state (a 0-d numpy array of a state dtype, e.g. STATE_DTYPE)")
    return state.reshape(())


def get(state: np.ndarray, field: str, *index: int) -> int:
    """One integer field of a record: ``get(s, "hand", p, i)`` is ``int(s["hand"][p, i])``."""
    return int(state[field][index] if index else state[field])


def suit_letter(suit: int) -> str:
    """``"K"`` for suit 3; ``"?"`` for a suit not yet drawn."""
    return SUIT_LETTERS[suit] if 0 <= suit < 6 else "?"


def suit_name(suit: int, lang: str = "en") -> str:
    return term(lang, "suits", suit) if 0 <= suit < 6 else tr(lang, "suit.unknown", suit=suit)


def signed(value: int) -> str:
    """A track value as printed on the -6..+6 tracks: ``+2``, ``-1``, ``0``."""
    return f"{value:+d}" if value else "0"


def sector_label(sector: int) -> str:
    """Printed number of a sector index (``"23"``), ``"BH"`` for the black hole."""
    if not 0 <= sector < N_SECTORS:
        return f"?{sector}"
    return "BH" if sector == 0 else str(int(SECTOR_IDS[sector]))


def adv_label(adv: int, lang: str = "en") -> str:
    """``"R4 Medicine"`` for advancement id ``6*suit + number-1`` (``"R4 医学"`` in Chinese)."""
    if not 0 <= adv < 36:
        return tr(lang, "adv.unknown", adv=adv)
    return tr(lang, "adv.label", letter=SUIT_LETTERS[adv // 6], number=adv % 6 + 1, name=term(lang, "adv_names", adv))


def is_card(state: np.ndarray, card: int) -> bool:
    """Whether ``card`` is an id of the card pool (not -1, not past ``n_cards``)."""
    return 0 <= card < get(state, "n_cards")


def _card_name(state: np.ndarray, card: int, lang: str = "en") -> str:
    code = get(state, "c_name", card)
    namer = {WORLD: world_name, TECH: tech_name, CIV: civ_name}.get(get(state, "c_type", card))
    return namer(code, lang) if namer else ""


def is_player(state: np.ndarray, p: int) -> bool:
    """Whether ``p`` is a seat of this game."""
    return 0 <= p < get(state, "n_players")


# ---------------------------------------------------------------------------------------------- cards
def card_label(state: State, card: int, lang: str = "en") -> str:
    """Short reference to a card: ``#12 4M world "Kranax"``; ``"no card"`` for -1."""
    s = as_record(state)
    card = int(card)
    if card < 0:
        return tr(lang, "card.none")
    if not is_card(s, card):
        return tr(lang, "card.not_card", card=card)
    ctype = get(s, "c_type", card)
    kind = term(lang, "card_types", ctype) if 0 <= ctype < len(CARD_TYPE_NAMES) else tr(lang, "card.type", t=ctype)
    text = tr(lang, "card.label", card=card, num=get(s, "c_num", card), suit=suit_letter(get(s, "c_suit", card)),
              kind=kind)
    name = _card_name(s, card, lang)
    return tr(lang, "card.named", text=text, name=name) if name else text


def _line_text(state: np.ndarray, card: int, k: int, lang: str) -> str:
    suit, number = get(state, "c_slot_suit", card, k), get(state, "c_slot_num", card, k)
    if number == 0:
        return f"{suit_letter(suit)}?"
    star = "*" if (get(state, "c_circled", card) >> k) & 1 else ""
    return adv_label(6 * suit + number - 1, lang) + star


def _lines(state: np.ndarray, card: int, lang: str) -> str:
    """Advancement lines: written ones in full, empty tech lines as ``K?``; a world's unwritten lines are left out."""
    is_tech = get(state, "c_type", card) == TECH
    shown = [_line_text(state, card, k, lang) for k in range(3)
             if is_tech or get(state, "c_slot_num", card, k) > 0]
    return tr(lang, "bracket", x=tr(lang, "sep.list").join(shown))


def _civ_effects(state: np.ndarray, card: int, lang: str) -> str:
    v, suit = get(state, "c_civ3", card), get(state, "c_civ4", card)
    parts = []
    if 0 <= v < 6:
        parts.append(tr(lang, "card.effect", what=term(lang, "victories", v), effect=term(lang, "table3", v)))
    if 0 <= suit < 6:
        parts.append(tr(lang, "card.effect", what=term(lang, "suits", suit), effect=term(lang, "table4", suit)))
    history = [f"#{h}" for h in state["c_hist"][card] if h >= 0]
    if history:
        parts.append(tr(lang, "card.history", ids=" ".join(history)))
    return tr(lang, "sep.semi").join(parts)


def card_to_string(state: State, card: int, lang: str = "en") -> str:
    """Full text of a card: corner, type, name, sector, advancement lines (``*`` = circled), upkeep.

    Example: ``#12 4M world "Kranax" (23) [R4 Medicine*, K1 History]``; a tech shows its three lines, empty ones
    as ``K?``; a civilization its Table 3/4 effects and history; a blank just its corner. ``lang="zh"``: the same
    in Chinese (``#12 4M 世界「…」（23） [R4 医学*、K1 历史]``).
    """
    s = as_record(state)
    card = int(card)
    if not is_card(s, card):
        raise ValueError(f"card {card} is not in the card pool (0..{get(s, 'n_cards') - 1})")
    parts = [card_label(s, card, lang)]
    ctype = get(s, "c_type", card)
    if ctype in (WORLD, CIV):
        parts.append(tr(lang, "card.sector", x=sector_label(get(s, "c_sector", card))))
    if ctype in (TECH, CIV) and get(s, "c_era", card) > 0:
        parts.append(tr(lang, "card.era", era=get(s, "c_era", card)))
    if ctype in (WORLD, TECH):
        parts.append(_lines(s, card, lang))
    if ctype == CIV:
        parts[-1] += tr(lang, "colon")
        parts.append(_civ_effects(s, card, lang))
    if ctype != BLANK and get(s, "c_upkeep", card) > 0:
        parts.append(tr(lang, "card.upkeep", n=get(s, "c_upkeep", card)))
    return " ".join(parts)


def card_or(state: np.ndarray, card: int, missing: str, lang: str = "en") -> str:
    return card_to_string(state, card, lang) if is_card(state, card) else missing


# ---------------------------------------------------------------------------------------------- places
def slot_card(state: State, player: int, slot: int) -> int:
    """Card in tableau slot ``slot`` of ``player`` (0 homeworld, then techs, then settled worlds), or -1."""
    s = as_record(state)
    if not is_player(s, player) or not 0 <= slot < L.BLOCK_SIZE[L.B_TABLEAU]:
        return -1
    if slot == 0:
        return get(s, "home", player)
    if slot < L.WORLD_SLOT0:
        i = slot - L.TECH_SLOT0
        return get(s, "techs", player, i) if i < get(s, "techs_n", player) else -1
    i = slot - L.WORLD_SLOT0
    return get(s, "worlds", player, i) if i < get(s, "worlds_n", player) else -1


def slot_name(slot: int, lang: str = "en") -> str:
    if slot == 0:
        return tr(lang, "slot.home")
    if slot < L.WORLD_SLOT0:
        return tr(lang, "slot.tech", i=slot - L.TECH_SLOT0 + 1)
    return tr(lang, "slot.world", i=slot - L.WORLD_SLOT0 + 1)


def plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def cubes_text(n: int, owner: int, lang: str = "en") -> str:
    """``3 cubes of player 0``, ``1 neutral cube``."""
    if owner == NEUTRAL:
        return count(lang, "cubes.neutral", n)
    return tr(lang, "cubes.of", cubes=count(lang, "n.cubes", n), p=owner)


def sector_to_string(state: State, sector: int, lang: str = "en") -> str:
    """``sector 23 "Hazek Expanse" (3 of player 0)``: printed number, name, and cubes."""
    s = as_record(state)
    if not 0 <= sector < N_SECTORS:
        return tr(lang, "sector.off", x=sector)
    head = tr(lang, "sector.bh") if sector == 0 else tr(lang, "sector.head", x=sector_label(sector))
    name = sector_name(get(s, "sector_name", sector), lang)
    if name:
        head = tr(lang, "sector.named", head=head, name=name)
    n = get(s, "cubes", sector)
    if n:
        return tr(lang, "sector.cubes", head=head, cubes=cubes_text(n, get(s, "owner", sector), lang))
    return tr(lang, "sector.empty", head=head)


def wonder_text(s: np.ndarray, sector: int, lang: str = "en") -> str:
    if not 0 <= sector < N_SECTORS or get(s, "wonder", sector) < 0:
        return tr(lang, "wonder.none", x=sector_label(sector))
    w, suit = get(s, "wonder", sector), get(s, "wonder_suit", sector)
    return tr(lang, "wonder.text", victory=term(lang, "victories", w), suit=suit_name(suit, lang),
              effect=term(lang, "wonders", w), x=sector_label(sector))
