"""What the browser tests share: the system Chromium and its flags, and a df-env web server run in a thread."""

from __future__ import annotations

import os
import socket
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest
import uvicorn

CHROMIUM = "/usr/bin/chromium"
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--no-first-run"]


def require_chromium() -> None:
    """Fail (not skip) the module when the system browser is missing: the CI installs it."""
    if not os.path.exists(CHROMIUM):  # .ci/run: apt-get install -y chromium
        pytest.fail(f"{CHROMIUM} is missing: apt-get install -y chromium", pytrace=False)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@contextmanager
def running(app: Any, port: int | None = None) -> Iterator[str]:
    """``app`` served by uvicorn in a thread on loopback; yields its base URL and stops it afterwards."""
    port = port or free_port()
    srv = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning"))
    thread = threading.Thread(target=srv.run, daemon=True)
    thread.start()
    for _ in range(200):
        if srv.started:
            break
        time.sleep(0.05)
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        srv.should_exit = True
        thread.join(10)
