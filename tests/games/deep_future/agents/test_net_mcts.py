"""``net-mcts``: the search guided by a network's policy. Model files are made here in numpy (flat MLP policies with
chosen weights), so these tests need no torch and no shipped model."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from df_env.games.deep_future.engine.determinize import determinize
from df_env.games.deep_future.engine.rng import seed_words

from agents import AgentSpecError, agent_options, make_agent
from agents.deep_future.heuristic_rules import choose_arr
from df_env.games.deep_future import engine
from df_env.games.deep_future.engine.observation import observation_layout
from df_env.net.numpy_net import save_net


def _mlp(path: Path, n_players: int, seed: int = 0, favour: int | None = None) -> str:
    """A small random MLP policy file; with ``favour``, its logits are 0 except +20 on that action."""
    g = np.random.default_rng(seed)
    d = observation_layout(n_players).size
    w = {"pi.0.weight": g.normal(0, 0.05, (d, 8)), "pi.0.bias": np.zeros(8),
         "action.weight": g.normal(0, 0.5, (8, engine.NUM_ACTIONS)), "action.bias": np.zeros(engine.NUM_ACTIONS)}
    if favour is not None:
        w["action.weight"][:] = 0.0
        w["action.bias"][favour] = 20.0
    save_net(path, w, n_players, {"hidden": [8]}, kind="mlp")
    return str(path)


def _states(n_players: int, n: int, seed: int = 0) -> list[np.ndarray]:
    """Positions from a heuristic game (copies)."""
    out = []
    s = engine.new_game(engine.GameConfig(n_players), seed=seed)
    w = seed_words(seed + 100)
    while not s["over"] and len(out) < n:
        out.append(s.copy())
        engine.apply_action(s, int(choose_arr(s.reshape(1), w)))
    return out


def test_spec_and_options() -> None:
    assert set(agent_options("net-mcts")) == {"iters", "path", "c_puct", "time", "leaf", "rollout", "turns", "bias",
                                             "fpu", "nodes", "reuse", "root", "min_visits", "considered", "gumbel",
                                             "paired", "opponents"}


def test_model_of_another_player_count_is_refused(tmp_path: Path) -> None:
    agent = make_agent(f"net-mcts:iters=4,path={_mlp(tmp_path / 'm2.npz', 2)}")
    s = engine.new_game(engine.GameConfig(1), seed=0)
    agent.reset(np.random.default_rng(0))
    with pytest.raises(AgentSpecError, match="is for 2-player games, this game has 1 players"):
        agent.act(None, engine.legal_mask(s), s)


def test_no_shipped_model_is_a_clear_error(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import df_env.net.numpy_net as numpy_net

    monkeypatch.setattr(numpy_net, "default_model_path", lambda n: tmp_path / f"net_{n}p.npz")
    agent = make_agent("net-mcts:iters=4")
    s = engine.new_game(engine.GameConfig(1), seed=0)
    with pytest.raises(AgentSpecError, match="no model is shipped for 1-player games"):
        agent.act(None, engine.legal_mask(s), s)


def test_plays_legal_games_and_is_reproducible(tmp_path: Path) -> None:
    """Whole solo games at a tiny budget: every move legal, and the same spec + seed give the same game."""
    spec = f"net-mcts:iters=6,turns=1,path={_mlp(tmp_path / 'm1.npz', 1)}"
    games = []
    for _ in range(2):
        agent = make_agent(spec)
        agent.reset(np.random.default_rng(5))
        s = engine.new_game(engine.GameConfig(1), seed=3)
        moves = []
        while not s["over"] and s["turn"] <= 8:
            mask = engine.legal_mask(s)
            a = agent.act(None, mask, s.copy())
            assert mask[a]
            moves.append(a)
            engine.apply_action(s, a)
        games.append(moves)
    assert len(games[0]) > 10 and games[0] == games[1]


def test_search_counts_and_forward_passes(tmp_path: Path) -> None:
    s = _states(1, 30)[-1]
    agent = make_agent(f"net-mcts:iters=40,path={_mlp(tmp_path / 'm1.npz', 1)}")
    agent.reset(np.random.default_rng(0))
    counts = agent.search(s)
    assert counts.sum() == 40 and (counts[~engine.legal_mask(s)] == 0).all()
    # a prior per node that had to choose (the root and some leaves), never more than one per iteration
    assert 1 <= agent.last_forwards <= 40  # type: ignore[attr-defined]


def test_the_prior_steers_the_search(tmp_path: Path) -> None:
    """A network that puts all its weight on one legal action (not the plain search's choice) makes that action
    the most visited at a large c_puct; at c_puct=0 the prior is ignored and the values decide."""
    s = next(st for st in _states(1, 60) if engine.legal_mask(st).sum() >= 4)
    mask = engine.legal_mask(s)
    base = make_agent("mcts:iters=40")
    base.reset(np.random.default_rng(0))
    visits = np.where(mask, base.search(s), -1)  # type: ignore[attr-defined]
    plain = int(np.argmax(visits))
    visits[plain] = -1
    target = int(np.argmax(visits))  # the runner-up: a legal action the search considers (not an unsafe one)
    assert target != plain and visits[target] > 0
    path = _mlp(tmp_path / "fav.npz", 1, favour=target)
    steered = make_agent(f"net-mcts:iters=40,c_puct=50,path={path}")
    steered.reset(np.random.default_rng(0))
    assert steered.act(None, mask, s) == target
    counts = steered.search(s)  # type: ignore[attr-defined]
    assert counts[target] >= 30


def test_first_play_urgency_reduction_narrows_the_search(tmp_path: Path) -> None:
    """With ``fpu`` an untried action is valued at the node's mean value minus the cut: at a large cut the search
    keeps to the actions it has tried (the prior's first choices) and tries fewer root actions than at 0."""
    s = next(st for st in _states(1, 60) if engine.legal_mask(st).sum() >= 6)
    path = _mlp(tmp_path / "m1.npz", 1)
    tried = []
    for cut in (0.0, 1.0):
        agent = make_agent(f"net-mcts:iters=60,fpu={cut},path={path}")
        agent.reset(np.random.default_rng(0))
        counts = agent.search(s)  # type: ignore[attr-defined]
        assert counts.sum() == 60
        tried.append(int((counts > 0).sum()))
    assert tried[1] < tried[0]


@pytest.mark.parametrize("n_players", [1, 2])
def test_uses_no_hidden_information(tmp_path: Path, n_players: int) -> None:
    """Two positions the acting player cannot tell apart give exactly the same search (priors included)."""
    s = [st for st in _states(n_players, 40, seed=7) if st["deck_n"] >= 8][-1]
    p = int(s["dplayer"])
    other = determinize(s, p, np.random.default_rng(11))
    assert (other["deck"] != s["deck"]).any()
    path = _mlp(tmp_path / "m.npz", n_players, seed=1)
    results = []
    for state in (s, other):
        agent = make_agent(f"net-mcts:iters=30,path={path}")
        agent.reset(np.random.default_rng(0), p)
        results.append(agent.search(state))  # type: ignore[attr-defined]
    assert np.array_equal(results[0], results[1])


def test_time_budget(tmp_path: Path) -> None:
    s = _states(1, 10)[-1]
    agent = make_agent(f"net-mcts:iters=100000,time=0.05,path={_mlp(tmp_path / 'm1.npz', 1)}")
    agent.reset(np.random.default_rng(0))
    agent.act(None, engine.legal_mask(s), s)
    assert 0 < agent.last_iterations < 100000  # type: ignore[attr-defined]


def test_tree_reuse_keeps_the_subtree_of_the_moves_played(tmp_path: Path) -> None:
    """``reuse=1``: the next decision's search starts from the subtree of the moves played since the last search
    (its root visits are those the last search spent below them); a state that is not what the agent's last
    answer led to (a decision made elsewhere) starts afresh; ``reuse=0`` never keeps anything."""
    path = _mlp(tmp_path / "m1.npz", 1)
    s = next(st for st in _states(1, 60, seed=2) if engine.legal_mask(st).sum() >= 3)
    agent = make_agent(f"net-mcts:iters=60,reuse=1,path={path}")
    agent.reset(np.random.default_rng(0))
    mask = engine.legal_mask(s)
    a = agent.act(None, mask, s.copy())
    before = agent._bufs[agent._cur]  # type: ignore[attr-defined]
    child, n = before[0].copy(), before[1].copy()
    nxt = s.copy()
    engine.apply_action(nxt, a)
    moves = [a]
    while engine.legal_mask(nxt).sum() == 1 and not nxt["over"]:  # forced moves go through act() too
        f = agent.act(None, engine.legal_mask(nxt), nxt.copy())
        moves.append(f)
        engine.apply_action(nxt, f)
    node = 0
    for m in moves:
        node = int(child[node, m])
    assert node > 0
    agent.act(None, engine.legal_mask(nxt), nxt.copy())
    assert agent.last_reused == n[node].sum() > 0  # type: ignore[attr-defined]
    assert agent.last_iterations == 60  # type: ignore[attr-defined]
    # a state the agent's answers did not lead to: a fresh search
    other = next(st for st in _states(1, 80, seed=5) if engine.legal_mask(st).sum() >= 2)
    agent.act(None, engine.legal_mask(other), other.copy())
    assert agent.last_reused == 0  # type: ignore[attr-defined]
    fresh = make_agent(f"net-mcts:iters=60,path={path}")  # reuse=0 is the default
    fresh.reset(np.random.default_rng(0))
    fresh.act(None, mask, s.copy())
    fresh.act(None, engine.legal_mask(nxt), nxt.copy())
    assert fresh.last_reused == 0  # type: ignore[attr-defined]


def test_keep_subtree_copies_the_subtree_breadth_first() -> None:
    """The kept subtree: node ``top`` becomes 0, its descendants keep their statistics and links (renumbered), at
    most ``cap`` nodes (an edge to a node left out points nowhere and keeps its counts)."""
    from agents.deep_future.net_mcts import keep_subtree

    rows = 6
    child = np.full((rows, 4), -1, dtype=np.int32)
    child[0, 1], child[1, 0], child[1, 3], child[2, 2] = 1, 2, 3, 4  # 0 -a1-> 1 -a0-> 2 -a2-> 4 ; 1 -a3-> 3
    n = np.arange(rows * 4, dtype=float).reshape(rows, 4)
    w, avail, logits = n / 2, n + 1, -n
    out = (np.full((rows, 4), -1, dtype=np.int32), np.zeros((rows, 4)), np.zeros((rows, 4)), np.zeros((rows, 4)),
           np.zeros((rows, 4)))
    k = keep_subtree(child, n, w, avail, logits, 1, 10, *out)
    assert k == 4
    assert out[0][0].tolist() == [1, -1, -1, 2] and out[0][1].tolist() == [-1, -1, 3, -1]  # 1 -> {2, 3}, 2 -> 4
    np.testing.assert_array_equal(out[1][:4], n[[1, 2, 3, 4]])
    np.testing.assert_array_equal(out[4][:4], logits[[1, 2, 3, 4]])
    k = keep_subtree(child, n, w, avail, logits, 1, 2, *out)
    assert k == 2 and out[0][0].tolist() == [1, -1, -1, -1] and out[1][0].tolist() == n[1].tolist()


def test_root_options_parse() -> None:
    agent = make_agent("net-mcts:iters=40,root=gumbel,considered=4,gumbel=0.5")
    assert (agent.root, agent.considered, agent.gumbel) == ("gumbel", 4, 0.5)  # type: ignore[attr-defined]
    assert make_agent("net-mcts:min_visits=8").min_visits == 8  # type: ignore[attr-defined]
    assert make_agent("net-mcts").root == "puct"  # type: ignore[attr-defined]


def _narrow_choice() -> np.ndarray:
    """A position with two to four legal actions (the widths the visit floor covers)."""
    return next(st for st in _states(1, 80) if 2 <= engine.legal_mask(st).sum() <= 4)


@pytest.mark.parametrize("root", ["min_visits=5", "root=gumbel"])
def test_wider_roots_visit_the_move_the_prior_starves(tmp_path: Path, root: str) -> None:
    """A network that puts all its weight on one legal action: the plain PUCT root never tries the others (an
    untried action is valued at the node's mean, the favoured one has all the prior); the visit floor gives each
    at least its floor, the Gumbel root shares the iterations among all of them (at most ``considered``)."""
    s = _narrow_choice()
    legal = np.flatnonzero(engine.legal_mask(s))
    path = _mlp(tmp_path / "fav.npz", 1, favour=int(legal[0]))
    plain = make_agent(f"net-mcts:iters=60,path={path}")
    plain.reset(np.random.default_rng(0))
    counts = plain.search(s)  # type: ignore[attr-defined]
    assert counts[legal[0]] == 60 and (counts[legal[1:]] == 0).all()
    wide = make_agent(f"net-mcts:iters=60,{root},path={path}")
    wide.reset(np.random.default_rng(0))
    counts = wide.search(s)  # type: ignore[attr-defined]
    assert (counts[legal] >= 5).all() and counts.sum() >= 60 - len(legal)
    assert wide.act(None, engine.legal_mask(s), s) in legal


def test_gumbel_root_is_deterministic_for_a_seed_and_spends_the_budget(tmp_path: Path) -> None:
    """The same seed gives the same visits and move; sequential halving spends the iterations (up to the rounding
    of its last phase) on at most ``considered`` root actions, the move among the visited ones."""
    s = next(st for st in _states(1, 60) if engine.legal_mask(st).sum() >= 6)
    path = _mlp(tmp_path / "m1.npz", 1)
    runs = []
    for _ in range(2):
        agent = make_agent(f"net-mcts:iters=64,root=gumbel,considered=4,path={path}")
        agent.reset(np.random.default_rng(3))
        counts = agent.search(s)  # type: ignore[attr-defined]
        runs.append((counts, agent.last_choice))  # type: ignore[attr-defined]
    assert np.array_equal(runs[0][0], runs[1][0]) and runs[0][1] == runs[1][1]
    counts, choice = runs[0]
    assert 63 <= counts.sum() <= 64 and (counts > 0).sum() == 4 and counts[choice] > 0
    assert engine.legal_mask(s)[choice]


GUMBEL_ONLY_ITERS = "root=gumbel .* it takes iters, not time, reuse or min_visits"
BAD_SPECS = [  # (spec, what the error says)
    ("net-mcts:fpu=-0.1", "fpu"), ("net-mcts:reuse=maybe", "must be 1/true/yes or 0/false/no"),
    ("net-mcts:c_puct=-1", "c_puct"), ("net-mcts:c=1", "has no option"),
    ("net-mcts:path=/nonexistent/model.npz", "no model file"),
    ("net-mcts:root=alphazero", "'root'.*must be one of puct, gumbel"),
    ("net-mcts:root=gumbel,considered=1", "'considered'.*must be an integer >= 2"),
    ("net-mcts:min_visits=-1", "'min_visits'"), ("net-mcts:root=gumbel,gumbel=-1", "'gumbel'"),
    ("net-mcts:root=gumbel,time=0.1", GUMBEL_ONLY_ITERS), ("net-mcts:root=gumbel,reuse=1", GUMBEL_ONLY_ITERS),
    ("net-mcts:root=gumbel,min_visits=4", GUMBEL_ONLY_ITERS),
]


@pytest.mark.parametrize("spec,says", BAD_SPECS)
def test_a_bad_option_names_what_is_allowed(spec: str, says: str) -> None:
    with pytest.raises(AgentSpecError, match=says):
        make_agent(spec)


def test_paired_gumbel_root_walks_every_action_on_the_same_futures(tmp_path: Path) -> None:
    """paired=1: the walks of a halving phase draw their generators once, so every action of the phase meets the same
    determinizations and draws. With the same seed it is deterministic, spends the budget as the plain Gumbel root
    does, and plays a legal move; paired=0 is the plain root, draw for draw."""
    s = next(st for st in _states(1, 60) if engine.legal_mask(st).sum() >= 6)
    path = _mlp(tmp_path / "m1.npz", 1)
    runs: dict[str, list[tuple[np.ndarray, int]]] = {}
    for spec in ("root=gumbel", "root=gumbel,paired=0", "root=gumbel,paired=1", "root=gumbel,paired=1"):
        agent = make_agent(f"net-mcts:iters=64,{spec},path={path}")
        agent.reset(np.random.default_rng(5))
        counts = agent.search(s)  # type: ignore[attr-defined]
        runs.setdefault(spec, []).append((counts, agent.last_choice))  # type: ignore[attr-defined]
    (plain,), (unpaired,), (a, b) = runs["root=gumbel"], runs["root=gumbel,paired=0"], runs["root=gumbel,paired=1"]
    assert np.array_equal(plain[0], unpaired[0]) and plain[1] == unpaired[1]
    assert np.array_equal(a[0], b[0]) and a[1] == b[1]
    legal = engine.legal_mask(s)
    assert 63 <= a[0].sum() <= 64 and (a[0] > 0).sum() >= 2 and not a[0][~legal].any() and legal[a[1]]


def test_paired_needs_the_gumbel_root() -> None:
    with pytest.raises(AgentSpecError, match="paired=1 .* needs root=gumbel"):
        make_agent("net-mcts:paired=1")


def test_the_gumbel_roots_prior_reads_the_determinized_root(tmp_path: Path) -> None:
    """The Gumbel root's prior is the network's pass on the determinized root, at every position and draw. It once
    read a record of a local array that numba had already freed (the arrays allocated next reused its memory): the
    logits came from whatever was written there, and the process crashed now and then."""
    from agents.deep_future.mcts import canonicalize_arr
    from agents.deep_future.net_mcts import _root_prior
    from df_env.games.deep_future.engine.observation.determinize import determinize_arr
    from df_env.games.deep_future.engine.observation.encode import encode_arr
    from df_env.net.numba_net import forward_py

    agent = make_agent("net-mcts:iters=8,root=gumbel")  # the shipped model: its pass allocates the most
    agent.net_for(1)  # type: ignore[attr-defined]
    net = agent.packed  # type: ignore[attr-defined]
    for s in _states(1, 40)[::2]:
        p = int(s["dplayer"])
        root = s.reshape(1).copy()
        canonicalize_arr(root, p)
        for draw in range(3):
            logits = np.full((2, engine.NUM_ACTIONS), np.nan)
            idx, ctl = np.zeros(engine.NUM_ACTIONS, np.int64), np.zeros(3, np.int64)
            k = _root_prior(net, root, p, logits, idx, seed_words(draw), ctl)
            work = root.copy()
            determinize_arr(work, p, seed_words(draw))
            legal = np.flatnonzero(work[0]["mask"])
            assert list(idx[:k]) == list(legal)
            if k > 1:
                obs = np.zeros(observation_layout(1).size, np.float32)
                encode_arr(work, p, obs)
                expected, _ = forward_py(net, obs)
                np.testing.assert_allclose(logits[0, legal], expected[legal], rtol=1e-5)


def test_named_opponents_are_read_from_the_public_seat_names(tmp_path: Path) -> None:
    from agents.deep_future.fast import FIRST, HEURISTIC, RANDOM

    path = _mlp(tmp_path / "m2.npz", 2)
    agent = make_agent(f"net-mcts:iters=4,opponents=named,path={path}")
    agent.reset(np.random.default_rng(0), 1)
    assert agent.observes  # it asks for the names ...
    agent.meet(["first", "net-mcts:iters=4,opponents=named"])
    assert agent.model.tolist() == [FIRST, -1, -1] and not agent.observes  # type: ignore[attr-defined]
    agent.meet(["heuristic", "random", "random"])
    assert agent.model.tolist() == [HEURISTIC, -1, RANDOM]  # type: ignore[attr-defined]  # never its own seat
    agent.meet(["heuristic #1", "x", "mcts:iters=5"])  # a numbered or another agent's name: searched
    assert agent.model.tolist() == [-1, -1, -1]  # type: ignore[attr-defined]
    agent.reset(np.random.default_rng(0), 0)
    assert agent.observes and agent.model.tolist() == [-1, -1, -1]  # type: ignore[attr-defined]  # a new game
    plain = make_agent(f"net-mcts:iters=4,path={path}")
    plain.reset(np.random.default_rng(0), 0)
    assert not plain.observes  # by default nobody is modelled, so the game loop need not tell it anything
    plain.meet(["x", "heuristic"])
    assert plain.model.tolist() == [-1, -1, -1]  # type: ignore[attr-defined]


def test_a_named_seat_plays_its_policy_in_the_tree(tmp_path: Path) -> None:
    """At a node of a seat modelled as ``first``, the walk takes that seat's lowest legal action, whatever the prior
    says; the same node searched picks the prior's favourite."""
    from agents.deep_future.fast import FIRST
    from agents.deep_future.net_mcts import _puct

    s = next(st for st in _states(2, 80, seed=3) if engine.legal_mask(st).sum() >= 3)
    legal = np.flatnonzero(engine.legal_mask(s))
    agent = make_agent(f"net-mcts:iters=4,path={_mlp(tmp_path / 'm2.npz', 2, favour=int(legal[-1]))}")
    agent.net_for(2)  # type: ignore[attr-defined]  # loads and packs the model
    packed = agent.packed  # type: ignore[attr-defined]
    picks = []
    for who in (-1, FIRST):
        model = np.full(3, -1, dtype=np.int64)
        model[int(s["dplayer"])] = who
        shape = (2, engine.NUM_ACTIONS)
        n, w, avail, logits = np.zeros(shape), np.zeros(shape), np.zeros(shape), np.full(shape, np.nan)
        a, fresh = _puct(packed, s.reshape(1)[0], 0, n, w, avail, logits, 1.0, 0.0, 0.0, 0, seed_words(1),
                         np.zeros(engine.NUM_ACTIONS, dtype=np.bool_), np.zeros(engine.NUM_ACTIONS, dtype=np.int64),
                         np.zeros(engine.NUM_ACTIONS, dtype=np.bool_), np.zeros(engine.NUM_ACTIONS),
                         np.empty(packed[4][2], dtype=np.float32), np.zeros(3, dtype=np.int64), model)
        picks.append((int(a), bool(fresh)))
    assert picks == [(int(legal[-1]), True), (int(legal[0]), True)]


def test_named_opponents_play_whole_games(tmp_path: Path) -> None:
    """A table game through the game loop (the seats' names told by ``introduce``): every move legal, the model
    set from the names, the same seeds the same game."""
    from agents.deep_future.fast import FIRST
    from df_env.bench import play_game

    spec = f"net-mcts:iters=8,turns=1,opponents=named,path={_mlp(tmp_path / 'm2.npz', 2)}"
    ends = []
    for _ in range(2):
        agents = [make_agent(spec), make_agent("first")]
        s, decisions, _, _ = play_game(agents, engine.GameConfig(2), 4, 9, 12)
        assert agents[0].model.tolist() == [-1, FIRST, -1]  # type: ignore[attr-defined]
        ends.append((s.tobytes(), decisions.tolist()))
    assert ends[0] == ends[1] and min(ends[0][1]) > 5
