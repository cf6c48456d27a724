"""``crew solve`` and ``crew analyse``: open-hand questions for the solver."""

from __future__ import annotations

import argparse
import signal
import sys
from collections.abc import Callable, Sequence
from typing import Any

from ..engine import Action, GameState, Play, apply, card_str
from ..engine.enums import Result
from ..i18n import N_, _, ended_text, file_seat, reason_text
from ..records import Record, RecordError, action_to_json, replay
from ..solver.analysis import Analysis
from .common import ANSWERED, NOT_ALLOWED, CliError, console, emit_json, seat_label

#: ``crew solve`` exit code when the time limit (or Ctrl-C) left the question open.
UNDECIDED = 3

_NOTE = N_(
    "Open hands: every hand is known and the crew chooses every card together. Communication "
    "is ignored (it cannot change open-hand play); the distress signal is out of scope; real "
    "time is ignored."
)


def _load(path: str) -> tuple[Record, str]:
    from .game import _read

    try:
        return _read(path)
    except RecordError as exc:
        raise CliError(str(exc)) from None


def _state_of(rec: Record, source: str) -> Any:
    try:
        r = replay(rec, source)
    except RecordError as exc:
        raise CliError(str(exc)) from None
    if r.violation is not None:
        v = r.violation
        why = reason_text(v.illegal, file_seat(rec.players == 2)) if v.illegal else _(v.message)
        raise CliError(f"{source}: actions[{v.action}]: {why} ({v.reason})")
    return r.state


class _Watch:
    """While a search runs: progress on stderr (positions, seconds, a spinner) when stderr is
    a terminal, and Ctrl-C as a request to stop it (the search then answers with what it
    decided; no traceback)."""

    def __init__(self, what: str) -> None:
        self.what = what
        self.stopped = False
        self._status: Any = None
        self._shown = 0.0
        self._old: Any = None

    def __enter__(self) -> _Watch:
        self._old = signal.signal(signal.SIGINT, self._on_interrupt)
        if sys.stderr.isatty():
            from rich.console import Console

            self._status = Console(file=sys.stderr).status(self.what)
            self._status.start()
        return self

    def __exit__(self, *exc: object) -> None:
        if self._status is not None:
            self._status.stop()
        signal.signal(signal.SIGINT, self._old)

    def _on_interrupt(self, signum: int, frame: object) -> None:
        self.stopped = True

    def interrupt(self) -> bool:
        """Whether Ctrl-C was pressed."""
        return self.stopped

    def progress(self, nodes: int, seconds: float) -> None:
        """Show how far the search has come (a few times a second)."""
        if self._status is not None and seconds - self._shown >= 0.1:
            self._shown = seconds
            self._status.update(
                _("{what}: {nodes} positions, {seconds} s").format(
                    what=self.what, nodes=f"{nodes:,}", seconds=f"{seconds:.1f}"
                )
            )

    def step(self, text: str) -> None:
        """Change what is being done."""
        self.what = text
        if self._status is not None:
            self._status.update(text)


def _limit_words(timeout: float | None) -> str:
    """``--timeout`` in words (None: ``--timeout 0``, no limit)."""
    if timeout is None:
        return _("no time limit")
    return _("the time limit ({seconds} s)").format(seconds=f"{timeout:g}")


def _choice_words(action: Action, who: Callable[[int], str]) -> str:
    """A choice before the cards in words: "seat 2 (Bob) takes task #40"."""
    j = action_to_json(action)
    seat = getattr(action, "seat", None)
    name = who(seat) if isinstance(seat, int) else _("the crew")
    if "take" in j:
        return _("{name} takes task #{task}").format(name=name, task=j["take"])
    if "pass" in j:
        return _("{name} passes").format(name=name)
    if "predict" in j:
        return _("{name} predicts {n} tricks").format(name=name, n=j["predict"])
    if "volunteer" in j:
        if j["volunteer"]:
            return _("{name} volunteers").format(name=name)
        return _("{name} does not volunteer").format(name=name)
    to = getattr(action, "to", None)
    if isinstance(to, int):
        task = getattr(action, "task", None)
        if isinstance(task, int):
            return _("task #{task} goes to {name}").format(task=task, name=who(to))
        return _("every task goes to {name}").format(name=who(to))
    return f"{name}: " + ", ".join(f"{k} {v}" for k, v in j.items() if k != "seat")


