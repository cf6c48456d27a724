"""Perfect-information cuts: a branch is lost before the engine can say so publicly.

The engine decides a task failed only from public information (ruling 14). With every hand
open the solver can often see the failure earlier. Which facts apply to a task is stated by its
category beside its evaluator (:class:`~crew.engine.task_base.Cut` in the task's
``Knowledge``); each kind of fact is a class of :mod:`crew.solver.cuts` that checks it against a
position. This module gathers the cuts of one search form by the checks they join
(:func:`cuts_for`) and runs those checks at the start of a trick (:func:`certainly_lost`):

- alone: the cards left make a task impossible (the cards a one-trick task needs, the
  submarines a task must capture);
- against the tricks a seat surely wins with its submarines: a seat may be capped below them;
- captured cards: every card goes to one seat at most (an owner needing as many cards of a
  kind as are left for it, or all of the one colour left to it, must take each of them), and
  every trick an owner must win to capture one takes a card of its own that can win it (a
  submarine, only a higher one); a card kept for the last trick lets no more tricks be led in
  its suit before it than its holder can follow, and an owner capturing its own card needs a
  trick led in that suit;
- submarines: one its holder must play needs a seat allowed to take it, and an owner needing
  so many can count only those no other seat must take;
- trick counts: the final counts the pending tasks allow must add up to the tricks (a task
  judged on them makes its owner win at least the fewest that can satisfy it, and lets each
  seat win no more than some whole vector gives it), the cards still to be played need seats
  allowed to take them, with tricks enough, a seat whose tricks are capped has room for no
  more than so many cards of each seat, and one that must win so many tricks needs that many
  cards it may take from each seat; a seat that
  can win no trick it leads (one more trick at most, or never two in a row) wins with a card of
  its own only in a trick another seat leads lower, and its one more trick must hold all it
  still needs, its leader winning it when every card is of another colour;
- a mission condition that limits the leads: the tricks left must be playable at all, each
  opened by a card it allows (:mod:`.cuts.leads`, once no task is pending).

Each cut is a consequence of the rules, never a rule of its own, and the tests check each kind
on its own, and the solver with all of them, against a plain search without them.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from crew.engine.cards import DECK_MASK
from crew.engine.search import Node, SearchForm
from crew.engine.task_base import PENDING, Cut, CutKind

from .cuts.base import Stage, TaskCut
from .cuts.captures import (
    CaptureCut,
    Captures,
    CapturesAtLeast,
    CapturesAtMost,
    CapturesOneOf,
    WinsWithSubmarine,
    captures_lost,
    ledger_of,
)
from .cuts.counts import FinalCounts, LeadsOnly, MostTricks, OnlyTricks, WinTricks
from .cuts.leads import LeadFlow, lead_flow
from .cuts.one_trick import EverySeat, OthersHold, OwnCard, TrickTotal
from .cuts.own_cards import LastTrick, winners_clash
from .cuts.runs import Run, most_without_run
from .cuts.slots import MoreThan
from .cuts.sub_covers import submarine_nowhere
from .cuts.submarines import (
    MostSubmarines,
    NeedsSubmarines,
    OnlySubmarine,
    least_submarine_tricks,
    submarine_tricks,
    sure_submarines,
)
from .cuts.vector import counts_fit

__all__ = [
    "Cuts",
    "certainly_lost",
    "cut_of",
    "cuts_for",
    "least_submarine_tricks",
    "most_without_run",
    "submarine_tricks",
    "sure_submarines",
]


@dataclass
class Cuts:
    """The cuts that apply to one search form, by the checks they join (a cut may join
    several; see :class:`~crew.solver.cuts.base.Stage`)."""

    cards: list[TaskCut] = field(default_factory=list)  # alone, against the cards left
    counts: list[TaskCut] = field(default_factory=list)  # against sure submarine tricks
    sure: list[TaskCut] = field(default_factory=list)  # against the sure submarines
    captures: list[CaptureCut] = field(default_factory=list)  # who (may not) capture which
    bars: list[TaskCut] = field(default_factory=list)  # who may win no more subs or tricks
    vector: list[TaskCut] = field(default_factory=list)  # final trick-count vectors
    leads: int = DECK_MASK  # the cards any seat may lead (a mission condition)
    flow: LeadFlow | None = None  # the tricks left played with those leads only
    memo: dict[tuple[object, ...], bool] = field(default_factory=dict)
    #: per seat, the most more tricks some whole count vector allows (empty: none does),
    #: remembered per position's bounds (:func:`.cuts.vector.counts_fit`)
    spans: dict[tuple[object, ...], tuple[int, ...]] = field(default_factory=dict)

    def __bool__(self) -> bool:
        return bool(
            self.cards
            or self.counts
            or self.sure
            or self.captures
            or self.bars
            or self.vector
            or self.leads != DECK_MASK
        )

    def add(self, cut: TaskCut) -> None:
        """File ``cut`` under every check it joins."""
        stages = cut.STAGES
        if stages & Stage.CARDS:
            self.cards.append(cut)
        if stages & Stage.COUNT:
            self.counts.append(cut)
        if stages & Stage.SURE:
            self.sure.append(cut)
        if isinstance(cut, CaptureCut) and stages & Stage.CAPTURES:
            self.captures.append(cut)
        if stages & Stage.BARS:
            self.bars.append(cut)
        if stages & Stage.VECTOR:
            self.vector.append(cut)


def cuts_for(form: SearchForm, kinds: frozenset[CutKind] | None = None) -> Cuts:
    """The cuts of every task given out in ``form`` (a prediction not fixed yet has none) and
    of the mission's conditions; with ``kinds``, only the tasks' cuts of these kinds (to check
    a kind on its own)."""
    out = Cuts()
    for i, task in enumerate(form.tasks):
        owner = form.owners[i]
        if owner < 0 or i in form.offered:  # a task offered to several: none must be done
            continue
        for fact in task.know.cuts:
            if kinds is not None and fact.kind not in kinds:
                continue
            cut = cut_of(form, i, owner, fact)
            if cut is not None:
                out.add(cut)
    if kinds is None:  # the mission's conditions too
        for cond in form.judged:
            out.leads &= cond.leads
        if out.leads != DECK_MASK:
            out.flow = lead_flow(form, out.leads)
    if out.leads == DECK_MASK and all(c.CAPS_ONLY for c in out.vector):
        out.vector = []  # upper bounds alone are checked by the count cuts
    return out


def cut_of(form: SearchForm, i: int, owner: int, fact: Cut) -> TaskCut | None:
    """The check of ``fact``, a fact declared by task ``i`` of ``form`` (owned by ``owner``);
    None when it says nothing yet (a prediction still open)."""
    kind = fact.kind
    if kind == CutKind.MOST_TRICKS:
        count = fact.count
        if count < 0:  # the owner's prediction
            if i in form.free or form.predictions[owner] < 0:
                return None
            count = form.predictions[owner]
        return MostTricks(i, owner, count)
    if kind == CutKind.ONLY_TRICKS:
        return OnlyTricks(i, owner, _numbered(form, fact.tricks))
    if kind == CutKind.WIN_TRICKS:
        return WinTricks(i, owner, _numbered(form, fact.tricks), fact.lose)
    if kind == CutKind.RUN:
        if fact.mode is None:
            raise ValueError(f"task {i}: a run cut needs a mode ({fact!r})")
        return Run(i, owner, fact.count, fact.mode)
    if kind == CutKind.MOST_SUBMARINES:
        return MostSubmarines(i, owner, fact.count)
    if kind == CutKind.ONLY_SUBMARINE:
        return OnlySubmarine(i, owner, fact.cards)
    if kind == CutKind.NEEDS_SUBMARINES:
        return NeedsSubmarines(i, owner, fact.count, fact.cards)
    if kind == CutKind.OWN_CARD:
        return OwnCard(i, owner, fact.cards, form.tasks[i].know.trick)
    if kind == CutKind.EVERY_SEAT:
        return EverySeat(i, owner, fact.cards)
    if kind == CutKind.TRICK_TOTAL:
        if fact.op is None:
            raise ValueError(f"task {i}: a trick-total cut needs an op ({fact!r})")
        return TrickTotal(i, owner, fact.op, fact.limits, form.setup.crew)
    if kind == CutKind.FINAL_COUNTS:
        return None if i in form.free else FinalCounts(i, owner, form.tasks[i].evaluate)
    if kind == CutKind.LEADS_ONLY:
        return LeadsOnly(i, owner, fact.cards)
    if kind == CutKind.CAPTURES:
        return Captures(i, owner, fact.cards)
    if kind == CutKind.CAPTURES_AT_MOST:
        return CapturesAtMost(i, owner, fact.cards, fact.count)
    if kind == CutKind.CAPTURES_AT_LEAST:
        return CapturesAtLeast(i, owner, fact.cards, fact.count)
    if kind == CutKind.OTHERS_HOLD:
        return OthersHold(i, owner, fact.cards)
    if kind == CutKind.WINS_WITH_SUBMARINE:
        return WinsWithSubmarine(i, owner, fact.cards)
    if kind == CutKind.MORE_THAN:
        return MoreThan(i, owner, fact.cards, fact.sets[0])
    if kind == CutKind.LAST_TRICK:
        # Tonoja need not follow suit with her face-down cards
        return None if form.tonoja else LastTrick(i, owner, fact.cards, form.total)
    return CapturesOneOf(i, owner, fact.sets)  # CAPTURES_ONE_OF


def _numbered(form: SearchForm, tricks: frozenset[int]) -> frozenset[int]:
    """Trick numbers with 0 (the last trick) made the last trick's number."""
    return frozenset(form.total if t == 0 else t for t in tricks)


