"""One module per phase of an attempt; each action type has one handler there.

A handler owns the checks of its action (``check``: the reason it is illegal, or None) and its
effect (``effect``: the next state and the events, for an action ``check`` allowed).
``crew.engine.moves`` dispatches ``why_illegal``, ``legal_actions`` and ``apply`` to them.

- ``distribution``: take, pass, volunteer, give all, assign (and entering/leaving the phase);
- ``predictions``: predicting the number of tricks (tasks 83 and 84);
- ``distress``: the distress signal and its card exchange;
- ``communication``: sonar signals before a trick;
- ``tricks``: playing cards, collecting tricks, judging tasks and conditions, the timer.
"""
