"""Every file in missions/ validates; malformed copies are rejected naming file, entry, field."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from crew.engine.data import DataError, data_dir, load_impossible, load_logbook, load_tasks
from crew.texts import load_translations


def _dutch(path: Path) -> Any:
    """The Dutch texts, checked against the English ones (same ids, same placeholders)."""
    return load_translations("nl")


LOADERS: dict[str, Callable[[Path], Any]] = {
    "tasks.toml": load_tasks,
    "logbook.toml": load_logbook,
    "impossible.toml": load_impossible,
    "tasks.nl.toml": _dutch,
    "logbook.nl.toml": _dutch,
}


def _files() -> list[Path]:
    return sorted(p for p in data_dir().iterdir() if p.is_file())


def test_every_file_in_missions_validates() -> None:
    files = _files()
    assert {p.name for p in files} >= set(LOADERS)
    for path in files:
        assert path.name in LOADERS, f"{path.name}: no validator for this data file"
        LOADERS[path.name](path)


def test_the_shipped_data() -> None:
    tasks = load_tasks()
    assert [t.id for t in tasks] == list(range(1, 97))
    book = load_logbook()
    assert [m.number for m in book.mission] == list(range(33))
    assert book.epilogue.first == 33
    assert book.mission[32].tasks == (50, 57, 54, 44)


def _copy(tmp_path: Path, name: str, old: str, new: str) -> Path:
    text = (data_dir() / name).read_text(encoding="utf-8")
    assert old in text, f"{name} no longer contains {old!r}; update the test"
    path = tmp_path / name
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    return path


def _rejected(path: Path) -> str:
    with pytest.raises(DataError) as info:
        LOADERS[path.name](path)
    message = str(info.value)
    assert str(path) in message
    return message


def test_tasks_unknown_key(tmp_path: Path) -> None:
    path = _copy(tmp_path, "tasks.toml", "id = 7\n", "id = 7\ncolour = 'red'\n")
    message = _rejected(path)
    assert "task entry 7 (id 7)" in message and "colour" in message


def test_tasks_bad_value(tmp_path: Path) -> None:
    old = 'text = "Win the yellow 1."\ndifficulty = [1, 1, 1]'
    path = _copy(tmp_path, "tasks.toml", old, old.replace("[1, 1, 1]", "[1, 1, 12]"))
    message = _rejected(path)
    assert "task entry 2 (id 2)" in message and "difficulty" in message and "12" in message


def test_tasks_bad_category(tmp_path: Path) -> None:
    old = 'id = 7\ncategory = "win_specific_cards"'
    path = _copy(tmp_path, "tasks.toml", old, 'id = 7\ncategory = "win_lots"')
    message = _rejected(path)
    assert "task entry 7 (id 7)" in message and "unknown category 'win_lots'" in message


def test_tasks_unknown_parameter(tmp_path: Path) -> None:
    old = 'params = { cards = ["P5", "Y6"] }'
    path = _copy(tmp_path, "tasks.toml", old, 'params = { cards = ["P5", "Y6"], colour = "P" }')
    message = _rejected(path)
    assert "task entry 7 (id 7)" in message and "params.win_specific_cards.colour" in message


def test_tasks_parameter_of_another_category(tmp_path: Path) -> None:
    # a key that task 64 uses is no key of task 62's op
    old = 'params = { op = "more_than_each" }'
    path = _copy(
        tmp_path, "tasks.toml", old, 'params = { op = "more_than_each", need = [7, 6, 5] }'
    )
    message = _rejected(path)
    assert "task entry 62 (id 62)" in message and "params.compare_others" in message
    assert "need" in message


def test_tasks_missing_parameter(tmp_path: Path) -> None:
    path = _copy(tmp_path, "tasks.toml", 'params = { visibility = "secret" }', "params = {}")
    message = _rejected(path)
    assert "task entry 84 (id 84)" in message and "params.predict_tricks.visibility" in message


def test_tasks_category_given_twice(tmp_path: Path) -> None:
    old = 'params = { cards = ["P5", "Y6"] }'
    path = _copy(tmp_path, "tasks.toml", old, 'params = { cards = ["P5"], category = "dont_win" }')
    message = _rejected(path)
    assert "task entry 7 (id 7)" in message and "params.category" in message


def test_tasks_bad_card_in_redeal(tmp_path: Path) -> None:
    text = (data_dir() / "tasks.toml").read_text(encoding="utf-8")
    line = next(x for x in text.splitlines() if x.startswith("redeal_if"))
    path = _copy(tmp_path, "tasks.toml", line, 'redeal_if = ["S1 S9"]')
    message = _rejected(path)
    assert "redeal_if" in message and "S9" in message


def test_tasks_duplicate_id(tmp_path: Path) -> None:
    path = _copy(tmp_path, "tasks.toml", "id = 8\n", "id = 7\n")
    message = _rejected(path)
    assert "task entry 8" in message and "duplicate task id 7" in message


def test_tasks_missing_id(tmp_path: Path) -> None:
    path = _copy(tmp_path, "tasks.toml", "id = 96\n", "id = 97\n")
    message = _rejected(path)
    assert "96" in message


def test_logbook_unknown_key(tmp_path: Path) -> None:
    path = _copy(tmp_path, "logbook.toml", "number = 5\n", "number = 5\ncolour = 1\n")
    message = _rejected(path)
    assert "mission entry 6 (number 5)" in message and "colour" in message


def test_logbook_bad_value(tmp_path: Path) -> None:
    old = 'number = 9\ndifficulty = 7\nmodifiers = ["currents"]'
    path = _copy(tmp_path, "logbook.toml", old, old.replace('"currents"', '"curents"'))
    message = _rejected(path)
    assert "mission entry 10 (number 9)" in message
    assert "modifiers" in message and "curents" in message


def test_logbook_bad_difficulty(tmp_path: Path) -> None:
    path = _copy(
        tmp_path, "logbook.toml", "number = 7\ndifficulty = 6", "number = 7\ndifficulty = 0"
    )
    message = _rejected(path)
    assert "mission entry 8 (number 7)" in message and "difficulty" in message


def test_logbook_duplicate_number(tmp_path: Path) -> None:
    path = _copy(tmp_path, "logbook.toml", "number = 6\n", "number = 5\n")
    message = _rejected(path)
    assert "mission entry 7 (number 5)" in message and "duplicate mission number 5" in message


def test_not_toml(tmp_path: Path) -> None:
    path = _copy(tmp_path, "logbook.toml", "number = 5\n", "number = = 5\n")
    message = _rejected(path)
    assert "TOML" in message


def test_missing_file(tmp_path: Path) -> None:
    with pytest.raises(DataError, match="missing"):
        load_tasks(tmp_path / "tasks.toml")


def test_impossible_unknown_key(tmp_path: Path) -> None:
    path = _copy(tmp_path, "impossible.toml", "tasks = [1, 14]\n", "tasks = [1, 14]\nwhy = 1\n")
    message = _rejected(path)
    assert "impossible entry 1 (tasks [1, 14])" in message and "why" in message


def test_impossible_unknown_task(tmp_path: Path) -> None:
    path = _copy(tmp_path, "impossible.toml", "tasks = [1, 14]\n", "tasks = [1, 97]\n")
    message = _rejected(path)
    assert "impossible entry 1 (tasks [1, 97])" in message and "no task 97" in message


def test_impossible_unknown_owners(tmp_path: Path) -> None:
    path = _copy(tmp_path, "impossible.toml", 'owners = "two"\n', 'owners = "three"\n')
    assert "owners" in _rejected(path)


def test_impossible_pair_listed_twice(tmp_path: Path) -> None:
    text = (data_dir() / "impossible.toml").read_text(encoding="utf-8")
    first = text[text.index("[[impossible]]") :]
    first = first[: first.index("[[impossible]]", 1)]
    path = tmp_path / "impossible.toml"
    path.write_text(text + "\n" + first, encoding="utf-8")
    message = _rejected(path)
    assert "(tasks [1, 14]): listed twice for 3 players" in message


def test_a_file_without_its_list(tmp_path: Path) -> None:
    path = tmp_path / "tasks.toml"
    path.write_text("colour = 1\n", encoding="utf-8")
    message = _rejected(path)
    assert "task: Field required" in message and "colour" in message
