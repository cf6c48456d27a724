"""The table: who is asked what, and when, for people and computers alike; no Textual, no Rich.

- :mod:`.spec`: a new game's crew (names, computers, mission, seed), checked once;
- :mod:`.protocol`: the order of the table's questions (:func:`~.protocol.next_step`,
  :func:`~.protocol.next_question`), shared by the app, self-play and ``crew suggest``;
- :mod:`.jobs`: each computer's question as a job built from its own seat's view, one answer
  type per question and :func:`~.jobs.carry_out`, the one place an answer is carried out;
- :mod:`.session`: one game at a shared terminal (state, record, gates, undo snapshots), given
  its :mod:`.upkeep` (the clock, the save file and history, the logbook), built by
  :mod:`.opening` (a new game, a saved one continued);
- :mod:`.gate`: the privacy rule (whose hand may be on screen, who is called to the terminal,
  which seat's actions may be asked about), the one place it is decided;
- :mod:`.scope`: what a screen holds (the public table and the one hand whose gate was passed),
  and :mod:`.choices`, the table's intents a screen hands it besides engine actions;
- :mod:`.practice`: the hint, undo (the session's snapshots) and the card tracker;
- :mod:`.summary`: a finished attempt for the result screen;
- :mod:`.campaign`: the logbook's policy; :mod:`.notes`: the saved table notes, checked;
- :mod:`.selfplay`: computers in every seat.
"""

from __future__ import annotations

from .jobs import (
    ActionAnswer,
    Answer,
    CardAnswer,
    SignalAnswer,
    VotesAnswer,
    carry_out,
    decision_rng,
)
from .protocol import Ask, AskKind, Step, StepKind, TableState, next_question, next_step
from .scope import HandOutMarks, SeatScope
from .session import Session
from .spec import (
    COMPUTER_WORDS,
    DEFAULT_NAMES,
    GameSpec,
    SessionError,
    is_realtime,
    parse_seats,
    play_spec,
)
from .summary import AttemptSummary, summarize

__all__ = [
    "COMPUTER_WORDS",
    "DEFAULT_NAMES",
    "ActionAnswer",
    "Answer",
    "Ask",
    "AskKind",
    "AttemptSummary",
    "CardAnswer",
    "GameSpec",
    "HandOutMarks",
    "SeatScope",
    "Session",
    "SessionError",
    "SignalAnswer",
    "Step",
    "StepKind",
    "TableState",
    "VotesAnswer",
    "carry_out",
    "decision_rng",
    "is_realtime",
    "next_question",
    "next_step",
    "parse_seats",
    "play_spec",
    "summarize",
]
