"""``crew`` in Dutch down to its help and its refusals (issue 24): every ``--help``, argparse's own
words, and the messages that come from the engine (a mission that cannot be dealt, a rules topic
or a mission that does not exist); English unchanged."""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Callable, Iterator

import pytest
from cli_helpers import Run

from crew import i18n

#: argparse's English words, none of which may be left in a Dutch --help
ENGLISH_HEADINGS = (
    "usage:",
    "options:",
    "positional arguments",
    "show this help message",
    "show the version",
    "commands:",
)

#: every command's --help (check's three checks too) and a Dutch phrase it must say
HELP = [
    ((), "Zonder commando opent crew het spel"),
    (("play",), "een oefenspel: tips (h) en terugnemen (u)"),
    (("check",), "controles:"),
    (("check", "trick"), "De eerste kaart opent; de gegeven volgorde is de speelvolgorde"),
    (("check", "legal"), "allemaal bij het openen"),
    (("check", "signal"), "met welke plaats van het fiche"),
    (("deal",), "het begin van een spelverslag"),
    (("verify",), "de eerste ongeldige zet met de reden"),
    (("solve",), "opgeven na S seconden"),
    (("analyse",), "het keerpunt"),
    (("analyze",), "het keerpunt"),
    (("odds",), "hoeveel verdelingen"),
    (("suggest",), "de toevalsseed van de computer"),
    (("selfplay",), "K pogingen spelen met computers op elke plaats"),
    (("tasks",), "een opdrachtnummer, 1-96"),
    (("missions",), "0 intro, 1-32, 33+ epiloog"),
    (("rules",), "een onderwerp; geen: de lijst"),
    (("schema",), "in plaats daarvan één JSON-document afdrukken"),
    (("replay",), "alle handen open"),
    (("history",), "het spelverslag van de poging naar dit nieuwe bestand schrijven"),
    (("logbook",), "alleen deze crew"),
]
HELP_IDS = [" ".join(command) or "crew" for command, _ in HELP]


@pytest.fixture(autouse=True)
def english_after() -> Iterator[None]:
    yield
    i18n.set_language("en")


@pytest.fixture(autouse=True)
def columns(monkeypatch: pytest.MonkeyPatch) -> None:
    """argparse wraps help to the terminal's width: the same width on every machine."""
    monkeypatch.setenv("COLUMNS", "80")


@pytest.mark.parametrize(("command", "dutch"), HELP, ids=HELP_IDS)
def test_every_help_reads_in_dutch(
    crew: Callable[..., Run], command: tuple[str, ...], dutch: str
) -> None:
    r = crew("--lang", "nl", *command, "--help")
    assert r.code == 0 and r.err == ""
    text = " ".join(r.out.split())  # the words, whatever argparse's line breaks
    assert r.out.startswith("gebruik: crew")
    assert "-h, --help deze hulptekst tonen en stoppen" in text
    assert dutch in text, text
    for english in ENGLISH_HEADINGS:
        assert english not in r.out, (english, r.out)
    if command and command != ("check",):  # every command but check takes arguments
        assert "opties:" in r.out


@pytest.mark.parametrize(("command", "_dutch"), HELP, ids=HELP_IDS)
def test_every_help_reads_in_english_otherwise(
    crew: Callable[..., Run], command: tuple[str, ...], _dutch: str
) -> None:
    r = crew(*command, "--help")
    assert r.code == 0 and r.out.startswith("usage: crew")
    assert "  -h, --help" in r.out and "show this help message and exit" in r.out
    assert "options:" in r.out and "gebruik" not in r.out and "opties" not in r.out


SOLVE_HELP = """\
usage: crew solve [-h] [--timeout S] [--json] FILE

Search every choice the crew still has (distribution, predictions, every card)
with all hands open. Communication is ignored, distress is out of scope. Shows
its progress on stderr when that is a terminal; Ctrl-C stops it with what was
decided. Exit 0 winnable, 1 not winnable, 2 bad input, 3 undecided within
--timeout or stopped.

positional arguments:
  FILE         a crew-record/1 JSON file, or - for stdin

options:
  -h, --help   show this help message and exit
  --timeout S  give up after S seconds (0.01-86400, default 20; 0: no limit)
  --json       print one JSON document instead
"""

SOLVE_HELP_NL = """\
gebruik: crew solve [-h] [--timeout S] [--json] BESTAND

Doorzoekt elke keuze die de crew nog heeft (verdelen, voorspellingen, elke
kaart) met alle handen open. Communicatie telt niet mee, het noodsignaal valt
erbuiten. Toont de voortgang op stderr als dat een terminal is; Ctrl-C stopt
met wat beslist was. Exit 0 te winnen, 1 niet te winnen, 2 foute invoer, 3
onbeslist binnen --timeout of gestopt.

positionele argumenten:
  BESTAND      een JSON-bestand in crew-record/1, of - voor stdin

opties:
  -h, --help   deze hulptekst tonen en stoppen
  --timeout S  opgeven na S seconden (0.01-86400, standaard 20; 0: geen
               limiet)
  --json       in plaats daarvan één JSON-document afdrukken
"""


