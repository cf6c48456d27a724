"""The game record ``crew-record/1``: save file, replay, ``crew verify`` input and test fixture.

See ``docs/record-format.md``. A record names the crew, the mission and the deal (explicitly, or
through a seed) and lists the actions in order; replaying it through the engine reproduces the
game exactly. Loading validates with errors that name the file and the field.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Final, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from .engine import (
    Action,
    Assign,
    CardError,
    Distress,
    GameState,
    GiveAll,
    Illegal,
    IllegalActionError,
    Pass,
    Play,
    Predict,
    Signal,
    Take,
    TimeUp,
    Volunteer,
    apply,
    card_str,
    cards_in,
    mask_of,
    new_attempt,
    parse_card,
)
from .engine.draw import task_set_problem
from .engine.game import Event
from .engine.reasons import SetupError
from .engine.tasks import STATUS_NAMES
from .i18n import _, error_text, said
from .names import name_problem
from .record_files import RecordError, parse_json_bytes, read_limited

__all__ = [
    "FORMAT",
    "Record",
    "RecordError",
    "TableNotes",
    "Replay",
    "action_from_json",
    "action_to_json",
    "dump_record",
    "load_record",
    "parse_record",
    "record_for",
    "replay",
    "verify_report",
]

FORMAT: Final = "crew-record/1"


class TableNotes(BaseModel):
    """What a user interface keeps with a saved game that is not part of the game itself."""

    model_config = ConfigDict(extra="forbid")

    crew: str | None = Field(default=None, description="the campaign crew playing, if any")
    base_seed: int | str | None = Field(
        default=None, description="the seed the first attempt started from (deal code)"
    )
    time_left: float | None = Field(default=None, description="real time: seconds left")
    logged: bool = Field(default=False, description="the finished attempt is in the logbook")
    distress_decided: bool = Field(
        default=False, description="the crew has answered the distress question this attempt"
    )
    window_closed: int = Field(
        default=0,
        ge=0,
        description="the trick before whose lead by a computer the people chose to play on"
        " (nobody signals first); 0: none this attempt",
    )
    distress_direction: Literal["left", "right"] | None = Field(
        default=None, description="the distress signal is being sent this way; cards still open"
    )
    distress_cards: dict[int, str] = Field(
        default_factory=dict, description="distress cards already chosen, per seat (card text)"
    )
    signaller: int | None = Field(default=None, description="the seat choosing a signal now")
    signal_card: str | None = Field(
        default=None,
        description="written by versions that asked for the token's position after the card;"
        " read by none (the card shown makes the signal)",
    )
    mission_won: bool = Field(
        default=False, description="this mission was won earlier at this table (a replay now)"
    )
    uncounted: bool = Field(
        default=False,
        description="the finished attempt was lost before anyone could act: not in the logbook",
    )
    redeals: int = Field(default=0, ge=0, description="re-deals of this attempt not counted")
    computers: list[int] = Field(
        default_factory=list, description="the seats computer crewmates play (seat numbers)"
    )
    practice: bool = Field(
        default=False, description="a practice game: hints and undo, nothing in the logbook"
    )
    history_id: int | None = Field(
        default=None, ge=1, description="the history entry this attempt is kept as, once kept"
    )


class Record(BaseModel):
    """One game record (one attempt of a mission)."""

    model_config = ConfigDict(extra="forbid")

    format: Literal["crew-record/1"] = Field(description="always 'crew-record/1'")
    players: int = Field(ge=2, le=5, description="human crew members; 2 means Tonoja plays too")
    names: list[str] | None = Field(default=None, description="one name per human seat")
    mission: int | None = Field(
        default=None, ge=0, description="logbook mission (0 intro, 1-32, 33+ epilogue); null: free"
    )
    difficulty: int | None = Field(default=None, ge=1, description="free play: the draw target")
    timed: bool = Field(default=False, description="real-time missions: played with the clock")
    seed: int | str | None = Field(default=None, description="source of anything not given")
    terrain: str | None = Field(default=None, description="unknown terrain: the drawn card")
    hands: list[list[str]] | None = Field(default=None, description="cards per seat, seat order")
    tonoja: list[list[str]] | None = Field(
        default=None, description="two players: Tonoja's 7 piles as [face-down, face-up]"
    )
    tasks: list[int] | None = Field(default=None, description="task ids laid out, draw order")
    attempt: int = Field(default=1, ge=1, description="which attempt of the mission this is")
    distress_active: bool = Field(
        default=False, description="the distress signal was sent in an earlier attempt"
    )
    table: TableNotes | None = Field(
        default=None, description="user interface notes (campaign crew, clock); not game rules"
    )
    actions: list[dict[str, Any]] = Field(default_factory=list)


# ---------------------------------------------------------------------------------------------
# actions <-> JSON

_VERBS = (
    "take",
    "pass",
    "volunteer",
    "give",
    "assign",
    "predict",
    "distress",
    "signal",
    "play",
    "time_up",
)
_KEYS: dict[str, set[str]] = {
    "take": {"take", "seat"},
    "pass": {"pass", "seat"},
    "volunteer": {"volunteer", "seat"},
    "give": {"give"},
    "assign": {"assign", "to"},
    "predict": {"predict", "seat"},
    "distress": {"distress", "cards"},
    "signal": {"signal", "seat", "position"},
    "play": {"play", "seat"},
    "time_up": {"time_up"},
}


def _int(d: dict[str, Any], key: str, where: str) -> int:
    v = d.get(key)
    if not isinstance(v, int) or isinstance(v, bool):
        raise RecordError(
            _("{where}: expected a whole number, got {value}").format(
                where=f"{where}.{key}", value=repr(v)
            )
        )
    return v


def _card(v: Any, where: str) -> int:
    if not isinstance(v, str):
        raise RecordError(
            _("{where}: expected a card such as 'P7', got {value}").format(
                where=where, value=repr(v)
            )
        )
    try:
        return parse_card(v)
    except CardError as exc:
        raise RecordError(f"{where}: {error_text(exc)}") from None


def action_from_json(d: Any, where: str = "action") -> Action:
    """Turn one record action into an engine action; RecordError names ``where`` and the key."""
    if not isinstance(d, dict):
        raise RecordError(
            _("{where}: expected an object such as {example}").format(
                where=where, example='{"play": "P7", "seat": 0}'
            )
        )
    verbs = [v for v in _VERBS if v in d]
    if len(verbs) != 1:
        raise RecordError(
            _("{where}: expected exactly one of {verbs}; got keys {keys}").format(
                where=where, verbs=", ".join(_VERBS), keys=sorted(d)
            )
        )
    verb = verbs[0]
    extra = set(d) - _KEYS[verb]
    if extra:
        raise RecordError(
            _("{where}: unexpected key(s) {keys} for a {verb} action").format(
                where=where, keys=sorted(extra), verb=repr(verb)
            )
        )
    missing = _KEYS[verb] - set(d)
    if missing:
        raise RecordError(
            _("{where}: a {verb} action needs {keys}").format(
                where=where, verb=repr(verb), keys=sorted(missing)
            )
        )
    if verb == "take":
        return Take(_int(d, "seat", where), _int(d, "take", where))
    if verb == "pass":
        if d["pass"] is not True:
            raise RecordError(_("{where}: must be true").format(where=f"{where}.pass"))
        return Pass(_int(d, "seat", where))
    if verb == "volunteer":
        if not isinstance(d["volunteer"], bool):
            raise RecordError(
                _("{where}: must be true or false").format(where=f"{where}.volunteer")
            )
        return Volunteer(_int(d, "seat", where), d["volunteer"])
    if verb == "give":
        return GiveAll(_int(d, "give", where))
    if verb == "assign":
        return Assign(_int(d, "assign", where), _int(d, "to", where))
    if verb == "predict":
        return Predict(_int(d, "seat", where), _int(d, "predict", where))
    if verb == "distress":
        if d["distress"] not in ("left", "right"):
            raise RecordError(
                _("{where}: must be 'left' or 'right', got {value}").format(
                    where=f"{where}.distress", value=repr(d["distress"])
                )
            )
        cards = d["cards"]
        if not isinstance(cards, list):
            raise RecordError(
                _("{where}: expected a list of cards, one per crew member").format(
                    where=f"{where}.cards"
                )
            )
        return Distress(
            d["distress"], tuple(_card(c, f"{where}.cards[{i}]") for i, c in enumerate(cards))
        )
    if verb == "signal":
        if d["position"] not in ("top", "middle", "bottom"):
            raise RecordError(
                _("{where}: must be top, middle or bottom, got {value}").format(
                    where=f"{where}.position", value=repr(d["position"])
                )
            )
        return Signal(_int(d, "seat", where), _card(d["signal"], f"{where}.signal"), d["position"])
    if verb == "play":
        return Play(_int(d, "seat", where), _card(d["play"], f"{where}.play"))
    if d["time_up"] is not True:
        raise RecordError(_("{where}: must be true").format(where=f"{where}.time_up"))
    return TimeUp()


def action_to_json(a: Action) -> dict[str, Any]:
    """The record form of an engine action."""
    if isinstance(a, Take):
        return {"take": a.task, "seat": a.seat}
    if isinstance(a, Pass):
        return {"pass": True, "seat": a.seat}
    if isinstance(a, Volunteer):
        return {"volunteer": a.yes, "seat": a.seat}
    if isinstance(a, GiveAll):
        return {"give": a.to}
    if isinstance(a, Assign):
        return {"assign": a.task, "to": a.to}
    if isinstance(a, Predict):
        return {"predict": a.tricks, "seat": a.seat}
    if isinstance(a, Distress):
        return {"distress": a.direction, "cards": [card_str(c) for c in a.cards]}
    if isinstance(a, Signal):
        return {"signal": card_str(a.card), "seat": a.seat, "position": a.position}
    if isinstance(a, Play):
        return {"play": card_str(a.card), "seat": a.seat}
    return {"time_up": True}


# ---------------------------------------------------------------------------------------------
# loading and saving


def _explain(source: str, exc: ValidationError) -> RecordError:
    parts = []
    for err in exc.errors():
        loc = ".".join(str(x) for x in err["loc"]) or _("(top level)")
        parts.append(f"{loc}: {err['msg']}")
    return RecordError(f"{source}: " + "; ".join(parts))


def parse_record(data: Any, source: str = "record") -> Record:
    """Validate a record already read from JSON (RecordError names the source and field)."""
    if not isinstance(data, dict):
        raise RecordError(
            _("{source}: a record is a JSON object, got {type}").format(
                source=source, type=type(data).__name__
            )
        )
    if data.get("format") != FORMAT:
        raise RecordError(
            _("{source}: format: expected {format}, got {value}").format(
                source=source, format=repr(FORMAT), value=repr(data.get("format"))
            )
        )
    try:
        rec = Record.model_validate(data)
    except ValidationError as exc:
        raise _explain(source, exc) from None
    for i, name in enumerate(rec.names or ()):
        if (problem := name_problem(name)) is not None:
            raise RecordError(f"{source}: names[{i}]: {said(problem)}")
    if rec.table is not None and rec.table.crew is not None:
        if (problem := name_problem(rec.table.crew)) is not None:
            raise RecordError(f"{source}: table.crew: {said(problem)}")
    for i, a in enumerate(rec.actions):
        action_from_json(a, f"{source}: actions[{i}]")
    return rec


def load_record(path: str | Path) -> Record:
    """Read and validate a record file."""
    p = Path(path)
    return parse_record(parse_json_bytes(read_limited(p), str(p)), str(p))


def dump_record(rec: Record) -> str:
    """The record as JSON text: one key per line, one action per line (easy to read and diff)."""
    data = rec.model_dump(exclude_none=True)
    actions = data.pop("actions", [])
    lines = [f"  {json.dumps(k)}: {json.dumps(v, ensure_ascii=False)}" for k, v in data.items()]
    acts = ",\n".join("    " + json.dumps(a, ensure_ascii=False) for a in actions)
    lines.append('  "actions": [' + (f"\n{acts}\n  ]" if actions else "]"))
    return "{\n" + ",\n".join(lines) + "\n}\n"


def record_for(
    state: GameState,
    *,
    names: list[str] | None = None,
    seed: int | str | None = None,
    attempt: int = 1,
    difficulty: int | None = None,
) -> Record:
    """A new record for the start of ``state`` (explicit hands, Tonoja's piles, tasks)."""
    st = state.setup
    hands = [[card_str(c) for c in cards_in(h)] for h in state.hands[: st.players]]
    tonoja = None
    if st.tonoja:
        tonoja = [[card_str(d), card_str(u)] for d, u in state.piles]
    return Record(
        format=FORMAT,
        players=st.players,
        names=names,
        mission=st.rules.mission,
        difficulty=difficulty if st.rules.mission is None else None,
        timed=st.rules.timed,
        seed=seed,
        terrain=card_str(st.terrain) if st.terrain is not None else None,
        hands=hands,
        tonoja=tonoja,
        tasks=list(st.task_ids),
        attempt=attempt,
        distress_active=st.distress_active,
        actions=[],
    )


# ---------------------------------------------------------------------------------------------
# replay


@dataclass
class Violation:
    """The first illegal action of a record: its index in ``actions``, the reason code, the
    engine's sentence (seats named ``seat N``, as in the file) and the reason itself."""

    action: int
    reason: str
    message: str
    illegal: Illegal | None = None


@dataclass
class Replay:
    """The outcome of replaying a record."""

    start: GameState
    state: GameState
    states: list[GameState] = field(default_factory=list)
    events: list[list[Event]] = field(default_factory=list)
    violation: Violation | None = None


def initial_state(rec: Record, source: str = "record") -> GameState:
    """The state at the start of the recorded attempt."""
    hands = piles = None
    if rec.tonoja is not None and rec.players != 2:
        raise RecordError(
            f"{source}: tonoja: only a two-player record has Tonoja's piles"
            f" (this one has {rec.players} players)"
        )
    if rec.hands is not None:
        hands = []
        for i, h in enumerate(rec.hands):
            hands.append(mask_of(_card(c, f"{source}: hands[{i}][{j}]") for j, c in enumerate(h)))
        if rec.players == 2:
            if rec.tonoja is None:
                raise RecordError(
                    _(
                        "{source}: tonoja: a two-player record with hands needs Tonoja's 7 piles"
                    ).format(source=source)
                )
            piles = []
            for i, pile in enumerate(rec.tonoja):
                if len(pile) != 2:
                    raise RecordError(
                        _("{where}: a pile is [face-down, face-up]").format(
                            where=f"{source}: tonoja[{i}]"
                        )
                    )
                piles.append(
                    tuple(_card(c, f"{source}: tonoja[{i}][{j}]") for j, c in enumerate(pile))
                )
            if len(hands) == 2:
                hands.append(mask_of(u for _, u in piles))
    terrain = _card(rec.terrain, f"{source}: terrain") if rec.terrain else None
    try:
        state = new_attempt(
            rec.players,
            rec.mission,
            seed=rec.seed,
            hands=hands,
            piles=piles,  # type: ignore[arg-type]
            tasks=rec.tasks,
            terrain=terrain,
            timed=rec.timed,
            difficulty=rec.difficulty,
            distress_active=rec.distress_active,
        )
    except (SetupError, ValueError) as exc:
        raise RecordError(f"{source}: {error_text(exc)}") from None
    if rec.tasks is not None:
        problem = task_set_problem(state.setup.rules, rec.players, rec.tasks)
        if problem:
            raise RecordError(f"{source}: tasks: {problem}")
    return state


def replay(rec: Record, source: str = "record", keep_states: bool = False) -> Replay:
    """Replay every action; stops at the first illegal one (reported as the violation)."""
    start = initial_state(rec, source)
    state = start
    out = Replay(start=start, state=start)
    for i, raw in enumerate(rec.actions):
        action = action_from_json(raw, f"{source}: actions[{i}]")
        try:
            state, events = apply(state, action)
        except IllegalActionError as exc:
            out.violation = Violation(i, exc.code, exc.message, exc.illegal)
            break
        if keep_states:
            out.states.append(state)
        out.events.append(events)
    out.state = state
    return out


def verify_report(rec: Record, source: str = "record") -> dict[str, Any]:
    """The ``crew verify --json`` document for a record."""
    r = replay(rec, source)
    s = r.state
    st = s.setup
    result = s.result or "in_progress"
    return {
        "ok": r.violation is None,
        "violation": None
        if r.violation is None
        else {
            "action": r.violation.action,
            "reason": r.violation.reason,
            "message": r.violation.message,
        },
        "result": result,
        "reason": s.reason or None,
        "players": st.players,
        "mission": st.rules.mission,
        "captain": st.captain,
        "tricks": [
            {
                "lead": t.leader,
                "seats": list(t.seats),
                "cards": [card_str(c) for c in t.cards],
                "winner": t.winner,
            }
            for t in s.tricks
        ],
        "tasks": [
            {
                "task": tid,
                "seat": owner if owner >= 0 else None,
                "status": STATUS_NAMES[status],
                "trick": decided or None,
            }
            for tid, owner, status, decided in zip(
                st.task_ids, s.owners, s.status, s.decided, strict=True
            )
        ],
    }
