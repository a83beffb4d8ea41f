"""The ``first`` baseline agent and the rating ladder (df_env.ladder, ``df-env ladder``): the results file (written,
read, malformed), the ratings (sound, deterministic, order-independent), the tables, the README table."""

from __future__ import annotations

import dataclasses
import gzip
import json
import random
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from agents import AGENT_NAMES, AgentSpecError, make_agent
from agents.deep_future.fast import FIRST, play
from df_env.bench import BenchConfig, run_bench, wilson
from df_env.cli import main
from df_env.games.deep_future import engine
from df_env.games.deep_future.engine.model.rng import seed_words
from df_env.ladder import (
    README_BEGIN,
    README_END,
    SNAPSHOT_PATH,
    THE_GAME,
    LadderError,
    LadderGame,
    append_bench,
    append_games,
    bench_games,
    build_ladder,
    markdown_table,
    parse_lines,
    parse_record,
    read_ladder,
    replace_between_markers,
    update_readme,
)

ROOT = Path(__file__).resolve().parents[1]


# ---------------------------------------------------------------------------------------------- first
def test_first_is_registered_and_takes_the_lowest_legal_action() -> None:
    assert "first" in AGENT_NAMES
    agent = make_agent("first")
    mask = np.zeros(20, dtype=bool)
    mask[[7, 3, 15]] = True
    assert agent.act(None, mask) == 3
    assert agent.policy_code == FIRST
    with pytest.raises(AgentSpecError, match="takes no options"):
        make_agent("first:x=1")
    with pytest.raises(ValueError, match="no legal action"):
        agent.act(None, np.zeros(5, dtype=bool))


@pytest.mark.parametrize("players", [1, 2, 3])
def test_compiled_first_plays_the_same_game_as_the_python_agent(players: int) -> None:
    agent = make_agent("first")
    for seed in range(2):
        fast = engine.new_game(engine.GameConfig(players), seed=seed)
        slow = fast.copy()
        counts, _ = play(fast, np.array([FIRST] * players), seed_words(1), max_turns=40)
        n = 0
        while not slow["over"] and slow["turn"] <= 40:
            engine.apply_action(slow, agent.act(None, engine.legal_mask(slow)))
            n += 1
        assert n == int(counts.sum()) > 0
        assert fast.tobytes() == slow.tobytes()


def test_df_env_agents_lists_first(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["agents"]) == 0
    assert "first" in capsys.readouterr().out.split()


# ---------------------------------------------------------------------------------------------- records
def _rec(**kw: object) -> dict:
    rec = {"v": 1, "players": 2, "seats": ["a", "b"], "seed": 5, "agent_seed": 6, "turn_limit": 200,
           "restart_on_loss": False, "winner": 0, "returns": [1, -1], "turns": 12, "decisions": [50, 48],
           "seconds": [0.01, 0.02]}
    rec.update(kw)
    return rec


def _game(seats: tuple[str, ...], winner: int, seed: int, **kw: object) -> LadderGame:
    n = len(seats)
    returns = [1 if p == winner else -1 for p in range(n)]
    return parse_record(_rec(players=n, seats=list(seats), winner=winner, returns=returns, seed=seed,
                             decisions=[10] * n, seconds=[0.01] * n, **kw))


@pytest.fixture(scope="module")
def small_bench():  # type: ignore[no-untyped-def]
    return run_bench(BenchConfig(agents=("random", "first"), num_players=2, games=4, jobs=1), show_progress=False)


@pytest.mark.parametrize("name", ["ladder.jsonl", "sub/ladder.jsonl.gz"])
def test_bench_games_round_trip_and_append(tmp_path: Path, small_bench, name: str) -> None:  # type: ignore[no-untyped-def]
    path = tmp_path / name
    assert append_bench(small_bench, path) == 8  # 2 seatings x 4 deals
    games = read_ladder(path)
    assert games == bench_games(small_bench)
    g = games[0]
    assert g.players == 2 and set(g.seats) == {"random", "first"} and g.extra["bench_seed"] == 0
    assert append_bench(small_bench, path) == 8
    assert len(read_ladder(path)) == 16
    ladder = build_ladder(read_ladder(path), passes=2)
    assert ladder.duplicates == 8 and ladder.games == 8
    assert {r.agent: r.count(2).games for r in ladder.rows} == {"random": 8, "first": 8}
    if name.endswith(".gz"):
        assert gzip.decompress(path.read_bytes()).count(b"\n") == 16
    assert sorted(p.name for p in path.parent.iterdir()) == [path.name]  # no temporary or lock file left


