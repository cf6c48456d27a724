"""``crew tasks``, ``crew missions``, ``crew rules`` and ``crew schema``: reference information.

With ``--json`` each prints a list, also when one entry was asked for (a list of one), so a
script reads every answer the same way.
"""

from __future__ import annotations

import argparse
from typing import Any

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

    table = Table(title="Task cards", title_justify="left")
    table.add_column("id", justify="right")
    table.add_column("task")
    if args.players is None:
        for n in (3, 4, 5):
            table.add_column(f"{n}p", justify="right")
    else:
        table.add_column(_crew_label(args.players), justify="right")
    for c in cards:
        if args.players is None:
            table.add_row(str(c.id), c.text, *(str(d) for d in c.difficulty))
        else:
            table.add_row(str(c.id), c.text, str(c.difficulty_for(args.players)))
    out = console()
    out.print(table)
    out.print("Difficulty by crew size; two players with Tonoja use the 3-player value.")
    return ANSWERED


def _crew_label(players: int) -> str:
    return "2p (as 3)" if players == 2 else f"{players}p"


def _show_task(card: Any, players: int | None) -> None:
    from rich.text import Text

    from ..engine.tasks import get_task

    out = console()
    from ..present import TASK_KINDS

    out.print(Text.assemble((f"Task {card.id}", "bold"), f" · {TASK_KINDS[card.category]}"))
    out.print(Text(card.text))
    d3, d4, d5 = card.difficulty
    line = f"Difficulty: {d3} with 3 players (and 2 with Tonoja), {d4} with 4, {d5} with 5"
    out.print(line)
    if players is not None:
        out.print(f"Difficulty for {players} players: {card.difficulty_for(players)}")
    task = get_task(card.id)
    if task.captain_may_not_take:
        out.print("The captain may never take this task.")
    if task.prediction is not None:
        out.print(
            "The owner fixes the number after distribution, before the first trick and before "
            "any communication (house ruling 13)."
        )
    for holding in card.redeal_if:
        out.print(f"Dealt again when one hand holds all of: {holding}")


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
            raise CliError(str(exc)) from None
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

    table = Table(title="Logbook missions", title_justify="left")
    table.add_column("#", justify="right")
    table.add_column("difficulty", justify="right")
    table.add_column("special rules")
    for e in entries:
        parts = [_SHORT.get(m, MODIFIERS[m]) for m in e.modifiers]
        if e.realtime is not None:
            parts.append(f"real time {clock(e.realtime.seconds)} (optional)")
        table.add_row(str(e.number), _difficulty(e), "; ".join(parts) or "-")
    out = console()
    out.print(table)
    ep = load_logbook().epilogue
    out.print(
        f"{ep.first}+: epilogue, free task choice at difficulty {ep.difficulty}, "
        f"{ep.difficulty + 1}, ... (crew missions {ep.first})"
    )
    return ANSWERED


#: Short names of the modifiers for the mission list (``crew missions N`` explains them).
_SHORT = {
    "intro": "one task of difficulty 1",
    "no_tasks": "no task cards",
    "fixed_tasks": "fixed tasks",
    "crew_picks_one": "the crew picks who takes all tasks",
    "captain_gives_all": "the captain keeps or gives all tasks",
    "one_volunteer": "one volunteer",
    "two_volunteers": "two volunteers",
    "free_task_choice": "free task choice",
    "captain_takes_hardest": "the captain takes a hardest task",
    "captain_no_tasks": "the captain takes no task",
    "currents": "currents",
    "heavy_noise": "heavy noise",
    "unknown_terrain": "unknown terrain",
    "no_communication": "no communication",
    "no_comm_before_trick2": "no communication before trick 1 is played",
    "balance_9s": "won coloured 9s kept level",
    "balance_1s": "won coloured 1s kept level",
    "no_lead_pink_or_submarine": "no pink or submarine lead",
    "first_trick_winner_leads": "the first trick's winner stays ahead",
    "yellow5_last": "the yellow 5 last",
}


#: More words for the modifiers whose one-line description leaves the how open.
_DETAIL = {
    "unknown_terrain": (
        " (drawn before each deal: 1-3 normal communication, 4-6 currents, 7-9 heavy noise; a "
        "submarine is drawn again)"
    ),
    "heavy_noise": " (1 with 2 players and Tonoja or with 3, 2 with 4, 3 with 5)",
    "currents": " (the card must still be your highest, only or lowest of its colour)",
}


def _difficulty(entry: Any) -> str:
    if entry.difficulty is not None:
        return str(entry.difficulty)
    return "fixed tasks" if entry.tasks else "no tasks"


def _show_mission(entry: Any) -> None:
    from rich.text import Text

    from ..engine.data import MODIFIERS
    from ..engine.tasks import get_task

    out = console()
    name = "Introductory mission (0)" if entry.number == 0 else f"Mission {entry.number}"
    if entry.number > 32:
        name += " (epilogue)"
    out.print(Text(name, style="bold"))
    if entry.difficulty is not None:
        out.print(
            f"Tasks: drawn to a total difficulty of {entry.difficulty} for your crew size, "
            "then handed out"
        )
    elif entry.tasks:
        out.print("Tasks: these cards, nothing is drawn:")
        for t in entry.tasks:
            out.print(Text(f"  {t}: {get_task(t).card.text}"))
    else:
        out.print("Tasks: none; the mission's condition decides the attempt.")
    rt = entry.realtime
    if rt is not None:
        untimed = [MODIFIERS[m] for m in rt.untimed]
        if rt.untimed_difficulty is not None:
            untimed.append(f"difficulty {rt.untimed_difficulty} instead")
        out.print(
            f"Real time (optional, --timed): {clock(rt.seconds)} once the tasks are placed; "
            f"untimed: {'; '.join(untimed)}"
        )
    if entry.modifiers:
        out.print("Special rules:")
        for m in entry.modifiers:
            out.print(Text(f"  - {MODIFIERS[m]}{_DETAIL.get(m, '')}"))
    out.print(Text(entry.rule))


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

    out = console()
    if args.topic is None:
        from rich.table import Table

        table = Table(title="Rules topics (crew rules TOPIC)", title_justify="left")
        table.add_column("topic")
        table.add_column("about")
        for t in topics:
            table.add_row(t.key, t.title)
        out.print(table)
        return ANSWERED
    topic = topics[0]
    out.print(Text(topic.title, style="bold"))
    for para in topic.text.split("\n\n"):
        out.print()
        out.print(Text(para))
    if topic.rulings:
        out.print()
        for r in topic.house_rulings():
            out.print(Text.assemble((r.label, "bold cyan"), f": {r.text}"))
    return ANSWERED


# ---------------------------------------------------------------------------------------------
# schema


def schema(args: argparse.Namespace) -> int:
    """The JSON Schema of crew-record/1 (always JSON)."""
    from ..records import Record

    emit_json(Record.model_json_schema())
    return ANSWERED
