"""Storage faults are reported and survived: damaged bytes, a full or read-only disk, CREW_HOME
being a file, an unfinished game about to be replaced, temp files a killed write left behind."""

from __future__ import annotations

import errno
import os
from pathlib import Path

import pytest
from tui_driver import screen_text

from crew import storage
from crew.cli.main import main as cli_main
from crew.engine import Take
from crew.table import GameSpec, Session
from crew.tui.app import AppSettings, create_app
from crew.tui.screens.game import GameScreen
from crew.tui.screens.title import TitleScreen

SIZE = (80, 24)
BINARY = bytes(range(256)) * 4


@pytest.fixture(autouse=True)
def crew_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("CREW_HOME", str(tmp_path / "home"))
    return tmp_path / "home"


def _no_space(*args: object, **kwargs: object) -> None:
    raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))


def _damaged_copies(folder: Path, name: str) -> list[Path]:
    return [p for p in folder.iterdir() if p.name.startswith(f"{name}.damaged-")]


@pytest.mark.parametrize("content", [BINARY, b"\xff\xfe{}", "{}".encode("utf-16"), b"[" * 99999])
async def test_a_save_with_bytes_that_are_not_a_record_is_kept_and_the_app_starts(
    crew_home: Path, content: bytes
) -> None:
    saves = crew_home / "saves"
    saves.mkdir(parents=True)
    (saves / "current.json").write_bytes(content)
    app = create_app(AppSettings(clock_interval=None))
    async with app.run_test(size=SIZE):
        assert isinstance(app.screen, TitleScreen)
        assert "is damaged" in screen_text(app).replace("\n", " ")
    kept = _damaged_copies(saves, "current.json")
    assert len(kept) == 1 and kept[0].read_bytes() == content
    assert (saves / "current.json").read_bytes() == content


def test_one_copy_per_distinct_damaged_content(crew_home: Path) -> None:
    crew_home.mkdir(parents=True)
    log = crew_home / "logbook.json"
    log.write_bytes(BINARY)
    for _ in range(5):
        with pytest.raises(storage.DamagedFileError):
            storage.load_log()
    assert len(_damaged_copies(crew_home, "logbook.json")) == 1
    log.write_bytes(b"\xff")
    with pytest.raises(storage.DamagedFileError):
        storage.load_log()
    assert len(_damaged_copies(crew_home, "logbook.json")) == 2


