"""Campaign endurance: long random campaigns must play to the end as the card pool outgrows its capacity tiers.

    python experiments/campaign_endurance.py                        # 1,000 solo games and 300 at 3 players
    python experiments/campaign_endurance.py --runs 1:50 3:20       # a quick run
    python experiments/campaign_endurance.py --json out.json        # also write the figures

Each run creates a campaign file in a temporary folder (``campaign_new``) and plays it with ``campaign_play``,
the code path of ``df-env campaign play`` (random play, the file saved after every game). The galaxy grows by a
few cards a game; once it holds more than 448 cards the games play in the next capacity tier (docs/state.md), the
first of them compiling the engine for that tier. Prints, per run: games, cards at the end, the tiers the games
were played in (and the game that first reached each), the time, the file's size; and checks at the end that
the file reloads with every game.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from df_env.games.deep_future.campaign.commands import campaign_new, campaign_play
from df_env.games.deep_future.campaign.core import Campaign, GameRecord
from df_env.games.deep_future.campaign.files import load_campaign
from df_env.games.deep_future.engine.model.state import tier_for


def run(players: int, games: int, seed: int, every: int) -> dict[str, object]:
    folder = tempfile.mkdtemp(prefix="df_endurance_")
    path = os.path.join(folder, "galaxy.json")
    campaign_new(path, seed=seed)
    first_game_in_tier: dict[int, int] = {}
    t0 = time.perf_counter()

    def on_game(rec: GameRecord, camp: Campaign) -> None:
        tier = tier_for(rec.cards_before)  # the tier next_config gave this game
        first_game_in_tier.setdefault(tier, rec.game)
        if rec.game % every == 0 or rec.game == games:
            print(f"  {players}p game {rec.game:>5}: {camp.n_cards:>5} cards, tier {tier}, "
                  f"{time.perf_counter() - t0:7.1f} s", flush=True)

    records = campaign_play(path, games, num_players=players, on_game=on_game)
    seconds = time.perf_counter() - t0
    back = load_campaign(path)
    assert back.games == games == len(records), (back.games, games, len(records))
    out = {"players": players, "games": back.games, "cards_start": records[0].cards_before,
           "cards_end": back.n_cards, "victories": sum(r.outcome == "victory" for r in back.chronology),
           "truncated": sum(r.outcome == "truncated" for r in back.chronology),
           "max_cards_in_a_game": max(r.cards_after - r.cards_before for r in records),
           "tiers": {str(t): g for t, g in sorted(first_game_in_tier.items())}, "seconds": round(seconds, 1),
           "file_bytes": os.path.getsize(path), "path": path}
    print(f"{players}p: {json.dumps(out)}", flush=True)
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--runs", nargs="+", default=["1:1000", "3:300"], help="PLAYERS:GAMES per run")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--every", type=int, default=50, help="progress line every this many games")
    ap.add_argument("--json", help="write the figures to this file")
    args = ap.parse_args()
    results = []
    for spec in args.runs:
        try:
            players, games = (int(x) for x in spec.split(":"))
        except ValueError:
            ap.error(f"--runs: {spec!r} is not PLAYERS:GAMES (e.g. 1:1000)")
        if not (1 <= players <= 3 and games >= 1):
            ap.error(f"--runs: {spec!r}: players 1..3 and at least one game")
        results.append(run(players, games, args.seed, args.every))
    if args.json:
        Path(args.json).write_text(json.dumps(results, indent=1) + "\n")


if __name__ == "__main__":
    main()
