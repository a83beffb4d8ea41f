"""What a new user reads first holds: ``df-env --help`` lists every command, ``df-env train --minutes 3`` shows
its time budget (not 100 M steps), and the docs agree on the numba cache."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from df_env.cli import build_parser

ROOT = Path(__file__).resolve().parent.parent


def test_help_epilog_shows_every_command(capsys: pytest.CaptureFixture[str]) -> None:
    parser = build_parser()
    sub = next(a for a in parser._actions if a.dest == "command")
    commands = set(sub.choices)  # type: ignore[arg-type]
    assert {"bench", "ladder", "train", "play", "serve", "replay", "campaign", "agents"} <= commands
    with pytest.raises(SystemExit):
        parser.parse_args(["--help"])
    epilog = capsys.readouterr().out.split("Examples:", 1)[1]
    missing = [c for c in sorted(commands) if f"df-env {c}" not in epilog]
    assert not missing, f"--help gives no example of: {missing}"


@pytest.mark.parametrize(("minutes", "shown"), [(3, "0/180 s"), (0.5, "0/30 s"), (0, "0.00/100M")])
def test_train_progress_bar_shows_the_time_budget(minutes: float, shown: str) -> None:
    from df_env.train.run import progress_bar

    out = io.StringIO()
    bar = progress_bar({"num_players": 1, "net": "entity", "minutes": minutes, "total_timesteps": 100_000_000},
                       show=True, file=out)
    bar.close()
    assert shown in out.getvalue() and ("min budget" in out.getvalue()) == bool(minutes)


def test_docs_agree_that_the_numba_cache_never_goes_stale() -> None:
    for doc in ("README.md", "docs/agents.md"):
        text = (ROOT / doc).read_text()
        assert "never goes stale" in text, doc
        assert "stale code" not in text, doc
