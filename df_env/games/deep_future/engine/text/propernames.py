"""Names of worlds, techs, civilizations and sectors in a language: English from :mod:`..model.names`,
Chinese made from the same code and the same word picks (R26).

A Chinese name follows its English one: a tech's adjective and noun are translated (``Helical Codex`` ->
``螺旋法典``), a civilization's polity too (``the Vossari Compact`` -> ``沃萨里契约``), a sector's feature
(``Thessar Reach`` -> ``塞萨疆域``), and an invented word is written in Chinese syllables, one per syllable of the
English word, so the same code always reads the same in both languages.

Example:
    >>> world_name(12345, "zh") == world_name(12345, "zh") != ""
    True
    >>> tech_name(-1, "zh")
    ''
"""

from __future__ import annotations

import json
from importlib import resources

from ..model import names as N

# the Chinese word lists are data (engine/data/terms.json, "zh" "names"), in the order of model.names' English ones
_ZH_NAMES = json.loads(resources.files("df_env.games.deep_future.engine").joinpath("data/terms.json")
                       .read_text("utf-8"))["zh"]["names"]

_TECH_ADJECTIVES_ZH = tuple(_ZH_NAMES["tech_adjectives"])
_TECH_NOUNS_ZH = tuple(_ZH_NAMES["tech_nouns"])
_POLITIES_ZH = tuple(_ZH_NAMES["polities"])
_FEATURES_ZH = tuple(_ZH_NAMES["features"])
_CONSONANTS_ZH = tuple(_ZH_NAMES["consonants"])
_MIDDLES_ZH = tuple(_ZH_NAMES["middles"])
_VOWELS_ZH = tuple(_ZH_NAMES["vowels"])  # the vowel colours the consonant's syllable only
_CODAS_ZH = tuple(_ZH_NAMES["codas"])
_SUFFIXES_ZH = tuple(_ZH_NAMES["suffixes"])


def _word_zh(p: N._Picker, syllables: int) -> str:
    """The Chinese form of :func:`N._word`: the same picks, one character per consonant, the coda's sound."""
    parts = [p.pick(_CONSONANTS_ZH), p.pick(_VOWELS_ZH)]
    for _ in range(syllables - 1):
        parts += [p.pick(_MIDDLES_ZH), p.pick(_VOWELS_ZH)]
    parts.append(p.pick(_CODAS_ZH))
    return "".join(parts)


def world_name(code: int, lang: str = "en") -> str:
    """Name of a world card from its code (``""`` for -1)."""
    c = N._check(code)
    if lang == "en" or c is None:
        return N.world_name(code)
    p = N._Picker(c, 1)
    return _word_zh(p, 2 + p.below(2))


def tech_name(code: int, lang: str = "en") -> str:
    """Title of a tech card from its code (``""`` for -1)."""
    c = N._check(code)
    if lang == "en" or c is None:
        return N.tech_name(code)
    p = N._Picker(c, 2)
    adjective, noun = p.pick(N._TECH_ADJECTIVES), p.pick(N._TECH_NOUNS)
    adj_zh = _TECH_ADJECTIVES_ZH[N._TECH_ADJECTIVES.index(adjective)]
    if noun == adjective:
        return adj_zh + _word_zh(p, 2)
    return adj_zh + _TECH_NOUNS_ZH[N._TECH_NOUNS.index(noun)]


def civ_name(code: int, lang: str = "en") -> str:
    """Name of a civilization card from its code (``""`` for -1)."""
    c = N._check(code)
    if lang == "en" or c is None:
        return N.civ_name(code)
    p = N._Picker(c, 3)
    root = p.pick(_CONSONANTS_ZH) + p.pick(_VOWELS_ZH) + p.pick(_MIDDLES_ZH)
    return root + p.pick(_SUFFIXES_ZH) + p.pick(_POLITIES_ZH)


def sector_name(code: int, lang: str = "en") -> str:
    """Name of a map sector from its code (``""`` for -1)."""
    c = N._check(code)
    if lang == "en" or c is None:
        return N.sector_name(code)
    p = N._Picker(c, 4)
    word = _word_zh(p, 2)
    feature = p.pick(_FEATURES_ZH)
    return f"{word}{feature}" if p.below(3) else f"{feature}之{word}"