def test_crew_logbook_on_a_binary_logbook_reports_and_keeps_one_copy(
    crew_home: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    crew_home.mkdir(parents=True)
    (crew_home / "logbook.json").write_bytes(BINARY)
    for _ in range(3):
        assert cli_main(["logbook"]) == 2
    err = capsys.readouterr().err
    assert "logbook.json is damaged" in err and "Traceback" not in err
    assert len(_damaged_copies(crew_home, "logbook.json")) == 1


def test_crew_logbook_reports_a_home_that_is_a_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    file = tmp_path / "a-file"
    file.write_text("x", encoding="utf-8")
    for home in (file, file / "below"):
        monkeypatch.setenv("CREW_HOME", str(home))
        assert cli_main(["logbook"]) == 2
        err = capsys.readouterr().err
        assert "is a file, not a folder" in err and "empty" not in err


def test_crew_logbook_reports_a_read_only_home(
    crew_home: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    crew_home.mkdir(parents=True)
    # root ignores chmod: the read-only disk is simulated where the probe creates its file
    monkeypatch.setattr(
        storage.tempfile,
        "mkstemp",
        lambda *a, **k: (_ for _ in ()).throw(OSError(errno.EROFS, "Read-only file system")),
    )
    assert cli_main(["logbook"]) == 2
    err = capsys.readouterr().err
    assert "not writable" in err and "Read-only" in err


@pytest.mark.parametrize("fault", ["full", "read-only", "home-is-a-file"])
async def test_the_app_says_the_game_cannot_be_saved_and_play_goes_on(
    crew_home: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, fault: str
) -> None:
    if fault == "full":
        monkeypatch.setattr(storage.os, "fsync", _no_space)
    elif fault == "read-only":
        monkeypatch.setattr(
            storage.tempfile,
            "mkstemp",
            lambda *a, **k: (_ for _ in ()).throw(OSError(errno.EROFS, "Read-only file system")),
        )
    else:
        (tmp_path / "file").write_text("x", encoding="utf-8")
        monkeypatch.setenv("CREW_HOME", str(tmp_path / "file"))
    app = create_app(AppSettings(players=3, mission=1, seed=7, clock_interval=None))
    notes: list[str] = []
    notify = app.notify

    def told(message: str, **kw: object) -> None:
        notes.append(message)
        notify(message, **kw)  # type: ignore[arg-type]

    app.notify = told  # type: ignore[method-assign]
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)
        s = app.session
        assert s is not None and "cannot be saved" in str(s.save_problem)
        assert any("cannot be saved" in m for m in notes), notes
        await pilot.press("enter")  # everybody has seen the draw: the game goes on
        s.open_gate()
        assert s.act(Take(s.state.setup.captain, 40)) is None
        assert s.record.actions == [{"take": 40, "seat": s.state.setup.captain}]
    assert not list(tmp_path.rglob(".current.json.*.tmp"))


def test_a_session_saves_again_once_the_disk_has_room(
    crew_home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(storage.os, "fsync", _no_space)
    s = Session.new(GameSpec(3, [], 1, seed=7))
    assert "No space left" in str(s.save_problem)
    monkeypatch.undo()
    monkeypatch.setenv("CREW_HOME", str(crew_home))
    s.ack_draw()
    s.open_gate()
    assert s.act(Take(s.state.setup.captain, 40)) is None
    assert s.save_problem is None
    saved = storage.load_game()
    assert saved is not None and saved.actions == s.record.actions


def test_a_logbook_that_cannot_be_written_is_reported_not_lost(
    crew_home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    s = Session.new(GameSpec(3, [], 1, seed=7, crew="Deep"))
    s.ack_draw()
    s.open_gate()
    monkeypatch.setattr(storage, "save_log", _no_space)
    s.act(Take(s.state.setup.captain, 40))
    while not s.state.over:
        s.act(_any_legal(s))  # type: ignore[arg-type]
    assert "logbook cannot be saved" in str(s.save_problem)
    assert s.logged is False  # written down when the game is continued


def _any_legal(s: Session) -> object:
    from crew.engine import legal_actions

    return legal_actions(s.state)[0]


def test_crew_play_keeps_an_unfinished_game_and_continue_reaches_it_again(
    crew_home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    first = Session.new(GameSpec(3, [], 1, seed=7))
    first.ack_draw()
    first.open_gate()
    first.act(Take(first.state.setup.captain, 40))
    before = storage.game_path().read_bytes()

    from crew.tui import app as app_module

    ran: list[str] = []

    def run(self: object) -> int:
        ran.append(app_module.storage.game_path().exists() and "still there" or "moved")
        return 0

    monkeypatch.setattr(app_module.CrewApp, "run", run)
    assert app_module.main(AppSettings(players=4, mission=2, seed=1)) == 0
    assert ran == ["moved"]
    kept = list((crew_home / "saves").glob("unfinished-*.json"))
    assert len(kept) == 1 and kept[0].read_bytes() == before
    # the new game is over and the crew leaves it: Continue offers the kept one again
    storage.clear_game()
    assert storage.game_path().read_bytes() == before
    assert not list((crew_home / "saves").glob("unfinished-*.json"))


def test_a_game_left_on_its_result_screen_is_not_called_unfinished(
    crew_home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # quit on the result screen: the save stays (Continue shows the result); the next
    # `crew play` said "the unfinished game was kept" of an attempt that was over
    first = Session.new(GameSpec(3, [], 1, seed=7))
    first.ack_draw()
    while not first.state.over:
        if first.gate_seat() is not None:
            first.open_gate()
        if first.step().kind.value == "distress":
            first.decide_distress(None)
            continue
        first.act(_any_legal(first))  # type: ignore[arg-type]
    first.save()
    assert storage.game_path().exists()

    from crew.tui import app as app_module

    notices: list[str] = []

    def run(self: app_module.CrewApp) -> int:
        notices.append(self.start_notice)
        return 0

    monkeypatch.setattr(app_module.CrewApp, "run", run)
    assert app_module.main(AppSettings(players=4, mission=2, seed=1)) == 0
    # its attempt is in the history: nothing is set aside, nothing needs saying (issue 48)
    assert notices == [""]
    assert not list((crew_home / "saves").glob("unfinished-*.json"))


def test_stale_temp_files_of_a_killed_write_are_removed(crew_home: Path) -> None:
    saves = crew_home / "saves"
    saves.mkdir(parents=True)
    old = [saves / f".current.json.{i}abc.tmp" for i in range(79)]
    old.append(crew_home / ".logbook.json.xyz.tmp")
    for p in old:
        p.write_text("{", encoding="utf-8")
        os.utime(p, (1_000_000, 1_000_000))
    fresh = saves / ".current.json.now.tmp"  # a write under way in another crew
    fresh.write_text("{", encoding="utf-8")
    other = saves / "notes.tmp"
    other.write_text("mine", encoding="utf-8")
    removed = storage.tidy()
    assert sorted(removed) == sorted(old)
    assert fresh.exists() and other.exists()
    assert not any(p.exists() for p in old)


def test_a_read_only_home_says_the_same_sentence_at_every_action(
    crew_home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # issue 26: the sentence named the random temporary file, so every action was a new notice
    crew_home.mkdir(parents=True)
    s = Session.new(GameSpec(3, [], 1, seed=7))
    monkeypatch.setattr(
        storage.tempfile,
        "mkstemp",
        lambda *a, **k: (_ for _ in ()).throw(
            OSError(errno.EROFS, "Read-only file system", str(crew_home / "saves" / ".x.tmp"))
        ),
    )
    s.ack_draw()
    s.open_gate()
    assert s.act(Take(s.state.setup.captain, 40)) is None
    assert s.save_problem is not None
    first = str(s.save_problem)
    s.decide_distress(None)
    assert first and str(s.save_problem) == first
    assert "current.json" in first and ".tmp" not in first


def test_a_win_the_full_disk_kept_out_of_the_logbook_is_written_once_there_is_room(
    crew_home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    s = Session.new(GameSpec(3, [], 1, seed=7, crew="Deep"))
    s.ack_draw()
    s.open_gate()
    monkeypatch.setattr(storage, "save_log", _no_space)
    s.act(Take(s.state.setup.captain, 40))
    while not s.state.over:
        s.act(_any_legal(s))  # type: ignore[arg-type]
    assert "logbook cannot be saved" in str(s.save_problem) and not s.logged
    from crew.table import summarize

    assert "logbook cannot be saved" in str(summarize(s).save_problem)  # the result screen says it
    monkeypatch.undo()
    monkeypatch.setenv("CREW_HOME", str(crew_home))
    s.save()  # the next save (any key at the result) finds room again
    assert s.logged and s.save_problem is None
    entry = storage.load_log().crews["Deep"].missions[1]
    assert entry.attempts == 1 and (entry.won_on is not None) == (s.state.result == "won")


def test_continue_after_a_logged_win_plays_on_as_a_replay(
    crew_home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # a full disk kept the game's save behind while the logbook took the win; then a kill:
    # Continue offers the older save, and what is played there must not undo the win
    s = Session.new(GameSpec(3, [], 1, seed=7, crew="Deep"))
    s.ack_draw()
    s.open_gate()
    s.act(Take(s.state.setup.captain, 40))
    older = storage.load_game()
    assert older is not None
    log = storage.load_log()
    log = storage.note_attempt(
        log, "Deep", 1, won=True, distress=False, members=s.names, discard=[]
    )
    storage.save_log(log)
    again = Session.resume(older)
    assert again.replaying and again.next_mission_open
