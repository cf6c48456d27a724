"""The perfect-information cuts, one class per kind of :class:`~crew.engine.task_base.Cut`.

A task category states which consequences of its rule an open-hand search may check early (the
engine's :class:`~crew.engine.task_base.Cut` in the task's ``Knowledge``); each kind is a class
here that checks its own consequence against a position (:class:`.base.TaskCut`), grouped by
subject:

- :mod:`.one_trick`: the cards a one-trick task needs still in the hands;
- :mod:`.submarines`: what the submarines left do to the tricks and to who captures them;
- :mod:`.sub_covers`: a submarine that must be played needs a seat allowed to take it;
- :mod:`.captures`: every card is captured by one seat at most;
- :mod:`.own_cards`: cards an owner captures from its own hand, the card kept for the last
  trick;
- :mod:`.counts` and :mod:`.runs`: limits on a seat's trick count and on its runs of tricks;
- :mod:`.vector`: every trick is won by someone, so the counts the tasks allow must add up;
- :mod:`.takers`: every card played goes to someone, so the cards left need seats allowed
  to take them, with tricks enough;
- :mod:`.slots`: a trick holds one card of each seat, so a seat whose tricks are capped has
  room for so many cards of each seat, which must hold the cards it needs.

:mod:`crew.solver.bounds` gathers the cuts of one search form and checks a position with them.
"""