def certainly_lost(form: SearchForm, cuts: Cuts, node: Node) -> bool:
    """True when some pending task can no longer be done whatever the crew plays (at the
    start of a trick)."""
    status = node.status
    ledger = ledger_of(cuts.captures, node) if cuts.captures else None
    for cut in cuts.cards:
        if status[cut.task] == PENDING:
            barred = ledger.kept_out(cut.owner) if ledger is not None else 0
            if cut.lost_alone(form, node, barred):
                return True
    least: dict[int, int] = {}
    for cut in cuts.counts:
        if status[cut.task] != PENDING:
            continue
        owner = cut.owner
        if owner not in least:
            least[owner] = least_submarine_tricks(form, node, owner)
        if cut.over_least(node, least[owner]):
            return True
    if cuts.sure:
        seat, sure, count = sure_submarines(form, node)
        if seat >= 0:
            for cut in cuts.sure:
                if cut.owner == seat and status[cut.task] == PENDING:
                    if cut.over_sure(form, node, sure, count):
                        return True
    if ledger is not None:
        if captures_lost(cuts.captures, node, ledger) or winners_clash(form, node, ledger.claims):
            return True
        if submarine_nowhere(form, node, cuts.bars, ledger.full, ledger.claims, ledger.sub_wins):
            return True
    elif cuts.bars and submarine_nowhere(form, node, cuts.bars, {}, {}):
        return True
    if cuts.flow is not None and cuts.flow.lost(form, node):
        return True
    if not cuts.vector and cuts.leads == DECK_MASK:
        return False
    return not counts_fit(form, node, cuts.vector, ledger, cuts.leads, cuts.memo, cuts.spans)
