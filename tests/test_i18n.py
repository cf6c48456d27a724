"""Languages (issue 24): the language chosen, the Dutch catalog and data texts, and that the
language changes no verdict."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from babel.messages.extract import extract_from_dir
from babel.messages.pofile import read_po

import crew
from crew import i18n
from crew.cli.main import main
from crew.engine.data import DataError
from crew.texts import load_translations, placeholders

CREW_DIR = Path(crew.__file__).parent
_FIELD = re.compile(r"\{[^{}]*\}")


@pytest.fixture(autouse=True)
def english_after() -> object:
    yield
    i18n.set_language("en")


@pytest.mark.parametrize(
    ("env", "lang"),
    [
        ({}, "en"),
        ({"LANG": "nl_NL.UTF-8"}, "nl"),
        ({"LANG": "nl_BE"}, "nl"),
        ({"LANG": "de_DE.UTF-8"}, "en"),
        ({"LANG": "nl_NL.UTF-8", "LC_MESSAGES": "en_GB"}, "en"),
        ({"LANG": "en_US", "LC_MESSAGES": "nl_NL"}, "nl"),
        ({"LC_MESSAGES": "nl_NL", "LC_ALL": "C"}, "en"),
        ({"LC_ALL": "nl_NL.UTF-8", "LANG": "C"}, "nl"),
        ({"CREW_LANG": "en", "LC_ALL": "nl_NL.UTF-8"}, "en"),
        ({"CREW_LANG": "nl", "LANG": "C"}, "nl"),
        ({"CREW_LANG": "", "LANG": "nl_NL"}, "nl"),
    ],
)
def test_language_from_the_environment(env: dict[str, str], lang: str) -> None:
    assert i18n.detect_language(env) == lang


def _extracted() -> dict[str | tuple[str, ...], str]:
    """Every msgid in crew's sources, found the way ``pybabel extract`` finds them."""
    found: dict[str | tuple[str, ...], str] = {}
    for filename, lineno, message, _comments, _context in extract_from_dir(
        str(CREW_DIR), method_map=[("**.py", "python")], keywords=i18n.KEYWORDS
    ):
        key = message if isinstance(message, str) else tuple(m for m in message if m)
        if key:
            found.setdefault(key, f"{filename}:{lineno}")
    return found


def test_every_message_has_a_dutch_translation_with_the_same_placeholders() -> None:
    with i18n.catalog_path("nl").open("rb") as fh:
        catalog = read_po(fh, locale="nl")
    dutch = {m.id: m.string for m in catalog if m.id}
    problems = []
    for msgid, where in _extracted().items():
        msgstr = dutch.get(msgid)
        if not msgstr or (isinstance(msgstr, tuple) and not all(msgstr)):
            problems.append(f"{where}: no Dutch for {msgid!r}")
            continue
        ids = msgid if isinstance(msgid, tuple) else (msgid,)
        strs = msgstr if isinstance(msgstr, tuple) else (msgstr,)
        for s in strs:
            if sorted(set(_FIELD.findall(s))) != sorted(set(_FIELD.findall(ids[-1]))):
                problems.append(f"{where}: placeholders differ: {msgid!r} -> {s!r}")
    assert not problems, "\n".join(problems)


def test_the_catalog_holds_no_stale_message() -> None:
    with i18n.catalog_path("nl").open("rb") as fh:
        catalog = read_po(fh, locale="nl")
    stale = {m.id for m in catalog if m.id} - set(_extracted())
    assert not stale, f"in crew.po but not in the code any more: {sorted(map(str, stale))}"


def test_dutch_data_texts_load_with_every_id() -> None:
    t = load_translations("nl")
    assert len(t.tasks) == 96 and set(t.tasks) == set(range(1, 97))
    assert set(t.rules) == set(range(0, 33))
    assert len(t.rulings) == 22
    assert t.tasks[50] == "Win helemaal geen slag."


