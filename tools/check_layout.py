"""Checks of the code's shape (docs/architecture.md): no function over 60 lines and no complexity ``noqa`` in
``df_env/`` and ``agents/``, at most 10 modules directly in any package folder.

    python3 tools/check_layout.py     # prints each problem; exit status 1 if there is one
"""

from __future__ import annotations

import ast
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PACKAGES = ("df_env", "agents")
MAX_FUNCTION_LINES = 60
MAX_MODULES = 10  # .py files directly in one package folder, __init__.py not counted


def long_functions(root: Path = ROOT) -> list[str]:
    """``path:line name (N lines)`` of every function longer than MAX_FUNCTION_LINES (decorators not counted)."""
    out = []
    for pkg in PACKAGES:
        for path in sorted((root / pkg).rglob("*.py")):
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
                if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                    n = (node.end_lineno or node.lineno) - node.lineno + 1
                    if n > MAX_FUNCTION_LINES:
                        out.append(f"{path.relative_to(root)}:{node.lineno} {node.name} ({n} lines)")
    return out


def crowded_packages(root: Path = ROOT) -> list[str]:
    """Package folders with more than MAX_MODULES modules directly in them."""
    out = []
    for pkg in PACKAGES:
        for init in sorted((root / pkg).rglob("__init__.py")):
            modules = [p for p in init.parent.glob("*.py") if p.name != "__init__.py"]
            if len(modules) > MAX_MODULES:
                out.append(f"{init.parent.relative_to(root)}: {len(modules)} modules (at most {MAX_MODULES})")
    return out


def complexity_noqa(root: Path = ROOT) -> list[str]:
    """Lines that silence the complexity check instead of splitting the function."""
    return [f"{path.relative_to(root)}:{i}" for pkg in PACKAGES for path in sorted((root / pkg).rglob("*.py"))
            for i, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1) if "noqa: C901" in line]


def main() -> int:
    problems = ([f"function over {MAX_FUNCTION_LINES} lines: {p}" for p in long_functions()]
                + [f"too many modules: {p}" for p in crowded_packages()]
                + [f"complexity noqa: {p}" for p in complexity_noqa()])
    for p in problems:
        print(p, file=sys.stderr)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
