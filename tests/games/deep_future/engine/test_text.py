"""The text layer: names, card/action/decision/event strings, the text view, and the generated action doc."""

from __future__ import annotations

from collections.abc import Iterator

import numpy as np
import pytest

from df_env.games.deep_future import engine
from df_env.games.deep_future.engine.model import events as ev
from df_env.games.deep_future.engine.model import layout as L
from df_env.games.deep_future.engine.model import names
from df_env.games.deep_future.engine.model.constants import TECH, WORLD
from df_env.games.deep_future.engine.text import render as text
from df_env.games.deep_future.engine.text.render import (
    Event,
    action_to_string,
    card_to_string,
    decision_to_string,
    event_strings,
    event_to_string,
    events,
    render_text,
)
from df_env.games.deep_future.tools import docgen


# ---------------------------------------------------------------------------------------------- random play
def play(num_players: int, seed: int) -> Iterator[np.ndarray]:
    """Every position of one random game (copies), the final one included."""
    s = engine.new_game(engine.GameConfig(num_players=num_players), seed)
    rng = np.random.default_rng(seed)
    while True:
        yield s.copy()
        if engine.is_terminal(s):
            return
        engine.apply_action(s, int(rng.choice(engine.legal_actions(s))))


def positions(games: int, every: int = 1) -> list[np.ndarray]:
    out = []
    for n in (1, 2, 3):
        for seed in range(games):
            out += list(play(n, seed))[::every]
    return out


@pytest.fixture(scope="module")
def many() -> list[np.ndarray]:
    return positions(games=12)


@pytest.fixture(scope="module")
def sample(many: list[np.ndarray]) -> list[np.ndarray]:
    """A spread-out subset (first, last and every 7th position) for the per-action checks."""
    return many[::7] + [s for s in many if engine.is_terminal(s)]


# ---------------------------------------------------------------------------------------------- names
def test_names_are_deterministic_and_pinned() -> None:
    # Pinned: a change of word lists renames every card of saved campaigns, so it must be deliberate.
    assert names.world_name(0) == "Shomaxas"
    assert names.tech_name(0) == "Tachyon Array"
    assert names.civ_name(0) == "the Zonori Directorate"
    assert names.sector_name(0) == "Hazek Expanse"
    for code in (0, 1, 77, 2**30 - 1, np.int32(12345)):
        for namer in (names.world_name, names.tech_name, names.civ_name, names.sector_name):
            assert namer(code) == namer(int(code)) and namer(code)


def test_names_differ_and_unnamed_is_empty() -> None:
    worlds = {names.world_name(c) for c in range(200)}
    assert len(worlds) > 190  # scrambled codes: neighbouring codes give different names
    assert all(namer(-1) == "" for namer in (names.world_name, names.tech_name, names.civ_name, names.sector_name))


@pytest.mark.parametrize("bad", [1.5, "3", None, True])
def test_names_reject_non_integers(bad: object) -> None:
    with pytest.raises(TypeError):
        names.world_name(bad)  # type: ignore[arg-type]


# ---------------------------------------------------------------------------------------------- cards
def test_card_to_string_world_and_tech_format() -> None:
    s = engine.new_game(engine.GameConfig(num_players=1), 0)
    c = 12
    s["c_type"][c], s["c_num"][c], s["c_suit"][c], s["c_sector"][c], s["c_name"][c] = WORLD, 4, 1, 15, 0
    s["c_slot_suit"][c] = [2, 3, -1]
    s["c_slot_num"][c] = [4, 1, 0]
    s["c_circled"][c], s["c_upkeep"][c] = 1, 0
    assert card_to_string(s, c) == '#12 4M world "Shomaxas" (33) [R4 Medicine*, K1 History]'
    s["c_type"][c], s["c_name"][c], s["c_era"][c] = TECH, -1, 2
    s["c_slot_suit"][c] = [2, 3, 5]
    s["c_upkeep"][c] = 2
    assert card_to_string(s, c) == "#12 4M tech era 2 [R4 Medicine*, K1 History, F?] upkeep 2"


def test_card_to_string_rejects_cards_outside_the_pool() -> None:
    s = engine.new_game(engine.GameConfig(num_players=1), 0)
    with pytest.raises(ValueError, match="not in the card pool"):
        card_to_string(s, int(s["n_cards"]))
    with pytest.raises(TypeError):
        card_to_string(np.zeros(3), 0)


# ---------------------------------------------------------------------------------------------- actions
def test_every_action_has_a_distinct_string(sample: list[np.ndarray]) -> None:
    for s in sample:
        strings = [action_to_string(s, a) for a in range(L.NUM_ACTIONS)]
        assert all(strings), decision_to_string(s)
        assert len(set(strings)) == L.NUM_ACTIONS, decision_to_string(s)


