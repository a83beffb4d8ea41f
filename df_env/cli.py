"""The ``df-env`` command line: ``bench``, ``ladder``, ``train``, ``play``, ``serve``, ``replay``,
``campaign new|play|show|restore|resign``, ``agents``.

Examples::

    df-env bench --quick                                   # the README's table and results/bench.png
    df-env bench --agents random heuristic mcts:iters=200 --games 1000
    df-env bench --players 2 --agents heuristic mcts:iters=100 --games 200
    df-env bench --backend ray --address auto --agents mcts:iters=400 --games 1000   # on a Ray cluster
    df-env play --players 2 --opponents heuristic          # you are seat 0
    df-env serve                                           # play in the browser (pip install -e ".[web]")
    df-env replay results/games/game-7.json
    df-env campaign new galaxy.json --seed 7
    df-env campaign play galaxy.json --games 5 --agents heuristic
    df-env campaign play galaxy.json -n 2 --agents human heuristic   # you play seat 0 of the next game
    df-env campaign show galaxy.json
    df-env campaign restore galaxy.json     # put the backup (galaxy.json.bak) back in place of a damaged file
    df-env campaign resign galaxy.json      # validate a hand-edited file and write a new checksum
    df-env --version
    df-env agents                                          # the agents and their options
    df-env ladder                                          # rate every agent benchmarked so far (openskill)
    df-env train --preset solo --minutes 60                # train a network (docs/training.md)
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from df_env.bench import BenchResult
    from df_env.gamelog import GameLog

from df_env.argcheck import (
    GAME_OPTION_FLAGS,
    add_game_option,
    add_game_options,
    any_players,
    game_options_of,
    non_negative,
    options_given,
    players,
    positive,
)
from df_env.argcheck import game as _game

# the agents that play thousands of games a second (a cold first run within 90 s); the searches by --agents
QUICK_AGENTS = ("random", "first", "heuristic", "net")
EPILOG = (__doc__ or "").replace("``", "").replace("::", ":")  # --help shows the module docstring as plain text
QUICK_GAMES = 100


class CliError(Exception):
    """A user error: printed as one line, exit status 2."""


def _check_output_folder(path: Path, option: str) -> None:
    """Fail before any game is played when ``path`` cannot be written: its folder cannot be made or written, or the
    path is a folder itself (the results of a long run would otherwise be lost at the end)."""
    if path.is_dir():
        raise CliError(f"{option} {path} is a folder; give a file path")
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
    except OSError as err:
        raise CliError(f"{option} {path}: cannot create the folder {path.parent} ({err.strerror})") from None
    if not os.access(path.parent, os.W_OK):
        raise CliError(f"{option} {path}: the folder {path.parent} is not writable")


# ---------------------------------------------------------------------------------------------- bench
def _bench(args: argparse.Namespace) -> None:
    from df_env.bench import BenchConfig, run_bench

    agents = tuple(args.agents or QUICK_AGENTS)
    if args.ceiling:  # the reference plays every deal too (df_env.games.deep_future.analysis.ceiling)
        if args.players != 1:
            raise CliError(f"--ceiling is a solo measure (--players 1); got --players {args.players}")
        agents += (args.ceiling,) * (args.ceiling not in agents)
    games = args.games if args.games is not None else (QUICK_GAMES if args.quick else 1000)
    if not args.no_ladder:
        _check_output_folder(Path(args.ladder), "--ladder")
    try:
        config = BenchConfig(agents=agents, num_players=args.players, games=games, seed=args.seed,
                             max_turns=args.max_turns, jobs=args.jobs, restart_on_loss=args.restart_on_loss,
                             game=args.game, options=game_options(args, args.game))
    except ValueError as err:
        raise CliError(str(err)) from None
    _check_output_folder(Path(args.out + ".json"), "--out")
    from df_env.backends import BackendError, make_backend
    from df_env.bench import BenchFailed, BenchInterrupted

    try:  # the local backend is run_bench's default (--jobs processes)
        backend = make_backend(args.backend, args.jobs, args.address) if args.backend != "local" or args.address \
            else None
    except (ValueError, BackendError) as err:
        raise CliError(str(err)) from None
    try:
        result = run_bench(config, show_progress=not args.no_progress, backend=backend)
    except (BenchInterrupted, BenchFailed) as stop:  # Ctrl-C, a dead worker: the finished games are written and
        _bench_outputs(stop.result, args)  # recorded, marked partial; then main says why and exits 130 or 1
        why = "interrupted" if isinstance(stop, BenchInterrupted) else "stopped by an error"
        print(f"{why}: kept the {len(stop.result.games)} finished games of {stop.result.meta['games_planned']} "
              f"(marked partial)", file=sys.stderr)
        raise
    finally:
        if backend is not None:
            backend.close()
    _bench_outputs(result, args)


def _bench_outputs(result: BenchResult, args: argparse.Namespace) -> None:
    from df_env.bench_report import format_table, write_all
    from df_env.ladder import record_bench

    if args.ceiling:
        from df_env.games.deep_future.analysis.ceiling import ceiling_report, format_ceiling

        config = result.config
        result.meta["ceiling"] = ceiling_report(result, config.labels()[config.agents.index(args.ceiling)])
    print(format_table(result))
    if args.ceiling:
        print("\n" + format_ceiling(result.meta["ceiling"]))  # type: ignore[arg-type]
    for path in write_all(result, args.out):
        print(f"wrote {path}")
    record_bench(result, args)


# ---------------------------------------------------------------------------------------------- play / replay
def _play(args: argparse.Namespace) -> None:
    from df_env.core.registry import DEFAULT_GAME
    from df_env.games.deep_future.envs.common import seat_rule
    from df_env.games.deep_future.screen import play_human

    if args.resume:  # a game saved in the middle: its seats and seed come from the log
        from df_env.gamelog import load_log

        log = load_log(args.resume)
        args.game = resolve_game(args, log.game)
        _check_resume_options(args, log, args.resume)
        if args.game != DEFAULT_GAME:
            from df_env.terminal import play_game_human

            play_game_human(args.game, 0, 0, [], 0, args.log or args.resume, resume=log, lang=args.lang)
            return
        play_human(0, 0, [], 0, args.log or args.resume, color=args.color, resume=log, lang=args.lang)
        return
    args.game = resolve_game(args)
    if args.game != DEFAULT_GAME:
        _play_other(args)
        return
    game_options(args, args.game)  # --events, --races, --trade-literal: refused, naming Deep Future's options
    if args.players > 3:
        raise CliError(f"--players must be 1, 2 or 3 for Deep Future; got {args.players}")
    if args.seat >= args.players:
        raise CliError(f"--seat must be {seat_rule(args.players)}; got {args.seat}")
    from agents import default_opponent, refuse_clairvoyant

    opponents = list(args.opponents or [default_opponent(args.players)])
    if len(opponents) == 1 and args.players > 2:
        opponents *= args.players - 1
    if args.players == 1:
        opponents = []
    elif len(opponents) != args.players - 1:
        raise CliError(f"--opponents: give one spec for every other seat, or one per other seat "
                       f"({args.players - 1} for {args.players} players); got {len(opponents)}")
    for spec in opponents:
        try:
            refuse_clairvoyant(spec, "an opponent in df-env play")
        except ValueError as err:
            raise CliError(f"--opponents: {err}") from None
    log_path = args.log or f"results/games/game-{args.seed}.json"
    if Path(log_path).is_file():  # an earlier game's log is never overwritten: this game gets a new name
        old, k = Path(log_path), 1
        while old.with_name(f"{old.stem}-{k}{old.suffix}").exists():
            k += 1
        log_path = str(old.with_name(f"{old.stem}-{k}{old.suffix}"))
        print(f"{old} holds an earlier game; this game's log goes to {log_path}")
    _check_output_folder(Path(log_path), "--log")
    play_human(args.players, args.seat, opponents, args.seed, log_path, color=args.color, lang=args.lang)


def _check_resume_options(args: argparse.Namespace, log: GameLog, path: str) -> None:
    """``play --resume`` with game-option flags: each must be the game's (else refused, naming its options) and agree
    with the log's (a resumed game keeps the options its log records)."""
    game_options(args, log.game)
    logged = log.the_game().config_to_dict(log.game_config())
    for key, value in options_given(args).items():
        if logged.get(key) == value:
            continue
        flag = GAME_OPTION_FLAGS[key][0]
        was = "without the Events deck" if key == "events" else f"with {key}={json.dumps(logged.get(key))}"
        raise CliError(f"{flag}: the game in {path} was started {was} (a resumed game keeps the options its log "
                       f"records)")


