"""Languages: which one the player reads (English or Dutch), and the translated texts.

The language is picked once per run: ``crew --lang``, then ``CREW_LANG``, then the locale
(``LC_ALL``, ``LC_MESSAGES``, ``LANG``, the first one set); a value starting with ``nl`` means
Dutch, anything else English. English is the language of the source: ``_()`` returns its
argument unchanged, and JSON output, records, reason codes and ids never pass through here.

Program texts come from the gettext catalog ``crew/locale/nl/LC_MESSAGES/crew.po`` (a compiled
``crew.mo`` beside it is used when present, otherwise the ``.po`` is compiled in memory with
Babel). Data texts (task cards, the logbook's rules, the rules topics) are kept by id in a Dutch
file beside the English one (:mod:`crew.i18n_data`).

A text with values names them (``_("{name} wins the trick").format(name=...)``) so that a
translation may put them in another order.
"""

from __future__ import annotations

import gettext
import os
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .engine.reasons import Illegal

__all__ = [
    "LANGUAGES",
    "N_",
    "Said",
    "_",
    "detect_language",
    "ended_text",
    "error_text",
    "file_seat",
    "fill",
    "reason_text",
    "language",
    "said",
    "ngettext",
    "set_language",
    "tr",
]

#: The languages crew speaks; the first is the source language.
LANGUAGES = ("en", "nl")

#: Where the catalogs are: ``locale/<lang>/LC_MESSAGES/crew.po``.
LOCALE_DIR = Path(__file__).resolve().parent / "locale"
DOMAIN = "crew"

_ENV_ORDER = ("CREW_LANG", "LC_ALL", "LC_MESSAGES", "LANG")

#: The gettext keywords of crew's sources (``pybabel extract -k ...``, the catalog test): the
#: engine's reason builders take their template as the argument given.
KEYWORDS: dict[str, tuple[int, ...] | None] = {
    "_": None,
    "N_": None,
    "tr": None,
    "ngettext": (1, 2),
    "illegal": (2,),
    "plain": (2,),
    "not_your_turn": (3,),
    "Broken": (1,),
    "Said": (1,),
    "CardError": (1,),
    "MissionError": (1,),
    "SetupError": (1,),
}

_current: str | None = None
_translations: gettext.NullTranslations = gettext.NullTranslations()


def N_(message: str) -> str:
    """Mark a text for translation without translating it now (it is translated where shown)."""
    return message


def detect_language(environ: Mapping[str, str] | None = None) -> str:
    """The language the environment asks for: the first of ``CREW_LANG``, ``LC_ALL``,
    ``LC_MESSAGES`` and ``LANG`` that is set decides (``nl...`` is Dutch, all else English)."""
    env = os.environ if environ is None else environ
    for var in _ENV_ORDER:
        value = env.get(var, "")
        if value:
            return normalise(value)
    return "en"


def normalise(value: str) -> str:
    """``nl``, ``nl_NL.UTF-8``, ``NL-be`` ... give ``nl``; anything else ``en``."""
    return "nl" if value.strip().lower().startswith("nl") else "en"


def set_language(lang: str | None = None) -> str:
    """Use ``lang`` (``None``: what the environment asks for) from now on; returns it."""
    global _current, _translations
    chosen = detect_language() if lang is None else normalise(lang)
    if chosen == _current:
        return chosen
    _translations = load_catalog(chosen)
    _current = chosen
    return chosen


def language() -> str:
    """The language in use (picked from the environment on first use)."""
    if _current is None:
        return set_language(None)
    return _current


def catalog_path(lang: str) -> Path:
    """The ``.po`` source of ``lang``'s catalog."""
    return LOCALE_DIR / lang / "LC_MESSAGES" / f"{DOMAIN}.po"


def load_catalog(lang: str) -> gettext.NullTranslations:
    """The translations of ``lang`` (English: none, the source is English)."""
    if lang == "en":
        return gettext.NullTranslations()
    po = catalog_path(lang)
    mo = po.with_suffix(".mo")
    if mo.is_file() and (not po.is_file() or mo.stat().st_mtime >= po.stat().st_mtime):
        with mo.open("rb") as fh:
            return gettext.GNUTranslations(fh)
    from io import BytesIO

    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    with po.open("rb") as fh:
        catalog = read_po(fh, locale=lang, domain=DOMAIN)
    buf = BytesIO()
    write_mo(buf, catalog)
    buf.seek(0)
    return gettext.GNUTranslations(buf)


