"""The default dialect's plan cache (:class:`~tabletop_core.notation._kernel.plans.PlanCache`).

Apart from :mod:`.roll`, which fills it, so that :func:`tabletop_core.notation.roll`'s hot
dictionary is in place from the import while the roller itself loads with the first roll.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tabletop_core.notation._kernel.plans import PlanCache

if TYPE_CHECKING:
    from tabletop_core.notation._default.expression import Expression

__all__ = ["PLANS"]

PLANS: PlanCache[Expression] = PlanCache()
"""The default dialect's plans: texts rolled with the default limits, other texts, expressions built by hand."""