def test_one_help_whole_in_both_languages(crew: Callable[..., Run]) -> None:
    assert crew("solve", "--help").out == SOLVE_HELP
    assert crew("--lang", "nl", "solve", "--help").out == SOLVE_HELP_NL
    assert crew("--lang", "en", "solve", "--help").out == SOLVE_HELP


def test_the_locale_alone_makes_the_help_dutch(
    crew: Callable[..., Run], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("CREW_LANG", "")
    monkeypatch.setenv("LC_ALL", "")
    monkeypatch.setenv("LC_MESSAGES", "")
    monkeypatch.setenv("LANG", "nl_NL.UTF-8")
    top = crew("--help").out
    assert top.startswith("gebruik: crew [-h] [--version] [--lang {en,nl}] COMMANDO ...")
    assert "\ncommando's:\n" in top and "\nvoorbeelden:\n" in top
    assert "crew history                           elke gespeelde poging" in top
    assert "Exitcodes: 0 beantwoord" in top and "examples" not in top
    monkeypatch.setenv("CREW_LANG", "en")  # crew's own variable wins over the locale
    assert crew("--help").out.startswith("usage: crew")


def test_the_help_of_a_real_dutch_process() -> None:
    env = {**os.environ, "CREW_LANG": "", "LC_ALL": "", "LC_MESSAGES": "", "LANG": "nl_NL.UTF-8"}
    env["COLUMNS"] = "80"
    p = subprocess.run(
        [sys.executable, "-m", "crew", "solve", "--help"],
        capture_output=True,
        text=True,
        env=env,
        timeout=60,
    )
    assert p.returncode == 0 and p.stdout == SOLVE_HELP_NL


def test_the_dutch_ranges_of_mission_and_difficulty_are_the_engines(
    crew: Callable[..., Run],
) -> None:
    from crew.engine.draw import highest_difficulty, highest_mission

    text = " ".join(crew("--lang", "nl", "play", "--help").out.split())
    for top in (highest_mission, highest_difficulty):
        words = f"tot en met {top(3)} (2 of 3 spelers), {top(4)} (4), {top(5)} (5)"
        assert words in text, words


#: refusals that come from the engine or from crew's own checks: the command, its Dutch line,
#: its English line (each names what was wrong and where)
REFUSALS = [
    (
        ("deal", "--players", "4", "--mission", "999"),
        "--mission 999: missie 999 bestaat niet voor 4 spelers: ze zou opdrachten trekken tot"
        " moeilijkheidsgraad 984, en alle 96 opdrachtkaarten samen maken 264 (de laatste missie"
        " is 279)",
        "--mission 999: there is no mission 999 for 4 players: it would draw tasks to difficulty"
        " 984, and all 96 task cards together make 264 (the last mission is 279)",
    ),
    (
        ("selfplay", "--players", "2", "--mission", "999", "--games", "1"),
        "--mission 999: missie 999 bestaat niet voor 2 spelers (met Tonoja geteld als 3)",
        "--mission 999: there is no mission 999 for 2 players (counted as 3 with Tonoja)",
    ),
    (
        ("odds", "--players", "4", "--difficulty", "999", "--deals", "1"),
        "--difficulty 999: geen reeks opdrachten haalt moeilijkheidsgraad 999 voor 4 spelers:"
        " alle 96 opdrachtkaarten samen maken 264",
        "--difficulty 999: no task set reaches difficulty 999 for 4 players: all 96 task cards"
        " together make 264",
    ),
    (
        ("deal", "--players", "4", "--mission", "5", "--timed"),
        "--timed: missie 5 is geen real-time missie; ze kan niet met tijd gespeeld worden",
        "--timed: mission 5 is not a real-time mission; it cannot be timed",
    ),
    (
        ("deal", "--players", "4", "--mission", "5", "--difficulty", "3"),
        "--mission 5 --difficulty 3: missie 5 heeft moeilijkheidsgraad 5; een andere"
        " moeilijkheidsgraad (3) is alleen voor vrij spel",
        "--mission 5 --difficulty 3: mission 5 has difficulty 5; a different difficulty (3) is"
        " only for free play",
    ),
    (
        ("rules", "xx"),
        "er is geen onderwerp 'xx' in de spelregels; onderwerpen: overzicht, kaarten, delen",
        "there is no rules topic 'xx'; topics: overview, cards, setup",
    ),
    (
        ("missions", "400"),
        "N: missie 400 bestaat niet: het logboek heeft 0 (intro) tot en met 32 en de epiloog"
        " gaat door zolang de opdrachtkaarten haar moeilijkheidsgraad halen, tot en met missie"
        " 312 (5 spelers; 279 met 4, 244 met 2 of 3)",
        "N: there is no mission 400: the logbook has 0 (intro) to 32 and the epilogue goes on"
        " while the task cards reach its difficulty, up to mission 312 (5 players; 279 with 4,"
        " 244 with 2 or 3)",
    ),
    (
        ("check", "trick", "P5"),
        "de slag: een slag heeft 2 tot 5 kaarten (één per plaats), niet 1: P5",
        "the trick: a trick has 2 to 5 cards (one per seat), got 1: P5",
    ),
    (
        ("check", "signal", "--hand", "P3 P7", "B2"),
        "de kaart: B2 zit niet in de hand (P3 P7); alleen een kaart uit je eigen hand kan"
        " gecommuniceerd worden",
        "the card: B2 is not in the hand (P3 P7); only a card of your own hand can be communicated",
    ),
    (
        ("deal", "--players", "4", "--seed", "a\tb"),
        "--seed: 'a\\tb' bevat stuurtekens; een seed is gewone tekst",
        "--seed: 'a\\tb' contains control characters; a seed is plain text",
    ),
    (
        ("selfplay", "--solver", "3"),
        "dubbelzinnige optie: --solver kan passen bij --solver-nodes, --solver-seconds (zie"
        " crew selfplay --help)",
        "ambiguous option: --solver could match --solver-nodes, --solver-seconds (see crew"
        " selfplay --help)",
    ),
    (
        ("verify", "no-such-file.json"),
        "no-such-file.json: bestand bestaat niet",
        "no-such-file.json: no such file",
    ),
]


@pytest.mark.parametrize(
    ("args", "dutch", "english"), REFUSALS, ids=[" ".join(r[0]) for r in REFUSALS]
)
def test_refusals_speak_the_language_of_the_environment(
    crew: Callable[..., Run],
    monkeypatch: pytest.MonkeyPatch,
    tmp_path: object,
    args: tuple[str, ...],
    dutch: str,
    english: str,
) -> None:
    monkeypatch.setenv("CREW_HOME", str(tmp_path))
    for lang, wanted, other in (("nl", dutch, english), ("en", english, dutch)):
        monkeypatch.setenv("CREW_LANG", lang)
        r = crew(*args)
        assert r.code == 2 and r.out == "", (lang, r)
        assert r.err.startswith("crew: ") and r.err.count("\n") == 1, (lang, r.err)
        assert wanted in r.err and other not in r.err, (lang, r.err)


def test_the_missions_that_exist_are_shown_in_dutch(
    crew: Callable[..., Run], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("CREW_LANG", "nl")
    r = crew("missions", "99")
    assert r.code == 0 and r.out.startswith("Missie 99 (epiloog)")


# -- what the walkthrough in Dutch still found in English or in broken Dutch (issue 48) ------------


def test_rules_topics_are_named_in_dutch_and_the_english_ids_still_work(
    crew: Callable[..., Run],
) -> None:
    listing = crew("--lang", "nl", "rules")
    assert listing.code == 0
    for dutch in ("overzicht", "kaarten", "slagen", "noodsignaal", "twee-spelers", "huisregels"):
        assert f"│ {dutch} " in listing.out, listing.out
    for english in ("overview", "tricks", "distress", "two-players", "house-rulings"):
        assert english not in listing.out
    # the Dutch name and the English id give the same topic; --json keeps the id
    assert (
        crew("--lang", "nl", "rules", "slagen").out == crew("--lang", "nl", "rules", "tricks").out
    )
    assert crew("--lang", "nl", "rules", "slagen").out.startswith("Slagen spelen")
    assert '"topic": "tricks"' in crew("--lang", "nl", "rules", "slagen", "--json").out
    # English knows its ids only, and lists them
    r = crew("rules", "slagen")
    assert r.code == 2 and "topics: overview, cards, setup" in r.err


def test_dutch_words_the_walkthrough_found_wrong(crew: Callable[..., Run]) -> None:
    r = crew("--lang", "nl", "tasks", "abc")
    assert r.code == 2 and "ID: 'abc' is geen geheel getal" in r.err
    r = crew("--lang", "nl", "play", "--players", "x")
    assert r.code == 2 and "'x' is geen aantal spelers (2-5)" in r.err
    r = crew("--lang", "nl", "play", "--mission", "x")
    assert r.code == 2 and "'x' is geen missienummer" in r.err
    assert crew("tasks", "abc").err.startswith("crew: ID: 'abc' is not a whole number")
    top = crew("--lang", "nl", "--help").out
    assert "meteen een spel beginnen (in het spelvenster)" in top and "TUI" not in top


def test_no_dutch_message_says_geen_een() -> None:
    # "is geen {what}" with "een geheel getal" read "is geen een geheel getal"
    catalog = i18n.catalog_path("nl").read_text(encoding="utf-8")
    assert "geen een" not in catalog and "is geen {what}" not in catalog