def _play_other(args: argparse.Namespace) -> None:
    """``df-env play --game ID`` for a game other than Deep Future (its own screen: df_env.terminal)."""
    from df_env.core import make_game
    from df_env.terminal import play_game_human

    info = make_game(args.game).info
    if not info.min_players <= args.players <= info.max_players:
        raise CliError(f"--players must be {info.min_players}..{info.max_players} for {info.name}; got {args.players}")
    if args.seat >= args.players:
        raise CliError(f"--seat must be 0..{args.players - 1}; got {args.seat}")
    opponents = list(args.opponents or [OTHER_GAME_OPPONENT])
    if len(opponents) == 1:
        opponents *= args.players - 1
    if len(opponents) != args.players - 1:
        raise CliError(f"--opponents: give one spec for every other seat, or one per other seat "
                       f"({args.players - 1} for {args.players} players); got {len(opponents)}")
    log_path = _fresh_log_path(args.log or f"results/games/{args.game}-{args.seed}.json")
    _check_output_folder(Path(log_path), "--log")
    play_game_human(args.game, args.players, args.seat, opponents, args.seed, log_path, lang=args.lang,
                    options=game_options(args, args.game))


def _fresh_log_path(log_path: str) -> str:
    """``log_path``, or a new name beside it when it holds an earlier game (never overwritten)."""
    if not Path(log_path).is_file():
        return log_path
    old, k = Path(log_path), 1
    while old.with_name(f"{old.stem}-{k}{old.suffix}").exists():
        k += 1
    print(f"{old} holds an earlier game; this game's log goes to {old.with_name(f'{old.stem}-{k}{old.suffix}')}")
    return str(old.with_name(f"{old.stem}-{k}{old.suffix}"))


