"""The import graph of ``df_env`` and ``agents`` read from the sources' syntax trees, and its cycles
(docs/architecture.md: no import circle at any level).

Every ``import`` statement counts, wherever it stands: at module level, inside a function, under ``TYPE_CHECKING``.
``import a.b`` is an edge to ``a.b``; ``from a import b`` is an edge to the module ``a.b`` when there is one, else to
``a`` (``b`` is a name defined there); relative imports (``from . import x``, ``from ..m import y``) are resolved.
Only modules of the two packages are nodes. An edge from a package's submodule to the package itself (``from
df_env.games.deep_future.engine import legal_mask`` inside its ``engine.io``) is kept: it is a real circle when the
package's ``__init__`` imports that submodule. ``graph(packages_run=True)`` (what this command checks) also counts the
packages that an import runs on the way (``import a.b.c`` runs ``a/__init__.py`` and ``a/b/__init__.py``).

    python3 tools/import_graph.py     # prints each cycle (a -> b -> a); exit status 1 if there is one
"""

from __future__ import annotations

import ast
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PACKAGES = ("df_env", "agents")


def modules(root: Path = ROOT) -> dict[str, Path]:
    """Dotted module name -> source file, for every module of the packages (a package is its ``__init__.py``)."""
    out = {}
    for pkg in PACKAGES:
        for path in sorted((root / pkg).rglob("*.py")):
            parts = path.relative_to(root).with_suffix("").parts
            out[".".join(parts[:-1] if parts[-1] == "__init__" else parts)] = path
    return out


def _resolve(name: str, is_package: bool, node: ast.ImportFrom) -> str:
    """The absolute module that a ``from ... import`` statement of module ``name`` reads from."""
    if not node.level:
        return node.module or ""
    parts = name.split(".") if is_package else name.split(".")[:-1]
    base = parts[: len(parts) - node.level + 1]
    return ".".join(base + ([node.module] if node.module else []))


def imports(name: str, path: Path, known: set[str]) -> set[str]:
    """The modules of ``known`` that module ``name`` (source ``path``) imports anywhere in its text."""
    out = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            out |= {a.name for a in node.names}
        elif isinstance(node, ast.ImportFrom):
            base = _resolve(name, path.name == "__init__.py", node)
            out |= {f"{base}.{a.name}" if f"{base}.{a.name}" in known else base for a in node.names}
    return {m for m in out if m in known and m != name}


def graph(root: Path = ROOT, packages_run: bool = False) -> dict[str, set[str]]:
    """Module -> the modules it imports (both within the packages). ``packages_run``: also an edge to every package
    above an imported module (importing ``a.b.c`` runs ``a/__init__.py`` and ``a/b/__init__.py``), except the
    packages that hold the importer (they are running already)."""
    mods = modules(root)
    known = set(mods)
    out = {m: imports(m, p, known) for m, p in mods.items()}
    if packages_run:
        for m, deps in out.items():
            running = {m.rsplit(".", k)[0] for k in range(1, m.count(".") + 1)}
            above = {d.rsplit(".", k)[0] for d in deps for k in range(1, d.count(".") + 1)}
            deps |= {a for a in above if a in known and a not in running and a != m}
    return out


def layer_graph(g: dict[str, set[str]], layers: tuple[str, ...]) -> dict[str, set[str]]:
    """The graph between ``layers`` (packages: each module counts as the longest of them that holds it; modules
    in none are left out): a circle here is a ring of packages even when no module imports itself back."""

    def layer(m: str) -> str | None:
        holders = [p for p in layers if m == p or m.startswith(p + ".")]
        return max(holders, key=len) if holders else None

    out: dict[str, set[str]] = {p: set() for p in layers}
    for m, deps in g.items():
        a = layer(m)
        if a is not None:
            out[a] |= {b for b in map(layer, deps) if b is not None and b != a}
    return out


def cycles(g: dict[str, set[str]]) -> list[list[str]]:
    """One cycle (``[a, b, ..., a]``) per strongly connected component with more than one module, shortest found
    from the component's first module; empty when the graph has no cycle."""
    out = []
    for comp in _components(g):
        if len(comp) > 1:
            out.append(_shortest_cycle(g, min(comp), comp))
    return sorted(out)


def _components(g: dict[str, set[str]]) -> list[set[str]]:
    """Strongly connected components (Tarjan's algorithm, iterative so that a deep graph does not overflow)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    comps: list[set[str]] = []
    for start in sorted(g):
        if start in index:
            continue
        work = [(start, iter(sorted(g[start])))]
        index[start] = low[start] = len(index)
        stack.append(start)
        on_stack.add(start)
        while work:
            v, children = work[-1]
            w = next(children, None)
            if w is not None:
                if w not in index:
                    index[w] = low[w] = len(index)
                    stack.append(w)
                    on_stack.add(w)
                    work.append((w, iter(sorted(g.get(w, ())))))
                elif w in on_stack:
                    low[v] = min(low[v], index[w])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[v])
            if low[v] == index[v]:
                comp = set()
                while True:
                    w = stack.pop()
                    on_stack.discard(w)
                    comp.add(w)
                    if w == v:
                        break
                comps.append(comp)
    return comps


def _shortest_cycle(g: dict[str, set[str]], start: str, comp: set[str]) -> list[str]:
    """The shortest path ``start -> ... -> start`` inside one component (breadth first)."""
    prev: dict[str, str] = {}
    frontier = [start]
    while frontier:
        nxt = []
        for v in frontier:
            for w in sorted(g[v] & comp):
                if w == start:
                    path = [v]
                    while path[-1] != start:
                        path.append(prev[path[-1]])
                    return [*reversed(path), start]
                if w not in prev:
                    prev[w] = v
                    nxt.append(w)
        frontier = nxt
    raise AssertionError(f"{start} is in a component but on no cycle")


def main() -> int:
    found = cycles(graph(packages_run=True))
    for c in found:
        print("import cycle: " + " -> ".join(c), file=sys.stderr)
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())
