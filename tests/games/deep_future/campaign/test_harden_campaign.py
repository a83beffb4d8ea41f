"""No campaign game is ever lost (issue 11, findings 3, 4, 6): restore never destroys a copy, stale temporary files
are cleaned, an unwritable file is refused before a game is played, modes are kept, hand edits can be re-signed."""

from __future__ import annotations

import json
import os
import stat
import subprocess
import sys
from pathlib import Path

import pytest

from df_env.cli import main
from df_env.games.deep_future.campaign.commands import campaign_new, campaign_play
from df_env.games.deep_future.campaign.files import (
    CampaignFileError,
    check_writable,
    load_campaign,
    resign,
    restore_backup,
    stale_temps,
)

ROOT = Path(__file__).resolve().parents[4]


def games(path: str) -> int:
    return load_campaign(path).games


def test_restore_twice_loses_no_game(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """new; play --games 3; restore; restore: the file keeps its 3 games (it was never damaged)."""
    path = str(tmp_path / "g.json")
    assert main(["campaign", "new", path]) == 0
    assert main(["campaign", "play", path, "--games", "3"]) == 0
    capsys.readouterr()
    for _ in range(2):
        assert main(["campaign", "restore", path]) == 2
        err = capsys.readouterr().err
        assert "loads fine" in err and "nothing was restored" in err
    assert games(path) == 3 and games(path + ".bak") == 2
    assert not os.path.exists(path + ".damaged")


def test_every_displaced_damaged_file_keeps_a_name_of_its_own(tmp_path: Path) -> None:
    path = str(tmp_path / "g.json")
    campaign_new(path, seed=1)
    campaign_play(path, 2)
    Path(path).write_text("{ first damage")
    restore_backup(path)  # back to game 1; the damaged file is kept as .damaged
    campaign_play(path, 1)
    Path(path).write_text("{ second damage")
    restore_backup(path)
    assert Path(path + ".damaged").read_text() == "{ first damage"
    assert Path(path + ".damaged.1").read_text() == "{ second damage"
    Path(path).write_text("{ third damage")
    campaign_play_refused = pytest.raises(CampaignFileError)
    with campaign_play_refused:
        campaign_play(path, 1)
    assert Path(path).read_text() == "{ third damage"


def test_stale_temp_files_are_removed_when_the_campaign_is_next_opened(tmp_path: Path) -> None:
    path = str(tmp_path / "g.json")
    campaign_new(path, seed=2)
    mine = [tmp_path / ".g.json.4242.0badc0de.tmp", tmp_path / ".g.json.bak.4242.12345678.tmp",
            tmp_path / ".g.json.damaged.1.77.abcdef01.tmp"]
    other = [tmp_path / ".other.json.4242.0badc0de.tmp", tmp_path / "g.json.notes.tmp"]
    for p in mine + other:
        p.write_text("x" * 1000)
    assert sorted(stale_temps(path)) == sorted(str(p) for p in mine)
    campaign_play(path, 1)
    assert not any(p.exists() for p in mine) and all(p.exists() for p in other)


def test_the_file_mode_is_kept_across_saves(tmp_path: Path) -> None:
    path = str(tmp_path / "g.json")
    campaign_new(path, seed=3)
    os.chmod(path, 0o640)
    campaign_play(path, 2)
    assert stat.S_IMODE(os.stat(path).st_mode) == 0o640


@pytest.mark.skipif(os.name != "posix", reason="POSIX permissions")
def test_a_read_only_folder_is_refused_before_a_game_is_played(tmp_path: Path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    folder = tmp_path / "ro"
    folder.mkdir()
    path = str(folder / "g.json")
    campaign_new(path, seed=4)
    before = Path(path).read_bytes()
    os.chmod(folder, 0o555)
    if os.access(folder, os.W_OK):  # root ignores permission bits: the folder refuses new files as it would a user
        real_open = os.open

        def refusing_open(name, flags, *args):  # type: ignore[no-untyped-def]
            if os.path.dirname(os.path.abspath(name)) == str(folder) and flags & os.O_CREAT:
                raise PermissionError(13, "Permission denied", name)
            return real_open(name, flags, *args)

        monkeypatch.setattr(os, "open", refusing_open)
    try:
        with pytest.raises(CampaignFileError, match="no game"):
            campaign_play(path, 1)
    finally:
        monkeypatch.undo()
        os.chmod(folder, 0o755)
    assert Path(path).read_bytes() == before


def test_a_full_disk_is_refused_before_a_game_is_played(tmp_path: Path) -> None:
    """ENOSPC simulated in a subprocess: writing any file fails as on a full disk."""
    path = str(tmp_path / "g.json")
    campaign_new(path, seed=5)
    code = f"""
import errno, os
from df_env.games.deep_future.campaign import files as campaign_io
from df_env.games.deep_future.campaign.commands import campaign_play
real = os.fdopen
class Full:
    def __init__(self, f): self.f = f
    def __enter__(self): return self
    def __exit__(self, *a): self.f.close()
    def write(self, b): raise OSError(errno.ENOSPC, "No space left on device")
    def flush(self): pass
    def fileno(self): return self.f.fileno()
os.fdopen = lambda fd, mode="r": Full(real(fd, mode))
try:
    campaign_play({path!r}, 1)
except campaign_io.CampaignFileError as e:
    print("REFUSED", e)
"""
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, timeout=300)
    assert "REFUSED" in out.stdout and "No space left" in out.stdout and "no game was played" in out.stdout, out
    assert games(path) == 0 and not stale_temps(path)


def test_check_writable_passes_on_a_normal_file(tmp_path: Path) -> None:
    path = str(tmp_path / "g.json")
    campaign_new(path, seed=6)
    check_writable(path)
    assert sorted(os.listdir(tmp_path)) == ["g.json", "g.json.lock"]


def test_a_hand_edited_file_is_re_signed_after_validation(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = str(tmp_path / "g.json")
    campaign_new(path, seed=7)
    campaign_play(path, 1)
    doc = json.loads(Path(path).read_text())
    doc["chronology"][0]["players"][0]["name"] = "ann"
    Path(path).write_text(json.dumps(doc))
    with pytest.raises(CampaignFileError, match="df-env campaign resign") as e:
        load_campaign(path)
    assert "delete" not in str(e.value)
    assert main(["campaign", "resign", path]) == 0
    assert "re-signed" in capsys.readouterr().out
    assert load_campaign(path).chronology[0].players[0].name == "ann"
    doc["chronology"][0]["turns"] = "many"
    Path(path).write_text(json.dumps(doc))
    edited = Path(path).read_text()
    with pytest.raises(CampaignFileError, match=r"chronology\[0\]\.turns"):
        resign(path)
    assert Path(path).read_text() == edited  # nothing written


def test_version_and_help(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as e:
        main(["--version"])
    assert e.value.code == 0
    assert capsys.readouterr().out.strip().startswith("df-env ")
    with pytest.raises(SystemExit):
        main(["--help"])
    out = capsys.readouterr().out
    assert "campaign restore" in out and "campaign resign" in out


def test_a_closed_pipe_is_no_traceback(tmp_path: Path) -> None:
    path = str(tmp_path / "g.json")
    campaign_new(path, seed=8)
    campaign_play(path, 30)
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    out = subprocess.run(f"{sys.executable} -m df_env.cli campaign show {path} | head -1", shell=True,
                         capture_output=True, text=True, env=env, timeout=300)
    assert out.stdout.startswith(path) and "Traceback" not in out.stderr and "BrokenPipe" not in out.stderr


def test_an_immutable_file_is_refused_before_a_game_is_played(tmp_path: Path) -> None:
    path = str(tmp_path / "g.json")
    campaign_new(path, seed=9)
    if subprocess.run(["chattr", "+i", path], capture_output=True).returncode != 0:
        pytest.skip("chattr +i is not supported here")
    try:
        with pytest.raises(CampaignFileError, match="immutable"):
            campaign_play(path, 1)
    finally:
        subprocess.run(["chattr", "-i", path], check=True)
    assert games(path) == 0