def _replay(args: argparse.Namespace) -> None:
    from df_env.gamelog import load_log
    from df_env.games.deep_future.envs.common import seat_rule
    from df_env.terminal import replay_game

    log = load_log(args.log)
    args.game = resolve_game(args, log.game)
    if args.observer is not None and not 0 <= args.observer < log.num_players:
        raise CliError(f"--observer must be {seat_rule(log.num_players)} (the logged game); got {args.observer}")
    replay_game(log, observer=args.observer, step=not args.all, color=args.color, lang=args.lang)


# ---------------------------------------------------------------------------------------------- campaign
def _campaign(args: argparse.Namespace) -> None:
    try:
        from df_env.games.deep_future.campaign import commands as campaign_ops
    except ImportError as err:  # the campaign helper's module is not installed
        raise CliError(f"campaigns are not available in this installation: {err}") from None
    if args.campaign_cmd == "new":
        camp = campaign_ops.campaign_new(args.path, seed=args.seed, overwrite=args.overwrite,
                                         overwrite_hint="use --overwrite (the old file is kept as .bak)")
        print(f"new campaign {args.path}: {camp!r}")
    elif args.campaign_cmd == "play":
        _campaign_play(args, campaign_ops)
    elif args.campaign_cmd == "restore":
        _campaign_restore(args.path)
    elif args.campaign_cmd == "resign":
        from df_env.games.deep_future.campaign import files as campaign_io

        with campaign_io.campaign_lock(args.path):
            camp = campaign_io.resign(args.path)
        print(f"{args.path}: valid, re-signed with a new checksum: {camp!r}")
    else:
        print(campaign_ops.campaign_show(args.path))


def _campaign_restore(path: str) -> None:
    """Put the backup kept by the last save back in place (the replaced file is kept as ``.damaged``)."""
    from df_env.games.deep_future.campaign import files as campaign_io

    with campaign_io.campaign_lock(path):
        camp, kept = campaign_io.restore_backup_kept(path)
    print(f"restored {path} from {path}{campaign_io.BACKUP_SUFFIX}: {camp!r}")
    if kept is not None:
        print(f"the damaged file it replaced is kept as {kept}")