def test_legal_actions_name_their_objects(many: list[np.ndarray]) -> None:
    for s in many:
        p = int(s["dplayer"])
        for a in engine.legal_actions(s):
            block, i = L.block_of(int(a))
            got = action_to_string(s, int(a))
            if block == L.B_HAND:
                assert got.endswith(card_to_string(s, int(s["hand"][p, i]))), got
            elif block == L.B_SECTOR:
                assert (f"sector {text.sector_label(i)} " in got) or "black hole" in got, got
            elif block == L.B_NUMBER and s["dk"] == L.D_CIRCLE:
                assert got == f"circle {text.adv_label(6 * int(s['ctx'][1]) + i)}"
            elif block == L.B_SPECIAL:
                assert got.startswith(L.SPECIAL_NAMES[i])


def test_decision_kinds_the_random_games_miss_still_have_strings(sample: list[np.ndarray]) -> None:
    # Victory, Chemistry, EVOKE and re-homing decisions are rare in random play: post each decision kind by
    # hand, with sensible and absurd contexts, and every action must still read (no crash, all distinct).
    contexts = [(0, 0), (1, 3), (5, 2), (63, 63), (-1, -1), (36, 37), (511, 5), (32767, -32768)]
    for s0 in sample[:: max(1, len(sample) // 4)]:
        for dk in range(L.NUM_DECISIONS + 1):
            for c0, c1 in contexts:
                s = s0.copy()
                s["over"], s["dk"], s["ctx"][0], s["ctx"][1] = 0, dk, c0, c1
                assert decision_to_string(s)
                strings = [action_to_string(s, a) for a in range(L.NUM_ACTIONS)]
                assert len(set(strings)) == L.NUM_ACTIONS, (dk, c0, c1)


def test_action_strings_survive_a_bad_deciding_player() -> None:
    s = engine.new_game(engine.GameConfig(num_players=2), 3)
    for p in (-1, 2, 7):
        s["dplayer"] = p
        assert all(action_to_string(s, a) for a in range(L.NUM_ACTIONS))


def test_action_to_string_rejects_ids_outside_the_space() -> None:
    s = engine.new_game(engine.GameConfig(num_players=1), 0)
    for bad in (-1, L.NUM_ACTIONS):
        with pytest.raises(ValueError, match="outside the action space"):
            action_to_string(s, bad)


def test_illegal_action_message_lists_the_legal_choices_by_name() -> None:
    s = engine.new_game(engine.GameConfig(num_players=1), 0)
    legal = set(engine.legal_actions(s).tolist())
    illegal = next(a for a in range(L.NUM_ACTIONS) if a not in legal)
    with pytest.raises(engine.IllegalActionError) as err:
        engine.apply_action(s, illegal)
    for a in legal:
        assert action_to_string(s, a) in str(err.value)


def test_decision_string_names_player_kind_and_question(many: list[np.ndarray]) -> None:
    for s in many:
        got = decision_to_string(s)
        if engine.is_terminal(s):
            assert got.startswith("game over: ")
            winner = int(s["winner"])
            assert (f"player {winner} won" in got) if winner >= 0 else got.endswith("no winner")
        else:
            name, _, what = L.DECISIONS[int(s["dk"])]
            assert got.startswith(f"player {int(s['dplayer'])}: {name} — {what}")


# ---------------------------------------------------------------------------------------------- events
def test_every_event_seen_in_random_play_reads(many: list[np.ndarray]) -> None:
    seen = set()
    for s in many:
        stored = events(s)
        assert len(stored) == min(int(s["ev_n"]), ev.MAX_EVENTS)
        for e, line in zip(stored, event_strings(s), strict=False):
            assert line == event_to_string(s, e)
            assert line and not line.startswith("event "), (e, line)
            seen.add(e.code)
    assert {ev.EV_DRAW, ev.EV_TRACK, ev.EV_CUBES, ev.EV_ACTION, ev.EV_TURN, ev.EV_CHALLENGE} <= seen


def test_every_event_code_has_a_string_even_with_odd_arguments() -> None:
    s = engine.new_game(engine.GameConfig(num_players=2), 1)
    s["wonder"][15], s["wonder_suit"][15] = 0, 3
    for code in ev.EVENT_NAMES:
        for args in ((0, 5, 2), (1, 15, -16), (-1, -1, -1), (3, 999, 77)):
            line = event_to_string(s, Event(code, *args))
            assert line and not line.startswith("event "), (ev.EVENT_NAMES[code], args)
    assert event_to_string(s, (ev.EV_WONDER, 0, 0, 15)) == (
        "a Territory wonder (skull, draw # cards) in sector 33 was placed")
    assert event_to_string(s, (999, 0, 1, 2)) == "event 999 (player 0, 1, 2)"


def test_events_hide_cards_drawn_by_others() -> None:
    s = next(s for s in play(2, 5) if s["hand_n"][1] > 0)
    card = int(s["hand"][1, 0])
    s["c_known"][card] = 0
    draw = Event(ev.EV_DRAW, 1, card, 0)
    assert event_to_string(s, draw, observer=0) == "player 1 drew a card"
    assert f"#{card} " in event_to_string(s, draw, observer=1)
    assert f"#{card} " in event_to_string(s, draw)
    s["c_known"][card] = 1  # revealed to player 0 (R13)
    assert f"#{card} " in event_to_string(s, draw, observer=0)


def test_dropped_events_are_counted() -> None:
    s = engine.new_game(engine.GameConfig(num_players=1), 0)
    s["ev_n"] = ev.MAX_EVENTS + 4
    lines = event_strings(s)
    assert len(lines) == ev.MAX_EVENTS + 1 and lines[-1] == "... and 4 more events (not recorded)"


# ---------------------------------------------------------------------------------------------- text view
SECTIONS = ("== map ==", "== players ==", "== neutral line ==", "== piles ==", "== decision ==", "== events")


@pytest.mark.parametrize("num_players", [1, 2, 3])
def test_render_text_has_every_section(num_players: int) -> None:
    for s in list(play(num_players, 2))[::5]:
        for observer in [None, *range(num_players)]:
            view = render_text(s, observer)
            for title in SECTIONS:
                assert title in view
            for p in range(num_players):
                assert f"player {p}" in view
            for x in (11, 36, 66):
                assert f" {x} " in view or f"\n  {x} " in view
            assert "\x1b[" not in view
            assert decision_to_string(s) in view


def test_render_text_shows_only_what_the_observer_may_see(many: list[np.ndarray]) -> None:
    for s in many[::5]:
        n = int(s["n_players"])
        for observer in range(n):
            view = render_text(s, observer)
            players = view.split("== players ==")[1].split("== neutral line ==")[0]
            for p in range(n):
                for c in s["hand"][p, : s["hand_n"][p]]:
                    shown = card_to_string(s, int(c)) in players
                    assert shown == (p == observer or bool((s["c_known"][c] >> observer) & 1))
            decision = view.split("== decision ==")[1].split("== events")[0]
            listed = action_to_string(s, int(engine.legal_actions(s)[0])) in decision if not s["over"] else False
            assert listed == (not s["over"] and s["dplayer"] == observer)


def test_render_text_all_seeing_view_lists_hands_and_legal_actions(many: list[np.ndarray]) -> None:
    s = many[len(many) // 2]
    view = render_text(s)
    for p in range(int(s["n_players"])):
        for c in s["hand"][p, : s["hand_n"][p]]:
            assert card_to_string(s, int(c)) in view
    for a in engine.legal_actions(s):
        assert action_to_string(s, int(a)) in view


def test_render_text_colour_is_optional_and_changes_nothing_else(many: list[np.ndarray]) -> None:
    s = many[3]
    plain, coloured = render_text(s), render_text(s, color=True)
    assert "\x1b[" in coloured
    assert _strip_ansi(coloured) == plain


def test_render_text_rejects_a_bad_observer() -> None:
    s = engine.new_game(engine.GameConfig(num_players=2), 0)
    with pytest.raises(ValueError, match="observer"):
        render_text(s, observer=2)


def _strip_ansi(t: str) -> str:
    import re

    return re.sub(r"\x1b\[[0-9;]*m", "", t)


# ---------------------------------------------------------------------------------------------- the action doc
def test_committed_action_doc_is_up_to_date() -> None:
    assert docgen.DOC_PATH.read_text(encoding="utf-8") == docgen.generate(), (
        "docs/actions.md is stale: run python -m df_env.games.deep_future.tools.docgen")


def test_docgen_rejects_unknown_blocks_and_specials() -> None:
    assert docgen.block_uses("number, special:generate") == ["number 128..133", "generate 196"]
    with pytest.raises(ValueError, match="unknown block"):
        docgen.block_uses("numbr")
    with pytest.raises(ValueError, match="unknown special"):
        docgen.block_uses("special:skip")


def test_legal_actions_lie_in_the_blocks_their_decision_documents(many: list[np.ndarray]) -> None:
    # The doc's "actions it may use" column is only true if the mask agrees with layout.DECISIONS.
    for s in many:
        if engine.is_terminal(s):
            continue
        spec = L.DECISIONS[int(s["dk"])][1]
        allowed = {part.strip().partition(":")[0] for part in spec.split(",")}
        specials = {k for part in spec.split(",") for k in part.strip().partition(":")[2].split("/") if k}
        for a in engine.legal_actions(s):
            block, i = L.block_of(int(a))
            assert L.BLOCK_NAMES[block] in allowed, (L.DECISIONS[int(s["dk"])][0], action_to_string(s, int(a)))
            if block == L.B_SPECIAL:
                assert i in {docgen.SPECIAL_KEYS[k] for k in specials}, action_to_string(s, int(a))
