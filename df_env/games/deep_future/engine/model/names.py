"""Names of worlds, techs, civilizations and sectors, built from fixed word lists (R26).

The engine stores a name as an int32 *code* drawn from the game's seeded generator (``c_name``, ``sector_name``;
``-1`` = unnamed). This module turns a code into text, so the same code always reads the same, on any machine,
without storing strings in the state. Codes are scrambled (splitmix64) before picking words, so neighbouring codes
give unrelated names. Changing a word list renames every card: treat the lists as part of the format.

Example:
    >>> world_name(12345) == world_name(12345)
    True
    >>> world_name(-1)
    ''
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

UNNAMED = ""  # text of the code -1

# ---------------------------------------------------------------------------------------------- word lists
_ONSETS = ("K", "Kr", "V", "Vr", "Z", "Th", "Dr", "X", "Q", "S", "Sh", "T", "Tr", "M", "N", "L", "R", "Ph", "G",
           "Gh", "B", "Br", "Y", "Ess", "Or", "Ul", "Ith", "Az", "C", "H")
_VOWELS = ("a", "e", "i", "o", "u", "a", "e", "o", "a", "y", "ae", "ai")
_MIDDLES = ("x", "r", "l", "th", "n", "v", "z", "s", "k", "d", "rr", "sh", "m", "g", "q", "nd")
_CODAS = ("x", "n", "r", "s", "th", "l", "k", "m", "x", "n", "r", "s", "", "", "", "")
_TECH_ADJECTIVES = ("Quantum", "Helical", "Luminal", "Void", "Stellar", "Recursive", "Harmonic", "Graviton",
                    "Neural", "Silent", "Fractal", "Tachyon", "Radiant", "Deep", "Hollow", "Crystal", "Plasma",
                    "Ancestral", "Orbital", "Entropic", "Prismatic", "Dark", "Solar", "Lattice", "Chrono", "Mnemonic",
                    "Ion", "Abyssal", "Gilded", "Kinetic")
_TECH_NOUNS = ("Lattice", "Doctrine", "Engine", "Codex", "Forge", "Array", "Protocol", "Loom", "Matrix", "Canon",
               "Conduit", "Theorem", "Reactor", "Choir", "Spindle", "Archive", "Compass", "Lens", "Drive", "Garden",
               "Cipher", "Mandate", "Cradle", "Beacon", "Furnace", "Weave", "Synthesis", "Gate", "Ledger", "Anvil")

_PEOPLE_SUFFIXES = ("ari", "ite", "ian", "ene", "oth", "ul", "ani", "esh", "ori", "ai", "ic", "ar")
_POLITIES = ("Compact", "Hegemony", "Concord", "Dominion", "Ascendancy", "Collective", "Covenant", "Republic",
             "Syndicate", "Union", "Throne", "Assembly", "Commonwealth", "Directorate", "League", "Choir",
             "Enclave", "Imperium", "Accord", "Mandate")

_SECTOR_FEATURES = ("Reach", "Expanse", "Drift", "Veil", "Deeps", "Marches", "Shoals", "Verge", "Cradle", "Rift",
                    "Abyss", "Crossing", "Nebula", "Hollows", "Spiral", "Frontier", "Basin", "Gulf", "Wastes",
                    "Lanes")


# ---------------------------------------------------------------------------------------------- code -> digits
_MASK64 = (1 << 64) - 1


def _scramble(code: int) -> int:
    """splitmix64 finaliser: a fixed bijection of 64-bit ints, so nearby codes give unrelated names."""
    z = (code + 0x9E3779B97F4A7C15) & _MASK64
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK64
    return z ^ (z >> 31)


class _Picker:
    """Draws words from the scrambled code, one mixed-radix digit at a time (pure: same code, same words)."""

    def __init__(self, code: int, salt: int) -> None:
        self._z = _scramble(code ^ (salt << 40))

    def pick(self, words: Sequence[str]) -> str:
        self._z, i = divmod(self._z, len(words))
        return words[i]

    def below(self, n: int) -> int:
        self._z, i = divmod(self._z, n)
        return i


def _check(code: int) -> int | None:
    """The code as a Python int, or None for an unnamed (negative) code; rejects non-integers."""
    if isinstance(code, (bool, np.bool_)) or not isinstance(code, (int, np.integer)):
        raise TypeError(f"a name code must be an integer, got {type(code).__name__} {code!r}")
    return None if code < 0 else int(code)


def _word(p: _Picker, syllables: int) -> str:
    """A pronounceable invented word: an onset, vowels joined by consonants, and a coda (``Kr-a-n-a-x``)."""
    parts = [p.pick(_ONSETS), p.pick(_VOWELS)]
    for _ in range(syllables - 1):
        parts += [p.pick(_MIDDLES), p.pick(_VOWELS)]
    parts.append(p.pick(_CODAS))
    return "".join(parts).lower().capitalize()


# ---------------------------------------------------------------------------------------------- public
def world_name(code: int) -> str:
    """Name of a world card from its ``c_name`` code, e.g. ``"Kraxon"``; ``""`` for -1 (unnamed)."""
    c = _check(code)
    if c is None:
        return UNNAMED
    p = _Picker(c, 1)
    return _word(p, 2 + p.below(2))


def tech_name(code: int) -> str:
    """Title of a tech card (given when it is completed, 1.4), e.g. ``"Helical Codex"``; ``""`` for -1."""
    c = _check(code)
    if c is None:
        return UNNAMED
    p = _Picker(c, 2)
    adjective = p.pick(_TECH_ADJECTIVES)
    noun = p.pick(_TECH_NOUNS)
    if noun == adjective:  # "Lattice Lattice": use the invented-word form instead
        noun = _word(p, 2)
    return f"{adjective} {noun}"


def civ_name(code: int) -> str:
    """Name of a civilization card, e.g. ``"the Vossari Compact"``; ``""`` for -1."""
    c = _check(code)
    if c is None:
        return UNNAMED
    p = _Picker(c, 3)
    root = p.pick(_ONSETS) + p.pick(_VOWELS) + p.pick(_MIDDLES)
    people = (root + p.pick(_PEOPLE_SUFFIXES)).lower().capitalize()
    return f"the {people} {p.pick(_POLITIES)}"


def sector_name(code: int) -> str:
    """Name of a map sector (given after a victory, R26), e.g. ``"Thessar Reach"``; ``""`` for -1."""
    c = _check(code)
    if c is None:
        return UNNAMED
    p = _Picker(c, 4)
    word = _word(p, 2)
    feature = p.pick(_SECTOR_FEATURES)
    return f"{feature} of {word}" if p.below(3) == 0 else f"{word} {feature}"
