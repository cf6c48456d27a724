"""``crew suggest`` and ``crew selfplay``: the computer crewmates from the command line."""

from __future__ import annotations

import argparse
import random
import statistics
import sys
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path
from typing import Any

from ..bots import (
    NothingToDecide,
    Settings,
)
from ..bots.player import DEFAULT
from ..engine.reasons import SetupError
from ..engine.setup import new_attempt
from ..engine.state import GameState, Phase, Result
from ..i18n import N_, _, error_text, file_seat, reason_text, said
from ..records import Record, RecordError, dump_record, replay
from ..storage import write_new_text
from ..table.advice import advice_for
from ..table.notes import table_from_notes
from ..table.protocol import TableState
from ..table.selfplay import SelfPlay, record_of
from ..table.spec import SessionError
from .common import (
    ANSWERED,
    BAD_INPUT,
    INTERRUPTED,
    CliError,
    console,
    emit_json,
    mission_words,
    parse_seed,
    progress_bar,
    seat_label,
    working,
)
from .game import _read
from .options import DEFAULT_VERDICT_NODES, record_name, selfplay_seed

__all__ = ["Played", "play_one", "record_name", "selfplay", "suggest"]


# ---------------------------------------------------------------------------------------------
# suggest


def _table(rec: Record, state: GameState) -> TableState:
    """The table's notes of the record (checked against the game), every seat a computer."""
    notes = rec.table
    computers = frozenset(notes.computers) if notes is not None else frozenset()
    try:
        return table_from_notes(notes, state, computers, draw_seen=True)
    except SessionError as exc:
        raise CliError(str(exc)) from None


def suggest(args: argparse.Namespace) -> int:
    """What a computer crewmate would do now for ``--seat``, from that seat's view."""
    try:
        rec, source = _read(args.file)
        r = replay(rec, source, keep_states=True)
    except RecordError as exc:
        raise CliError(str(exc)) from None
    if r.violation is not None:
        v = r.violation
        why = reason_text(v.illegal, file_seat(rec.players == 2)) if v.illegal else _(v.message)
        raise CliError(
            _("{source}: actions[{i}] is not allowed: {why}").format(
                source=source, i=v.action, why=why
            )
        )
    state = r.state
    st = state.setup
    seat = args.seat
    if not 0 <= seat < st.players:
        raise CliError(
            _("--seat {seat}: the crew members are seats 0-{last}").format(
                seat=seat, last=st.players - 1
            )
        )
    seed = parse_seed(args.seed) if args.seed is not None else 0
    rng = random.Random(f"crew-suggest:{seed}:{seat}:{len(rec.actions)}")
    job = advice_for([r.start, *r.states], _table(rec, state), seat, rng)
    name = seat_label(seat, st.players, rec.names)
    if job is None:
        if state.over:
            msg = _("the attempt is over: nothing to suggest")
        else:
            msg = _("it is not {name}'s turn to decide: nothing to suggest").format(name=name)
        raise CliError(msg, BAD_INPUT)
    with working(_("{name}: thinking").format(name=name)):
        try:
            advice = job()
        except NothingToDecide as exc:
            msg = _("{error}: nothing to suggest").format(error=said(exc.args[0]))
            raise CliError(msg, BAD_INPUT) from None
    doc = advice.json()
    if args.json:
        emit_json(doc)
    else:
        act = doc["action"]
        out = console()
        why = said(advice.why)
        if act is None:
            out.print(_("{name}: nothing to do now — {why}").format(name=name, why=why))
        else:
            text = ", ".join(f"{_(k)} {_value(v)}" for k, v in act.items() if k != "seat")
            out.print(_("{name}: {action} — {why}").format(name=name, action=text, why=why))
    return ANSWERED


# ---------------------------------------------------------------------------------------------
# selfplay


