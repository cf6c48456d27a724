"""A plain depth-first search that can be paused and resumed: one member of the solver's
portfolio.

No table, no move ordering, no merging of cards, no cuts: the crew's choices in the engine's
own order (distribution and predictions through ``legal_actions``, cards lowest first), a
branch ending only when the engine's search form says won or lost. On many easy deals the first
lines it tries win at once, where a cleverer search spends its effort elsewhere first; run
beside the main search (:class:`~crew.solver.solver.Solver`), it keeps the solver from ever
being far behind a plain search. Its stack is explicit, so :meth:`PlainSearch.run` can stop
after any number of positions and go on later exactly where it was.
"""

from __future__ import annotations

from collections.abc import Sequence

from crew.engine import Action, GameState, Phase, Play, Signal, apply, legal_actions
from crew.engine.cards import card_list
from crew.engine.enums import Result
from crew.engine.search import LOST, WON, Node, SearchForm

from .limits import Budget

__all__ = ["PlainSearch"]


class _Frame:
    """One level of the search: a state before the tricks, or a node of the tricks, with the
    choices there and how many have been tried."""

    __slots__ = ("state", "form", "node", "choices", "next")

    def __init__(
        self,
        state: GameState | None,
        form: SearchForm | None,
        node: Node | None,
        choices: Sequence[Action | int],
    ) -> None:
        self.state = state
        self.form = form
        self.node = node
        self.choices = choices
        self.next = 0


def _frame_of(state: GameState) -> _Frame:
    if state.phase == Phase.PLAY:
        form = SearchForm(state)
        node = form.start(state)
        return _Frame(None, form, node, card_list(form.legal(node)))
    return _Frame(state, None, None, [a for a in legal_actions(state) if not isinstance(a, Signal)])


class PlainSearch:
    """A plain depth-first search from one state, resumable (see the module)."""

    def __init__(self, state: GameState, budget: Budget) -> None:
        self.root = state
        self.budget = budget
        self.verdict: bool | None = None
        self.line: tuple[Action, ...] = ()
        self._frames: list[_Frame] = []
        self._path: list[Action] = []
        if state.result:
            self.verdict = state.result == Result.WON
        else:
            self._frames.append(_frame_of(state))

    def run(self, positions: int) -> bool | None:
        """Search on for about ``positions`` positions (the budget's own limits still apply):
        True (won, see :attr:`line`), False (no line wins) or None (not decided yet)."""
        if self.verdict is not None:
            return self.verdict
        frames, path = self._frames, self._path
        tick = self.budget.tick
        stop = self.budget.nodes + positions
        while frames:
            if self.budget.nodes >= stop:
                return None
            frame = frames[-1]
            if frame.next >= len(frame.choices):
                frames.pop()
                if path:
                    path.pop()
                continue
            tick()  # first: a limit stops the search before it moves on, not after
            choice = frame.choices[frame.next]
            frame.next += 1
            form, node = frame.form, frame.node
            if form is None:
                assert frame.state is not None and not isinstance(choice, int)
                child, _ = apply(frame.state, choice)
                if child.result:
                    if child.result == Result.WON:
                        return self._won([*path, choice])
                    continue
                path.append(choice)
                frames.append(_frame_of(child))
                continue
            assert node is not None and isinstance(choice, int)
            after = form.play(node, choice)
            if after.result == WON:
                return self._won([*path, Play(node.turn, choice)])
            if after.result == LOST:
                continue
            path.append(Play(node.turn, choice))
            frames.append(_Frame(None, form, after, card_list(form.legal(after))))
        self.verdict = False
        return False

    def _won(self, line: list[Action]) -> bool:
        self.verdict = True
        self.line = tuple(line)
        self._frames.clear()
        return True
