"""The campaign commands behind ``df-env campaign new|play|show``: create a campaign file, play games in it
(saved after every game), describe it.

A seat is played by a *policy*: any callable ``policy(state) -> action`` receiving a copy of the game state at
its decision (the deciding player is ``state["dplayer"]``). ``agents`` is one policy per seat, or a function of
the game's seed returning fresh policies for each game (agents that keep per-game memory), or None: every seat
plays uniformly at random in compiled code. An :mod:`agents` agent is seated as everywhere,
``agent.as_policy(p, game_seed)`` (see ``experiments/campaign_report.py``).

Example:
    >>> import os, tempfile
    >>> path = os.path.join(tempfile.mkdtemp(), "galaxy.json")
    >>> _ = campaign_new(path, seed=11)
    >>> [r.game for r in campaign_play(path, n_games=2)]
    [1, 2]
    >>> "games played: 2" in campaign_show(path)
    True
"""

from __future__ import annotations

import os
from collections.abc import Callable, Sequence

import numpy as np

from df_env.games.deep_future.engine.api import GameConfig, apply_action, new_game
from df_env.games.deep_future.engine.kernels import random_playout_arr
from df_env.games.deep_future.engine.model import names
from df_env.games.deep_future.engine.model.constants import CARD_TYPE_NAMES, CIV, SECTOR_IDS, SUIT_NAMES, VICTORY_NAMES
from df_env.games.deep_future.engine.model.rng import seed_words
from df_env.games.deep_future.engine.model.state import State, make_room, tier_for
from df_env.games.deep_future.engine.text.terms import TERMS

from .core import Campaign, GameRecord, HomeworldLog, derive_seed
from .files import CampaignFileError, campaign_lock, check_writable, load_campaign, save_campaign
from .format import VICTORY

Policy = Callable[[State], int]
Agents = Sequence[Policy] | Callable[[int], Sequence[Policy]]  # per seat, or per game from the game's seed
DEFAULT_MAX_TURNS = 1000  # a guard against endless games (R25); random games last a few turns
# the civilizations' Table 3/4 rows as `campaign show` writes them: the engine's one wording (engine/data/terms.json,
# read by engine.text.terms), capitalized
TABLE3 = tuple(e[:1].upper() + e[1:] for e in TERMS["en"]["table3"])
TABLE4 = tuple(e[:1].upper() + e[1:] for e in TERMS["en"]["table4"])


# ---------------------------------------------------------------------------------------------- commands
def campaign_new(path: str | os.PathLike[str], seed: int, overwrite: bool = False, *,
                 overwrite_hint: str = "pass overwrite=True") -> Campaign:
    """Create a campaign (a fresh galaxy, 1.6) and save it at ``path``. Refuses an existing file unless
    ``overwrite`` (the replaced campaign is then kept as ``path + ".bak"``). ``overwrite_hint`` is how the error
    tells the caller to overwrite (the command line says ``"use --overwrite"``). A missing folder is created
    (``results/campaigns/galaxy.json`` in a fresh clone)."""
    folder = os.path.dirname(os.path.abspath(path))
    try:
        os.makedirs(folder, exist_ok=True)
    except OSError as e:
        raise CampaignFileError(f"{os.fspath(path)}: cannot create the folder {folder} ({e.strerror or e}); "
                                f"choose a path in a folder you can write") from None
    with campaign_lock(path):
        if os.path.exists(path) and not overwrite:
            raise CampaignFileError(f"{os.fspath(path)}: a file already exists; choose another path or "
                                    f"{overwrite_hint}")
        campaign = Campaign.new(seed)
        save_campaign(campaign, path)
    return campaign