#: the words of a suggested action's fields (its JSON keys), marked for the catalog
_KEYS = (
    N_("take"),
    N_("pass"),
    N_("volunteer"),
    N_("give"),
    N_("assign"),
    N_("to"),
    N_("predict"),
    N_("distress"),
    N_("card"),
    N_("signal"),
    N_("position"),
    N_("play"),
)


def _value(v: Any) -> str:
    """A field's value in words: a yes/no or a word (top, left) translated, a card as it is."""
    if isinstance(v, bool):
        return _("True") if v else _("False")
    if v in ("top", "middle", "bottom", "left", "right"):
        return _(v)
    return str(v)


def _verdict(state: GameState, seconds: float, nodes: int) -> tuple[bool | None, bool]:
    """The open-hand verdict within ``nodes`` positions (``seconds``: only a guard), and
    whether the guard stopped it first."""
    from ..bots import search

    return search.verdict(state, seconds, nodes)


def _percentile(xs: list[float], q: float) -> float:
    if not xs:
        return 0.0
    xs = sorted(xs)
    i = min(len(xs) - 1, max(0, round(q * (len(xs) - 1))))
    return xs[i]


@dataclass(frozen=True)
class Played:
    """One attempt played by computers in every seat, measured against open hands."""

    result: str  # "won" or "lost"
    #: the open-hand verdict of the deal as dealt, before the tasks were handed out (the solver
    #: chooses the distribution too): a task choice that loses a winnable deal is a loss
    winnable: bool | None
    #: the verdict once the tasks were handed out (and the predictions made), before any card
    winnable_after_tasks: bool | None
    decision_seconds: list[float]
    #: verdicts the clock's guard stopped before their positions were searched (0-2)
    stopped_by_clock: int
    record: Record  # the attempt as a game record (crew verify, crew analyse, crew replay)


def play_one(
    players: int,
    mission: int | None,
    difficulty: int | None,
    seed: int | str,
    settings: Settings,
    solver_seconds: float,
    on_action: Callable[[GameState], None] | None = None,
    solver_nodes: int = DEFAULT_VERDICT_NODES,
    attempt: int = 1,
) -> Played:
    """One attempt with computers in every seat, its open-hand verdicts and its record.

    A won attempt was winnable both ways, whatever a search within its limit would say. An
    action only ever removes choices, so a deal winnable after the tasks were handed out was
    winnable as dealt, and one lost as dealt is lost after them: the second verdict is searched
    only when the first leaves it open. ``on_action`` sees the state after every action
    (progress for people); ``attempt`` numbers the record.
    """
    state = new_attempt(players, mission, seed=seed, difficulty=difficulty)
    start: list[GameState] = []

    def note(s: GameState, _: object) -> None:
        if not start and s.phase == Phase.PLAY and not s.trick_cards and not s.tricks:
            start.append(s)
        if on_action is not None:
            on_action(s)

    if state.phase == Phase.PLAY:
        start.append(state)
    table = SelfPlay(state, frozenset(range(players)), seed, settings, on_action=note)
    table.run()
    stopped = 0
    dealt: bool | None = None
    after: bool | None = None
    if table.state.result == Result.WON:
        dealt = after = True
    else:
        if start:
            after, by_clock = _verdict(start[0], solver_seconds, solver_nodes)
            stopped += by_clock
        if after is True:
            dealt = True
        elif start and start[0] is state:  # nothing to hand out: the same question
            dealt = after
        else:
            dealt, by_clock = _verdict(state, solver_seconds, solver_nodes)
            stopped += by_clock
            if dealt is False:
                after = False
    record = record_of(table, attempt=attempt, difficulty=difficulty)
    return Played(table.state.result, dealt, after, table.decision_seconds, stopped, record)


def _game_of(game: int, games: int) -> str:
    return _("game {n} of {games}").format(n=game + 1, games=games)


