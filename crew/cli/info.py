"""``crew tasks``, ``crew missions``, ``crew rules`` and ``crew schema``: reference information.

With ``--json`` each prints a list, also when one entry was asked for (a list of one), so a
script reads every answer the same way.
"""

from __future__ import annotations

import argparse
from typing import Any

from ..i18n import N_, _, error_text
from ..present import clock
from .common import ANSWERED, CliError, console, emit_json

# ---------------------------------------------------------------------------------------------
# tasks


def _task_json(card: Any) -> dict[str, Any]:
    d3, d4, d5 = card.difficulty
    return {
        "id": card.id,
        "category": card.category,
        "text": card.text,
        "difficulty": {"3": d3, "4": d4, "5": d5},
    }


def tasks(args: argparse.Namespace) -> int:
    """The task catalogue, or one task card."""
    from ..engine.data import load_tasks
    from ..engine.tasks import get_task

    if args.id is not None:
        try:
            cards = [get_task(args.id).card]
        except ValueError as exc:
            raise CliError(str(exc)) from None
    else:
        cards = list(load_tasks())
    if args.json:
        emit_json([_task_json(c) for c in cards])
        return ANSWERED
    if args.id is not None:
        _show_task(cards[0], args.players)
        return ANSWERED
    from rich.table import Table

    from ..texts import task_text

    table = Table(title=_("Task cards"), title_justify="left")
    table.add_column("id", justify="right")
    table.add_column(_("task"))
    if args.players is None:
        for n in (3, 4, 5):
            table.add_column(f"{n}p", justify="right")
    else:
        table.add_column(_crew_label(args.players), justify="right")
    for c in cards:
        if args.players is None:
            table.add_row(str(c.id), task_text(c), *(str(d) for d in c.difficulty))
        else:
            table.add_row(str(c.id), task_text(c), str(c.difficulty_for(args.players)))
    out = console()
    out.print(table)
    out.print(_("Difficulty by crew size; two players with Tonoja use the 3-player value."))
    return ANSWERED


def _crew_label(players: int) -> str:
    return _("2p (as 3)") if players == 2 else f"{players}p"


def _show_task(card: Any, players: int | None) -> None:
    from rich.text import Text

    from ..engine.tasks import get_task

    out = console()
    from ..present import TASK_KINDS
    from ..texts import task_text

    heading = _("Task {id}").format(id=card.id)
    out.print(Text.assemble((heading, "bold"), f" · {_(TASK_KINDS[card.category])}"))
    out.print(Text(task_text(card)))
    d3, d4, d5 = card.difficulty
    line = _("Difficulty: {d3} with 3 players (and 2 with Tonoja), {d4} with 4, {d5} with 5")
    out.print(line.format(d3=d3, d4=d4, d5=d5))
    if players is not None:
        out.print(
            _("Difficulty for {players} players: {difficulty}").format(
                players=players, difficulty=card.difficulty_for(players)
            )
        )
    task = get_task(card.id)
    if task.captain_may_not_take:
        out.print(_("The captain may never take this task."))
    if task.prediction is not None:
        out.print(
            _(
                "The owner fixes the number after distribution, before the first trick and before "
                "any communication (house ruling 13)."
            )
        )
    for holding in card.redeal_if:
        out.print(_("Dealt again when one hand holds all of: {cards}").format(cards=holding))


# ---------------------------------------------------------------------------------------------
# missions


def _mission_json(entry: Any) -> dict[str, Any]:
    return {
        "number": entry.number,
        "difficulty": entry.difficulty,
        "modifiers": list(entry.modifiers),
        "rule": entry.rule,
        "realtime": None if entry.realtime is None else entry.realtime.model_dump(mode="json"),
        "tasks": list(entry.tasks),
    }


def missions(args: argparse.Namespace) -> int:
    """The logbook (intro and missions 1-32), or one mission with its rules in plain words."""
    from ..engine.data import load_logbook
    from ..engine.missions import MissionError, mission_entry

    if args.number is not None:
        try:
            entries = [mission_entry(args.number)]
        except MissionError as exc:
            raise CliError(error_text(exc)) from None
    else:
        entries = list(load_logbook().mission)
    if args.json:
        emit_json([_mission_json(e) for e in entries])
        return ANSWERED
    if args.number is not None:
        _show_mission(entries[0])
        return ANSWERED
    from rich.table import Table

    from ..engine.data import MODIFIERS

    table = Table(title=_("Logbook missions"), title_justify="left")
    table.add_column("#", justify="right")
    table.add_column(_("difficulty"), justify="right")
    table.add_column(_("special rules"))
    for e in entries:
        parts = [_(_SHORT.get(m, MODIFIERS[m])) for m in e.modifiers]
        if e.realtime is not None:
            parts.append(_("real time {clock} (optional)").format(clock=clock(e.realtime.seconds)))
        table.add_row(str(e.number), _difficulty(e), "; ".join(parts) or "-")
    out = console()
    out.print(table)
    ep = load_logbook().epilogue
    out.print(
        _(
            "{first}+: epilogue, free task choice at difficulty {difficulty}, {next}, ..."
            " (crew missions {first})"
        ).format(first=ep.first, difficulty=ep.difficulty, next=ep.difficulty + 1)
    )
    return ANSWERED


