"""How the environments play a campaign (issue 5; rulebook 1.6, 1.7, 3; R26).

An env given a campaign starts every game from the campaign's galaxy (its whole card pool, named sectors, wonders and
era) instead of a fresh one. The campaign is a :class:`df_env.games.deep_future.campaign.core.Campaign` object or the
path of a campaign file.

* Write-back (``campaign_write_back=True``; the Gymnasium and PettingZoo envs): each game is the campaign's
  *next* game (its seed is :meth:`Campaign.next_seed`), and when it ends (or is truncated, R25) it is recorded
  in the campaign: its new cards, named sector, wonder and civilization card, and its chronology entry. A
  campaign given as a path is saved after every recorded game (atomically, the previous version kept as the
  backup: :mod:`df_env.games.deep_future.campaign.files`). A game ended by an illegal action is not recorded (it did not
  finish by the rules), nor is a game left unfinished by a new reset: the campaign's next game is then the same
  game again (same seed).
* Read-only (default; the only mode of the vector envs, whose games run side by side and cannot all be the
  campaign's next game): every game starts from the campaign's galaxy as it is when the env is reset, with the
  env's own seeds, and nothing is written.

Example:
    >>> import gymnasium as gym, df_env.envs
    >>> from df_env.games.deep_future.campaign.core import Campaign
    >>> camp = Campaign.new(seed=3)
    >>> env = gym.make("DeepFuture-v0", campaign=camp, campaign_write_back=True)
    >>> obs, info = env.reset(seed=0)   # the campaign's game 1
"""

from __future__ import annotations

import os
from typing import Any

import numpy as np

from df_env.games.deep_future.campaign.core import Campaign
from df_env.games.deep_future.engine.api import new_game, pre_start_state
from df_env.games.deep_future.engine.model.state import State

CampaignSpec = Campaign | str | os.PathLike[str] | None


class CampaignLink:
    """One env's link to a campaign: the next game's state or template, and the recording of finished games."""

    def __init__(self, campaign: Campaign | str | os.PathLike[str], write_back: Any, num_players: int,
                 restart_on_loss: bool) -> None:
        if not isinstance(write_back, (bool, np.bool_)):
            raise ValueError(f"campaign_write_back must be True or False; got {write_back!r}")
        self.path: str | None = None
        if isinstance(campaign, (str, os.PathLike)):
            from df_env.games.deep_future.campaign.files import load_campaign

            self.path = os.fspath(campaign)
            campaign = load_campaign(self.path)  # CampaignFileError names the file and the bad field
        if not isinstance(campaign, Campaign):
            raise ValueError(f"campaign must be a df_env.games.deep_future.campaign.core.Campaign, the path of a "
                             f"campaign file or None; got {campaign!r}")
        self.campaign = campaign
        self.write_back = bool(write_back)
        self.num_players, self.restart_on_loss = num_players, restart_on_loss
        self.seed: int | None = None  # the seed of the game in play (write-back)

    def next_game(self) -> State:
        """The campaign's next game, set up and run to its first decision (write-back mode)."""
        self.seed = self.campaign.next_seed()
        return new_game(self._config(), seed=self.seed)

    def template(self) -> np.ndarray:
        """A 1-element pre-start state holding the campaign's galaxy: compiled code starts games from it."""
        return pre_start_state(self._config()).reshape(1)

    def record(self, final_state: State) -> None:
        """Take a finished (or truncated) game into the campaign, and save the file when there is one."""
        if not self.write_back:
            return
        self.campaign.record(final_state, seed=self.seed, truncated=not bool(final_state["over"]))
        if self.path is not None:
            from df_env.games.deep_future.campaign.files import save_campaign

            save_campaign(self.campaign, self.path)

    def _config(self):
        return self.campaign.next_config(self.num_players, self.restart_on_loss)


def make_link(campaign: CampaignSpec, write_back: Any, num_players: int, restart_on_loss: bool,
              allow_write_back: bool = True) -> CampaignLink | None:
    """The link for an env's ``campaign`` option (None: no campaign); a clear error for a bad option."""
    if not isinstance(write_back, (bool, np.bool_)):  # a string such as "no" must not switch writing on
        raise ValueError(f"campaign_write_back must be True or False; got {write_back!r}")
    if campaign is None:
        if write_back:
            raise ValueError("campaign_write_back=True needs a campaign (campaign=Campaign or a file path)")
        return None
    if write_back and not allow_write_back:
        raise ValueError("the vector envs play a campaign read-only (their games run side by side and cannot all "
                         "be the campaign's next game): use campaign_write_back=False, or DeepFuture-v0 / the "
                         "PettingZoo env to play the campaign's games one after another")
    return CampaignLink(campaign, write_back, num_players, restart_on_loss)
