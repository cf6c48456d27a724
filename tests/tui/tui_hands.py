"""Explicit deals for the TUI tests (no shuffling): a few cards written out, the rest filled in."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from crew.engine import (
    Action,
    GameState,
    Play,
    legal_actions,
    mask_of,
    may_communicate,
    new_attempt,
    parse_cards,
)
from crew.records import record_for
from crew.table import GameSpec, Session, Step, StepKind
from crew.table.upkeep import Clock

SIZES = {3: (14, 13, 13), 4: (10, 10, 10, 10), 5: (8, 8, 8, 8, 8)}


def hands(players: int, partial: Sequence[str]) -> list[int]:
    """Hands (bitmasks) for 3-5 players: ``partial[seat]`` cards first, then the unused cards
    in ascending order (seat 0 gets the fourteenth card with three players)."""
    given = [parse_cards(p) for p in partial] + [[] for _ in range(players - len(partial))]
    used = {c for h in given for c in h}
    rest = [c for c in range(40) if c not in used]
    out = []
    for seat, size in enumerate(SIZES[players]):
        h = list(given[seat])
        while len(h) < size:
            h.append(rest.pop(0))
        out.append(mask_of(h))
    assert not rest
    return out


def attempt(
    players: int,
    mission: int,
    partial: Sequence[str],
    tasks: Sequence[int],
    **kw: object,
) -> GameState:
    return new_attempt(players, mission, hands=hands(players, partial), tasks=list(tasks), **kw)  # type: ignore[arg-type]


def session_for(
    state: GameState,
    names: Sequence[str] = ("Ann", "Bob", "Cas", "Dee", "Eve"),
    *,
    crew: str | None = None,
    seed: int | str = 99,
) -> Session:
    """A session around an explicit attempt (saved like a real one)."""
    names = list(names[: state.setup.players])
    rec = record_for(state, names=names, seed=seed)
    rules = state.setup.rules
    clock = float(rules.seconds) if rules.timed and rules.seconds else None
    s = Session(state, rec, names, base_seed=seed, crew=crew, clock=Clock(clock))
    s.save()
    return s


def advance(
    s: Session,
    done: Callable[[Session, Step], bool],
    choose: Callable[[Session], Action] | None = None,
    limit: int = 500,
) -> None:
    """Answer the session's steps until ``done(s, step)``: the draw acknowledged, no distress
    signal, each gate opened, and ``choose(s)`` (default: the first legal action) otherwise."""
    for _ in range(limit):
        step = s.step()
        if done(s, step):
            return
        if step.kind == StepKind.DRAW:
            s.ack_draw()
        elif step.kind == StepKind.DISTRESS:
            s.decide_distress(None)
        else:
            s.open_gate()
            action = choose(s) if choose is not None else legal_actions(s.state)[0]
            assert s.act(action) is None
    raise AssertionError("the wanted step never came")


def lowest_first(s: Session) -> Action:
    """The choice of ``tui_driver.Player``'s crew: the lowest legal card, else the first allowed
    action (for :func:`advance`, so that a game begun here goes on as in the app)."""
    actions = legal_actions(s.state)
    plays = [a for a in actions if isinstance(a, Play)]
    return min(plays, key=lambda p: p.card) if plays else actions[0]


def begun(
    players: int, mission: int, seed: int, done: Callable[[Session, Step], bool], names: str = ""
) -> Session:
    """A new game (deal code ``seed``) played against the Session by ``tui_driver.Player``'s
    crew (:func:`lowest_first`) until ``done``; a test's app opens it and goes on by keys."""
    spec = GameSpec(players, names.split(",") if names else [], mission, seed=seed)
    s = Session.new(spec.checked())
    advance(s, done, lowest_first)
    return s


def at_first_card(s: Session, step: Step) -> bool:
    """For :func:`begun`: the distribution (and distress question) behind, the first card next."""
    return step.kind == StepKind.PLAY


def communicators(state: GameState) -> list[int]:
    """The seats that may communicate now (public facts only)."""
    return [seat for seat in range(state.setup.seats) if may_communicate(state, seat) is None]
