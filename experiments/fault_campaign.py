"""Fault injection on campaign files: kill -9, a full disk, a read-only folder, an immutable file, two writers.

    python experiments/fault_campaign.py                 # 200 kills
    python experiments/fault_campaign.py --kills 20      # a quick run

Each trial runs ``python -m df_env.cli campaign play`` in a subprocess and checks, afterwards:

* the campaign loads (**unloadable** counts files that do not);
* no finished game is lost: the chronology holds every game the killed process reported as saved (its ``game k:``
  lines), and the games never go backwards from one trial to the next (**lost**);
* after the next open under the lock (``campaign play --games 1``), no temporary file of the campaign is left
  (**orphans**).

Kills: SIGKILL of a 200-game random campaign play after a random delay between 0.8 x and 1 x the measured
start-up time + 2 s (mostly while games are played and saved). Full disk: ``ENOSPC`` simulated in a subprocess
(every write fails), since no small file system can be mounted here. Read-only folder (``chmod 555``; skipped as
root, who ignores permission bits), immutable file (``chattr +i``) and two concurrent writers (the second must be
refused by the lock). Prints the counts (target 0).
"""

from __future__ import annotations

import argparse
import os
import random
import re
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
ENV = {**os.environ, "PYTHONPATH": str(ROOT)}

from df_env.games.deep_future.campaign.files import CampaignFileError, load_campaign, stale_temps  # noqa: E402


def cli(*args: str, **kw: object) -> subprocess.Popen:
    return subprocess.Popen([sys.executable, "-m", "df_env.cli", *args], env=ENV, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True, **kw)  # type: ignore[call-overload]


def games(path: str) -> int | None:
    try:
        return load_campaign(path).games
    except CampaignFileError:
        return None


def kills(path: str, n: int, rng: random.Random) -> dict[str, int]:
    out = {"kills": 0, "unloadable": 0, "lost": 0, "orphans_left_by_kills": 0, "orphans_after_open": 0}
    t = time.perf_counter()
    cli("campaign", "play", path, "--games", "1").communicate()
    startup = time.perf_counter() - t  # start-up (imports, the first game) on this machine now
    last = games(path) or 0
    for _ in range(n):
        p = cli("campaign", "play", path, "--games", "200")
        time.sleep(rng.uniform(0.8 * startup, startup + 2.0))  # mostly while games are played and saved
        p.send_signal(signal.SIGKILL)
        stdout, _ = p.communicate()
        out["kills"] += 1
        saved = [int(m) for m in re.findall(r"^game (\d+):", stdout, re.M)]
        now = games(path)
        if now is None:
            out["unloadable"] += 1
            continue
        if now < last or (saved and now < max(saved)):
            out["lost"] += 1
        last = now
        out["orphans_left_by_kills"] += len(stale_temps(path))
    p = cli("campaign", "play", path, "--games", "1")  # the next open cleans up
    p.communicate()
    out["orphans_after_open"] = len(stale_temps(path))
    out["games"] = games(path) or -1
    return out


FULL_DISK = """
import errno, os, sys
real = os.fdopen
class Full:
    def __init__(self, f): self.f = f
    def __enter__(self): return self
    def __exit__(self, *a): self.f.close()
    def write(self, b): raise OSError(errno.ENOSPC, "No space left on device")
    def flush(self): pass
    def fileno(self): return self.f.fileno()
os.fdopen = lambda fd, mode="r": Full(real(fd, mode))
from df_env.cli import main
sys.exit(main(["campaign", "play", sys.argv[1], "--games", "3"]))
"""


def refusal(path: str, setup: list[list[str]], undo: list[list[str]], code: str | None = None) -> dict[str, object]:
    before = Path(path).read_bytes()
    n = games(path)
    for cmd in setup:
        subprocess.run(cmd, check=True)
    try:
        if code is None:
            p = subprocess.run([sys.executable, "-m", "df_env.cli", "campaign", "play", path, "--games", "3"],
                               env=ENV, capture_output=True, text=True)
        else:
            p = subprocess.run([sys.executable, "-c", code, path], env=ENV, capture_output=True, text=True)
    finally:
        for cmd in undo:
            subprocess.run(cmd, check=True)
    return {"exit": p.returncode, "refused_before_playing": "game 1:" not in p.stdout and p.returncode == 2,
            "unchanged": Path(path).read_bytes() == before and games(path) == n,
            "orphans": len(stale_temps(path)), "message": p.stderr.strip().splitlines()[-1][:160]}


def two_writers(path: str) -> dict[str, object]:
    n = games(path) or 0
    a = cli("campaign", "play", path, "--games", "40")
    time.sleep(1.0)
    b = subprocess.run([sys.executable, "-m", "df_env.cli", "campaign", "play", path, "--games", "5"], env=ENV,
                       capture_output=True, text=True)
    a.communicate()
    return {"second_refused": b.returncode == 2 and "in use by another process" in b.stderr,
            "games_added": (games(path) or 0) - n, "orphans": len(stale_temps(path))}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--kills", type=int, default=200)
    ap.add_argument("--seed", type=int, default=0)
    args = ap.parse_args()
    rng = random.Random(args.seed)
    folder = tempfile.mkdtemp()
    path = os.path.join(folder, "galaxy.json")
    subprocess.run([sys.executable, "-m", "df_env.cli", "campaign", "new", path], env=ENV, check=True,
                   capture_output=True)
    t = time.perf_counter()
    print("kill -9:", kills(path, args.kills, rng), f"({time.perf_counter() - t:.0f} s)", flush=True)
    print("full disk (ENOSPC):", refusal(path, [], [], FULL_DISK), flush=True)
    if os.geteuid() == 0:  # root ignores permission bits: a read-only folder cannot stop it
        print("read-only folder: skipped (running as root; see the immutable file)")
    else:
        print("read-only folder:", refusal(path, [["chmod", "555", folder]], [["chmod", "755", folder]]))
    if subprocess.run(["chattr", "+i", path], capture_output=True).returncode == 0:
        subprocess.run(["chattr", "-i", path], check=True)
        print("immutable file:", refusal(path, [["chattr", "+i", path]], [["chattr", "-i", path]]))
    else:
        print("immutable file: skipped (chattr +i not supported here)")
    print("two writers:", two_writers(path))
    print("final:", load_campaign(path))


if __name__ == "__main__":
    main()
