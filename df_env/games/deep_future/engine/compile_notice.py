"""Visible messages while numba compiles (about a minute for the engine cold; about a second once the compiled code
is cached in the engine's cache folder, ``engine.kernels.CACHE_DIR``, keyed on a hash of the engine's
sources: see ``df_env/games/deep_future/engine/_jit.py``).

* :func:`notice`: one line at the start of a command when nothing is cached yet.
* :class:`CompileWatch`: every compile step as it happens (numba's ``numba:compile`` events, which fire only when
  code is really compiled, never for a cache hit): what it is and about how long it takes, then a line every
  ``every`` seconds while it goes on, so that the first run is never silent for long. ``df-env`` watches every
  command; a later compile (the network search of the first ``net-mcts`` game, a campaign's bigger capacity tier)
  is announced the same way. Its beat thread runs beside the command's work: a process forked meanwhile (a bench's
  pool workers, the side compile) is forked while no watch holds its lock (:func:`_hold_watches`), so that the
  child, which inherits the watch and its numba listener but not the thread, never waits on a lock held by a
  thread that does not exist there.

Example:
    >>> isinstance(engine_is_cached(), bool)
    True
"""

from __future__ import annotations

import os
import sys
import threading
import time
from pathlib import Path
from typing import Any, TextIO

MESSAGE = ("compiling the game engine for the first time on this machine (numba: each step is announced below with "
           "about how long it takes; later runs start in about a second)...")


def cache_dir() -> Path:
    """The folder numba caches this df_env's compiled code in (importing the engine compiles nothing)."""
    from df_env.games.deep_future.engine.kernels import CACHE_DIR

    return Path(CACHE_DIR)


def engine_is_cached() -> bool:
    """Whether numba's cache of the engine exists (a guess: some cache index file is present)."""
    return any(cache_dir().rglob("*.nbi"))


def notice(stream=None) -> bool:
    """Print :data:`MESSAGE` (to stderr by default) when the engine has not been compiled yet; returns whether it
    printed."""
    if engine_is_cached():
        return False
    print(MESSAGE, file=stream or sys.stderr, flush=True)
    return True


# what a compiled function belongs to (its module), and about how long the first compile of that part takes on a
# quiet 2-core machine (experiments/bench_compile.py; about twice as long under load)
STEPS: tuple[tuple[str, str, str], ...] = (
    ("df_env.games.deep_future.engine.observation", "the observation encoder", "about 5 s"),
    ("df_env.games.deep_future.engine", "the game engine", "about 45 s"),
    ("df_env.core", "the core's generator", "a few seconds"),
    ("df_env.games.galactic_civ", "Galactic Civ's engine", "about 20 s"),
    ("agents.deep_future.net_mcts", "the network search (net-mcts)", "about 20 s"),
    ("df_env.net.numba_net", "the network's forward pass (net, net-mcts, net opponents)", "about 15 s"),
    ("agents.deep_future.mcts", "the MCTS search", "about 15 s"),
    ("agents", "the agents' policies (random, first, heuristic)", "about 20 s"),
    ("df_env.games.deep_future.envs", "the environments' step", "about 20 s"),
    ("df_env.games.deep_future.progress", "the progress score", "a few seconds"),
    ("df_env.games.deep_future.campaign", "the campaign's galaxy code", "a few seconds"),
    ("df_env.train", "the training kernels", "about 20 s"),
)
# who compiles, as the announcements say it ("" for the command's own process; a side process that compiles at the
# same time names itself, so that two streams of announcements on one terminal can be told apart)
WHO = [""]


def announce_as(who: str) -> None:
    """Prefix this process's compile announcements with ``who`` (e.g. ``"side process: "``)."""
    WHO[0] = who


TIER = " for a bigger capacity tier (a grown campaign galaxy: once per tier)"


def describe_compile(module: str, args: Any = ()) -> tuple[str, str]:
    """(what, about how long) of a compile of a function of ``module`` with numba argument types ``args``."""
    what, how_long = next(((w, t) for prefix, w, t in STEPS if module == prefix or module.startswith(prefix + ".")),
                          (f"{module}", "a few seconds"))
    if any(_is_bigger_tier(a) for a in args or ()):
        what, how_long = what + TIER, "about 45 s"
    return what, how_long


