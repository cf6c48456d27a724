"""Computer crewmates: they decide from one seat's view, their memory and a seeded random source.

A bot never receives the game state. The entry points (all pure functions of their arguments,
safe to call from a worker thread):

- ``choose_action(view, memory, rng)``: the action the table waits for from this seat (task
  take/pass, volunteer answer, give/assign, prediction, card; as captain also Tonoja's);
- ``choose_signal(view, memory, rng)``: whether and what to communicate in the window before a
  trick (``Decision.action`` None: not now);
- ``choose_distress(view, memory, rng)``: this seat's vote on the distress signal
  (``Decision.direction``), and ``choose_distress_card(view, memory, rng, direction)``: the card
  it passes (``Decision.card``).

``Memory.observe(view)`` must see the seat's view after every action. Who is asked what, and
when, is the table's (``crew.table``: the app, self-play and ``crew suggest`` alike).
"""

from __future__ import annotations

from .memory import Memory
from .player import (
    AT_THE_TABLE,
    DEFAULT,
    Decision,
    NothingToDecide,
    Settings,
    choose_action,
    choose_distress,
    choose_distress_card,
    choose_signal,
    controls,
)
from .tasks import task_claims, task_wishes

__all__ = [
    "AT_THE_TABLE",
    "DEFAULT",
    "Decision",
    "Memory",
    "NothingToDecide",
    "Settings",
    "choose_action",
    "choose_distress",
    "choose_distress_card",
    "choose_signal",
    "controls",
    "task_claims",
    "task_wishes",
]