def test_append_keeps_a_malformed_last_line_on_its_own(tmp_path: Path) -> None:
    path = tmp_path / "l.jsonl"
    path.write_bytes(b'{"v": 1, "trunc')
    append_games(path, [_game(("a", "b"), 0, 1)])
    assert path.read_bytes().startswith(b'{"v": 1, "trunc\n{')
    with pytest.raises(LadderError, match=r"line 1: not JSON"):
        read_ladder(path)


@pytest.mark.parametrize("line, message", [
    (b"[1, 2]", "line 3: a line must be a JSON object"),
    (b"{not json", "line 3: not JSON"),
    (b"\xff\xfe", "line 3: not UTF-8"),
    (json.dumps(_rec(v=3)).encode(), r"format version 'v' must be one of \(1, 2\)"),
    (json.dumps(_rec(v=2)).encode(), "record names game None; games are: deep_future"),
    (json.dumps(_rec(v=2, game="go")).encode(), "record names game 'go'"),
    (json.dumps(_rec(players=4)).encode(), "'players' must be in 1..3, got 4"),
    (json.dumps(_rec(seats=["a"])).encode(), "'seats' must be a list of 2"),
    (json.dumps(_rec(seats=["a", ""])).encode(), "non-empty agent specs"),
    (json.dumps(_rec(winner=2)).encode(), "'winner' must be in -1..1, got 2"),
    (json.dumps(_rec(winner=1)).encode(), "the winner \\(seat 1\\) must have the highest return"),
    (json.dumps(_rec(seed=True)).encode(), "'seed' must be an integer, got True"),
    (json.dumps(_rec(seed=-1)).encode(), "'seed' must be >= 0"),
    (json.dumps(_rec(seconds=[0.1, -1])).encode(), "'seconds' holds -1"),
    (json.dumps(_rec(restart_on_loss=0)).encode(), "'restart_on_loss' must be true or false"),
    (json.dumps(_rec(files=["x"])).encode(), "'files' must map agent specs"),
    (b'{"v": 1, "players": 2, "seats": ["a", "b"]}', "'winner' must be an integer, got None"),
])
def test_malformed_lines_name_the_line_and_the_fault(line: bytes, message: str) -> None:
    good = json.dumps(_rec()).encode()
    with pytest.raises(LadderError, match=message):
        parse_lines(good + b"\n\n" + line + b"\n", "f.jsonl")
    assert len(parse_lines(good + b"\n\n" + good + b"\n")) == 2  # a blank line is skipped


def test_unreadable_files_say_what_to_do(tmp_path: Path) -> None:
    with pytest.raises(LadderError, match="no ladder file .*df-env bench writes one"):
        read_ladder(tmp_path / "missing.jsonl")
    bad = tmp_path / "l.jsonl.gz"
    bad.write_bytes(b"plain text")
    with pytest.raises(LadderError, match="not a readable gzip file"):
        read_ladder(bad)
    with pytest.raises(LadderError, match="is a folder"):
        read_ladder(tmp_path)


_json = st.recursive(st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=5),
                     lambda c: st.lists(c, max_size=3) | st.dictionaries(st.text(max_size=5), c, max_size=3),
                     max_leaves=8)


@settings(max_examples=150, deadline=None)
@given(st.binary(max_size=200))
def test_fuzz_bytes_give_games_or_a_ladder_error(data: bytes) -> None:
    try:
        games = parse_lines(data)
    except LadderError as err:
        assert "line" in str(err)
    else:
        assert all(isinstance(g, LadderGame) for g in games)


@settings(max_examples=200, deadline=None)
@given(st.sampled_from(sorted(_rec())), _json)
def test_fuzz_a_field_with_any_json_value(key: str, value: object) -> None:
    line = json.dumps(_rec(**{key: value})).encode()
    try:
        games = parse_lines(line)
    except LadderError as err:
        assert "line 1" in str(err)
    else:
        build_ladder(games, passes=1)  # whatever parses can be rated