def _campaign_play(args: argparse.Namespace, campaign_ops: object) -> None:
    from agents import make_agent, refuse_clairvoyant

    specs = list(args.agents or ["random"])
    if specs == ["human"] and args.players > 1:
        raise CliError(f"--agents: 'human' plays one seat; give one spec per seat ({args.players}), e.g. "
                       f"--agents human {' '.join(['heuristic'] * (args.players - 1))}")
    if len(specs) == 1:
        specs *= args.players
    if len(specs) != args.players:
        raise CliError(f"--agents: give one spec, or one per seat ({args.players})")
    for spec in set(specs) - {"human"}:
        make_agent(spec)  # a bad spec fails before any game is played
        refuse_clairvoyant(spec, "a player of campaign games")
    if specs.count("human") > 1:
        raise CliError("--agents: at most one seat can be 'human'")
    policies = None if all(s == "random" for s in specs) else _policy_factory(specs, color=args.color,
                                                                                 lang=args.lang)

    def on_game(rec: object, camp: object) -> None:
        print(f"game {getattr(rec, 'game', '?')}: {getattr(rec, 'outcome', '?')} in {getattr(rec, 'turns', '?')} "
              f"turns; {camp!r}")
        campaign_ops.tier_notice(rec, camp)  # type: ignore[attr-defined]

    from df_env.games.deep_future.screen import QuitGame

    try:
        campaign_ops.campaign_play(args.path, args.games, policies,  # type: ignore[attr-defined]
                                   num_players=args.players, players=specs, max_turns=args.max_turns,
                                   on_game=on_game)
    except QuitGame:
        print(f"stopped: the game in progress is not recorded; {args.path} holds every game finished before it")


def _policy_factory(specs: list[str], color: bool = False, lang: str = "en"):
    """``game_seed -> [policy(state) -> action]``: fresh agents for every game, ``as_policy(seat, game_seed)``; a
    ``"human"`` seat is a person at the terminal, told the other seats' moves."""
    import numpy as np

    from agents import make_agent
    from df_env.games.deep_future.screen import HumanSeat

    def agent_policy(spec: str, p: int, seed: int, human: HumanSeat | None):
        policy = make_agent(spec).as_policy(p, seed)

        def act(s: np.ndarray) -> int:
            a = policy(s)
            if human is not None:
                human.saw(s, p, spec, a)
            return a

        return act

    def policies(seed: int) -> list:
        human = HumanSeat(specs.index("human"), color=color, lang=lang) if "human" in specs else None
        return [human if spec == "human" else agent_policy(spec, p, seed, human) for p, spec in enumerate(specs)]

    return policies


# ---------------------------------------------------------------------------------------------- agents
def _agents(args: argparse.Namespace) -> None:
    from agents import agent_names, agent_options, is_clairvoyant

    all_opts = {name: agent_options(name, args.game) for name in agent_names(args.game)}
    width = max((len(f"{k}={o.default!r}") for opts in all_opts.values() for k, o in opts.items()), default=0)
    for name, opts in all_opts.items():
        if is_clairvoyant(name):  # the cheat says so wherever agents are listed
            from agents.deep_future.oracle import SUMMARY

            print(f"{name}:  [{SUMMARY}]")
        else:
            print(name + (":" if opts else ""))
        for key, opt in opts.items():
            print(f"    {f'{key}={opt.default!r}':<{width}}  {opt.doc}")


# ---------------------------------------------------------------------------------------------- parser
FILE_COMMANDS = ("replay", "play")  # commands whose game is the one of the file they read (play --resume)
# Commands that take any registered game; the others are Deep Future's alone for now (docs/adding_a_game.md).
GAME_COMMANDS = ("bench", "ladder", "agents", "replay", "play", "serve", "train")
OTHER_GAME_OPPONENT = "heuristic"  # df-env play's default opponent in a game other than Deep Future (its own agent)


def game_options(args: argparse.Namespace, game_id: str) -> dict[str, object]:
    """The game options the command line sets (``--events``, ``--races``, ``--trade-literal``), checked against the
    game's configuration: a game without such an option is refused, naming the options it has."""
    try:
        return game_options_of(args, game_id)
    except ValueError as err:
        raise CliError(str(err)) from None


def resolve_game(args: argparse.Namespace, from_file: str | None = None) -> str:
    """The game of a command: ``--game`` (before or after the command), else the game named by the file it reads,
    else Deep Future. A ``--game`` that contradicts the file is an error."""
    from df_env.core.registry import DEFAULT_GAME

    given = getattr(args, "game", None)
    if given and from_file and given != from_file:
        raise CliError(f"--game {given} but the file is a game of {from_file}")
    game = given or from_file or DEFAULT_GAME
    if game != DEFAULT_GAME and args.command not in GAME_COMMANDS:
        raise CliError(f"df-env {args.command} plays Deep Future only for now; --game works with "
                       f"{', '.join(GAME_COMMANDS)}")
    return game


