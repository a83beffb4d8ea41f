"""The import contract (docs/architecture.md): no import cycle among the modules of df_env and agents, and code outside
Deep Future's engine (``df_env.games.deep_future.engine``, old name ``df_env.engine``) reaches inside it only where the
list below says so. The list holds today's reach-ins (to be replaced by the public API and the compiled boundary
``engine.kernels``); a new one fails this test."""

from __future__ import annotations

import ast
from pathlib import Path

from df_env.core.moved import Aliases
from df_env.games.deep_future.engine._moved import MOVED
from df_env.games.deep_future.moved import MODULES, PACKAGES

ROOT = Path(__file__).resolve().parents[4]
DF_MOVES = Aliases(MODULES, packages=PACKAGES)  # Deep Future's old paths (not installed: only read)
DF = "df_env.games.deep_future"
E = f"{DF}.engine"
# what the engine must never import: the adapters above it (old and new paths), the agents, the campaign
ADAPTERS = ("df_env.envs", f"{DF}.envs", "agents", "df_env.cli", "df_env.campaign", f"{DF}.campaign", "df_env.bench",
            f"{DF}.game", f"{DF}.play", f"{DF}.progress", f"{DF}.analysis")

# adapters and agents may import these and their submodules: the API, the compiled boundary, the documented state
# model (docs/state.md, docs/actions.md), the observation, the text and the notice the CLI prints while it compiles
PUBLIC = {E, *(f"{E}.{m}" for m in ("api", "kernels", "model", "observation", "text", "compile_notice"))}
# today's reach-ins into engine internals, by importing module (shrink this list, never grow it): the compiled
# agents and env kernels call the rules and queries from compiled code
REACH_INS = {
    "agents.deep_future.fast": {f"{E}._jit", f"{E}.rules.flow"},
    "agents.deep_future.heuristic_rules": {f"{E}._jit", f"{E}.legality.queries", f"{E}.rules.board",
                                           f"{E}.rules.cards"},
    "agents.deep_future.mcts": {f"{E}._jit", f"{E}.rules.flow"},
    f"{DF}.progress": {f"{E}._jit", f"{E}.legality.queries"},
    f"{DF}.envs.episode": {f"{E}._jit", f"{E}.rules.flow"},
}


def _new_name(module: str) -> str:
    """The module an old path names (df_env.engine.position -> df_env.games.deep_future.engine.io.position)."""
    new = DF_MOVES.target(module) or module
    return MOVED.get(new, new)


def _modules() -> dict[str, Path]:
    out = {}
    for pkg in ("df_env", "agents"):
        for path in (ROOT / pkg).rglob("*.py"):
            parts = path.relative_to(ROOT).with_suffix("").parts
            out[".".join(parts[:-1] if parts[-1] == "__init__" else parts)] = path
    return out


def _imports(name: str, path: Path, top_level_only: bool) -> set[str]:
    """Modules that ``name`` imports (``from X import y`` counts X and X.y when that is a module)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    nodes = tree.body if top_level_only else list(ast.walk(tree))
    pkg = name if path.name == "__init__.py" else name.rpartition(".")[0]
    out = set()
    for node in nodes:
        if isinstance(node, ast.Import):
            out |= {a.name for a in node.names}
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parent = pkg.split(".")[: len(pkg.split(".")) - node.level + 1]
                base = ".".join(parent + ([base] if base else []))
            out.add(base)
            out |= {f"{base}.{a.name}" for a in node.names}
    return out


def test_no_import_cycle_at_module_level() -> None:
    mods = _modules()
    graph = {m: {i for i in _imports(m, p, True) if i in mods and i != m} for m, p in mods.items()}
    state: dict[str, int] = {}

    def visit(m: str, stack: list[str]) -> None:
        state[m] = 1
        for n in sorted(graph[m]):
            if state.get(n) == 1 and not m.startswith(n + "."):  # a package importing its own submodule is fine
                raise AssertionError("import cycle: " + " -> ".join(stack[stack.index(n):] + [m, n]))
            if n not in state:
                visit(n, stack + [m])
        state[m] = 2

    for m in sorted(graph):
        if m not in state:
            visit(m, [])


def test_code_outside_the_engine_uses_its_public_api() -> None:
    mods = _modules()
    found = {}
    for m, p in mods.items():
        if m.startswith(E):
            continue
        names = {_new_name(i) for i in _imports(m, p, False)}  # an old module path counts as its new module
        inner = {i for i in names if i.startswith(E + ".") and i in mods and i not in PUBLIC}
        inner -= {i for i in inner if any(i.startswith(x + ".") for x in PUBLIC if x != E)}
        if m.startswith(f"{DF}.campaign"):
            continue  # the campaign builds galaxies with the engine's setup (a layer above the engine, not an adapter)
        if inner - REACH_INS.get(m, set()):
            found[m] = sorted(inner - REACH_INS.get(m, set()))
    assert found == {}, f"new imports of engine internals (use {E} or {E}.kernels): {found}"


def test_the_engine_imports_no_adapter_module() -> None:
    mods = _modules()
    for m, p in mods.items():
        if m.startswith(E):
            bad = {i for i in _imports(m, p, False) if i.startswith(ADAPTERS)}
            assert not bad, (m, bad)
