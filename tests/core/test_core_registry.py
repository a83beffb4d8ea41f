"""The game registry: ids, first-use import, clear errors, records without a game id."""

from __future__ import annotations

import pytest

import df_env
from df_env.core import Game, GameInfo, UnknownGameError, game_id_of, register_game
from df_env.core.registry import BUILTIN_GAMES


def test_make_game_returns_the_registered_deep_future() -> None:
    game = df_env.make_game("deep_future")
    assert isinstance(game, Game)
    assert game is df_env.make_game()  # the default game, one object
    assert (game.info.id, game.info.name, game.info.version) == ("deep_future", "Deep Future", "1.6")
    assert game.info.player_counts == (1, 2, 3)
    assert set(df_env.available_games()) >= set(BUILTIN_GAMES)


def test_unknown_game_is_refused_naming_the_games_there_are() -> None:
    with pytest.raises(UnknownGameError, match="deep_future"):
        df_env.make_game("chess")
    with pytest.raises(ValueError, match="a game id is a string"):
        df_env.make_game(3)  # type: ignore[arg-type]


def test_a_record_without_a_game_id_is_deep_future() -> None:
    assert game_id_of({"agents": ["random"]}) == "deep_future"
    assert game_id_of({"game": "deep_future"}) == "deep_future"
    with pytest.raises(UnknownGameError, match="'go'"):
        game_id_of({"game": "go"})


def test_register_refuses_a_second_game_under_a_taken_id() -> None:
    game = df_env.make_game("deep_future")
    assert register_game(game) is game  # the same object again: a no-op

    class Other:
        info = game.info

        def __getattr__(self, name):  # everything else of the protocol, borrowed
            return getattr(game, name)

    with pytest.raises(ValueError, match="already registered"):
        register_game(Other())  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="needs a Game"):
        register_game(object())  # type: ignore[arg-type]


def test_game_info_refuses_incoherent_metadata() -> None:
    info = df_env.make_game().info
    with pytest.raises(ValueError, match="action names"):
        GameInfo(**{**info.__dict__, "action_names": ("a",)})
    with pytest.raises(ValueError, match="unknown features"):
        GameInfo(**{**info.__dict__, "features": frozenset({"teleport"})})
    with pytest.raises(ValueError, match="unknown feature"):
        info.has("teleport")


def test_config_round_trip_and_errors() -> None:
    game = df_env.make_game()
    cfg = game.make_config(num_players=2, restart_on_loss=True)
    assert game.config_from_dict(game.config_to_dict(cfg)) == cfg
    with pytest.raises(ValueError, match="num_players"):
        game.make_config(num_players=4)
    with pytest.raises(ValueError, match="options are"):
        game.make_config(num_players=2, colour="red")
    with pytest.raises(ValueError, match="keys"):
        game.config_from_dict({"num_players": 2, "extra": 1})
