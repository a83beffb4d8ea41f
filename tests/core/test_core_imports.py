"""The core knows no game: no module of df_env/core imports a game's package or the Deep Future engine, at module
or function level (read from the source, so a lazy import inside a function counts too)."""

from __future__ import annotations

import ast
from pathlib import Path

import df_env.core

CORE = Path(df_env.core.__file__).resolve().parent
FORBIDDEN = ("df_env.engine", "df_env.games", "df_env.envs", "df_env.campaign", "df_env.web", "df_env.train",
             "df_env.progress", "df_env.deep_future_v0", "agents")


def _imports(path: Path) -> list[str]:
    names = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names += [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:  # relative: resolve against df_env.core (and its sub-packages)
                pkg = ".".join(("df_env", *path.relative_to(CORE.parent).parent.parts)).split(".")
                base = ".".join(pkg[:len(pkg) - node.level + 1] + ([base] if base else []))
            names += [base] + [f"{base}.{a.name}" for a in node.names]
    return names


def test_core_imports_no_game() -> None:
    files = sorted(CORE.rglob("*.py"))
    assert files, "df_env/core has no modules"
    bad = [(f.name, n) for f in files for n in _imports(f) if n.startswith(FORBIDDEN) or n == "df_env"]
    assert not bad, f"df_env/core imports game code: {bad}"


def test_the_check_sees_an_import_inside_a_function(tmp_path: Path) -> None:
    f = tmp_path / "lazy.py"
    f.write_text("def f():\n    from df_env.engine import api\n    import agents.mcts\n")
    names = _imports(f)
    assert "df_env.engine" in names and "agents.mcts" in names
    assert all(n.startswith(FORBIDDEN) for n in ("df_env.engine", "agents.mcts"))


def test_the_generic_terminal_and_game_logs_know_no_game() -> None:
    """``df_env/terminal.py`` (any game's play and replay) and ``df_env/gamelog.py`` import no game's package, no
    old path of one and no game's agents; they may use the agents' registry (``agents``) and the core."""
    from df_env.games.deep_future.moved import MODULES

    game_code = (*FORBIDDEN[:-1], "df_env.analysis", "agents.deep_future", "agents.galactic_civ",
                 *(old for old in MODULES if old.startswith("agents.")))
    files = [CORE.parent / "terminal.py", CORE.parent / "gamelog.py"]
    bad = [(f.name, n) for f in files for n in _imports(f) if n.startswith(game_code)]
    assert not bad, f"the generic terminal imports game code: {bad}"
    assert "df_env.gamelog" in _imports(files[0])  # the relative import is resolved, so the check sees it
