"""Data texts in the language in use: task cards, the logbook's rules, the rules topics.

English is the data itself (``missions/tasks.toml``, ``missions/logbook.toml``,
``crew/rulebook.py``). Each other language has one file beside it, keyed by the same ids:
``missions/tasks.nl.toml``, ``missions/logbook.nl.toml``, ``crew/rulebook.nl.toml``. A
translation is checked when it is loaded: the same ids (every one, no other), the same
``{placeholders}`` in every text, and for a rules topic as many paragraphs; a file that fails is a
``DataError`` naming the file and the entry.
"""

from __future__ import annotations

import re
import tomllib
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

from .engine.data import DataError, data_dir
from .i18n import language

if TYPE_CHECKING:
    from .engine.data import MissionEntry, TaskCard
    from .rulebook import HouseRuling, Topic

__all__ = [
    "Translations",
    "load_translations",
    "mission_rule",
    "placeholders",
    "rulebook_file",
    "ruling_label",
    "ruling_text",
    "task_text",
    "topic_by_name",
    "topic_name",
    "topic_paragraphs",
    "topic_text",
    "topic_title",
]

_PLACEHOLDER = re.compile(r"\{[^{}]*\}")
_TOPIC_NAME = re.compile(r"[a-z0-9]+(-[a-z0-9]+)*")


def placeholders(text: str) -> list[str]:
    """The ``{name}`` placeholders of a text, sorted (what a translation must keep)."""
    return sorted(_PLACEHOLDER.findall(text))


class Translations:
    """One language's data texts, checked against the English ones."""

    def __init__(
        self,
        tasks: dict[int, str],
        rules: dict[int, str],
        epilogue: str,
        rulings: dict[int, str],
        topics: dict[str, tuple[str, tuple[str, ...]]],
        topic_names: dict[str, str] | None = None,
    ) -> None:
        self.tasks = tasks
        self.rules = rules
        self.epilogue = epilogue
        self.rulings = rulings
        self.topics = topics
        #: each topic's name in this language (what ``crew rules`` shows and takes), by key
        self.topic_names = topic_names or {}


def _read(path: Path) -> dict[str, Any]:
    try:
        with path.open("rb") as fh:
            return tomllib.load(fh)
    except FileNotFoundError:
        raise DataError(f"{path}: translation file is missing") from None
    except tomllib.TOMLDecodeError as exc:
        raise DataError(f"{path}: not valid TOML: {exc}") from None


def _keyed(path: Path, table: Any, english: dict[int, str], what: str) -> dict[int, str]:
    """``table`` (ids as TOML keys) checked against ``english``: same ids, same placeholders."""
    if not isinstance(table, dict):
        raise DataError(f"{path}: expected a table of {what} texts")
    bad = sorted(k for k in table if not k.isdigit())
    if bad:
        raise DataError(f"{path}: {what} ids must be whole numbers, not {bad}")
    keys = {int(k): v for k, v in table.items()}
    missing = sorted(set(english) - set(keys))
    extra = sorted(set(keys) - set(english))
    if missing or extra:
        raise DataError(
            f"{path}: {what} ids differ from the English ones: missing {missing}, unknown {extra}"
        )
    for k, text in keys.items():
        _same_placeholders(path, f"{what} {k}", english[k], text)
    return keys


def _same_placeholders(path: Path, label: str, english: str, text: Any) -> None:
    if not isinstance(text, str) or not text.strip():
        raise DataError(f"{path}: {label}: the text must be a non-empty string")
    if placeholders(text) != placeholders(english):
        raise DataError(
            f"{path}: {label}: placeholders {placeholders(text)} differ from the English"
            f" {placeholders(english)}"
        )


def rulebook_file(lang: str) -> Path:
    """The rules topics and house rulings of ``lang`` (beside crew/rulebook.py)."""
    return Path(__file__).resolve().parent / f"rulebook.{lang}.toml"