class _Progress:
    """Game and trick of a self-play run on stderr, when it is a terminal (else nothing)."""

    def __init__(self, games: int) -> None:
        self.games = games
        self.bar = progress_bar()
        self.task = None if self.bar is None else self.bar.add_task(_game_of(0, games), total=games)

    def trick(self, game: int, state: GameState) -> None:
        if self.bar is not None:
            if state.phase == Phase.PLAY:
                where = _("trick {n}").format(n=state.trick_number)
            else:
                where = _("tasks")
            assert self.task is not None
            what = _("{game}, {where}").format(game=_game_of(game, self.games), where=where)
            self.bar.update(self.task, description=what)

    def game_done(self) -> None:
        if self.bar is not None and self.task is not None:
            self.bar.advance(self.task)

    def stop(self) -> None:
        if self.bar is not None:
            self.bar.stop()


def _keep_record(path: Path, rec: Record) -> None:
    """Write an attempt's record to the new file ``path`` (an existing file is never replaced:
    the options were checked for that, so one there now was put there meanwhile)."""
    try:
        write_new_text(path, dump_record(rec))
    except FileExistsError:
        raise CliError(
            _("--records: {path} exists; it is not replaced").format(path=path)
        ) from None
    except OSError as exc:
        raise CliError(
            _("--records: cannot write {path}: {error}").format(path=path, error=exc.strerror)
        ) from None


def _settings(args: argparse.Namespace) -> Settings:
    """The computers' search as the options ask for it (the player's defaults otherwise)."""
    budget = args.budget if args.budget is not None else DEFAULT.budget
    return Settings(
        samples=args.samples if args.samples is not None else DEFAULT.samples,
        nodes=args.nodes if args.nodes is not None else DEFAULT.nodes,
        task_samples=DEFAULT.task_samples,
        task_nodes=DEFAULT.task_nodes,
        budget=budget,
        # more deals sampled for a cheap decision stay within the decision's budget too
        wide_budget=min(DEFAULT.wide_budget, budget),
    )


@dataclass
class _Run:
    """What a self-play run gathered: each finished game as ``games_detail`` reports it, every
    decision's seconds, the verdicts the clock's guard stopped, and whether Ctrl-C ended it."""

    detail: list[dict[str, Any]] = field(default_factory=list)
    times: list[float] = field(default_factory=list)
    clock_stopped: int = 0
    interrupted: bool = False


def _play_game(
    args: argparse.Namespace, settings: Settings, i: int, run: _Run, progress: _Progress
) -> None:
    """Game ``i`` played and added to ``run``, its record kept when ``--records`` asks."""
    seed = selfplay_seed(args.seed, i)
    game = play_one(
        args.players,
        args.mission,
        args.difficulty,
        seed,
        settings,
        args.solver_seconds,
        on_action=partial(progress.trick, i),
        solver_nodes=args.solver_nodes,
        attempt=i + 1,
    )
    run.times.extend(game.decision_seconds)
    run.clock_stopped += game.stopped_by_clock
    entry: dict[str, Any] = {
        "seed": seed,
        "result": game.result,
        "winnable": game.winnable,
        "winnable_after_tasks": game.winnable_after_tasks,
    }
    if args.records is not None:
        path = Path(args.records) / record_name(
            args.players, args.mission, args.difficulty, seed, i + 1
        )
        _keep_record(path, game.record)
        entry["record"] = str(path)
    run.detail.append(entry)


def _play_games(args: argparse.Namespace) -> _Run:
    """The ``--games`` attempts played one after another (Ctrl-C: those finished so far)."""
    settings = _settings(args)
    run = _Run()
    progress = _Progress(args.games)
    try:
        for i in range(args.games):
            _play_game(args, settings, i, run, progress)
            progress.game_done()
    except KeyboardInterrupt:
        run.interrupted = True  # the games finished so far are reported
    except (SetupError, ValueError) as exc:
        # game 0 was dealt before; a later seed whose draw fails is named with its game
        n = len(run.detail)
        seed = repr(selfplay_seed(args.seed, n))
        raise CliError(
            _("game {n} (seed {seed}): {error}").format(n=n, seed=seed, error=error_text(exc))
        ) from None
    finally:
        progress.stop()
    return run


