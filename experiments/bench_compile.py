"""The first run's compile: wall and CPU seconds per phase in a fresh process with an empty numba cache, the
number of compiled specializations per function, and (``--profile``) where numba spends the time.

    python experiments/bench_compile.py                  # one cold run: the phases, one after another
    python experiments/bench_compile.py --runs 3         # three cold runs (the machine may be loaded: see CPU)
    python experiments/bench_compile.py --profile 25     # also the 25 costliest compiles (own time, by function)
    python experiments/bench_compile.py --warm           # then once more with the cache filled

Each run is a subprocess with ``NUMBA_CACHE_DIR`` set to a new temporary folder (the engine keys its cache on a
hash of its sources inside that folder, see ``df_env/core/jit.py``), so nothing is loaded from an earlier run.
The phases run in order in that one process, as a user's first session would: each phase's figure is what it adds
on top of the phases before it. Not a test: figures are printed (and optionally written as JSON).

Phases:
    import      ``from df_env.games.deep_future import engine``
    game        the first ``engine.new_game`` and a uniformly random game to the end (``legal_actions``,
                ``apply_action``): "import + first game" is the sum of these two
    observe     the first ``observe`` (the observation vector), and ``render_text``
    gym         the first Gymnasium ``DeepFuture-v0`` reset and a few steps
    heuristic   one compiled heuristic game (as ``df-env bench`` plays it)
    bench       the rest of what ``df-env bench --quick`` compiles before its games (its warm-up of the agents
                random, first, heuristic, net)

CPU time (user + sys of the subprocess) is less noisy than wall time on a shared machine; both are reported.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import subprocess
import sys
import tempfile
import time
from collections import Counter

PHASES = ("import", "game", "observe", "gym", "heuristic", "bench")
QUICK_AGENTS = ("random", "first", "heuristic", "net")  # df_env.cli.QUICK_AGENTS


# ---------------------------------------------------------------------------------------------- in the child
class _CompileTimer:
    """Own seconds of each numba compile (a nested compile's time is taken off its caller's), by function."""

    def __init__(self) -> None:
        from numba.core import event

        self.own: Counter[str] = Counter()
        self.count: Counter[str] = Counter()
        self._stack: list[list] = []
        timer = self

        class _Listener(event.Listener):
            def on_start(self, ev) -> None:
                timer._start(ev)

            def on_end(self, ev) -> None:
                timer._end(ev)

        event.register("numba:compile", _Listener())

    def _start(self, ev) -> None:
        self._stack.append([ev.data["dispatcher"], time.perf_counter(), 0.0])

    def _end(self, ev) -> None:
        disp, t0, nested = self._stack.pop()
        dt = time.perf_counter() - t0
        name = f"{disp.py_func.__module__}.{disp.py_func.__qualname__}"
        self.own[name] += dt - nested
        self.count[name] += 1
        if self._stack:
            self._stack[-1][2] += dt


def _phase_game() -> None:
    import numpy as np

    from df_env.games.deep_future import engine

    s = engine.new_game(engine.GameConfig(num_players=2), seed=0)
    rng = np.random.default_rng(0)
    while not engine.is_terminal(s):
        legal = engine.legal_actions(s)
        engine.apply_action(s, int(legal[rng.integers(len(legal))]))


def _phase_observe() -> None:
    from df_env.games.deep_future import engine
    from df_env.games.deep_future.engine.observation import observe
    from df_env.games.deep_future.engine.text import render_text

    s = engine.new_game(engine.GameConfig(num_players=2), seed=1)
    observe(s, 0)
    render_text(s)


def _phase_gym() -> None:
    import gymnasium as gym
    import numpy as np

    import df_env.envs  # noqa: F401  (registers DeepFuture-v0)

    env = gym.make("DeepFuture-v0")
    _, info = env.reset(seed=0)
    for _ in range(5):
        mask = info["action_mask"]
        _, _, done, trunc, info = env.step(int(np.flatnonzero(mask)[0]))
        if done or trunc:
            break
    env.close()


def _play_one(spec: str) -> None:
    from agents import make_agent
    from df_env.bench import play_game
    from df_env.games.deep_future import engine

    agent = make_agent(spec)
    play_game([agent, agent], engine.GameConfig(num_players=2), 0, 0, 1000 if spec == "heuristic" else 1)


def _phase_heuristic() -> None:
    _play_one("heuristic")


def _phase_bench() -> None:
    for spec in QUICK_AGENTS:  # as run_bench's warm-up: each agent's first game (to turn 1)
        _play_one(spec)


def _specializations() -> dict[str, int]:
    from numba.core.registry import CPUDispatcher

    out: dict[str, int] = {}
    for mod in list(sys.modules.values()):
        name = getattr(mod, "__name__", "")
        if not (name.startswith("df_env") or name.startswith("agents")):
            continue
        for attr, obj in list(vars(mod).items()):
            if isinstance(obj, CPUDispatcher) and obj.py_func.__module__ == name and obj.signatures:
                out[f"{name}.{attr}"] = len(obj.signatures)
    return out


def child(profile: bool, phases: list[str]) -> None:
    timer = _CompileTimer() if profile else None
    out: dict = {"phases": {}}
    for phase in phases:
        w, c = time.perf_counter(), time.process_time()
        if phase == "import":
            from df_env.games.deep_future import engine  # noqa: F401
        else:
            globals()[f"_phase_{phase}"]()
        out["phases"][phase] = {"wall": time.perf_counter() - w, "cpu": time.process_time() - c}
    out["specializations"] = _specializations()
    if timer is not None:
        out["compile_own"] = dict(timer.own)
        out["compile_count"] = dict(timer.count)
    print("@@" + json.dumps(out))


# ---------------------------------------------------------------------------------------------- in the parent
def run_once(profile: bool, cache: str, phases: list[str]) -> dict:
    env = dict(os.environ, NUMBA_CACHE_DIR=cache)
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t = time.perf_counter()
    done = subprocess.run([sys.executable, __file__, "--child", "--phases", ",".join(phases)]
                          + (["--profile", "1"] if profile else []),
                          env=env, capture_output=True, text=True)
    wall = time.perf_counter() - t
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode != 0:
        raise RuntimeError(f"the measuring subprocess failed:\n{done.stderr}")
    line = next(x for x in done.stdout.splitlines() if x.startswith("@@"))
    res = json.loads(line[2:])
    res["process"] = {"wall": wall, "cpu": (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)}
    return res


def report(res: dict, label: str) -> None:
    ph = res["phases"]
    cells = "  ".join(f"{p} {ph[p]['wall']:5.1f}/{ph[p]['cpu']:5.1f}" for p in ph)
    first = {k: ph["import"][k] + ph.get("game", {k: 0.0})[k] for k in ("wall", "cpu")}
    print(f"{label}: {cells}  | import+first game {first['wall']:5.1f}/{first['cpu']:5.1f}  | process "
          f"{res['process']['wall']:5.1f}/{res['process']['cpu']:5.1f}  (wall/cpu s)")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--runs", type=int, default=1, help="cold runs (default 1)")
    ap.add_argument("--warm", action="store_true", help="also one run with the cache the last cold run filled")
    ap.add_argument("--profile", type=int, default=0, metavar="N", help="list the N costliest compiles")
    ap.add_argument("--specializations", action="store_true", help="list every compiled function's count")
    ap.add_argument("--phases", default=",".join(PHASES),
                    help=f"comma-separated phases to run, in this order (default: all, {','.join(PHASES)})")
    ap.add_argument("--json", help="also write the figures to this file")
    ap.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    args = ap.parse_args()
    phases = args.phases.split(",")
    if phases[0] != "import" or not set(phases) <= set(PHASES):
        ap.error(f"--phases: start with import and name phases of {', '.join(PHASES)}; got {args.phases!r}")
    if args.child:
        child(bool(args.profile), phases)
        return
    runs = []
    for i in range(args.runs):
        with tempfile.TemporaryDirectory() as cache:
            runs.append(run_once(bool(args.profile), cache, phases))
            report(runs[-1], f"cold {i + 1}")
            if args.warm and i == args.runs - 1:
                warm = run_once(False, cache, phases)
                report(warm, "warm  ")
    spec = runs[-1]["specializations"]
    print(f"specializations: {sum(spec.values())} in {len(spec)} functions; more than one: " + ", ".join(
        f"{k.split('.', 2)[-1]} {v}" for k, v in sorted(spec.items(), key=lambda kv: -kv[1]) if v > 1))
    if args.specializations:
        for k, v in sorted(spec.items()):
            print(f"  {v:3d}  {k}")
    if args.profile:
        own, count = runs[-1]["compile_own"], runs[-1]["compile_count"]
        print(f"compile time by function (own seconds, compiles; total {sum(own.values()):.1f} s):")
        for k, v in sorted(own.items(), key=lambda kv: -kv[1])[:args.profile]:
            print(f"  {v:6.2f}  {count[k]:3d}  {k}")
    if args.json:
        with open(args.json, "w") as f:
            json.dump(runs, f, indent=1)


if __name__ == "__main__":
    main()
