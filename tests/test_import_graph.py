"""No import circle in ``df_env`` and ``agents`` at any level (issue 24): the graph is read from the sources' syntax
trees with every import statement counted, module-level and function-level alike (``tools/import_graph.py``)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tools import import_graph

# the packages that imported one another in a ring through the network's forward pass (now df_env.net); Deep
# Future's envs are in its game package (df_env.games.deep_future.envs), df_env.envs is the registry and generic env
DF_ENVS = "df_env.games.deep_future.envs"
RING = ("agents", "df_env.envs", DF_ENVS, "df_env.train", "df_env.net")


def _cycle_text(found: list[list[str]]) -> str:
    return "; ".join(" -> ".join(c) for c in found)


@pytest.mark.parametrize("packages_run", [False, True])
def test_no_import_cycle_at_any_level(packages_run: bool) -> None:
    found = import_graph.cycles(import_graph.graph(packages_run=packages_run))
    assert found == [], f"import cycles: {_cycle_text(found)}"


def test_agents_envs_training_and_the_network_form_no_ring() -> None:
    layers = import_graph.layer_graph(import_graph.graph(), RING)
    found = import_graph.cycles(layers)
    assert found == [], f"package rings: {_cycle_text(found)}"
    assert layers["df_env.net"] == set(), "the network's forward pass imports no agent, env or training module"
    assert "df_env.train" not in layers["agents"] | layers["df_env.envs"] | layers[DF_ENVS]


def test_the_two_circles_of_issue_24_stay_broken() -> None:
    g = import_graph.graph()
    assert "df_env.cli" not in g["df_env.ladder"] and "df_env.backends" not in g["df_env.cluster.ray_backend"]
    assert "df_env.argcheck" in g["df_env.ladder"] and "df_env.argcheck" in g["df_env.cli"]


def _write(root: Path, files: dict[str, str]) -> None:
    for name, text in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)


def test_a_function_level_cycle_through_a_relative_import_is_found(tmp_path: Path) -> None:
    _write(tmp_path, {"df_env/__init__.py": "", "agents/__init__.py": "",
                      "df_env/sub/__init__.py": "",
                      "df_env/sub/a.py": "def f():\n    from . import b\n",  # resolved to df_env.sub.b
                      "df_env/sub/b.py": "from ..c import x\n",  # df_env.c (x is a name in it)
                      "df_env/c.py": "import df_env.sub.a\nx = 1\n",
                      "agents/d.py": "from df_env.sub import a\n"})  # the module df_env.sub.a
    g = import_graph.graph(tmp_path)
    assert g["df_env.sub.a"] == {"df_env.sub.b"} and g["df_env.sub.b"] == {"df_env.c"}
    assert g["agents.d"] == {"df_env.sub.a"}
    assert import_graph.cycles(g) == [["df_env.c", "df_env.sub.a", "df_env.sub.b", "df_env.c"]]


def test_a_cycle_through_a_package_s_init_is_found_when_packages_run(tmp_path: Path) -> None:
    _write(tmp_path, {"df_env/__init__.py": "", "agents/__init__.py": "",
                      "df_env/p/__init__.py": "from agents import b\n",  # runs whenever df_env.p.x is imported
                      "df_env/p/x.py": "from . import y\n", "df_env/p/y.py": "",
                      "agents/b.py": "import df_env.p.y\n"})
    assert import_graph.cycles(import_graph.graph(tmp_path)) == []
    g = import_graph.graph(tmp_path, packages_run=True)
    assert g["df_env.p.x"] == {"df_env.p.y"}  # its own package is running already: no edge
    assert import_graph.cycles(g) == [["agents.b", "df_env.p", "agents.b"]]


def test_imports_under_type_checking_count_too(tmp_path: Path) -> None:
    _write(tmp_path, {"df_env/__init__.py": "", "agents/__init__.py": "",
                      "df_env/a.py": "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from .b import B\n",
                      "df_env/b.py": "from df_env import a\n"})
    assert import_graph.cycles(import_graph.graph(tmp_path)) == [["df_env.a", "df_env.b", "df_env.a"]]


def test_a_ring_of_packages_without_a_module_cycle_is_found() -> None:
    g = {"p.x": {"q.y"}, "q.y": set(), "q.z": {"p.w"}, "p.w": set()}
    assert import_graph.cycles(g) == []
    assert import_graph.cycles(import_graph.layer_graph(g, ("p", "q"))) == [["p", "q", "p"]]