def _summary(args: argparse.Namespace, run: _Run) -> dict[str, Any]:
    """The run as ``--json`` prints it: the counts, the ratios, the decisions' times."""
    detail, times = run.detail, run.times
    won = sum(1 for g in detail if g["result"] == Result.WON)
    winnable = sum(1 for g in detail if g["winnable"] is True)
    after = sum(1 for g in detail if g["winnable_after_tasks"] is True)
    return {
        "games": len(detail),
        "won": won,
        "winnable": winnable,
        "undecided": sum(1 for g in detail if g["winnable"] is None),
        "ratio": round(won / winnable, 3) if winnable else None,
        "winnable_after_tasks": after,
        "undecided_after_tasks": sum(1 for g in detail if g["winnable_after_tasks"] is None),
        "ratio_after_tasks": round(won / after, 3) if after else None,
        "decision_seconds": {
            "median": round(statistics.median(times), 4) if times else 0.0,
            "p95": round(_percentile(times, 0.95), 4),
            "max": round(max(times), 4) if times else 0.0,
        },
        "games_detail": detail,
        "interrupted": run.interrupted,
        # verdicts are limited by positions, so a seed's JSON repeats on any machine (except
        # the timings); a verdict the clock's guard stopped first is counted here
        "verdict_limit": {"nodes": args.solver_nodes, "seconds": args.solver_seconds},
        "verdicts_stopped_by_clock": run.clock_stopped,
    }


def _say_summary(args: argparse.Namespace, doc: dict[str, Any]) -> None:
    """The run's summary in words, for a person."""
    out = console()
    out.print(
        _(
            "{players} players, {what}: won {won} of {played}; open-hand winnable as dealt"
            " {winnable} (undecided {undecided}); won/winnable {ratio}"
        ).format(
            players=args.players,
            what=mission_words(args.mission, args.difficulty),
            won=doc["won"],
            played=doc["games"],
            winnable=doc["winnable"],
            undecided=doc["undecided"],
            ratio=doc["ratio"],
        )
    )
    out.print(
        _(
            "once the tasks were handed out: winnable {winnable} (undecided {undecided});"
            " won/winnable {ratio}"
        ).format(
            winnable=doc["winnable_after_tasks"],
            undecided=doc["undecided_after_tasks"],
            ratio=doc["ratio_after_tasks"],
        )
    )
    if args.records is not None:
        out.print(
            _("{n} game records in {directory}").format(
                n=doc["games"], directory=Path(args.records)
            )
        )
    ds = doc["decision_seconds"]
    out.print(
        _("decision seconds: median {median}, p95 {p95}, max {max}").format(
            median=ds["median"], p95=ds["p95"], max=ds["max"]
        )
    )
    if doc["verdicts_stopped_by_clock"]:
        out.print(
            _(
                "{n} verdicts were stopped by the {seconds} s guard"
                " before their positions were searched: on another machine they may differ."
            ).format(n=doc["verdicts_stopped_by_clock"], seconds=f"{args.solver_seconds:g}")
        )
    if doc["interrupted"]:
        out.print(
            _("Interrupted: {n} of {games} games were finished.").format(
                n=doc["games"], games=args.games
            )
        )


def selfplay(args: argparse.Namespace) -> int:
    """Computers in every seat play ``--games`` attempts; compared with the open-hand ceiling.

    The options were checked (and the first game dealt) by :mod:`.options`. Ctrl-C stops after
    reporting the games finished so far, with exit code 130.
    """
    doc = _summary(args, _play_games(args))
    if args.json:
        emit_json(doc)
    else:
        _say_summary(args, doc)
    if doc["interrupted"]:
        sys.stderr.write(_("crew: interrupted") + "\n")
        return INTERRUPTED
    return ANSWERED