def _add_bench(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("bench", help="play agents against each other (or alone) and tabulate the results",
                       description="Seeded games in parallel; prints a table and writes OUT.json, OUT.csv, OUT.png.")
    p.add_argument("--agents", nargs="+", metavar="SPEC", help=f"agent specs (default {' '.join(QUICK_AGENTS)})")
    p.add_argument("--players", "-n", type=any_players, default=1, help="1 (each agent alone), 2 or 3 (Deep "
                   "Future; another game: its own range)")
    add_game_option(p)
    p.add_argument("--games", type=positive, help="games per agent (solo) or per seating (default 1000, "
                   f"--quick {QUICK_GAMES})")
    p.add_argument("--quick", action="store_true", help=f"a small run: {QUICK_GAMES} games of "
                   f"{' '.join(QUICK_AGENTS)} unless --agents/--games say otherwise")
    p.add_argument("--seed", type=non_negative, default=0, help="the base seed every game's seed is derived from "
                   "(default 0)")
    p.add_argument("--jobs", "-j", type=positive, help="worker processes (default: all cores); with --backend ray, "
                   "games in flight at once (default: the cluster's CPUs)")
    p.add_argument("--backend", choices=("local", "ray"), default="local", help="where the games run: this "
                   "machine's processes (default) or Ray tasks (the cluster extra; docs/cluster.md)")
    p.add_argument("--address", help="with --backend ray: a running Ray cluster (HOST:PORT or auto; default: start "
                   "a local Ray instance)")
    p.add_argument("--max-turns", type=positive, help="stop games after this many player-turns (default 100 "
                   "per player)")
    p.add_argument("--restart-on-loss", action="store_true", help="the R24 variant")
    add_game_options(p, what="benchmark")
    p.add_argument("--ceiling", nargs="?", const="oracle:iters=400", metavar="SPEC",
                   help="solo: also play this reference on every deal (default oracle:iters=400, a cheat that sees "
                   "hidden cards) and report each agent's win rate over the deals it won (the winnable deals)")
    p.add_argument("--out", default="results/bench", help="output prefix (default results/bench)")
    p.add_argument("--no-progress", action="store_true", help="no progress bar")
    from df_env.ladder import add_bench_options

    add_bench_options(p)
    p.set_defaults(func=_bench)


def _add_play(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("play", help="play a game in the terminal, alone or against agents")
    p.add_argument("--players", "-n", type=any_players, default=1, help="1 (solo, default), 2 or 3 (Deep Future; "
                   "another game: its own range, e.g. 2-6 for galactic_civ)")
    add_game_option(p)
    p.add_argument("--seat", type=non_negative, default=0, help="your seat (default 0)")
    p.add_argument("--opponents", nargs="+", metavar="SPEC", help="agent specs of the other seats (one for all, "
                   "or one per seat; default: the strongest agent that answers within about 50 ms a decision, "
                   "agents.DEFAULT_OPPONENTS)")
    p.add_argument("--seed", type=non_negative, default=0, help="the game's seed: the same seed, the same deal "
                   "(default 0)")
    p.add_argument("--log", help="where to save the game log (default results/games/game-SEED.json)")
    p.add_argument("--color", action="store_true", help="ANSI colours")
    p.add_argument("--resume", metavar="LOG", help="go on with a game saved in the middle (its log; saved back there)")
    add_game_options(p)
    p.add_argument("--lang", choices=("en", "zh"), default="en", help="language of every text: en or zh (default en)")
    p.set_defaults(func=_play)


def _add_replay(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("replay", help="step through a saved game log")
    p.add_argument("log", help="a game log written by df-env play")
    p.add_argument("--observer", type=non_negative, help="show the game as this seat saw it (default: all)")
    p.add_argument("--all", action="store_true", help="print every position without waiting")
    p.add_argument("--color", action="store_true", help="ANSI colours")
    p.add_argument("--lang", choices=("en", "zh"), default="en", help="language of every text: en or zh (default en)")
    p.set_defaults(func=_replay)


def _add_campaign(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("campaign", help="a campaign: a galaxy carried from game to game")
    csub = p.add_subparsers(dest="campaign_cmd", required=True, metavar="new|play|show|restore|resign")
    new = csub.add_parser("new", help="create a campaign file")
    new.add_argument("path", help="the campaign file to create")
    new.add_argument("--seed", type=non_negative, default=0, help="the seed of the galaxy and its games (default 0)")
    new.add_argument("--overwrite", action="store_true", help="replace an existing file (kept as PATH.bak)")
    play = csub.add_parser("play", help="play games in the campaign (saved after each game)")
    play.add_argument("path", help="a campaign file made by campaign new")
    play.add_argument("--games", type=positive, default=1, help="how many games to play (default 1)")
    play.add_argument("--players", "-n", type=players, default=1, help="1 (solo, default), 2 or 3")
    play.add_argument("--agents", nargs="+", metavar="SPEC", help="one spec for every seat or one per seat "
                      "(default random); 'human' is you, at the terminal")
    play.add_argument("--color", action="store_true", help="colours in the view (a human seat)")
    play.add_argument("--lang", choices=("en", "zh"), default="en", help="language of the human seat: en or zh")
    play.add_argument("--max-turns", type=positive, default=1000, help="stop a game after this many player-turns "
                      "and record it as truncated (default 1000)")
    show = csub.add_parser("show", help="describe the campaign")
    show.add_argument("path", help="a campaign file")
    restore = csub.add_parser("restore", help="replace the campaign by its backup (the previous save)")
    restore.add_argument("path", help="a campaign file")
    resign = csub.add_parser("resign", help="validate a hand-edited campaign file and write a new checksum")
    resign.add_argument("path", help="a campaign file")
    p.set_defaults(func=_campaign)


def _version() -> str:
    """The installed package's version (one place: the package metadata from pyproject.toml)."""
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("df_env")
    except PackageNotFoundError:
        return "unknown (not installed: pip install -e .)"


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="df-env", description="Deep Future environment tools.",
                                     formatter_class=argparse.RawDescriptionHelpFormatter, epilog=EPILOG)
    parser.add_argument("--version", action="version", version=f"%(prog)s {_version()}")
    parser.add_argument("--game", type=_game, metavar="ID", help="the game every command plays or reads (default "
                        "deep_future; a file's own game when the command reads one)")
    sub = parser.add_subparsers(dest="command", required=True,
                                metavar="bench|ladder|train|play|serve|replay|campaign|agents")
    _add_bench(sub)
    _add_play(sub)
    _add_replay(sub)
    _add_campaign(sub)
    from df_env.ladder import add_parser as add_ladder

    add_ladder(sub)
    agents = sub.add_parser("agents", help="list the agents and their options")
    add_game_option(agents)
    agents.set_defaults(func=_agents)
    from df_env.web.command import add_serve

    add_serve(sub)
    from df_env.train.cli import add_parser as _add_train

    _add_train(sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run ``df-env``; returns the exit status (2 for a user error, with a one-line message; 1 when the backend could
    not finish the work, a worker process that died; 130 on Ctrl-C)."""
    args = build_parser().parse_args(argv)
    if args.command not in FILE_COMMANDS:  # the others learn the game from the file they read
        try:
            args.game = resolve_game(args)
        except CliError as err:
            print(f"df-env {args.command}: error: {err}", file=sys.stderr)
            return 2
    from agents import AgentSpecError
    from df_env.ladder import LadderError

    user_errors: tuple[type[BaseException], ...] = (CliError, AgentSpecError, FileNotFoundError, LadderError)
    try:
        from df_env.gamelog import GameLogError

        user_errors += (GameLogError,)
        from df_env.games.deep_future.campaign.core import CampaignError

        user_errors += (CampaignError,)
    except ImportError:
        pass
    if args.command in ("play", "replay", "campaign", "bench", "serve"):
        from df_env.games.deep_future.engine.compile_notice import notice

        notice()

    from df_env.train.errors import ConfigError, ModelFileError

    user_errors += (ConfigError, ModelFileError)
    from df_env.cluster.interface import BackendError
    from df_env.games.deep_future.engine.compile_notice import CompileWatch

    try:
        with CompileWatch():  # every numba compile step announced, never a long silence on a first run
            args.func(args)
    except user_errors as err:
        print(f"df-env {args.command}: error: {err}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("interrupted", file=sys.stderr)
        return 130
    except BackendError as err:  # the work could not be finished (a worker process died): not a usage error
        print(f"df-env {args.command}: error: {err}", file=sys.stderr)
        return 1
    except BrokenPipeError:  # the reader went away (df-env campaign show ... | head): not an error of ours
        with contextlib.suppress(OSError):
            devnull = os.open(os.devnull, os.O_WRONLY)
            os.dup2(devnull, sys.stdout.fileno())  # no second error when Python flushes stdout at exit
        return 141
    return 0


if __name__ == "__main__":
    sys.exit(main())
