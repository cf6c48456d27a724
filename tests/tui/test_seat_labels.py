"""One person holding several seats (issue 19, item 2): each of their seats has a label of its
own ("Ann·1", "Ann·3", the seat counted from 1) on the table, the tasks, the distress question,
the gates' details and the result, so nobody plays the wrong hand of theirs."""

from __future__ import annotations

from pathlib import Path

import pytest
from tui_driver import Player, play_to_result, screen_text

from crew.table import GameSpec, Session, StepKind
from crew.tui.app import AppSettings, CrewApp, create_app
from crew.tui.screens.game import GameScreen
from crew.tui.screens.gate import GateScreen
from crew.tui.screens.result import ResultScreen

SIZE = (80, 24)


@pytest.fixture(autouse=True)
def crew_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("CREW_HOME", str(tmp_path / "home"))
    return tmp_path / "home"


def test_the_session_labels_a_persons_seats_and_nobody_elses() -> None:
    s = Session.new(GameSpec(4, ["Ann", "Bob", "Ann"], 1, seed=3, computers=[3]), autosave=False)
    assert [s.name(seat) for seat in range(4)] == ["Ann·1", "Bob", "Ann·3", "Robo 1"]
    one = Session.new(GameSpec(3, ["Ann", "Bob", "Cas"], 1, seed=3), autosave=False)
    assert [one.name(seat) for seat in range(3)] == ["Ann", "Bob", "Cas"]


async def test_every_screen_tells_a_persons_two_seats_apart() -> None:
    # Ann holds seats 0 and 2, Bob seat 1, Dee seat 3; mission 3 asks about the distress signal
    app = create_app(
        AppSettings(players=4, mission=3, seed=4, names="Ann,Bob,Ann,Dee", clock_interval=None)
    )
    screens: list[tuple[StepKind | str, str]] = []
    gates: list[tuple[str, str]] = []

    def each(a: CrewApp) -> None:
        s = a.session
        assert s is not None
        if isinstance(a.screen, GateScreen):
            gates.append((a.screen.who, a.screen.detail))
        elif isinstance(a.screen, GameScreen):
            screens.append((s.step().kind, screen_text(a)))

    async with app.run_test(size=SIZE) as pilot:
        await play_to_result(pilot, app, Player(), each=each)
        assert isinstance(app.screen, ResultScreen)
        result = screen_text(app)
        s = app.session
        assert s is not None
        owners = {s.name(seat) for seat in s.state.owners if seat >= 0}
    for _, text in screens:
        table = areas(text)[0]
        assert "Ann·1" in table and "Ann·3" in table
        assert "Ann " not in table.replace("Ann·", "")  # no row names Ann alone
    distress = [text for kind, text in screens if kind == StepKind.DISTRESS]
    assert distress and "Ann·1 → Bob → Ann·3 → Dee → Ann·1" in distress[0]
    # the task owners by their labels
    tasks = areas(screens[-1][1])[1]
    assert owners and all(f" {label} " in tasks for label in owners), (owners, tasks)
    # the gate calls Ann by her name and says which of her seats is meant
    ann = [detail for who, detail in gates if who == "Ann"]
    assert ann and all(d.startswith(("Ann·1", "Ann·3")) for d in ann)
    assert all(who in ("Ann", "Bob", "Dee") for who, _ in gates)
    assert "Tricks won: Ann·1 " in result and ", Ann·3 " in result


def areas(screen: str) -> list[str]:
    """The table, the tasks and the action area: the parts between the screen's rules."""
    out: list[list[str]] = [[]]
    for line in screen.splitlines():
        if line.startswith("────"):
            out.append([])
        else:
            out[-1].append(line)
    return ["\n".join(part) for part in out]