@cache
def load_translations(lang: str) -> Translations:
    """The data texts of ``lang`` (not English), checked against the English data."""
    from .engine.data import load_logbook, load_tasks
    from .rulebook import HOUSE_RULINGS, TOPICS

    base = data_dir()
    path = base / f"tasks.{lang}.toml"
    tasks = _keyed(path, _read(path).get("text"), {c.id: c.text for c in load_tasks()}, "task")
    path = base / f"logbook.{lang}.toml"
    raw = _read(path)
    book = load_logbook()
    rules = _keyed(path, raw.get("rule"), {m.number: m.rule for m in book.mission}, "mission")
    epi = raw.get("epilogue")
    epilogue = epi.get("rule") if isinstance(epi, dict) else None
    _same_placeholders(path, "epilogue", book.epilogue.rule, epilogue)
    assert isinstance(epilogue, str)
    path = rulebook_file(lang)
    raw = _read(path)
    rulings = _keyed(path, raw.get("ruling"), {r.number: r.text for r in HOUSE_RULINGS}, "ruling")
    table = raw.get("topic")
    if not isinstance(table, dict) or set(table) != {t.key for t in TOPICS}:
        raise DataError(f"{path}: topic keys differ from the English ones")
    topics: dict[str, tuple[str, tuple[str, ...]]] = {}
    names: dict[str, str] = {}
    english = {n: t.key for t in TOPICS for n in (t.key, *t.aliases)}
    for t in TOPICS:
        entry = table[t.key]
        name = entry.get("name") if isinstance(entry, dict) else None
        if not isinstance(name, str) or not _TOPIC_NAME.fullmatch(name):
            raise DataError(
                f"{path}: topic {t.key}: a name is needed, lower-case letters, digits and -"
            )
        if english.get(name, t.key) != t.key or name in names.values():
            raise DataError(f"{path}: topic {t.key}: the name {name!r} is another topic's")
        names[t.key] = name
        paras = entry.get("paragraphs") if isinstance(entry, dict) else None
        if not isinstance(paras, list) or len(paras) != len(t.paragraphs):
            raise DataError(
                f"{path}: topic {t.key}: {len(t.paragraphs)} paragraphs expected, as in English"
            )
        _same_placeholders(path, f"topic {t.key} title", t.title, entry.get("title"))
        for i, (en, nl) in enumerate(zip(t.paragraphs, paras, strict=True)):
            _same_placeholders(path, f"topic {t.key} paragraph {i + 1}", en, nl)
            if en.startswith("- ") != nl.startswith("- "):
                raise DataError(
                    f"{path}: topic {t.key} paragraph {i + 1}: a list item as in English, or not"
                )
        topics[t.key] = (entry["title"], tuple(paras))
    return Translations(tasks, rules, epilogue, rulings, topics, names)


def _tr() -> Translations | None:
    lang = language()
    return None if lang == "en" else load_translations(lang)


def task_text(card: TaskCard) -> str:
    """The text of a task card."""
    t = _tr()
    return card.text if t is None else t.tasks[card.id]


def mission_rule(entry: MissionEntry) -> str:
    """The rule of a logbook mission (an epilogue mission: the epilogue's)."""
    t = _tr()
    if t is None:
        return entry.rule
    return t.rules.get(entry.number, t.epilogue)


def topic_name(topic: Topic) -> str:
    """A rules topic's name as ``crew rules`` shows it (its key in English)."""
    t = _tr()
    return topic.key if t is None else t.topic_names.get(topic.key, topic.key)


def topic_by_name(name: str) -> str | None:
    """The key of the topic called ``name`` in the language in use (None: no such name)."""
    t = _tr()
    if t is None:
        return None
    return next((key for key, n in t.topic_names.items() if n == name), None)


def topic_title(topic: Topic) -> str:
    """A rules topic's title."""
    t = _tr()
    return topic.title if t is None else t.topics[topic.key][0]


def topic_paragraphs(topic: Topic) -> tuple[str, ...]:
    """A rules topic's paragraphs."""
    t = _tr()
    return topic.paragraphs if t is None else t.topics[topic.key][1]


def topic_text(topic: Topic) -> str:
    """A rules topic's paragraphs joined as :attr:`Topic.text` joins them."""
    from .rulebook import join_paragraphs

    return join_paragraphs(topic_paragraphs(topic))


def ruling_text(r: HouseRuling) -> str:
    """A house ruling's text."""
    t = _tr()
    return r.text if t is None else t.rulings[r.number]


def ruling_label(r: HouseRuling) -> str:
    """How a house ruling is introduced: ``House ruling 17`` (``Huisregel 17``)."""
    from .i18n import _

    return _("House ruling {number}").format(number=r.number)
