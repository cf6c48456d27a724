"""``crew deal`` and ``crew verify``: starting a game record and judging one."""

from __future__ import annotations

import argparse
import json
import re
import secrets
import sys
from typing import Any

from ..engine.cards import card_str, cards_in, parse_card, sort_key
from ..engine.enums import seats_for
from ..engine.missions import mission_entry
from ..engine.reasons import SetupError
from ..engine.setup import new_attempt
from ..engine.state import GameState
from ..engine.tasks import get_task
from ..i18n import _, error_text
from ..present import clock, communication_text
from ..record_files import MAX_RECORD_BYTES, parse_json_bytes, read_stream
from ..records import (
    Record,
    RecordError,
    dump_record,
    load_record,
    parse_record,
    record_for,
    replay,
    verify_report,
)
from ..texts import mission_rule, task_text
from .common import (
    ANSWERED,
    NOT_ALLOWED,
    CliError,
    card_text,
    console,
    emit_json,
    parse_names,
    parse_seed,
    reason_text,
    seat_label,
)


def deal(args: argparse.Namespace) -> int:
    """Deal an attempt; print it for people, or (``--json``) as the start of a game record."""
    seed = parse_seed(args.seed)
    if seed is None:
        seed = secrets.randbelow(1_000_000)
    mission = args.mission
    if mission is None and args.difficulty is None:
        mission = 1
    names = parse_names(args.names, args.players)
    try:
        state = new_attempt(
            args.players, mission, seed=seed, timed=args.timed, difficulty=args.difficulty
        )
    except (SetupError, ValueError) as exc:
        raise CliError(_("cannot deal: {error}").format(error=error_text(exc))) from None
    rec = record_for(state, names=names or None, seed=seed, difficulty=args.difficulty)
    if args.json:
        sys.stdout.write(dump_record(rec))
        return ANSWERED
    _show_deal(state, rec, args)
    return ANSWERED


def _sorted_cards(mask: int) -> list[int]:
    return sorted(cards_in(mask), key=sort_key)


def _show_deal(state: GameState, rec: Record, args: argparse.Namespace) -> None:
    from rich.table import Table
    from rich.text import Text

    st = state.setup
    rules = st.rules
    out = console()
    names = rec.names
    title = _("Free play") if rules.mission is None else _("Mission {n}").format(n=rules.mission)
    sub = _(" · {players} players · seed {seed}").format(players=st.players, seed=rec.seed)
    out.print(Text.assemble((title, "bold"), sub))
    if rules.mission is not None:
        out.print(Text(mission_rule(mission_entry(rules.mission))), style="italic")
    captain = seat_label(st.captain, st.players, names)
    out.print(_("Captain: {name} (holds S4), leads the first trick").format(name=captain))
    words = communication_text(rules.communication)
    if st.terrain is not None:
        terrain = card_str(st.terrain)
        out.print(_("Terrain card {card} drawn: {words}").format(card=terrain, words=words))
    elif rules.communication != "normal":
        out.print(_("Communication: {words}").format(words=words))
    if rules.timed and rules.seconds:
        time = clock(rules.seconds)
        out.print(_("Real time: {time} once the tasks are placed").format(time=time))
    if st.task_ids:
        crew = st.crew
        total = sum(get_task(t).card.difficulty_for(crew) for t in st.task_ids)
        title = _("Tasks (difficulty {total} for a crew of {crew})").format(total=total, crew=crew)
        table = Table(title=title, title_justify="left")
        table.add_column(_("id"), justify="right")
        table.add_column(_("diff"), justify="right")
        table.add_column(_("task"))
        for t in st.task_ids:
            card = get_task(t).card
            table.add_row(str(t), str(card.difficulty_for(crew)), task_text(card))
        out.print(table)
    else:
        out.print(_("No task cards in this mission."))
    hands = Table(title=_("Hands"), title_justify="left")
    hands.add_column(_("seat"))
    hands.add_column(_("cards"))
    for seat in range(st.players):
        line = Text()
        for i, c in enumerate(_sorted_cards(state.hands[seat])):
            if i:
                line.append(" ")
            line.append_text(card_text(c))
        hands.add_row(seat_label(seat, st.players, names), line)
    out.print(hands)
    if st.tonoja:
        piles = Text()
        for i, (down, up) in enumerate(state.piles):
            if i:
                piles.append("   ")
            piles.append_text(card_text(up))
            piles.append(_(" on {card}").format(card=card_str(down)))
        out.print(_("Tonoja (seat 2), 7 piles, face-up card on face-down card:"))
        out.print(piles)
    cmd = f"crew deal --players {st.players}"
    if rules.mission is not None:
        cmd += f" --mission {rules.mission}"
    else:
        cmd += f" --difficulty {rules.difficulty}"
    if rules.timed:
        cmd += " --timed"
    cmd += f" --seed {rec.seed}"
    out.print(_("Save it as a game record: {command}").format(command=f"{cmd} --json > game.json"))


# ---------------------------------------------------------------------------------------------
# verify


#: how a record kept in the history is named where a record file is read
HISTORY_PREFIX = "history:"