def test_a_translation_that_loses_a_placeholder_or_an_id_is_refused(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from crew import texts
    from crew.engine import data

    src = data.data_dir()
    for name in ("tasks.toml", "logbook.toml", "tasks.nl.toml", "logbook.nl.toml"):
        (tmp_path / name).write_bytes((src / name).read_bytes())
    monkeypatch.setattr(texts, "data_dir", lambda: tmp_path)
    load_translations.cache_clear()
    try:
        nl = tmp_path / "tasks.nl.toml"
        good = nl.read_text(encoding="utf-8")
        nl.write_text(good.replace('50 = "Win helemaal geen slag."\n', ""), encoding="utf-8")
        with pytest.raises(DataError, match=r"missing \[50\]"):
            load_translations("nl")
        nl.write_text(good.replace("Win helemaal geen slag.", "Win {n} slagen."), "utf-8")
        with pytest.raises(DataError, match="task 50: placeholders"):
            load_translations("nl")
    finally:
        load_translations.cache_clear()
    assert placeholders("{a} en {b}") == ["{a}", "{b}"]


@pytest.mark.parametrize(
    ("edit", "refused"),
    [
        (('name = "slagen"\n', ""), "topic tricks: a name is needed"),
        (('name = "slagen"', 'name = "Slagen spelen"'), "topic tricks: a name is needed"),
        (('name = "slagen"', 'name = "kaarten"'), "topic tricks: the name 'kaarten' is another"),
        (('name = "slagen"', 'name = "distress"'), "topic tricks: the name 'distress' is another"),
    ],
)
def test_a_rules_topic_needs_a_name_of_its_own(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, edit: tuple[str, str], refused: str
) -> None:
    from crew import texts

    good = texts.rulebook_file("nl").read_text(encoding="utf-8")
    assert good.count(edit[0]) == 1
    bad = tmp_path / "rulebook.nl.toml"
    bad.write_text(good.replace(*edit), encoding="utf-8")
    monkeypatch.setattr(texts, "rulebook_file", lambda lang: bad)
    load_translations.cache_clear()
    try:
        with pytest.raises(DataError, match=refused):
            load_translations("nl")
    finally:
        load_translations.cache_clear()


def _run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    capsys.readouterr()
    code = main(list(args))
    out = capsys.readouterr()
    return code, out.out, out.err


#: Commands whose verdicts must not depend on the language (exit code and --json output).
VERDICTS = [
    ("check", "trick", "P5", "P9", "S1", "G3"),
    ("check", "trick", "B5", "B9", "B1"),
    ("check", "legal", "--hand", "P3 P7 B2 S4", "--trick", "B5"),
    ("check", "legal", "--hand", "P3 P7 B2 S4", "--trick", "G5"),
    ("check", "signal", "--hand", "P3 P7 B2 S4", "P7"),
    ("check", "signal", "--hand", "P3 P7 B2 S4", "B2", "--position", "top"),
    ("check", "signal", "--hand", "P3 P7 B2 S4", "S4"),
    ("tasks", "64"),
    ("missions", "23"),
    ("rules", "communication"),
    ("deal", "--players", "4", "--mission", "5", "--seed", "7"),
    ("deal", "--players", "2", "--mission", "26", "--seed", "x", "--timed"),
    ("tasks",),
    ("tasks", "--players", "3"),
    ("missions",),
    ("rules",),
    ("schema",),
]


@pytest.mark.parametrize("args", VERDICTS, ids=" ".join)
def test_switching_language_changes_no_verdict(
    capsys: pytest.CaptureFixture[str], args: tuple[str, ...]
) -> None:
    en = _run(capsys, "--lang", "en", *args, "--json")
    nl = _run(capsys, "--lang", "nl", *args, "--json")
    assert en[0] == nl[0]
    assert en[1] == nl[1] and json.loads(en[1])  # the same bytes: one JSON document
    human_en = _run(capsys, "--lang", "en", *args)
    human_nl = _run(capsys, "--lang", "nl", *args)
    assert human_en[0] == human_nl[0] == en[0]


@pytest.mark.parametrize("golden", sorted((Path(__file__).parent / "data").glob("*[!d].json")))
def test_verify_gives_the_same_verdict_in_dutch(
    capsys: pytest.CaptureFixture[str], golden: Path
) -> None:
    en = _run(capsys, "--lang", "en", "verify", str(golden), "--json")
    nl = _run(capsys, "--lang", "nl", "verify", str(golden), "--json")
    assert en[0] == nl[0] and json.loads(en[1]) == json.loads(nl[1])
    code, out, _ = _run(capsys, "--lang", "nl", "verify", str(golden))
    assert code == en[0]
    assert "Slagen" in out or "Ongeldige actie" in out or "Er is geen slag" in out


def test_dutch_answers_in_dutch(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = _run(capsys, "--lang", "nl", "check", "trick", "P5", "P9", "S1", "G3")
    assert code == 0
    assert "Winnaar: S1, de 3e gespeelde kaart" in out
    assert "S1 is de enige onderzeeboot (troef) in de slag" in out
    code, out, _ = _run(capsys, "--lang", "nl", "tasks", "64")
    assert "Win meer slagen dan alle andere spelers samen" in out
    code, out, _ = _run(capsys, "--lang", "nl", "check", "legal", "--hand", "roze3 P7 blauw2 S4")
    assert code == 0 and "Openen: elke kaart mag gespeeld worden." in out


def test_dutch_card_words_parse_as_the_letters() -> None:
    from crew.engine.cards import card_str, parse_card

    pairs = {"roze7": "P7", "Blauw 3": "B3", "groen2": "G2", "geel5": "Y5"}
    pairs |= {"onderzeeboot4": "S4", "onderzeeër1": "S1"}
    for word, card in pairs.items():
        assert card_str(parse_card(word)) == card


def test_reason_sentences_translate_and_name_the_seats() -> None:
    from crew.engine.reasons import Reason, illegal

    bad = illegal(Reason.CARD_NOT_IN_HAND, "{card} is not in {seat0}'s hand", 1, card="P5")
    assert bad.message == "P5 is not in seat 1's hand"
    i18n.set_language("nl")
    assert i18n.reason_text(bad, lambda s: "Bob") == "P5 zit niet in de hand van Bob"
    i18n.set_language("en")
    assert i18n.reason_text(bad, lambda s: "Bob") == "P5 is not in Bob's hand"


def test_the_post_mortem_speaks_dutch() -> None:
    from shared_cases import TIMED_RAN_OUT

    from crew.records import parse_record
    from crew.table.postmortem import PREMISE, post_mortem

    i18n.set_language("nl")
    pm = post_mortem(parse_record(TIMED_RAN_OUT), ["Ann", "Bob", "Cas", "Dee"])
    assert pm.text.startswith("Ja: het had gewonnen kunnen worden. Verloren toen de tijd om was")
    assert "was het nog gewonnen" in pm.text and pm.line_from.startswith("vanaf slag 1")
    assert i18n._(PREMISE).startswith("met open kaarten")


OWNER_12 = "task 12: done in 40% of sampled deals with this seat as its owner"


def test_a_said_sentence_is_english_text_that_a_screen_translates() -> None:
    import pickle

    from crew.i18n import Said, said

    why = Said(
        "task {task}: done in {pct}% of sampled deals with this seat as its owner", task=12, pct=40
    )
    both = Said("{a}; {b}", a=why, b=Said("a weak hand"))
    assert both == f"{OWNER_12}; a weak hand"
    assert json.dumps({"why": both}) == json.dumps({"why": f"{OWNER_12}; a weak hand"})
    assert pickle.loads(pickle.dumps(both)) == both
    assert said(both) == both
    i18n.set_language("nl")
    assert said(both) == (
        "opdracht 12: vervuld in 40% van de getrokken verdelingen met deze plaats als eigenaar;"
        " een zwakke hand"
    )
    assert said(pickle.loads(pickle.dumps(both))) == said(both)
    assert str(both) == f"{OWNER_12}; a weak hand"


def test_suggest_json_keeps_the_english_why(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    game = {"format": "crew-record/1", "players": 4, "mission": 1, "seed": 3, "actions": []}
    path = tmp_path / "game.json"
    path.write_text(json.dumps(game), encoding="utf-8")
    seat = next(
        str(s) for s in range(4) if _run(capsys, "suggest", str(path), "--seat", str(s))[0] == 0
    )
    en = _run(capsys, "--lang", "en", "suggest", str(path), "--seat", seat, "--json")
    nl = _run(capsys, "--lang", "nl", "suggest", str(path), "--seat", seat, "--json")
    assert en[0] == nl[0] == 0
    assert json.loads(en[1]) == json.loads(nl[1])
    assert json.loads(nl[1])["why"].startswith("task ")
    words = _run(capsys, "--lang", "nl", "suggest", str(path), "--seat", seat)[1]
    assert "opdracht" in words and "sampled" not in words


def test_solve_and_analyse_speak_dutch(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    game = {"format": "crew-record/1", "players": 4, "mission": 1, "seed": 3, "actions": []}
    path = tmp_path / "game.json"
    path.write_text(json.dumps(game), encoding="utf-8")
    code, out, _err = _run(capsys, "--lang", "nl", "analyse", str(path))
    assert code == 0 and "Kon het gewonnen worden vóór de eerste kaart?" in out
    assert "Open kaarten:" in out and "judged" not in out
    code, out, _err = _run(capsys, "--lang", "nl", "solve", str(path))
    assert "posities doorzocht" in out and "positions" not in out


def test_deal_odds_history_and_card_errors_speak_dutch(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    out = _run(capsys, "--lang", "nl", "deal", "--players", "4", "--mission", "5", "--seed", "7")[1]
    assert "Kapitein:" in out and "Win de eerste slag." in out and "Captain" not in out
    code, _out, err = _run(capsys, "--lang", "nl", "check", "trick", "P5", "P0")
    assert code == 2 and "kaart 2: onbekende kaart 'P0': er is geen roze 0" in err
    assert _run(capsys, "--lang", "nl", "check", "trick", "blauw", "3", "B3")[0] == 2
    monkeypatch.setenv("CREW_HOME", str(tmp_path))
    out = _run(capsys, "--lang", "nl", "history")[1]
    assert out.startswith("Nog geen poging bewaard")


def test_engine_reasons_with_their_values_translate() -> None:
    from crew.engine import Play, new_attempt, why_illegal

    state = new_attempt(4, 1, seed=3)
    bad = why_illegal(state, Play(7, 3))
    assert bad is not None and bad.message == "seat 7 does not exist (seats 0-3)"
    i18n.set_language("nl")
    assert i18n.reason_text(bad, str) == "plaats 7 bestaat niet (plaatsen 0-3)"
    assert bad.code == "BAD_SEAT"


@pytest.mark.parametrize(
    ("args", "dutch", "english"),
    [
        (
            ("play", "--players", "4", "--computers=-1"),
            "--computers: -1 ligt buiten het bereik: geef 0 tot en met 4 (zie crew play --help)",
            "--computers: -1 is out of range: give 0 to 4 (see crew play --help)",
        ),
        (
            ("odds", "--players", "4"),
            "deze opties zijn verplicht: --deals (zie crew odds --help)",
            "the following arguments are required: --deals (see crew odds --help)",
        ),
        (
            ("solve", "x.json", "--timeout", "nan"),
            "'nan': geen aantal seconden; geef 0.01 tot en met 86400 seconden (of 0: geen limiet)",
            "'nan': not a number of seconds; give 0.01 to 86400 seconds (or 0: no limit)",
        ),
        (
            ("play", "--players", "7"),
            "7 spelers: het spel is voor 2 tot 5 spelers",
            "7 players: the game is for 2 to 5 players",
        ),
    ],
)
def test_option_errors_speak_the_players_language(
    capsys: pytest.CaptureFixture[str], args: tuple[str, ...], dutch: str, english: str
) -> None:
    for lang, wanted in (("nl", dutch), ("en", english)):
        capsys.readouterr()
        try:
            code = main(["--lang", lang, *args])
        except SystemExit as exc:
            code = exc.code  # type: ignore[assignment]
        err = capsys.readouterr().err
        assert code == 2 and wanted in err, (lang, err)