# ---------------------------------------------------------------------------------------------- ratings
def test_ratings_order_strength_and_solo_games_meet_the_game() -> None:
    games = []
    for k in range(30):
        games.append(_game(("strong", "middle")[:: 1 - 2 * (k % 2)], k % 2, k))  # strong wins in both seatings
        games.append(_game(("middle", "weak"), 0, 100 + k))
        games.append(_game(("weak", "middle", "strong"), 2 if k % 3 else -1, 200 + k))
    games += [_game(("strong",), 0 if k < 24 else -1, 300 + k) for k in range(30)]  # 80% solo
    games += [_game(("weak",), 0 if k < 3 else -1, 400 + k) for k in range(30)]  # 10%
    ladder = build_ladder(games, passes=3)
    order = [r.agent for r in ladder.rows]
    assert order.index("strong") < order.index("middle") < order.index("weak")
    rows = {r.agent: r for r in ladder.rows}
    assert rows["strong"].counts[1].mu > rows[THE_GAME].counts[1].mu > rows["weak"].counts[1].mu
    assert rows[THE_GAME].count(1).games == 60 and rows[THE_GAME].count(1).wins == 6 + 27
    s = rows["strong"].counts[1]
    assert (s.games, s.wins, s.ci) == (30, 24, wilson(24, 30))
    assert rows["middle"].counts[2].games == 60 and rows["middle"].counts[2].wins == 30
    assert ladder.player_counts == [1, 2, 3] and ladder.games == len(games)


def test_same_games_same_ratings_whatever_the_line_order() -> None:
    games = [_game(("a", "b", "c")[:: 1 if k % 2 else -1], k % 3, k) for k in range(40)]
    games += [_game(("a",), 0 if k % 4 else -1, 50 + k) for k in range(20)]
    shuffled = games[:]
    random.Random(1).shuffle(shuffled)
    one, two = build_ladder(games, passes=3), build_ladder(shuffled, passes=3)
    assert [(r.agent, r.mu, r.sigma, r.counts) for r in one.rows] == [(r.agent, r.mu, r.sigma, r.counts)
                                                                       for r in two.rows]
    assert markdown_table(one) == markdown_table(two)


def test_unrated_games_and_model_files() -> None:
    games = [_game(("a", "a"), 0, 1), _game(("a", "b"), 0, 2, restart_on_loss=True), _game(("a", "b"), 1, 3),
             _game(("m", "b"), 0, 4, files={"m": "aaa"}), _game(("m", "b"), 0, 5, files={"m": "bbb"})]
    ladder = build_ladder(games, passes=1)
    assert ladder.unrated == {"one spec in two seats": 1, "restart-on-loss variant": 1}
    assert {r.agent for r in ladder.rows} == {"a", "b", "m@aaa", "m@bbb"}
    # one spec with one model file per table size is one agent (the shipped model of each player count)
    sizes = [_game(("net", "b"), 0, 6, files={"net": "two"}), _game(("net", "b", "c"), 0, 7, files={"net": "three"}),
             _game(("net", "b", "c"), 1, 8, files={"net": "three"})]
    assert {r.agent for r in build_ladder(sizes, passes=1).rows} == {"net", "b", "c"}
    retrained = sizes + [_game(("net", "b", "c"), 2, 9, files={"net": "new3"})]
    assert {r.agent for r in build_ladder(retrained, passes=1).rows} == {"net", "net@three", "net@new3", "b", "c"}
    variant = build_ladder(games, passes=1, restart_on_loss=True)
    assert variant.games == 1
    assert build_ladder(games, passes=1, players=[1]).games == 0


def test_shipped_models_are_recorded_by_their_hash(tmp_path: Path) -> None:
    """``net`` and ``net-mcts`` without ``path=`` play the model shipped for the table size: its hash is recorded,
    so a new shipped model is a new player; a ``path=`` model gets its own file's hash."""
    import hashlib

    from df_env.ladder import _file_hashes
    from df_env.net.numpy_net import default_model_path

    def sha(p: Path) -> str:
        return hashlib.sha256(p.read_bytes()).hexdigest()[:12]

    other = tmp_path / "m.npz"
    other.write_bytes(default_model_path(2).read_bytes())
    hashes = _file_hashes({"net", "net-mcts:iters=4", "heuristic", f"net:path={other}"}, 3)
    assert hashes == {"net": sha(default_model_path(3)), "net-mcts:iters=4": sha(default_model_path(3)),
                      f"net:path={other}": sha(default_model_path(2))}
    assert _file_hashes({"net"}, 1)["net"] == sha(default_model_path(1)) != hashes["net"]