def _(message: str) -> str:
    """``message`` in the language in use."""
    if _current is None:
        language()
    if _current == "en" or not message:  # gettext("") is the catalog's header
        return message
    return _translations.gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    """The singular or plural form for ``n``, in the language in use (its plural rule)."""
    if _current is None:
        language()
    if _current == "en":
        return singular if n == 1 else plural
    return _translations.ngettext(singular, plural, n)


def tr(template: str, /, **values: Any) -> str:
    """``_(template)`` with its named placeholders filled in."""
    return _(template).format(**values)


def fill(template: str, seats: Mapping[str, str], values: Sequence[tuple[str, str]]) -> str:
    """An engine template (``{seat0}``, ``{card}``, ...) translated and filled in: its seats as
    given, its values translated where they are words (a colour, a claim), a ``why`` value (a
    reason inside a reason) translated and filled the same way."""
    vals = {k: _(v) for k, v in values}
    if "why" in vals:
        vals["why"] = _(dict(values)["why"]).format(**seats, **vals)
    return _(template).format(**seats, **vals)


def file_seat(tonoja: bool = False) -> Callable[[int], str]:
    """Seats named as records number them (from 0) and the engine's messages name them
    (``seat 0``, ``Tonoja (seat 2)``), in the language in use: for a reason said beside a
    record's ``actions[i]``."""

    def name(seat: int) -> str:
        if tonoja and seat == 2:
            return _("Tonoja (seat {n})").format(n=seat)
        return _("seat {n}").format(n=seat)

    return name


def reason_text(illegal: Illegal, name: Callable[[int], str]) -> str:
    """An engine reason in the language in use, each seat named by ``name(seat)``."""
    if not illegal.template:
        return _(illegal.message)
    seats = {f"seat{i}": name(s) for i, s in enumerate(illegal.seats)}
    return fill(illegal.template, seats, illegal.values)


def error_text(exc: BaseException) -> str:
    """An error's message in the language in use: an engine error that keeps its template and
    values apart (``CardError``, ``MissionError``, ``SetupError``) translated from them, any other
    error as its message says."""
    template = getattr(exc, "template", None)
    if not isinstance(template, str) or not template:
        return str(exc)
    return fill(template, {}, getattr(exc, "values", ()))


def ended_text(
    reason: str,
    template: str,
    seats: Sequence[int],
    values: Sequence[tuple[str, str]],
    name: Callable[[int], str],
) -> str:
    """Why an attempt ended (the state's ``reason``, its template, seats and values), translated."""
    if not template:
        return _(reason)
    return fill(template, {f"seat{i}": name(s) for i, s in enumerate(seats)}, values)


class Said(str):
    """An English sentence that remembers its template and values, so that a screen can say it
    in the language in use (:func:`said`) while everything else (``--json``, records, tests)
    keeps the English text: ``Said("{card} wins", card="P5") == "P5 wins"``. A value that is a
    :class:`Said` itself is translated with it; other values are put in as they are."""

    template: str
    values: tuple[tuple[str, Any], ...]

    def __new__(cls, template: str, /, **values: Any) -> Said:
        self = super().__new__(cls, template.format(**values) if values else template)
        self.template = template
        self.values = tuple(values.items())
        return self

    def __reduce__(self) -> tuple[Any, ...]:
        return (_said_again, (self.template, self.values))


def _said_again(template: str, values: tuple[tuple[str, Any], ...]) -> Said:
    return Said(template, **dict(values))


def said(text: str) -> str:
    """``text`` in the language in use: a :class:`Said` from its template, a plain text looked up
    as it is (unchanged when the catalog does not know it)."""
    if not isinstance(text, Said):
        return _(text)
    if not text.values:
        return _(text.template)
    vals = {k: said(v) if isinstance(v, Said) else v for k, v in text.values}
    return _(text.template).format(**vals)