def _is_bigger_tier(arg: Any) -> bool:
    """An engine state array of a capacity tier other than the base one (its record type differs)."""
    dtype = getattr(arg, "dtype", None)
    fields = getattr(dtype, "fields", None)
    if not fields or "n_cards" not in fields:
        return False
    import numba

    from df_env.games.deep_future.engine.model.state import STATE_DTYPE

    return bool(dtype != numba.from_dtype(STATE_DTYPE))


class CompileWatch:
    """Announce numba compiles on ``stream`` (stderr): a line when a step starts (:func:`describe_compile`), and
    ``still compiling ...`` every ``every`` seconds while compiling goes on. Use as a context manager; a compile
    in any thread is seen (the compile-ahead of ``df-env play`` included)."""

    def __init__(self, stream: TextIO | None = None, every: float = 8.0) -> None:
        self.stream, self.every = stream, every
        self.depth = 0
        self.current = ""  # the step being compiled ("" when none)
        self.started = self.last = self.ended = 0.0
        self.lock = threading.Lock()
        self.stop = threading.Event()
        self.lines: list[str] = []  # what was said (for tests)

    def say(self, line: str) -> None:
        line = WHO[0] + line
        self.lines.append(line)
        print(line, file=self.stream or sys.stderr, flush=True)

    def on_start(self, data: dict[str, Any]) -> None:
        with self.lock:
            self.depth += 1
            if self.depth > 1:  # a callee compiled inside its caller's compile: the same step
                return
            disp = data.get("dispatcher")
            module = getattr(getattr(disp, "py_func", None), "__module__", "") or ""
            what, how_long = describe_compile(module, data.get("args", ()))
            now = time.monotonic()
            if what != self.current or now - self.ended > 3.0:  # a new step (not the next function of the same one)
                self.say(f"compiling {what} (numba, first use on this machine: {how_long} on a quiet 2-core machine; "
                         f"cached afterwards)...")
                self.current, self.started, self.last = what, now, now

    def on_end(self) -> None:
        with self.lock:
            self.depth = max(0, self.depth - 1)
            if not self.depth:
                self.ended = time.monotonic()

    def beat(self, now: float) -> None:
        """Say that compiling goes on when it has for ``every`` seconds since the last line."""
        with self.lock:
            if self.depth and now - self.last >= self.every:
                self.say(f"  ... still compiling {self.current} ({now - self.started:.0f} s so far)")
                self.last = now

    def _beat(self) -> None:
        while not self.stop.wait(1.0):
            self.beat(time.monotonic())

    def __enter__(self) -> CompileWatch:
        from numba.core import event

        watch = self

        class _Listener(event.Listener):
            def on_start(self, ev: Any) -> None:
                watch.on_start(ev.data or {})

            def on_end(self, ev: Any) -> None:
                watch.on_end()

        self._listener = _Listener()
        event.register("numba:compile", self._listener)
        _WATCHES.append(self)
        threading.Thread(target=self._beat, name="compile-watch", daemon=True).start()
        return self

    def __exit__(self, *exc: object) -> None:
        from numba.core import event

        self.stop.set()
        _WATCHES.remove(self)
        event.unregister("numba:compile", self._listener)


# the watches whose beat thread runs, and the locks held across a fork (see _hold_watches)
_WATCHES: list[CompileWatch] = []
_HELD: list[threading.Lock] = []


def _hold_watches() -> None:
    """Before a fork: take every running watch's lock, so that its beat thread is not in the middle of a line (its
    lock or stderr's held) when the process is copied; the thread itself is not copied, the fork waits at most
    for one line to be printed."""
    for watch in list(_WATCHES):
        watch.lock.acquire()
        _HELD.append(watch.lock)


def _release_watches() -> None:
    """After a fork, in the parent and in the child: give the locks back."""
    while _HELD:
        _HELD.pop().release()


if hasattr(os, "register_at_fork"):  # POSIX
    os.register_at_fork(before=_hold_watches, after_in_parent=_release_watches, after_in_child=_release_watches)