# ---------------------------------------------------------------------------------------------- README, CLI
def test_readme_markers(tmp_path: Path) -> None:
    text = f"head\n{README_BEGIN}\nold\n{README_END}\ntail\n"
    assert replace_between_markers(text, "| t |") == f"head\n{README_BEGIN}\n| t |\n{README_END}\ntail\n"
    with pytest.raises(LadderError, match="no generated-table markers"):
        replace_between_markers("no markers", "x")
    readme = tmp_path / "R.md"
    readme.write_text(text)
    assert update_readme(readme, "| t |") and not update_readme(readme, "| t |")


def test_readme_table_is_the_committed_ladder() -> None:
    """The README's agent table is generated from the committed snapshot: regenerate it with
    ``df-env ladder --file docs/ladder.jsonl.gz --readme`` after adding games."""
    readme = (ROOT / "README.md").read_text()
    table = markdown_table(build_ladder(read_ladder(ROOT / SNAPSHOT_PATH)), source=SNAPSHOT_PATH)
    assert replace_between_markers(readme, table) == readme


def test_cli_bench_appends_and_ladder_rates(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    lad = tmp_path / "l" / "ladder.jsonl"
    args = ["bench", "--agents", "random", "first", "--games", "3", "--jobs", "1", "--no-progress",
            "--out", str(tmp_path / "b"), "--ladder", str(lad)]
    assert main(args) == 0
    assert "added 6 games to the ladder" in capsys.readouterr().out
    assert main([*args[:-2], "--no-ladder"]) == 0
    assert len(read_ladder(lad)) == 6
    md, png = tmp_path / "t.md", tmp_path / "p.png"
    assert main(["ladder", "--file", str(lad), "--plot", str(png), "--markdown", str(md), "--passes", "2"]) == 0
    out = capsys.readouterr().out
    assert THE_GAME in out and "first" in out and png.stat().st_size > 1000
    assert md.read_text().startswith("| agent | rating (ordinal) | solo: win rate")
    assert main(["ladder", "--file", str(tmp_path / "none.jsonl")]) == 2
    assert "no ladder file" in capsys.readouterr().err
    (tmp_path / "empty.jsonl").write_text("\n")
    assert main(["ladder", "--file", str(tmp_path / "empty.jsonl"), "--no-plot"]) == 2
    assert "holds no games yet" in capsys.readouterr().err


def test_concurrent_appends_lose_nothing(tmp_path: Path) -> None:
    from concurrent.futures import ThreadPoolExecutor

    path = tmp_path / "l.jsonl"

    def add(k: int) -> None:
        for j in range(8):
            append_games(path, [_game(("a", "b"), 0, 100 * k + j)])

    with ThreadPoolExecutor(4) as pool:
        list(pool.map(add, range(4)))
    assert sorted(g.seed for g in read_ladder(path)) == sorted(100 * k + j for k in range(4) for j in range(8))


@pytest.mark.parametrize("n", [1, 2, 3])
def test_the_default_opponent_is_the_snapshots_best_agent_within_50_ms(n: int) -> None:
    """agents.DEFAULT_OPPONENTS follows the ladder snapshot (issue 12): at each table size, the agent with the
    highest rating among those that took at most 50 ms a decision (a shipped model's new games can change it)."""
    from agents import DEFAULT_OPPONENTS
    ladder = build_ladder(read_ladder(ROOT / SNAPSHOT_PATH), players=[n])
    fast = [r for r in ladder.rows if r.agent != THE_GAME and r.ms_per_decision <= 50]
    best = max(fast, key=lambda r: r.counts[n].ordinal)
    assert best.agent == DEFAULT_OPPONENTS[n]


def test_a_format_1_line_is_deep_future_and_its_game_field_is_the_deal() -> None:
    old = parse_record(_rec(game=7))
    assert old.game == "deep_future" and old.extra["deal"] == 7 and "game" not in old.extra
    new = parse_record(old.to_json())
    assert new.to_json()["v"] == 2 and new.to_json()["game"] == "deep_future" and new.key() == old.key()


def test_ratings_never_mix_games() -> None:
    games = [parse_record(_rec(seed=s, winner=s % 2, returns=[1, -1] if s % 2 == 0 else [-1, 1])) for s in range(6)]
    other = [dataclasses.replace(g, game="elsewhere") for g in games]
    ladder = build_ladder(games + other, passes=2)
    assert ladder.games == 6 and ladder.unrated == {"other games": 6}
    alone = build_ladder(games, passes=2)
    assert [(r.agent, r.mu) for r in ladder.rows] == [(r.agent, r.mu) for r in alone.rows]
