"""The parameters of each task category, as written in ``missions/tasks.toml``.

One model per category, told apart by ``category`` (a discriminated union): each model has
exactly the keys its category uses, and loading rejects any other key or an unknown category.
The evaluator that judges a category, and what the search knows about it, are
``JUDGES[category]`` in :mod:`crew.engine.tasks`; each model's docstring names the evaluator too.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal, get_args

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

from .cards import CardError, parse_cards

__all__ = [
    "CATEGORIES",
    "PARAMS_MODELS",
    "ColorAllOrEach",
    "Colour",
    "CompareCaptain",
    "CompareOthers",
    "ConsecutiveTricks",
    "DontOpen",
    "DontWin",
    "EqualTwoColors",
    "EvenOddTrick",
    "FirstLastTricks",
    "MoreColorThan",
    "NTricks",
    "PredictTricks",
    "Submarine",
    "TaskParams",
    "TrickAllAboveBelow",
    "TrickSum",
    "WinNOfColor",
    "WinNOfValue",
    "WinSpecificCards",
    "WinWithCard",
]

#: A colour letter (coloured cards only; submarines are never "a colour" on a task card).
Colour = Literal["P", "B", "G", "Y"]
#: A coloured card value.
Value = Annotated[int, Field(ge=1, le=9)]
#: Per crew size 3, 4 and 5 (two players with Tonoja use the first).
PerCrew = tuple[int, int, int]
Mode = Literal["at_least", "exactly"]


def _cards(v: tuple[str, ...]) -> tuple[str, ...]:
    if not v:
        raise ValueError("name at least one card")
    try:
        parse_cards(v)
    except CardError as exc:
        raise ValueError(str(exc)) from None
    return v


class _Params(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class WinSpecificCards(_Params):
    """Win every card named (tasks 1-16); with ``trick = "last"``, win the first card in the
    final trick (task 16). Judged by ``tasks_won._win_specific_cards``."""

    category: Literal["win_specific_cards"]
    cards: tuple[str, ...]
    trick: Literal["last"] | None = None

    _check_cards = field_validator("cards")(_cards)

    @model_validator(mode="after")
    def _last_names_one(self) -> WinSpecificCards:
        if self.trick == "last" and len(self.cards) != 1:
            raise ValueError('trick = "last" takes exactly one card')
        return self


class WinNOfValue(_Params):
    """Win ``count`` (at least or exactly) coloured cards of ``value``. Judged by
    ``tasks_won._win_n_of_value``."""

    category: Literal["win_n_of_value"]
    value: Value
    count: int = Field(ge=0)
    mode: Mode


class WinNOfColor(_Params):
    """Win ``count`` cards of ``color``, or for each colour in ``counts`` that many (at least
    or exactly). Judged by ``tasks_won._win_n_of_color``."""

    category: Literal["win_n_of_color"]
    color: Colour | None = None
    count: int | None = Field(default=None, ge=0)
    counts: dict[Colour, Annotated[int, Field(ge=0)]] | None = None
    mode: Mode

    @model_validator(mode="after")
    def _one_form(self) -> WinNOfColor:
        single = self.color is not None and self.count is not None
        if single == (self.counts is not None) or (self.color is None) != (self.count is None):
            raise ValueError("give either color and count, or counts")
        return self

    def parts(self) -> dict[Colour, int]:
        """Colour -> how many, in either form."""
        if self.counts is not None:
            return dict(self.counts)
        assert self.color is not None and self.count is not None
        return {self.color: self.count}


class DontWin(_Params):
    """Win none of the cards of ``colors`` and no coloured card of ``values``. Judged by
    ``tasks_won._dont_win``."""

    category: Literal["dont_win"]
    colors: tuple[Colour, ...] = ()
    values: tuple[Value, ...] = ()

    @model_validator(mode="after")
    def _something(self) -> DontWin:
        if not self.colors and not self.values:
            raise ValueError("name colors or values")
        return self


class ColorAllOrEach(_Params):
    """Win at least one card of each colour, or all nine of one colour. Judged by
    ``tasks_won._color_all_or_each``."""

    category: Literal["color_all_or_each"]
    mode: Literal["each_color", "all_of_one_color"]


class FirstLastTricks(_Params):
    """Win the tricks in ``win`` (numbers from 1, or ``"last"``), lose those in ``lose``;
    ``only``: win no other trick. Judged by ``tasks_counted._first_last_tricks``."""

    category: Literal["first_last_tricks"]
    win: tuple[Annotated[int, Field(ge=1)] | Literal["last"], ...] = ()
    lose: tuple[Annotated[int, Field(ge=1)], ...] = ()
    only: bool = False

    @model_validator(mode="after")
    def _something(self) -> FirstLastTricks:
        if not self.win and not self.lose:
            raise ValueError("name tricks to win or to lose")
        if self.only and not self.win:
            raise ValueError("only = true needs tricks to win")
        return self


class NTricks(_Params):
    """Win exactly ``count`` tricks. Judged by ``tasks_counted._n_tricks``."""

    category: Literal["n_tricks"]
    count: int = Field(ge=0)


class ConsecutiveTricks(_Params):
    """Runs of won tricks: a run of ``run`` at least once (``at_least_once``), never a run of
    ``run`` (``never``), or exactly ``run`` tricks in all, won in a row (``exactly``). Judged by
    ``tasks_counted._consecutive_tricks``."""

    category: Literal["consecutive_tricks"]
    run: int = Field(ge=2)
    mode: Literal["at_least_once", "never", "exactly"]


class CompareCaptain(_Params):
    """Win more, fewer or as many tricks as the captain. Judged by
    ``tasks_counted._compare_captain``."""

    category: Literal["compare_captain"]
    op: Literal["more", "fewer", "equal"]


class CompareOthers(_Params):
    """Win more (fewer) tricks than every other seat, or ``need`` tricks (a majority of the
    tricks, per crew size) for more than all others combined. Judged by
    ``tasks_counted._compare_others``."""

    category: Literal["compare_others"]
    op: Literal["more_than_each", "fewer_than_each", "more_than_sum"]
    need: PerCrew | None = None

    @model_validator(mode="after")
    def _need(self) -> CompareOthers:
        if (self.op == "more_than_sum") != (self.need is not None):
            raise ValueError('need is given exactly when op = "more_than_sum"')
        return self


class TrickAllAboveBelow(_Params):
    """Win a trick whose cards are all above (``gt``) or all below (``lt``) ``value``; no
    submarine may be in it. Judged by ``tasks_trick._trick_all_above_below``."""

    category: Literal["trick_all_above_below"]
    op: Literal["gt", "lt"]
    value: Value


class TrickSum(_Params):
    """Win a trick whose total is above (``gt``) or below (``lt``) the crew size's threshold,
    or one of ``values`` (``in``); no submarine may be in it. Judged by
    ``tasks_trick._trick_sum``."""

    category: Literal["trick_sum"]
    op: Literal["gt", "lt", "in"]
    thresholds: PerCrew | None = None
    values: tuple[int, ...] | None = None

    @model_validator(mode="after")
    def _form(self) -> TrickSum:
        if (self.op == "in") != (self.values is not None):
            raise ValueError('values is given exactly when op = "in"')
        if (self.op != "in") != (self.thresholds is not None):
            raise ValueError('thresholds is given exactly when op is "gt" or "lt"')
        return self


class EvenOddTrick(_Params):
    """Win a trick of only even (odd) cards; no submarine may be in it. Judged by
    ``tasks_trick._even_odd_trick``."""

    category: Literal["even_odd_trick"]
    parity: Literal["even", "odd"]


class WinWithCard(_Params):
    """Win a trick with a coloured card of value ``play`` (or a submarine), optionally
    capturing a coloured card of value ``capture`` (another one when ``capture_other_card``)
    or, with a submarine, the card ``capture``. Judged by ``tasks_trick._win_with_card``."""

    category: Literal["win_with_card"]
    play: Value | Literal["submarine"]
    capture: Value | str | None = None
    capture_other_card: bool = False

    @model_validator(mode="after")
    def _capture(self) -> WinWithCard:
        if self.play == "submarine":
            if not isinstance(self.capture, str):
                raise ValueError("a submarine play names the card to capture, e.g. 'P7'")
            _cards((self.capture,))
        elif isinstance(self.capture, str):
            raise ValueError("a coloured play captures a value 1-9")
        if self.capture_other_card and self.capture != self.play:
            raise ValueError("capture_other_card needs capture equal to play")
        return self


class DontOpen(_Params):
    """Never lead a trick with a card of ``colors``. Judged by ``tasks_counted._dont_open``
    (after a trick) and ``tasks_counted._dont_open_on_lead`` (the moment the owner leads)."""

    category: Literal["dont_open"]
    colors: tuple[Colour, ...] = Field(min_length=1)


class PredictTricks(_Params):
    """Predict the number of tricks before the first trick and win exactly that many; the
    number is shown to everyone (``public``) or only to its owner (``secret``). Judged by
    ``tasks_counted._predict_tricks``; ``visibility`` is read by ``view.view_for``."""

    category: Literal["predict_tricks"]
    visibility: Literal["public", "secret"]


class EqualTwoColors(_Params):
    """Win as many cards of one of ``colors`` as of the other, at least ``min_each`` of each:
    in one trick (submarines may be in it) or over the mission. Judged by
    ``tasks_won._equal_two_colors``."""

    category: Literal["equal_two_colors"]
    colors: tuple[Colour, Colour]
    scope: Literal["one_trick", "mission"]
    min_each: int = Field(ge=1)


class MoreColorThan(_Params):
    """At the end, more cards of ``more`` than of ``than`` (none of ``than`` is fine). Judged
    by ``tasks_won._more_color_than``."""

    category: Literal["more_color_than"]
    more: Colour
    than: Colour


class Submarine(_Params):
    """Submarines: win the submarines in ``cards`` (``no_other_submarine``: and no other), or
    ``count`` submarines exactly. Judged by ``tasks_won._submarine``."""

    category: Literal["submarine"]
    cards: tuple[str, ...] | None = None
    no_other_submarine: bool = False
    count: int | None = Field(default=None, ge=0, le=4)
    mode: Literal["exactly"] | None = None

    @model_validator(mode="after")
    def _form(self) -> Submarine:
        if self.cards is not None:
            _cards(self.cards)
            if not all(c >= 36 for c in parse_cards(self.cards)):
                raise ValueError("cards must be submarines")
            if self.count is not None or self.mode is not None:
                raise ValueError("give either cards, or count and mode")
        elif self.count is None or self.mode is None or self.no_other_submarine:
            raise ValueError("give either cards, or count and mode")
        return self


TaskParams = Annotated[
    WinSpecificCards
    | WinNOfValue
    | WinNOfColor
    | DontWin
    | ColorAllOrEach
    | FirstLastTricks
    | NTricks
    | ConsecutiveTricks
    | CompareCaptain
    | CompareOthers
    | TrickAllAboveBelow
    | TrickSum
    | EvenOddTrick
    | WinWithCard
    | DontOpen
    | PredictTricks
    | EqualTwoColors
    | MoreColorThan
    | Submarine,
    Field(discriminator="category"),
]


def _category_of(model: Any) -> str:
    return str(get_args(model.model_fields["category"].annotation)[0])


#: Category -> its parameter model (the members of ``TaskParams``).
PARAMS_MODELS: dict[str, type[BaseModel]] = {
    _category_of(m): m for m in get_args(get_args(TaskParams)[0])
}

#: Every category, in the order of the cards.
CATEGORIES: tuple[str, ...] = tuple(PARAMS_MODELS)
