"""``df-env train``: the command line of :mod:`df_env.train.run` (registered in :mod:`df_env.cli`).

Examples::

    df-env train                                    # solo, entity net, 60 minutes, into results/train/solo
    df-env train --preset 2p --minutes 30 --out results/train/2p
    df-env train --net mlp --minutes 10             # the flat MLP, for comparison
    df-env train --set ent_coef=0.005 --set n_epochs=4 --timesteps 2000000 --seed 1
    df-env train --resume results/train/solo/final.zip --timesteps 2000000 --out results/train/solo_more
    df-env train --export results/train/solo/best.zip --to model.npz   # a checkpoint as a torch-free model
    df-env train --algo exit --minutes 60 --out results/train/exit_solo   # expert iteration from net_1p.npz
    df-env train --algo exit --preset 2p --backend ray --address auto     # self-play games on a Ray cluster
    df-env train --game galactic_civ --players 2   # another game: expert self-play, an MLP (df_env.train.game_mlp)
    df-env train --game galactic_civ --events --races random   # its games dealt with the Events deck, random races
"""

from __future__ import annotations

import argparse
import json
import shlex
from pathlib import Path
from typing import Any

import numpy as np

from df_env.argcheck import add_game_option, add_game_options, game_options_of, option_flags


def add_parser(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("train", help="train a MaskablePPO agent (needs the train extra: torch, sb3-contrib)",
                       description="Train a policy on the compiled vector env; evaluations on fixed seeds with "
                                   "Wilson intervals, CSV logs, checkpoints, a learning curve. See "
                                   "docs/training.md.")
    p.add_argument("--algo", choices=("ppo", "exit"), default="ppo",
                   help="ppo (MaskablePPO, default) or exit (expert iteration: self-play with net-mcts, or "
                        "distilling mcts with --set expert=mcts)")
    p.add_argument("--preset", default="solo", help="solo, 2p, 3p, or a JSON file of config keys (default solo)")
    p.add_argument("--net", choices=("entity", "mlp"), help="the network (default entity)")
    p.add_argument("--timesteps", type=int, help="env steps (default 100,000,000; --minutes usually ends first)")
    p.add_argument("--minutes", type=float, help="wall-clock budget in minutes (default 60; 0 = none)")
    p.add_argument("--seed", type=int, help="seed of the env, the network and PPO (default 0)")
    p.add_argument("--threads", type=int, help="torch threads (default 1; 0 = one per core)")
    p.add_argument("--device", help="where the network trains: auto (default: a CUDA GPU when torch sees one, else "
                   "the CPU), cpu, cuda or cuda:N")
    p.add_argument("--eval-every", type=int, help="evaluate every N env steps (default 250,000)")
    p.add_argument("--eval-games", type=int, help="games per evaluation and opponent (default 500 solo)")
    p.add_argument("--tensorboard", action="store_true", help="also write TensorBoard logs")
    p.add_argument("--set", action="append", default=[], metavar="KEY=VALUE",
                   help="any config key (docs/training.md), VALUE as JSON where not a plain string")
    p.add_argument("--out", help="output folder (default results/train/PRESET)")
    p.add_argument("--no-progress", action="store_true", help="no progress bar")
    p.add_argument("--resume", metavar="ZIP", help="go on training a checkpoint (.zip) for --timesteps more steps "
                   "(its PPO settings; the env, budget and evaluation from the preset/--set)")
    p.add_argument("--export", metavar="ZIP", help="only convert a checkpoint (.zip) to a torch-free .npz model")
    p.add_argument("--to", metavar="NPZ", help="with --export: the .npz to write")
    p.add_argument("--backend", choices=("local", "ray"), help="--algo exit: where the self-play games run")
    p.add_argument("--address", help="--algo exit --backend ray: a running cluster (HOST:PORT or auto)")
    p.add_argument("--jobs", type=int, help="--algo exit: self-play games at once (default 0: one per core); --game "
                   "other than deep_future: self-play worker processes (default 1; the data is the same for any N)")
    add_game_option(p)
    p.add_argument("--players", type=int, help="--game other than deep_future: the player count (default 2)")
    add_game_options(p, "Galactic Civ: deal every self-play and evaluation game with the optional Events deck "
                        "(GC24-GC31; default off); the model file records it", what="self-play and evaluate")
    p.set_defaults(func=run)


def _overrides(args: argparse.Namespace) -> dict[str, Any]:
    from .config import ConfigError

    out: dict[str, Any] = {}
    for item in args.set:
        key, eq, value = item.partition("=")
        if not eq or not key:
            raise ConfigError(f"--set {item!r}: expected KEY=VALUE")
        out[key.strip()] = value.strip()
    for key, value in (("net", args.net), ("total_timesteps", args.timesteps), ("minutes", args.minutes),
                       ("seed", args.seed), ("threads", args.threads), ("eval_every", args.eval_every),
                       ("eval_games", args.eval_games), ("device", args.device)):
        if value is not None:
            out[key] = value
    if args.tensorboard:
        out["tensorboard"] = True
    return out


def _need_train_extra() -> None:
    try:
        import sb3_contrib  # noqa: F401
        import torch  # noqa: F401
    except ImportError as err:
        from .config import ConfigError

        raise ConfigError(f"df-env train needs torch and sb3-contrib: pip install -e '.[train]' ({err})") from None


def export_checkpoint(zip_path: str, npz_path: str) -> Path:
    """Convert a MaskablePPO checkpoint (entity net or flat MLP) to a torch-free model file."""
    from sb3_contrib import MaskablePPO

    from df_env.net.numpy_net import save_net

    from .errors import ConfigError as CliError
    from .torch_net import export_policy

    if not Path(zip_path).is_file():
        raise CliError(f"--export: no checkpoint {zip_path!r}")
    model = MaskablePPO.load(zip_path, device="cpu")
    try:
        kind, weights, dims = export_policy(model)
    except ValueError as err:
        raise CliError(f"--export {zip_path}: {err}") from None
    from df_env.games.deep_future.engine.observation.encode import observation_layout

    sizes = {observation_layout(n).size: n for n in (1, 2, 3)}
    players = sizes.get(int(np.prod(model.observation_space.shape or ())))
    if players is None:
        raise CliError(f"--export {zip_path}: its observations are not those of a df_env game")
    return save_net(npz_path, weights, players, dims, {"checkpoint": str(zip_path),
                                                       "steps": int(model.num_timesteps)}, kind=kind)


PPO_ONLY = ("net", "timesteps", "resume", "export", "to")
EXIT_ONLY = ("backend", "address", "jobs")


def _check_algo_flags(args: argparse.Namespace) -> None:
    from .errors import ConfigError as CliError

    wrong = PPO_ONLY if args.algo == "exit" else EXIT_ONLY
    given = [f"--{k}" for k in wrong if getattr(args, k, None) is not None]
    if args.algo == "exit" and args.tensorboard:
        given.append("--tensorboard")
    if given:
        raise CliError(f"{', '.join(given)}: not an option of --algo {args.algo} "
                       f"({'ppo' if args.algo == 'exit' else 'exit'} only)")


def run_exit(args: argparse.Namespace) -> None:
    """``df-env train --algo exit``: expert iteration (:mod:`df_env.train.exit`)."""
    from .errors import ConfigError as CliError
    from .exit.config import make_exit_config
    from .exit.run import train_exit

    overrides = _overrides(args)
    for key, value in (("backend", args.backend), ("address", args.address), ("jobs", args.jobs)):
        if value is not None:
            overrides[key] = value
    config = make_exit_config(args.preset, overrides)
    out = Path(args.out or f"results/train/exit_{Path(args.preset).stem}")
    if (out / "eval.csv").exists():
        raise CliError(f"--out {out} already holds a training run (eval.csv); give another folder")
    summary = train_exit(config, out, show_progress=not args.no_progress)
    print(json.dumps(summary, indent=1))
    print(f"wrote {out}/ (eval.csv, progress.csv, iter_K.npz, best.npz, curve.png, summary.json)")


# the flags of Deep Future's training that a run of another game (df_env.train.game_mlp) does not take
NOT_FOR_OTHER_GAMES = ("net", "timesteps", "resume", "export", "to", "backend", "address", "device", "eval_every")
# keys that change how fast a run goes, not what it makes: left out of the command a model file records
SPEED_ONLY = ("jobs",)


def game_command(game: str, config: dict[str, Any]) -> str:
    """The command that makes ``config``'s run (its game options as their flags, ``--events``, where each has one;
    every other key that differs from the preset as ``--set``, quoted for a shell): what a model file records as
    the command that made it. ``jobs``, which changes only the speed, is left out, so that a run with any number
    of jobs writes the same file."""
    from .game_mlp.config import make_game_config

    preset = make_game_config(game, int(config["num_players"]))
    flags = option_flags(config["options"])
    keys = [k for k in config if preset[k] != config[k] and not (k == "options" and flags is not None)
            and k not in SPEED_ONLY]
    sets = ["--set " + shlex.quote(f"{k}={json.dumps(config[k], separators=(',', ':'))}") for k in keys]
    return " ".join([f"df-env train --game {game} --players {config['num_players']}", *(flags or []), *sets])


def run_other_game(args: argparse.Namespace) -> None:
    """``df-env train --game ID`` for a game other than Deep Future (:mod:`df_env.train.game_mlp`)."""
    from .errors import ConfigError as CliError
    from .game_mlp.config import make_game_config
    from .game_mlp.run import train_game_mlp

    given = [f"--{k.replace('_', '-')}" for k in NOT_FOR_OTHER_GAMES if getattr(args, k, None) is not None]
    given += ["--tensorboard"] * bool(args.tensorboard) + ["--algo"] * (args.algo != "ppo")
    given += ["--preset"] * (args.preset != "solo")
    if given:
        raise CliError(f"{', '.join(given)}: not an option of --game {args.game} (it takes --players, --minutes, "
                       f"--seed, --threads, --jobs, --eval-games, --set, --out, --no-progress and the game's options: "
                       f"--events, --races, --trade-literal)")
    try:
        options = game_options_of(args, args.game)
    except ValueError as err:
        raise CliError(str(err)) from None
    overrides = _overrides(args)
    if args.jobs is not None:
        overrides["jobs"] = args.jobs
    config = make_game_config(args.game, 2 if args.players is None else args.players, overrides, options)
    out = Path(args.out or f"results/train/{args.game}_{config['num_players']}p")
    if (out / "summary.json").exists() or (out / "model.npz").exists():
        raise CliError(f"--out {out} already holds a training run (model.npz); give another folder")
    summary = train_game_mlp(args.game, config, out, game_command(args.game, config),
                             log=(lambda msg: None) if args.no_progress else print)
    print(json.dumps(summary, indent=1))
    print(f"wrote {out}/ (config.json, model.npz, summary.json)")


def run(args: argparse.Namespace) -> None:
    from .config import make_config
    from .errors import ConfigError as CliError  # a user error: df-env prints it as one line (exit status 2)

    _need_train_extra()
    if getattr(args, "game", "deep_future") != "deep_future":
        run_other_game(args)
        return
    if args.players is not None:
        raise CliError("--players is for --game other than deep_future; Deep Future's runs take --preset 2p/3p")
    try:
        game_options_of(args, "deep_future")  # --events, --races, --trade-literal: refused, naming its options
    except ValueError as err:
        raise CliError(str(err)) from None
    _check_algo_flags(args)
    if args.algo == "exit":
        run_exit(args)
        return
    if args.export:
        if not args.to:
            raise CliError("--export needs --to FILE.npz")
        print(f"wrote {export_checkpoint(args.export, args.to)}")
        return
    config = make_config(args.preset, _overrides(args))
    out = Path(args.out or f"results/train/{Path(args.preset).stem}")
    if (out / "eval.csv").exists():
        raise CliError(f"--out {out} already holds a training run (eval.csv); give another folder")
    from .run import train

    if args.resume and not Path(args.resume).is_file():
        raise CliError(f"--resume: no checkpoint {args.resume!r}")
    summary = train(config, out, show_progress=not args.no_progress, resume=args.resume)
    print(json.dumps(summary, indent=1))
    print(f"wrote {out}/ (eval.csv, progress.csv, best.zip, best.npz, final.zip, final.npz, curve.png)")