#: Short names of the modifiers for the mission list (``crew missions N`` explains them).
_SHORT = {
    "intro": N_("one task of difficulty 1"),
    "no_tasks": N_("no task cards"),
    "fixed_tasks": N_("fixed tasks"),
    "crew_picks_one": N_("the crew picks who takes all tasks"),
    "captain_gives_all": N_("the captain keeps or gives all tasks"),
    "one_volunteer": N_("one volunteer"),
    "two_volunteers": N_("two volunteers"),
    "free_task_choice": N_("free task choice"),
    "captain_takes_hardest": N_("the captain takes a hardest task"),
    "captain_no_tasks": N_("the captain takes no task"),
    "currents": N_("currents"),
    "heavy_noise": N_("heavy noise"),
    "unknown_terrain": N_("unknown terrain"),
    "no_communication": N_("no communication"),
    "no_comm_before_trick2": N_("no communication before trick 1 is played"),
    "balance_9s": N_("won coloured 9s kept level"),
    "balance_1s": N_("won coloured 1s kept level"),
    "no_lead_pink_or_submarine": N_("no pink or submarine lead"),
    "first_trick_winner_leads": N_("the first trick's winner stays ahead"),
    "yellow5_last": N_("the yellow 5 last"),
}


#: More words for the modifiers whose one-line description leaves the how open.
_DETAIL = {
    "unknown_terrain": N_(
        " (drawn before each deal: 1-3 normal communication, 4-6 currents, 7-9 heavy noise; a "
        "submarine is drawn again)"
    ),
    "heavy_noise": N_(" (1 with 2 players and Tonoja or with 3, 2 with 4, 3 with 5)"),
    "currents": N_(" (the card must still be your highest, only or lowest of its colour)"),
}


def _difficulty(entry: Any) -> str:
    if entry.difficulty is not None:
        return str(entry.difficulty)
    return _("fixed tasks") if entry.tasks else _("no tasks")


def _show_mission(entry: Any) -> None:
    from rich.text import Text

    from ..engine.data import MODIFIERS
    from ..engine.tasks import get_task
    from ..texts import mission_rule, task_text

    out = console()
    if entry.number == 0:
        name = _("Introductory mission (0)")
    elif entry.number > 32:
        name = _("Mission {number} (epilogue)").format(number=entry.number)
    else:
        name = _("Mission {number}").format(number=entry.number)
    out.print(Text(name, style="bold"))
    if entry.difficulty is not None:
        out.print(
            _(
                "Tasks: drawn to a total difficulty of {difficulty} for your crew size, "
                "then handed out"
            ).format(difficulty=entry.difficulty)
        )
    elif entry.tasks:
        out.print(_("Tasks: these cards, nothing is drawn:"))
        for t in entry.tasks:
            out.print(Text(f"  {t}: {task_text(get_task(t).card)}"))
    else:
        out.print(_("Tasks: none; the mission's condition decides the attempt."))
    rt = entry.realtime
    if rt is not None:
        untimed = [_(MODIFIERS[m]) for m in rt.untimed]
        if rt.untimed_difficulty is not None:
            untimed.append(
                _("difficulty {difficulty} instead").format(difficulty=rt.untimed_difficulty)
            )
        out.print(
            _(
                "Real time (optional, --timed): {clock} once the tasks are placed;"
                " untimed: {untimed}"
            ).format(clock=clock(rt.seconds), untimed="; ".join(untimed))
        )
    if entry.modifiers:
        out.print(_("Special rules:"))
        for m in entry.modifiers:
            detail = _(_DETAIL[m]) if m in _DETAIL else ""
            out.print(Text(f"  - {_(MODIFIERS[m])}{detail}"))
    out.print(Text(mission_rule(entry)))


# ---------------------------------------------------------------------------------------------
# rules


def _topic_json(topic: Any) -> dict[str, Any]:
    return {
        "topic": topic.key,
        "title": topic.title,
        "text": topic.text,
        "house_rulings": [{"number": r.number, "text": r.text} for r in topic.house_rulings()],
    }


def rules(args: argparse.Namespace) -> int:
    """The rules by topic: the list of topics, or one topic with its house rulings."""
    from ..rulebook import TOPICS, UnknownTopicError, find_topic

    if args.topic is not None:
        try:
            topics = [find_topic(args.topic)]
        except UnknownTopicError as exc:
            raise CliError(str(exc)) from None
    else:
        topics = list(TOPICS)
    if args.json:
        emit_json([_topic_json(t) for t in topics])
        return ANSWERED
    from rich.text import Text

    from ..texts import ruling_label, ruling_text, topic_name, topic_text, topic_title

    out = console()
    if args.topic is None:
        from rich.table import Table

        table = Table(title=_("Rules topics (crew rules TOPIC)"), title_justify="left")
        table.add_column(_("topic"))
        table.add_column(_("about"))
        for t in topics:
            table.add_row(topic_name(t), topic_title(t))
        out.print(table)
        return ANSWERED
    topic = topics[0]
    out.print(Text(topic_title(topic), style="bold"))
    for para in topic_text(topic).split("\n\n"):
        out.print()
        out.print(Text(para))
    if topic.rulings:
        out.print()
        for r in topic.house_rulings():
            out.print(Text.assemble((ruling_label(r), "bold cyan"), f": {ruling_text(r)}"))
    return ANSWERED


# ---------------------------------------------------------------------------------------------
# schema


def schema(args: argparse.Namespace) -> int:
    """The JSON Schema of crew-record/1 (always JSON)."""
    from ..records import Record

    emit_json(Record.model_json_schema())
    return ANSWERED
