"""The decision catalogue (df_env/games/deep_future/engine/model/decisions.py) is the one source of the decision kinds,
the mask and the step dispatch are tables built from it, and the procedures speak in names (docs/architecture.md)."""

from __future__ import annotations

import importlib
import re
from pathlib import Path

import numpy as np
import pytest

from df_env.games.deep_future.engine.legality import mask
from df_env.games.deep_future.engine.model import decisions, layout
from df_env.games.deep_future.engine.model.decisions import CATALOGUE, table_dispatch
from df_env.games.deep_future.engine.rules import flow
from df_env.games.deep_future.engine.rules.frames import PROC_NAMES

RULES = Path(flow.__file__).parent
# (the package exports a function encode)
encode = importlib.import_module("df_env.games.deep_future.engine.observation.encode")


def test_every_decision_code_is_its_catalogue_record() -> None:
    assert len(CATALOGUE) == layout.NUM_DECISIONS == 45
    for code, d in enumerate(CATALOGUE):
        assert getattr(layout, f"D_{d.name}") == code
        assert layout.DECISIONS[code] == (d.name, d.blocks, d.doc)
        assert tuple(encode.CTX_KIND[code]) == d.context
    assert layout.D_FOOT_COUNT == 44
    assert CATALOGUE[layout.D_SETTLE_SOURCE].fill == "rules.actions.settle.fill_settle_source"


def test_every_decision_has_a_filler_where_its_record_says_and_the_dispatch_calls_it() -> None:
    src = mask._fill.py_func.dispatch_source if hasattr(mask._fill, "py_func") else mask._fill.dispatch_source
    for code, d in enumerate(CATALOGUE[1:], start=1):
        module, name = d.filler
        fn = getattr(importlib.import_module(f"df_env.games.deep_future.engine.{module}"), name)
        assert fn is getattr(mask, name) and fn in mask.FILLERS, d.name
        assert f"    if key == {code}:\n        return {name}(s, p, ctx)\n" in src, d.name
    assert "key == 0:" not in src  # NONE has no filler: nothing is legal once the game is over
    assert set(mask.FILLERS) == {getattr(mask, d.filler[1]) for d in CATALOGUE[1:]}


def test_a_filler_lives_beside_a_procedure_that_posts_its_decision() -> None:
    """A filler of the rules sits in a module that asks a decision using it (ask(..., D_<kind>, ...)); the rest
    are the shared fillers of legality/marks.py, which carry no rule. The turn procedure (flow.py, above the mask)
    asks START, ACTION and PAY: their fillers live with the start phase and the action wrapper."""
    flow_source = Path(flow.__file__ or "").read_text()
    for d in CATALOGUE[1:]:
        module, _ = d.filler
        if module == "legality.marks":
            continue
        if d.name in ("START", "ACTION", "PAY"):
            assert module == ("rules.actions.start" if d.name == "START" else "rules.actions.wrapper")
            assert re.search(rf"ask\(s, fi, \w+, D_{d.name}\b", flow_source), d.name
            continue
        assert module.startswith("rules."), d.name
        source = Path(importlib.import_module(f"df_env.games.deep_future.engine.{module}").__file__ or "").read_text()
        posted = [k.name for k in CATALOGUE
                  if k.fill == d.fill and re.search(rf"ask\(s, fi, \w+, D_{k.name}\b", source)]
        assert posted, f"{d.name}: {module} posts no decision whose filler is {d.fill}"


def test_the_step_dispatch_covers_every_procedure() -> None:
    assert sorted(flow.PROCEDURES) == list(range(len(PROC_NAMES)))
    src = flow._step.py_func.dispatch_source if hasattr(flow._step, "py_func") else flow._step.dispatch_source
    assert src.count("        return proc_") == len(PROC_NAMES)
    assert src.rstrip().endswith("return _unknown_procedure(s, fi)")


def test_table_dispatch_calls_the_entry_of_the_key_and_the_default_otherwise() -> None:
    def neg(x: int) -> int:
        return -x

    ns: dict = {"__name__": "t", "double": lambda x: 2 * x, "neg": neg, "zero": lambda x: 0}
    f = table_dispatch("f", "x", ["double", "", neg], ns, default="zero")
    assert [f(k, 5) for k in range(4)] == [10, 0, -5, 0]


@pytest.mark.parametrize("table, params", [(["missing"], "x"), ([lambda x: x], "x"), (["double"], "x y")])
def test_table_dispatch_refuses_an_unknown_function_or_bad_parameters(table: list, params: str) -> None:
    with pytest.raises(ValueError, match="table_dispatch"):
        table_dispatch("f", params, table, {"double": lambda x: 2 * x})


def test_context_kinds_are_named() -> None:
    assert len(decisions.CONTEXT_KIND_NAMES) == decisions.K_CHEM + 1
    assert set(np.unique(encode.CTX_KIND)) <= set(range(len(decisions.CONTEXT_KIND_NAMES)))


def test_procedures_name_their_stages_registers_and_sectors() -> None:
    """No bare stage number (st == 3, goto(s, fi, 3), ask/call resuming at 3), no bare register r[3], no other
    procedure's frame written, and no range(1, 37) in the rules and legality."""
    bare = re.compile(r"st == \d|(goto|ask|call)\(s, fi, \d|\br\[\d\]|f_stage\"\]\[\d|range\(1, 37\)")
    found = []
    for path in sorted([*RULES.rglob("*.py"), *(RULES.parent / "legality").glob("*.py")]):
        for n, line in enumerate(path.read_text().splitlines(), 1):
            if bare.search(line) and path.name != "frames.py":  # frames.push fills r[0..3] from its arguments
                found.append(f"{path.name}:{n}: {line.strip()}")
    assert found == []
