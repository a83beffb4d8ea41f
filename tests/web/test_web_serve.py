"""``df-env serve``: the address and the port are checked before the server starts (a one-line error, exit status 2,
no traceback and no "open http://" line), and a good address serves the page."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

pytest.importorskip("starlette")

ROOT = Path(__file__).resolve().parents[2]


def _serve(tmp_path: Path, *args: str, timeout: float = 120) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    return subprocess.run([sys.executable, "-m", "df_env.cli", "serve", "--log-dir", str(tmp_path / "logs"), *args],
                          capture_output=True, text=True, timeout=timeout, env=env, cwd=tmp_path)


@pytest.mark.parametrize("args,says", [
    (["--port", "99999"], "a port is an integer 1..65535, got 99999"),
    (["--port", "0"], "a port is an integer 1..65535, got 0"),
    (["--port", "http"], "a port is an integer 1..65535, got 'http'"),
    (["--host", "no.such.host.invalid"], "is not an address of this machine"),
])
def test_a_bad_port_or_host_is_a_one_line_error(tmp_path, args, says):
    r = _serve(tmp_path, *args)
    assert r.returncode == 2 and says in r.stderr
    assert "Traceback" not in r.stderr and "open http" not in r.stdout


def test_a_busy_port_is_a_one_line_error_before_the_server_starts(tmp_path):
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        port = busy.getsockname()[1]
        r = _serve(tmp_path, "--port", str(port))
    assert r.returncode == 2 and f"cannot listen on 127.0.0.1:{port}: the port is in use" in r.stderr
    assert "Traceback" not in r.stderr and "open http" not in r.stdout


def test_a_good_address_serves_the_page(tmp_path):
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    proc = subprocess.Popen([sys.executable, "-m", "df_env.cli", "serve", "--port", str(port), "--log-dir",
                             str(tmp_path / "logs")], stdout=subprocess.PIPE, text=True, env=env, cwd=tmp_path)
    try:
        assert proc.stdout is not None
        line = proc.stdout.readline()
        assert f"open http://127.0.0.1:{port}/" in line
        for _ in range(600):
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/") as r:
                    assert b"Deep Future" in r.read()
                break
            except OSError:
                time.sleep(0.1)
        else:
            raise AssertionError("the server did not answer")
    finally:
        proc.terminate()
        proc.wait(30)
