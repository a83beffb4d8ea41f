"""Fuzz the three readers of user files with mutated real inputs; count exceptions other than the documented ones.

    python experiments/fuzz_inputs.py                      # 100,000 cases per input kind
    python experiments/fuzz_inputs.py --cases 2000 --kinds position

Input kinds and their documented error types:

* ``position``: ``engine.from_json`` (text or bytes) -> ``PositionError``;
* ``campaign``: ``campaign_io.load_campaign`` of a file -> ``CampaignFileError``;
* ``log``: ``gamelog.load_log`` of a file, then replaying it (``gamelog.final_state``, what ``df-env replay`` does)
  -> ``GameLogError``.

A case is a real document (positions from random, heuristic and campaign games; a campaign file with victories; a
game log) mutated once or a few times: a value replaced by a wrong type, a list or object where a scalar belongs,
a huge or negative number, an unhashable entry, a missing or extra key, deep nesting, truncated text, non-UTF-8
bytes. The script prints, per kind, the cases run and the undocumented exceptions by type (target 0) with one
example each. The mutators are used by ``tests/games/deep_future/engine/test_harden_fuzz.py`` too.
"""

from __future__ import annotations

import argparse
import collections
import copy
import json
import os
import random
import sys
import tempfile
import time
import traceback
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

BAD_VALUES: list[Any] = [None, True, False, 0, -1, 1, 7, 2**31, -(2**63), 2**64, 2**200, 1.5, float("nan"), "",
                         "x", "K1", "EVOKE", "N", "99", [], [[]], [1, 2], {}, {"a": 1}, {"suit": "K"}, [None]]


def _paths(v: Any, path: tuple = ()) -> list[tuple]:
    out = [path]
    if isinstance(v, dict):
        for k, x in v.items():
            out += _paths(x, (*path, k))
    elif isinstance(v, list):
        for i, x in enumerate(v):
            out += _paths(x, (*path, i))
    return out


def _get(v: Any, path: tuple) -> Any:
    for k in path:
        v = v[k]
    return v


def mutate_doc(doc: Any, rng: random.Random) -> Any:
    """One structural mutation of a JSON document (a deep copy)."""
    doc = copy.deepcopy(doc)
    paths = _paths(doc)
    path = rng.choice(paths)
    op = rng.randrange(6)
    if not path:
        return rng.choice(BAD_VALUES + [[doc], {"x": doc}])
    parent, key = _get(doc, path[:-1]), path[-1]
    if op == 0:  # a wrong value
        parent[key] = rng.choice(BAD_VALUES)
    elif op == 1:  # wrapped in a list or an object
        parent[key] = rng.choice([[parent[key]], {"v": parent[key]}, [parent[key], parent[key]]])
    elif op == 2:  # remove
        del parent[key]
    elif op == 3:  # an extra key or entry
        if isinstance(parent, dict):
            parent[rng.choice(["extra", "id", "version", "0", "N", "EVOKE"])] = rng.choice(BAD_VALUES)
        else:
            parent.insert(rng.randrange(len(parent) + 1), rng.choice(BAD_VALUES))
    elif op == 4:  # a number nudged out of range
        v = parent[key]
        if isinstance(v, int) and not isinstance(v, bool):
            parent[key] = v + rng.choice([-(2**40), -1000, -1, 1, 1000, 2**40])
        else:
            parent[key] = -v if isinstance(v, (int, float)) else rng.choice(BAD_VALUES)
    else:  # deep nesting where the value was
        nest: Any = 1  # (deeper nesting, up to 100,000 levels, is made as text: see mutate_text)
        for _ in range(rng.choice([20, 300])):
            nest = [nest]
        parent[key] = nest
    return doc


def mutate_text(text: str, rng: random.Random) -> bytes:
    """A text-level mutation: truncation, non-UTF-8 bytes, deep nesting, a 5,000-digit integer, a swapped char."""
    data = text.encode("utf-8")
    op = rng.randrange(6)
    if op == 0:
        return data[: rng.randrange(len(data))]
    if op == 1:
        i = rng.randrange(len(data))
        return data[:i] + bytes([rng.choice([0x80, 0xC3, 0xFF, 0xFE, 0xED])]) + data[i + 1:]
    if op == 2:
        n = rng.choice([1000, 100_000])
        return b"[" * n + b"]" * n
    if op == 3:
        i = text.find(": ", rng.randrange(len(text)))
        i = i if i >= 0 else text.find(": ")
        return (text[: i + 2] + "9" * rng.choice([4301, 5000]) + ", " + text[i + 2:]).encode()
    if op == 4:
        i = rng.randrange(len(data))
        return data[:i] + bytes([rng.randrange(256)]) + data[i + 1:]
    return (text[: rng.randrange(len(text))] + '{"deep": ' * 3000).encode()


def mutate(doc: Any, text: str, rng: random.Random) -> bytes:
    """A case: mostly structural mutations (1-3 of them), sometimes a text mutation."""
    if rng.random() < 0.2:
        return mutate_text(text, rng)
    try:
        for _ in range(rng.choice([1, 1, 2, 3])):
            doc = mutate_doc(doc, rng)
        return json.dumps(doc).encode("utf-8")
    except (ValueError, RecursionError):
        return mutate_text(text, rng)