def _line_words(state: GameState, line: Sequence[Action], who: Callable[[int], str]) -> list[str]:
    """A winning line for people: the choices before the cards, then trick by trick the cards
    in play order and who wins each (replayed through the engine)."""
    out: list[str] = []
    first = len(state.tricks)
    on_table = len(state.trick_cards)
    for action in line:
        if not isinstance(action, Play):
            out.append(_choice_words(action, who))
        state, _events = apply(state, action)
    for n in range(first, len(state.tricks)):
        t = state.tricks[n]
        cards = []
        for k, (seat, card) in enumerate(zip(t.seats, t.cards, strict=True)):
            played = _(" (on the table)") if n == first and k < on_table else ""
            cards.append(f"{who(seat)} {card_str(card)}{played}")
        out.append(
            _("Trick {n}: {cards} -> {name} wins").format(
                n=n + 1, cards=", ".join(cards), name=who(t.winner)
            )
        )
    if state.result == Result.WON:
        out.append(_("The attempt is won after trick {n}.").format(n=len(state.tricks)))
    return out


def solve(args: argparse.Namespace) -> int:
    """Can the crew still win from the end of the record, with open hands? A winning line."""
    from ..solver import IGNORED, Solver

    rec, source = _load(args.file)
    state = _state_of(rec, source)
    with _Watch(_("searching")) as watch:
        solver = Solver(progress=watch.progress, interrupt=watch.interrupt, explain=True)
        sol = solver.solve(state, timeout=args.timeout)
    stopped = watch.stopped and sol.winnable is None
    line = [action_to_json(a) for a in sol.line]
    if args.json:
        emit_json(
            {
                "winnable": sol.winnable,
                "line": line,
                "nodes": sol.nodes,
                "seconds": round(sol.seconds, 3),
                "stopped": stopped,
                "ignored": list(IGNORED),
                "clash": None if sol.clash is None else sol.clash.to_json(),
            }
        )
    else:
        out = console()
        players = state.setup.players
        nodes = f"{sol.nodes:,}"

        def who(seat: int) -> str:
            return seat_label(seat, players, rec.names)

        if state.result == Result.WON:
            out.print(_("The attempt is already won: nothing is left to play."))
        elif state.result:
            why = ended_text(
                state.reason, state.reason_template, state.reason_seats, state.reason_values, who
            )
            out.print(_("Not winnable: the attempt is already lost ({why}).").format(why=why))
        elif stopped:
            out.print(_("Stopped: undecided after {nodes} positions (Ctrl-C).").format(nodes=nodes))
        elif sol.winnable is None:
            out.print(
                _("Undecided: {limit} ran out after {nodes} positions.").format(
                    limit=_limit_words(args.timeout), nodes=nodes
                )
            )
        elif sol.winnable:
            out.print(_("Winnable with open hands. A winning line:"))
            for words in _line_words(state, sol.line, who):
                out.print(f"  {words}")
        else:
            out.print(_("Not winnable: no sequence of the crew's choices wins from here."))
            if sol.clash is not None:
                from ..table.postmortem import clash_words

                out.print(clash_words(sol.clash))
        if not state.result:
            out.print(
                _("{nodes} positions searched in {seconds} s.").format(
                    nodes=nodes, seconds=f"{sol.seconds:.2f}"
                )
            )
            out.print(_(_NOTE))
    if sol.winnable is None:
        return UNDECIDED
    return ANSWERED if sol.winnable else NOT_ALLOWED