def _read(path: str) -> tuple[Record, str]:
    """The record named by ``path``: a file, ``-`` (standard input) or ``history:ID``."""
    if path.startswith(HISTORY_PREFIX):
        from .. import history
        from ..storage import StorageError

        number = path.removeprefix(HISTORY_PREFIX)
        # ASCII digits only ("²" passes isdigit), and counted before int() reads them (it
        # refuses more than 4,300 digits with an error of its own)
        if re.fullmatch(r"[0-9]{1,9}", number) is None or int(number) == 0:
            shown = path if len(path) <= 40 else path[:39] + "…"
            raise RecordError(
                _("{path}: history:ID names an attempt by its number (crew history)").format(
                    path=shown
                )
            )
        try:
            return history.load_entry(int(number)).record, path
        except StorageError as exc:
            raise RecordError(str(exc)) from None
    if path == "-":
        source = "<stdin>"
        stream = getattr(sys.stdin, "buffer", None)  # a text-only stdin (tests, embedding)
        raw = (
            read_stream(stream, source)
            if stream is not None
            else sys.stdin.read(MAX_RECORD_BYTES + 1).encode("utf-8", "surrogatepass")
        )
        if len(raw) > MAX_RECORD_BYTES:
            raise RecordError(
                _("{source}: too large for a record (more than {n} bytes)").format(
                    source=source, n=MAX_RECORD_BYTES
                )
            )
        data = parse_json_bytes(raw, source)
        return parse_record(data, source), source
    return load_record(path), path


def verify(args: argparse.Namespace) -> int:
    """Replay a record: exit 0 when every action was legal, 1 at an illegal one, 2 unreadable."""
    try:
        rec, source = _read(args.file)
        report = verify_report(rec, source)
    except RecordError as exc:
        raise CliError(str(exc)) from None
    if args.json:
        emit_json(report)
    else:
        _show_report(rec, report)
    return ANSWERED if report["ok"] else NOT_ALLOWED


def _show_report(rec: Record, report: dict[str, Any]) -> None:
    from rich.table import Table
    from rich.text import Text

    out = console()
    players = report["players"]
    seats = seats_for(players)
    names = rec.names
    mission = report["mission"]
    from ..i18n import _, ended_text, ngettext
    from ..texts import task_text

    title = _("Free play") if mission is None else _("Mission {number}").format(number=mission)
    out.print(
        Text.assemble(
            (title, "bold"),
            " · "
            + _("{players} players · captain {captain} · {actions} actions").format(
                players=players,
                captain=seat_label(report["captain"], players, names),
                actions=len(rec.actions),
            ),
        )
    )
    if report["tricks"]:
        table = Table(title=_("Tricks"), title_justify="left")
        table.add_column("#", justify="right")
        for s in range(seats):
            table.add_column(seat_label(s, players, names))
        table.add_column(_("won by"))
        for n, t in enumerate(report["tricks"], 1):
            cells: list[Text | str] = ["" for _s in range(seats)]
            for seat, c in zip(t["seats"], t["cards"], strict=True):
                cell = Text("›" if seat == t["lead"] else " ")
                cell.append_text(card_text(parse_card(c), bold=seat == t["winner"]))
                cell.append("*" if seat == t["winner"] else "")
                cells[seat] = cell
            table.add_row(str(n), *cells, seat_label(t["winner"], players, names))
        out.print(table)
        out.print(_("› the lead, * the winning card"))
    else:
        out.print(_("No trick was completed."))
    if report["tasks"]:
        table = Table(title=_("Tasks"), title_justify="left")
        table.add_column("id", justify="right")
        table.add_column(_("task"))
        table.add_column(_("owner"))
        table.add_column(_("status"))
        for task in report["tasks"]:
            seat = task["seat"]
            status = _(task["status"])
            if task["trick"]:
                status = _("{status} at trick {trick}").format(status=status, trick=task["trick"])
            table.add_row(
                str(task["task"]),
                task_text(get_task(task["task"]).card),
                "-" if seat is None else seat_label(seat, players, names),
                status,
            )
        out.print(table)
    v = report["violation"]
    if v is not None:
        action = rec.actions[v["action"]]
        # people count actions and seats from 1; the action as the file has it beside
        violation = replay(rec).violation
        illegal = violation.illegal if violation is not None else None
        out.print(
            Text.assemble(
                (_("Illegal action {n}").format(n=v["action"] + 1), "bold"),
                f" (actions[{v['action']}]: {json.dumps(action, ensure_ascii=False)}):"
                f" {v['reason']}",
            )
        )
        out.print(Text(reason_text(illegal, v["message"], players, names)))
        out.print(_("Everything before it was legal; the replay stops there."))
        return
    if report["result"] == "in_progress":
        n = len(report["tricks"])
        out.print(
            ngettext(
                "Legal so far; the attempt is unfinished after {n} trick.",
                "Legal so far; the attempt is unfinished after {n} tricks.",
                n,
            ).format(n=n)
        )
    else:
        st = replay(rec).state
        reason = ended_text(
            st.reason,
            st.reason_template,
            st.reason_seats,
            st.reason_values,
            lambda s: seat_label(s, players, names),
        )
        result = _(report["result"])
        out.print(
            Text(_("Result: {result}: {reason}").format(result=result, reason=reason), style="bold")
        )