# ---------------------------------------------------------------------------------------------- real inputs
def positions() -> list[str]:
    """Positions from random and heuristic games, fresh and in a campaign galaxy (EVOKE, civilizations)."""
    from agents import make_agent
    from df_env.games.deep_future import engine
    from df_env.games.deep_future.campaign.core import Campaign

    camp = Campaign.new(seed=5)
    out = []
    for g in range(12):
        n = 1 + g % 3
        seed = camp.next_seed()
        s = engine.new_game(camp.next_config(n), seed=seed)
        agents = [make_agent("heuristic").as_policy(p, seed) for p in range(n)]
        k = 0
        while not s["over"] and s["turn"] < 200:
            if k % 97 == 13 or (int(s["acts"]) >> 7) & 1:
                out.append(engine.to_json(s))
            p = int(s["dplayer"])
            engine.apply_action(s, agents[p](s))
            k += 1
        out.append(engine.to_json(s))
        camp.record(s, ["h"] * n, seed=seed, truncated=not s["over"])
    return out[::max(1, len(out) // 40)]


def campaign_text() -> str:
    from df_env.games.deep_future.campaign.commands import campaign_play
    from df_env.games.deep_future.campaign.files import campaign_to_text

    folder = tempfile.mkdtemp()
    path = os.path.join(folder, "c.json")
    from df_env.games.deep_future.campaign.commands import campaign_new

    campaign_new(path, seed=3)
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    from campaign_report import agent_policies

    campaign_play(path, 6, agent_policies("heuristic", 1))
    from df_env.games.deep_future.campaign.files import load_campaign

    return campaign_to_text(load_campaign(path))


def log_text() -> str:
    import numpy as np

    from df_env.gamelog import GameLog
    from df_env.games.deep_future import engine

    log = GameLog(num_players=2, seed=4, seats=["a", "b"])
    s = engine.new_game(log.game_config(), log.seed)
    rng = np.random.default_rng(0)
    while not s["over"]:
        a = int(rng.choice(engine.legal_actions(s)))
        log.actions.append(a)
        engine.apply_action(s, a)
    log.set_result(s)
    return json.dumps(log.to_dict())


def gc_events_log_text() -> str:
    """A finished 3-player Galactic Civ game with the Events deck, random play: a log whose config has options."""
    import numpy as np

    from df_env.core import make_game
    from df_env.gamelog import GameLog

    game = make_game("galactic_civ")
    config = game.make_config(3, events=True)
    log = GameLog.of_config("galactic_civ", config, 5, ["a", "b", "c"])
    s = game.new_game(config, log.seed)
    rng = np.random.default_rng(0)
    while not game.is_terminal(s):
        a = int(rng.choice(np.flatnonzero(game.legal_mask(s))))
        log.actions.append(a)
        game.apply_action(s, a)
    log.set_result(s)
    return json.dumps(log.to_dict())


# ---------------------------------------------------------------------------------------------- readers
def reader(kind: str, folder: str) -> tuple[Callable[[bytes], Any], type[BaseException]]:
    if kind == "position":
        from df_env.games.deep_future import engine

        return engine.from_json, engine.PositionError
    if kind == "campaign":
        from df_env.games.deep_future.campaign.files import CampaignFileError, load_campaign

        path = os.path.join(folder, "fuzz-campaign.json")

        def read_campaign(data: bytes) -> Any:
            with open(path, "wb") as f:
                f.write(data)
            return load_campaign(path)

        return read_campaign, CampaignFileError
    from df_env.gamelog import GameLogError, final_state, load_log

    path = os.path.join(folder, "fuzz-log.json")

    def read_log(data: bytes) -> Any:
        with open(path, "wb") as f:
            f.write(data)
        return final_state(load_log(path))

    return read_log, GameLogError


def run(kind: str, cases: int, seed: int, docs: list[str], folder: str) -> tuple[int, collections.Counter, dict]:
    read, documented = reader(kind, folder)
    parsed = [json.loads(t) for t in docs]
    rng = random.Random(seed)
    bad: collections.Counter = collections.Counter()
    generic = [0]
    examples: dict[str, str] = {}
    for _ in range(cases):
        i = rng.randrange(len(docs))
        data = mutate(parsed[i], docs[i], rng)
        try:
            read(data)
        except documented as e:
            if "malformed" in str(e):  # caught by a reader's last line of defence, not by a field check
                bad["(documented, generic message)"] += 0
                generic[0] += 1
                examples.setdefault("generic", str(e)[:300])
        except Exception as e:
            name = type(e).__name__
            bad[name] += 1
            examples.setdefault(name, "".join(traceback.format_exception_only(e)).strip()[:300]
                                + " @ " + traceback.extract_tb(e.__traceback__)[-1].name)
    examples["generic count"] = str(generic[0])
    return cases, bad, examples


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--cases", type=int, default=100_000, help="cases per input kind (default 100000)")
    ap.add_argument("--kinds", nargs="+", default=["position", "campaign", "log"],
                    choices=["position", "campaign", "log"])
    ap.add_argument("--seed", type=int, default=0)
    args = ap.parse_args()
    folder = tempfile.mkdtemp(dir="/dev/shm" if os.path.isdir("/dev/shm") else None)
    sources = {"position": positions, "campaign": lambda: [campaign_text()], "log": lambda: [log_text()]}
    total_bad = 0
    for kind in args.kinds:
        docs = sources[kind]()
        t = time.perf_counter()
        n, bad, examples = run(kind, args.cases, args.seed, docs, folder)
        bad = collections.Counter({k: v for k, v in bad.items() if v})
        total_bad += sum(bad.values())
        print(f"{kind}: {n} cases from {len(docs)} real documents in {time.perf_counter() - t:.0f} s: "
              f"{sum(bad.values())} undocumented exceptions {dict(bad)}", flush=True)
        for name, ex in examples.items():
            print(f"    {name}: {ex}")
    print(f"total undocumented exceptions: {total_bad}")
    sys.exit(1 if total_bad else 0)


if __name__ == "__main__":
    main()
