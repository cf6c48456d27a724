"""Perfect-information solver: could the crew still win this attempt with every hand open?

:mod:`~crew.solver.solver` answers the question under limits, :mod:`~crew.solver.distribution`
searches the choices before the first card, :mod:`~crew.solver.tricks` the cards,
:mod:`~crew.solver.bounds` cuts branches that are certainly lost and
:mod:`~crew.solver.analysis` finds where a recorded attempt was lost.
"""

from __future__ import annotations

from .parts import Clash
from .solver import IGNORED, Solution, Solver, default_solver, solve, winning_actions

__all__ = [
    "IGNORED",
    "Clash",
    "Solution",
    "Solver",
    "compiled",
    "default_solver",
    "solve",
    "winning_actions",
]


def compiled() -> bool:
    """Whether the search runs compiled (an installed wheel, ``hatch_build.py``) rather than as
    plain Python (an editable install): the same positions and verdicts, about twice as fast."""
    from . import tricks

    return not (tricks.__file__ or "").endswith(".py")