def campaign_play(path: str | os.PathLike[str], n_games: int, agents: Agents | None = None, *,
                  num_players: int = 1, players: Sequence[str] | None = None, restart_on_loss: bool = False,
                  max_turns: int | None = DEFAULT_MAX_TURNS,
                  on_game: Callable[[GameRecord, Campaign], None] | None = None) -> list[GameRecord]:
    """Play ``n_games`` games of the campaign at ``path``, saving it after each one; returns their records.

    Args:
        agents: one policy per seat, a function ``game_seed -> policies`` called before each game, or None for
            uniformly random play.
        players: names written in the chronology (default: ``"random"`` or ``"player k"``).
        max_turns: a game still running after this many turns is stopped and recorded as truncated (R25).
        on_game: called after each game is saved (progress display).

    An interruption loses at most the game in progress; the file always holds a complete campaign.
    """
    names_ = list(players) if players is not None else _default_names(agents, num_players)
    if len(names_) != num_players:
        raise ValueError(f"players: expected {num_players} names (one per seat), got {names_!r}")
    records = []
    with campaign_lock(path):
        campaign = load_campaign(path)
        check_writable(path)  # a file that cannot be saved is refused before a game is played
        for _ in range(n_games):
            seed = campaign.next_seed()
            config = campaign.next_config(num_players, restart_on_loss)
            policies = _seat_policies(agents, seed, num_players)
            state, log, truncated = play_game(config, seed, policies, max_turns,
                                              derive_seed(campaign.seed, 2, campaign.games + 1))
            records.append(campaign.record(state, names_, log.homeworlds, seed=seed, truncated=truncated))
            save_campaign(campaign, path)
            if on_game is not None:
                on_game(records[-1], campaign)
    return records


def tier_notice(rec: GameRecord, campaign: Campaign) -> None:
    """Print a line when the galaxy outgrows its capacity tier: the next game's first decision compiles the engine
    for the bigger state (docs/state.md), which would otherwise look like a hang."""
    before, after = tier_for(rec.cards_before), tier_for(campaign.n_cards)
    if after > before:
        print(f"the galaxy holds {campaign.n_cards} cards: its games now play in the {after}-card capacity tier; "
              f"the first one compiles the engine for it (once, 1-3 minutes; docs/state.md)", flush=True)


def campaign_show(path: str | os.PathLike[str]) -> str:
    """A readable description of the campaign at ``path``: galaxy, named sectors, civilizations, chronology."""
    return describe(load_campaign(path), title=os.fspath(path))


# ---------------------------------------------------------------------------------------------- one game
def play_game(config: GameConfig, seed: int, agents: Sequence[Policy] | None = None,
              max_turns: int | None = DEFAULT_MAX_TURNS, random_seed: int = 0) -> tuple[State, HomeworldLog, bool]:
    """Play one game to its end; returns ``(final state, homeworld log, truncated)``.

    ``agents=None`` draws uniformly random legal actions from generator words seeded by ``random_seed``. A game
    is stopped (truncated) at the first decision of turn ``max_turns + 1``: a turn boundary, where no card is
    half made. A game that fills its state's card pool goes on in the next capacity tier (``make_room``: the
    returned state may be of a bigger dtype than the first).
    """
    s = new_game(config, seed)
    log = HomeworldLog(s)
    words = seed_words(random_seed)
    while not s["over"]:
        if max_turns is not None and s["turn"] > max_turns:
            return s, log, True
        s = make_room(s)
        if agents is None:
            random_playout_arr(s.reshape(1), words, 1)
        else:
            apply_action(s, int(agents[int(s["dplayer"])](s.copy())))
        log.observe(s)
    return s, log, False


def _seat_policies(agents: Agents | None, seed: int, n: int) -> Sequence[Policy] | None:
    if agents is None:
        return None
    policies = agents(seed) if callable(agents) else agents
    if len(policies) != n or not all(callable(a) for a in policies):
        raise ValueError(f"agents: expected one policy (a callable) per seat ({n}), got {policies!r}")
    return policies


def _default_names(agents: Agents | None, n: int) -> list[str]:
    if agents is None:
        return ["random"] * n
    return [f"player {p + 1}" for p in range(n)]


# ---------------------------------------------------------------------------------------------- describing
def describe(campaign: Campaign, title: str = "campaign") -> str:
    """The campaign as text (what ``df-env campaign show`` prints)."""
    c = campaign
    wins = sum(r.outcome == VICTORY for r in c.chronology)
    lines = [f"{title}: seed {c.seed}, era {c.era}, games played: {c.games} ({wins} won)", _cards_line(c.galaxy)]
    lines += _sectors_block(c.galaxy) + _civs_block(c.galaxy) + _chronology_block(c)
    return "\n".join(lines)


def _sector(x: int) -> str:
    return str(int(SECTOR_IDS[x]))


def _cards_line(g: State) -> str:
    n = int(g["n_cards"])
    types = np.bincount(g["c_type"][:n], minlength=4)
    by_type = ", ".join(f"{CARD_TYPE_NAMES[t]} {int(types[t])}" for t in range(4))
    eras = np.bincount(g["c_era"][:n])
    by_era = ", ".join(f"{'O' if e == 0 else e}: {int(k)}" for e, k in enumerate(eras) if k)
    return f"cards: {n} ({by_type}); made in era {by_era}"