def analysis_words(result: Analysis, players: int, names: Sequence[str] | None = None) -> list[str]:
    """What ``crew analyse`` says about ``result``: the verdict before the first card, then the
    turning point, or why there is none. Never "could not be won" unless the first verdict is
    "no"."""
    verdict = {True: _("yes"), False: _("no"), None: _("undecided")}
    at_start = result.winnable_at_start
    out = [_("Could it be won before the first card? {verdict}").format(verdict=verdict[at_start])]
    tp = result.turning_point
    last = result.verdicts[-1] if result.verdicts else at_start
    if tp is not None and tp.time_up:
        where = _("in trick {n}").format(n=tp.trick) if tp.trick else _("before the tricks")
        out.append(
            _(
                "Turning point: action {n}, the time ran out {where} while the"
                " attempt could still be won with open hands."
            ).format(n=tp.action + 1, where=where)
        )
        alts = tp.to_json()["winning_alternatives"]
        if alts:
            out.append(_still(alts))
    elif tp is not None and not isinstance(tp.taken, Play):
        # a choice of the distribution (or a prediction, a distress signal) said in words
        from ..table.postmortem import did_words, instead_words

        def name(seat: int) -> str:
            return seat_label(seat, players, names)

        out.append(
            _(
                "Turning point: action {n}, before the tricks: {did}; after it the attempt"
                " could no longer be won."
            ).format(n=tp.action + 1, did=did_words(tp.taken, name))
        )
        if tp.alternatives:
            out.append(_still([instead_words(a, name) for a in tp.alternatives]))
    elif tp is not None:
        j = tp.to_json()
        who = seat_label(tp.seat, players, names)
        where = _("trick {n}").format(n=tp.trick) if tp.trick else _("the distribution")
        out.append(
            _(
                "Turning point: action {n}, {name} played {card} in {where}; after"
                " it the attempt could no longer be won."
            ).format(n=tp.action + 1, name=who, card=j["played"], where=where)
        )
        alts = j["winning_alternatives"]
        if alts:
            out.append(_still(alts))
    elif last is False and at_start is False:
        out.append(_("It could not be won with open hands from the first card on."))
    elif last is False and at_start:
        out.append(
            _(
                "The action that lost it was not found: a verdict in between was undecided"
                " within the limit."
            )
        )
    elif last is False:
        out.append(_("Whether it could be won at the first card is undecided within the limit."))
    elif last is True:
        out.append(_("It was never lost."))
    else:
        out.append(_("Undecided: the end of the record could not be judged within the limit."))
    if result.clash is not None and result.clash_at is not None:
        from ..table.postmortem import clash_words

        where = (
            _("After action {n}:").format(n=result.clash_at)
            if result.clash_at
            else _("Before the first action:")
        )
        out.append(f"{where} {clash_words(result.clash)}")
    return out


def _still(alts: Sequence[Any]) -> str:
    return _("Still winning there: {cards}").format(cards=", ".join(str(a) for a in alts))


def analyse(args: argparse.Namespace) -> int:
    """The verdict before the first card and after every action; the turning point."""
    from ..solver import Solver
    from ..solver.analysis import analyse as run

    rec, source = _load(args.file)
    _state_of(rec, source)  # refuse an illegal record with its reason
    with _Watch(_("judging")) as watch:

        def judging(k: int, n: int) -> None:
            watch.step(_("judging position {k} of at most {n}").format(k=k, n=n))

        solver = Solver(progress=watch.progress, interrupt=watch.interrupt, explain=True)
        result = run(
            rec,
            timeout=args.timeout,
            solver=solver,
            source=source,
            stop=watch.interrupt,
            judging=judging,
        )
    stopped = result.stopped or watch.stopped
    if args.json:
        doc = result.to_json()
        doc["stopped"] = stopped
        doc["seconds"] = round(result.seconds, 3)
        emit_json(doc)
        return UNDECIDED if stopped else ANSWERED
    out = console()
    for words in analysis_words(result, rec.players, rec.names):
        out.print(words)
    if stopped:
        out.print(_("Stopped (Ctrl-C): the verdicts above are what was decided so far."))
    out.print(
        _("{n} actions judged in {seconds} s.").format(
            n=len(result.verdicts), seconds=f"{result.seconds:.2f}"
        )
    )
    out.print(_(_NOTE))
    return UNDECIDED if stopped else ANSWERED
