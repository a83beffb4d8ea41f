"""The action phase (2.2), one module per action: its procedure, its stages and registers, and the mask fillers of
the decisions it posts. ``wrapper`` (the choice of an action, its payment and advancements), ``power``, ``settle``,
``grow``, ``battle``, ``expand``, ``plan``, and ``start`` (the start-phase advancements with a cost, 2.1). ADVANCE
lives in :mod:`..advancing`, EVOKE in :mod:`..evoke`."""

from .battle import proc_battle
from .expand import proc_expand
from .grow import proc_grow
from .plan import proc_plan
from .power import proc_power
from .settle import proc_settle
from .start import proc_start_adv
from .wrapper import proc_action

__all__ = ["proc_action", "proc_battle", "proc_expand", "proc_grow", "proc_plan", "proc_power", "proc_settle",
           "proc_start_adv"]