def _sectors_block(g: State) -> list[str]:
    named = [int(x) for x in np.flatnonzero(g["sector_name"] >= 0)]
    out = [f"named sectors: {len(named)}" + (" (more than 12: cubes on wonders and 12 random sectors, 1.7)"
                                              if len(named) > 12 else "")]
    for x in named:
        w, suit = int(g["wonder"][x]), int(g["wonder_suit"][x])
        wonder = f"  wonder {'TPCMSX'[w]} ({VICTORY_NAMES[w]}, {SUIT_NAMES[suit]})" if w >= 0 else ""
        out.append(f"  {_sector(x)}  {names.sector_name(int(g['sector_name'][x]))}{wonder}")
    return out


def _civs_block(g: State) -> list[str]:
    n = int(g["n_cards"])
    civs = [int(c) for c in np.flatnonzero(g["c_type"][:n] == CIV)]
    out = [f"civilizations: {len(civs)}"]
    for c in civs:
        v, suit = int(g["c_civ3"][c]), int(g["c_civ4"][c])
        t4 = f"; Table 4 ({SUIT_NAMES[suit]}): {TABLE4[suit]}" if suit >= 0 else ""
        hist = g["c_hist"][c][g["c_hist"][c] >= 0]
        story = ", ".join([names.world_name(int(g["c_name"][hist[0]]))]
                          + [names.tech_name(int(g["c_name"][t])) for t in hist[1:]])
        out.append(f"  era {int(g['c_era'][c])}  {names.civ_name(int(g['c_name'][c]))} of sector "
                   f"{_sector(int(g['c_sector'][c]))}: Table 3 ({VICTORY_NAMES[v]}): {TABLE3[v]}{t4}; history: {story}")
    return out


def _chronology_block(c: Campaign) -> list[str]:
    g = c.galaxy
    out = ["chronology:", "  era 1"]
    for r in c.chronology:
        who = "; ".join(_player_text(g, r, p) for p in range(len(r.players)))
        out.append(f"  game {r.game:>4}  {who}  ({r.turns} turns, cards {r.cards_before}->{r.cards_after})")
        if r.outcome == VICTORY:
            out.append(f"  {'-' * 60}  {_victory_text(g, r)}")
            out.append(f"  era {r.era + 1}")
        else:
            out.append(f"  {'- ' * 30}  {'stopped early' if r.outcome == 'truncated' else 'no winner'}")
    return out


def _player_text(g: State, r: GameRecord, p: int) -> str:
    """A player and his homeworlds; the winner and the homeworld he won with (the first card of his civilization's
    history, R26) get the asterisk (section 3), not his earlier homeworlds (R22)."""
    won = r.winner == p
    winning_home = _winning_homeworld(g, r) if won else -1
    homes = ", ".join(f"{names.world_name(int(g['c_name'][h]))}{'*' if h == winning_home else ''} "
                      f"({_sector(int(g['c_sector'][h]))})" for h in r.players[p].homeworlds)
    return f"{r.players[p].name}{'*' if won else ''}: {homes or 'no homeworld'}"


def _winning_homeworld(g: State, r: GameRecord) -> int:
    if r.civilization is not None and int(g["c_hist"][r.civilization, 0]) >= 0:
        return int(g["c_hist"][r.civilization, 0])
    homes = r.players[r.winner].homeworlds if r.winner is not None else []
    return homes[-1] if homes else -1  # the homeworlds are listed in the order he had them


def _victory_text(g: State, r: GameRecord) -> str:
    if r.victory is None or r.civilization is None:  # never for a validated victory record
        return "victory"
    text = f"{VICTORY_NAMES[r.victory]} victory, {names.civ_name(int(g['c_name'][r.civilization]))}"
    if r.named_sector is not None:
        text += f"; sector {_sector(r.named_sector)} named {names.sector_name(int(g['sector_name'][r.named_sector]))}"
    if r.wonder_sector is not None and r.wonder_suit is not None:
        text += f"; wonder {'TPCMSX'[r.victory]}/{SUIT_NAMES[r.wonder_suit]} in {_sector(r.wonder_sector)}"
    return text
