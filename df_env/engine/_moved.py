"""Old module paths (the moves table of docs/architecture.md) kept as aliases: importing ``df_env.engine.position``
gives the module ``df_env.engine.io.position`` itself, ``df_env.train.numba_net`` the module ``df_env.net.numba_net``.
Tools that left the installed package fail with a message naming their new place. Installed by ``df_env.engine``
(and so by ``df_env.train``, whose old modules it names: it imports the engine)."""

from __future__ import annotations

import importlib
import importlib.abc
import importlib.util
import sys
from types import ModuleType

_E = "df_env.engine"
MOVED = {f"{_E}.{old}": new for old, new in {
    **{m: f"{_E}.model.{m}" for m in ("constants", "state", "layout", "rng", "events", "names")},
    **{m: f"{_E}.rules.{m}" for m in ("flow", "frames", "setup", "actions", "advancing", "evoke", "endturn",
                                      "victory", "board", "cards")},
    "mask": f"{_E}.legality.mask", "queries": f"{_E}.legality.queries",
    "determinize": f"{_E}.observation.determinize",
    "cardtext": f"{_E}.text.cardtext", "eventtext": f"{_E}.text.eventtext",
    "position": f"{_E}.io.position", "position_read": f"{_E}.io.position_read",
    "position_schema": f"{_E}.io.position_schema",
    "campaign": "df_env.campaign.core", "campaign_format": "df_env.campaign.format",
    "campaign_io": "df_env.campaign.files", "campaign_ops": "df_env.campaign.commands",
}.items()} | {
    # the network's forward pass left the training application (issue 24: agents, envs and training imported one
    # another in a ring through it)
    **{f"df_env.train.{m}": f"df_env.net.{m}" for m in ("netlayout", "numpy_net", "numba_net")},
}
LEFT = {f"{_E}.docgen": "tools/docgen.py", f"{_E}.statedoc": "tools/statedoc.py",
        f"{_E}.playthrough": "tools/playthrough.py", f"{_E}.invariants": "tests/support/invariants.py"}


class _Aliases(importlib.abc.MetaPathFinder, importlib.abc.Loader):
    def find_spec(self, fullname, path=None, target=None):
        if fullname in LEFT:
            raise ModuleNotFoundError(f"{fullname} is no longer part of the installed package: it is the repository "
                                      f"file {LEFT[fullname]} (run it from a clone)", name=fullname)
        return importlib.util.spec_from_loader(fullname, self) if fullname in MOVED else None

    def create_module(self, spec):
        return importlib.import_module(MOVED[spec.name])

    def exec_module(self, module: ModuleType) -> None:
        pass  # the module is the new one, already executed


def install() -> None:
    """Register the aliases (once); modules already imported are aliased at once."""
    if not any(isinstance(f, _Aliases) for f in sys.meta_path):
        sys.meta_path.append(_Aliases())
    for old, new in MOVED.items():
        parent, _, leaf = old.rpartition(".")
        if new in sys.modules and parent in sys.modules:
            sys.modules.setdefault(old, sys.modules[new])
            if not hasattr(sys.modules[parent], leaf):  # engine.layout, engine.constants ... as before
                setattr(sys.modules[parent], leaf, sys.modules[new])  # (engine.determinize stays the function)
