"""A computer crewmate's decisions: every one is a function of (view, memory, rng) only.

Cards are chosen by determinized search: deal the unseen cards many times in ways that fit
everything the seat has seen (``sampler``), ask the open-hand solver on each deal which cards
still win, and play the card that wins in the most deals (with ``Settings.infer_plays``, each
deal weighed by how well the partners' cards in the current trick would have fared in their own
decision on it: ``partners``). Task choices, volunteering, giving, predictions and the distress
question use the same sampled deals, judged first with only the tasks decided so far; taking and
assigning a task are then judged on the whole distribution (the open tasks must still find
owners: ``_can_hand_out``, ``_whole_chances``). Signals follow a fixed, readable policy
(``choose_signal``).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace

from crew.engine.actions import (
    Action,
    Assign,
    GiveAll,
    Pass,
    Play,
    Predict,
    Signal,
    Take,
    Volunteer,
)
from crew.engine.cards import (
    SUB,
    SUIT_MASKS,
    card_str,
    mask_of,
    parse_cards,
    suit_of,
    value_of,
)
from crew.engine.enums import Position
from crew.engine.game import apply, legal_actions
from crew.engine.missions import DIST_TWO_VOLUNTEERS, HEAVY_NOISE
from crew.engine.phases.distress import distress_target
from crew.engine.phases.distribution import (
    choosers_after,
    clashing_task,
    may_take,
    may_volunteer,
    volunteers_after,
)
from crew.engine.signals import POSITION_CLAIMS, true_positions
from crew.engine.state import TONOJA, GameState, Phase
from crew.engine.tasks import ONE_OWNER, TWO_OWNERS, get_task, impossible
from crew.engine.view import View
from crew.i18n import Said

from . import partners, search
from .memory import Memory
from .sampler import sample_states
from .settings import AT_THE_TABLE, DEFAULT, Settings

__all__ = [
    "AT_THE_TABLE",
    "DEFAULT",
    "Decision",
    "NothingToDecide",
    "Settings",
    "choose_action",
    "choose_distress",
    "choose_distress_card",
    "choose_signal",
    "controls",
]


class NothingToDecide(ValueError):
    """The seat has no decision to make now (not its turn, or no such choice)."""


#: how useful a signal must be to send it before trick 1 / later (see ``choose_signal``):
#: every true signal narrows the partners' sampled deals, so the measured best is to show the
#: most telling card at the first window (mission 7, 20 deals: 15 won vs 14 with a bar of 2/1)
SIGNAL_BAR = (0.0, 0.0)

#: taking and assigning tasks, judged on the whole distribution: the options that score best
#: with only the tasks decided so far (``_task_chances``) are judged again on the state after
#: the choice, the tasks still open handed out by the solver (the partners' later choices):
#: ``WHOLE_OPTIONS`` of them, on at most ``WHOLE_SAMPLES`` sampled deals (and at most
#: ``WHOLE_PER_SAMPLE`` times the settings' ``task_samples``), with what the first judgement
#: left of the decision's ``task_budget``: each judgement at least ``WHOLE_MIN_NODES`` and at
#: most ``WHOLE_MAX_NODES`` times the settings' ``task_nodes`` positions (fewer deals when the
#: budget is short; none when not one deal fits). With the default settings: 2,000 task nodes,
#: so 4,000 to 10,000 positions a judgement, up to 16 deals
WHOLE_OPTIONS = 6
WHOLE_SAMPLES = 16
WHOLE_PER_SAMPLE = 3
WHOLE_MIN_NODES = 2
WHOLE_MAX_NODES = 5
#: distribution states looked at, at most, when asking whether the open tasks can still be
#: handed out without two that can never both succeed (``_can_hand_out``)
HAND_OUT_STATES = 2_000


@dataclass(frozen=True)
class Decision:
    """What the computer does, and a sentence saying why. ``action`` None: nothing (no signal,
    no distress)."""

    action: Action | None
    why: str
    direction: str | None = None  # the distress vote: "left"/"right", or None to decline
    card: int | None = None  # the distress card to pass
    #: what the decision's search cost: solver nodes, and whether its deadline cut it short
    #: (``search.Context``); not part of what was decided
    spent: int = field(default=0, compare=False)
    cut: bool = field(default=False, compare=False)


def controls(view: View, seat: int) -> bool:
    """Whether ``view.seat`` decides for ``seat`` (itself, or Tonoja when captain)."""
    return view.controller(seat) == view.seat


# ---------------------------------------------------------------------------------------------
# helpers


def _samples(view: View, memory: Memory, rng: random.Random, n: int) -> list[GameState]:
    return sample_states(view, memory, rng, n)


def _legal(view: View, memory: Memory, rng: random.Random) -> tuple[list[Action], GameState]:
    """The legal actions now (they depend on public facts and the own hand only)."""
    state = _samples(view, memory, rng, 1)[0]
    return legal_actions(state), state


def _pick(scores: dict[Action, float], rng: random.Random, prefer: list[Action]) -> Action:
    """The best-scoring action; ties go to the earliest in ``prefer`` (a measured tie-break)."""
    best = max(scores.values())
    tied = [a for a in prefer if a in scores and scores[a] >= best - 1e-9]
    return tied[0] if tied else max(scores, key=lambda a: scores[a])


def _pct(x: float, n: float) -> str:
    return f"{round(100 * x / n)}%" if n else "-"


# ---------------------------------------------------------------------------------------------
# cards


def _play_order(view: View, cards: list[int]) -> list[int]:
    """Tie-break for cards that win equally often: keep control cheaply.

    Following (or discarding): the lowest card first, a submarine last. Leading: the lowest
    colour card of the longest colour first, submarines last.
    """
    hand = mask_of(cards)
    if view.trick:
        return sorted(cards, key=lambda c: (suit_of(c) == SUB, value_of(c), suit_of(c)))

    def lead_key(c: int) -> tuple[int, int, int]:
        length = (hand & SUIT_MASKS[suit_of(c)]).bit_count()
        return (suit_of(c) == SUB, -length, value_of(c))

    return sorted(cards, key=lead_key)


def _cards_of(view: View, seat: int) -> int:
    """The cards this seat sees of the hand ``seat`` plays from: its own, or Tonoja's face-up
    cards when it is her captain."""
    if view.players == 2 and seat == TONOJA:
        return mask_of(c for c in view.tonoja_up if c >= 0)
    return mask_of(view.hand)


def choose_play(
    view: View, memory: Memory, rng: random.Random, cfg: Settings, ctx: search.Context
) -> Decision:
    cards = list(view.playable)
    seat = view.turn
    order = _play_order(view, cards)
    plays: list[Action] = [Play(seat, c) for c in order]
    if len(cards) == 1:
        return Decision(
            plays[0], Said("{card} is the only card that may be played", card=card_str(cards[0]))
        )
    if not memory.usable(view):
        return Decision(plays[0], Said("no search available: the cheapest card"))
    states = _samples(view, memory, rng, cfg.samples)
    nodes = max(cfg.min_nodes, min(cfg.nodes, cfg.budget // (len(states) * len(plays))))
    race = search.Race(len(plays)) if cfg.race else None  # drops cards clearly beaten so far
    weights: list[float] = []  # the deals weighed by what partners played (``partners``)
    weigh = None
    if cfg.infer_plays and view.trick:
        # the partners' sampling is its own search: it does not count in this one's budgets
        inner = search.Context()
        inner.until = ctx.until

        def weigh(st: GameState) -> float:
            w = partners.weight(
                st, seat, cfg.infer_plays, rng, cfg.infer_samples, cfg.infer_nodes, inner
            )
            weights.append(w)
            return w

    scores, judged = search.score_actions(states, plays, nodes, ctx, race, weigh)
    states = states[:judged]  # all of them, unless the deadline came or one card is left
    while len(states) < cfg.max_samples and not ctx.cut:
        if race is not None and race.settled:
            break
        per_deal = ctx.spent / len(states)
        batch = min(cfg.samples, cfg.max_samples - len(states))
        if ctx.spent + per_deal * batch > cfg.wide_budget:
            break
        more = _samples(view, memory, rng, batch)
        got, judged = search.score_actions(more, plays, nodes, ctx, race, weigh)
        for a, x in got.items():
            scores[a] += x
        states += more[:judged]
    if weigh is not None:
        ctx.spent += inner.spent  # what the decision cost in all
    a = _pick(scores, rng, plays)
    assert isinstance(a, Play)
    n = len(states)
    best = scores[a]
    c = card_str(a.card)
    total = n - len(weights) + sum(weights)  # a deal not weighed counts once
    pct_n = {"card": c, "pct": _pct(best, total), "n": n}
    if best <= 0:
        why = Said("no card wins in any of {n} sampled deals; {card} costs least", n=n, card=c)
    else:
        why = Said(
            "{card} still wins in {pct} of {n} deals that fit what this seat has seen", **pct_n
        )
    return Decision(a, why)


# ---------------------------------------------------------------------------------------------
# tasks


def _owned(view: View) -> dict[int, int]:
    return {t.task: t.owner for t in view.tasks if t.owner >= 0}


def _task_chances(
    view: View,
    states: list[GameState],
    options: list[dict[int, int]],
    cfg: Settings,
    ctx: search.Context,
    solves: int = 0,
) -> list[float]:
    """For each owner map (task -> seat, the decided tasks included), the share of sampled deals
    in which those tasks can all be done. Prediction tasks are left out (fixed later).
    ``solves``: how many judgements the whole decision makes (its budget is shared out)."""
    nodes = _task_nodes(cfg, solves or len(options) * len(states))
    laid = [{t: s for t, s in o.items() if get_task(t).prediction is None} for o in options]
    scores, judged = search.score_each(
        states, len(laid), lambda st, k: search.with_tasks(st, laid[k], {}), nodes, ctx
    )
    return [x / max(judged, 1) for x in scores]


def _task_nodes(cfg: Settings, solves: int) -> int:
    """Solver nodes for each of the ``solves`` judgements of one task decision."""
    share = cfg.task_budget // max(solves, 1)
    return max(cfg.min_task_nodes, min(cfg.task_nodes, share))


def _hand_strength(view: View, seat: int) -> float:
    """A rough count of tricks a hand can take (for choices made without the solver)."""
    hand = mask_of(view.hand) if seat == view.seat else 0
    subs = (hand & SUIT_MASKS[SUB]).bit_count()
    high = sum(1 for c in range(36) if hand >> c & 1 and value_of(c) >= 8)
    return subs + 0.6 * high


def _card_fit(hand: int, card: int) -> float:
    """How well ``hand`` can win ``card`` when nobody sees the others' cards (0 to 1).

    A card held wins only in its own trick, as its highest card: the fewer higher cards of its
    colour are out, the likelier. A card not held is won by a higher card of its colour (best
    the top one), or by a submarine once this hand is short in the colour.
    """
    suit = suit_of(card)
    top = 4 if suit == SUB else 9
    same = hand & SUIT_MASKS[suit]
    above = same & ~((2 << card) - 1)
    higher_held = above.bit_count()
    higher_out = top - value_of(card) - higher_held
    if hand >> card & 1:
        return max(0.1, 1.0 - 0.15 * higher_out)
    if higher_held:
        best = value_of(above.bit_length() - 1)
        return min(1.0, 0.5 + 0.1 * higher_held + (0.2 if best == top else 0.0))
    subs = (hand & SUIT_MASKS[SUB]).bit_count()
    if subs and suit != SUB and same.bit_count() <= 2:
        return min(0.6, 0.2 + 0.1 * subs)
    return 0.05


def _named_cards(task: int) -> list[int]:
    """The cards a task names ("win the yellow 9 and the blue 7"); none for most categories."""
    return parse_cards(getattr(get_task(task).card.params, "cards", None) or ())


def _task_fit(view: View, task: int, seat: int) -> float | None:
    """How well the hand of ``seat`` (the own, or Tonoja's face-up cards) fits a task that names
    cards (the mean ``_card_fit`` of them); None for a task that names none."""
    want = _named_cards(task)
    if not want:
        return None
    hand = _cards_of(view, seat)
    return sum(_card_fit(hand, c) for c in want) / len(want)


def _fit_or_strength(view: View, task: int) -> float:
    """``_task_fit``, or for a task naming no card a rough share of the tricks this hand takes
    (the choices made without the solver)."""
    fit = _task_fit(view, task, view.seat)
    return _hand_strength(view, view.seat) / 4 if fit is None else fit


def _whole_deals(cfg: Settings) -> int:
    """How many sampled deals the whole-distribution judgement may weigh (see
    :data:`WHOLE_SAMPLES`)."""
    return min(WHOLE_SAMPLES, WHOLE_PER_SAMPLE * cfg.task_samples)


def _whole_chances(
    states: list[GameState],
    actions: Sequence[Action],
    fallback: list[float],
    cfg: Settings,
    ctx: search.Context,
) -> list[float]:
    """For each action, the share of sampled deals on which the deal can still be won after it
    with the whole distribution still to come: the solver hands out the tasks left open (the
    partners choose by the same rules later) and plays the tricks. A deal the solver leaves
    undecided counts as the action's ``fallback`` (its chance judged with the decided tasks
    only), and so does every deal when the decision's ``task_budget`` has too little left for
    one deal (see :data:`WHOLE_SAMPLES`). Every action on the same deals; a deadline may end
    the judging after the first."""
    left = cfg.task_budget - ctx.spent
    least = WHOLE_MIN_NODES * cfg.task_nodes
    most = WHOLE_MAX_NODES * cfg.task_nodes
    n = min(len(states), _whole_deals(cfg), left // (least * len(actions)))
    if n < 1 or ctx.late():
        return fallback
    nodes = min(most, left // (n * len(actions)))
    total = [0.0] * len(actions)
    judged = 0
    for st in states[:n]:
        if judged and ctx.late():
            break
        judged += 1
        for k, a in enumerate(actions):
            x = search.winnable(apply(st, a)[0], nodes, ctx)
            total[k] += fallback[k] if x == 0.5 else x
    return [x / judged for x in total]


_HANDING_OUT = (Phase.DISTRIBUTE, Phase.VOLUNTEER, Phase.GIVE, Phase.ASSIGN)


def _clash(state: GameState) -> bool:
    """Whether two tasks handed out in ``state`` can never both succeed (the impossible
    combinations of the rules, for one owner or for two)."""
    ids, owners, crew = state.setup.task_ids, state.owners, state.setup.crew
    return any(
        impossible(ids[i], ids[j], crew, ONE_OWNER if owners[i] == owners[j] else TWO_OWNERS)
        for i in range(len(ids))
        if owners[i] >= 0
        for j in range(i)
        if owners[j] >= 0
    )


class _TooMany(Exception):
    """``_can_hand_out`` looked at :data:`HAND_OUT_STATES` states without settling."""


def _can_hand_out(state: GameState) -> bool | None:
    """Whether the tasks still open in ``state`` can be handed out, by the choices the engine
    allows from here (the partners' later takes, passes, answers and assignments), without two
    tasks that can never both succeed: False loses the deal whatever the cards. Public facts
    only (who holds which task, whose turn, the rules). None: not settled within
    :data:`HAND_OUT_STATES` states."""
    seen: set[tuple[object, ...]] = set()

    def visit(st: GameState) -> bool:
        if st.phase not in _HANDING_OUT:
            return not st.result and not _clash(st)
        key = (st.phase, st.owners, st.turn, st.asked, st.volunteers)
        if key in seen:
            return False
        if len(seen) >= HAND_OUT_STATES:
            raise _TooMany
        seen.add(key)
        for a in legal_actions(st):
            if isinstance(a, Take | Assign):
                seat = a.seat if isinstance(a, Take) else a.to
                if clashing_task(st, a.task, seat) is not None:
                    continue  # the engine's warning: this pair can never both succeed
            if visit(apply(st, a)[0]):
                return True
        return False

    try:
        return visit(state)
    except _TooMany:
        return None


def _hopeless(now: GameState, options: Sequence[Action]) -> list[bool]:
    """For each option, whether it leaves the open tasks impossible to hand out without a
    clash (``_can_hand_out`` after it)."""
    return [_can_hand_out(apply(now, a)[0]) is False for a in options]


def _keep_winnable(options: list[int], chance: list[float]) -> list[int]:
    """The options still winnable on some sampled deal, when there is one: a choice that loses
    the deal on every one is never made for a better fit while another keeps it open."""
    alive = [i for i in options if chance[i] > 0]
    return alive or options


def _best_on_the_whole(
    view: View,
    memory: Memory,
    rng: random.Random,
    cfg: Settings,
    ctx: search.Context,
    now: GameState,
    options: Sequence[Action],
    chance: list[float],
    key: Callable[[int], tuple[float, ...]],
    sampled: list[GameState],
) -> int:
    """The best of ``options`` by ``key`` once the few best that leave the open tasks possible to
    hand out (``_hopeless``) are judged again on the whole distribution (``_whole_chances``,
    on ``sampled`` and more deals): their ``chance`` is replaced by that judgement, in place."""
    lost = _hopeless(now, options)
    ranked = sorted(range(len(options)), key=key, reverse=True)
    short = ([i for i in ranked if not lost[i]] or ranked)[:WHOLE_OPTIONS]
    if len(short) > 1:
        chosen = [options[i] for i in short]
        deals = sampled + _samples(view, memory, rng, max(0, _whole_deals(cfg) - len(sampled)))
        whole = _whole_chances(deals, chosen, [chance[i] for i in short], cfg, ctx)
        for i, w in zip(short, whole, strict=True):
            chance[i] = w
        short = _keep_winnable(short, chance)
    return max(short, key=key)


def choose_distribution(
    view: View, memory: Memory, rng: random.Random, cfg: Settings, ctx: search.Context
) -> Decision:
    """Take or pass: the task whose success with this seat as owner is likeliest in the samples,
    compared with the best seat still to choose, plus how well this hand fits a task that names
    cards (``_task_fit``: open hands judge almost any owner able to win a card, people holding
    hidden cards are not); pass when someone later fits clearly better. The few best tasks are
    judged again on the whole distribution (``_whole_chances``): a task that leaves the others
    impossible to hand out is a loss however well it suits this hand."""
    legal, now = _legal(view, memory, rng)
    takes = [a for a in legal if isinstance(a, Take)]
    can_pass = any(isinstance(a, Pass) for a in legal)
    me = view.turn
    if not takes:
        return Decision(Pass(me), Said("no task may be taken"))
    owned = _owned(view)
    later = choosers_after(now)  # the engine's order; public facts only
    states = _samples(view, memory, rng, cfg.task_samples)
    cands_of = [[s for s in later if may_take(now, s, a.task)] for a in takes]
    options = len(takes) + sum(len(c) for c in cands_of)
    partial = states[: max(1, cfg.task_judgements // options)]
    solves = len(partial) * options
    # every option judged on the same deals (a deadline may end the judging early)
    options_of = [[me, *cands] for cands in cands_of]
    pairs = zip(takes, options_of, strict=True)
    flat = [{**owned, a.task: s} for a, who in pairs for s in who]
    ch = _task_chances(view, partial, flat, cfg, ctx, solves)
    mine: list[float] = []
    others: list[float] = []
    for who in options_of:
        mine.append(ch[0])
        others.append(max(ch[1 : len(who)], default=0.0))
        ch = ch[len(who) :]
    fit = [_task_fit(view, a.task, me) for a in takes]
    bonus = [0.0 if f is None else cfg.fit_weight * (f - 0.5) for f in fit]

    def key(i: int) -> tuple[float, int]:
        return (mine[i] - 0.3 * others[i] + bonus[i], -i)

    best_i = _best_on_the_whole(view, memory, rng, cfg, ctx, now, takes, mine, key, states)
    best = takes[best_i]
    if can_pass and all(mine[i] + bonus[i] + 0.15 < others[i] for i in range(len(takes))):
        return Decision(Pass(me), Said("another crew member fits every open task better"))
    task, pct = best.task, round(100 * mine[best_i])
    why = Said(
        "task {task}: done in {pct}% of sampled deals with this seat as its owner",
        task=task,
        pct=pct,
    )
    best_fit = fit[best_i]
    if best_fit is not None:
        pct = round(100 * best_fit)
        why = Said("{why}; this hand can win its cards ({pct}% fit)", why=why, pct=pct)
    return Decision(best, why)


def task_wishes(
    view: View, memory: Memory, rng: random.Random, cfg: Settings = DEFAULT
) -> list[int]:
    """The open tasks this seat would like in a free task choice, best first: the ones done in
    at least half of the sampled deals with this seat as their owner (a hand that fits the
    cards a task names counts too), at most its fair share of the open tasks. Said out loud, so
    the answer is only task numbers, nothing about the cards (rules I4)."""
    me = view.seat
    if view.rules.captain_no_tasks and me == view.captain:
        return []
    open_tasks = [
        t.task
        for t in view.tasks
        if t.owner < 0 and not (me == view.captain and get_task(t.task).captain_may_not_take)
    ]
    if not open_tasks:
        return []
    share = max(1, -(-sum(1 for t in view.tasks if t.owner < 0) // view.seats))
    owned = _owned(view)
    fit = [_task_fit(view, t, me) for t in open_tasks]
    if memory.usable(view):
        states = _samples(view, memory, rng, cfg.task_samples)
        ctx = search.Context(cfg.deadline)
        chance = _task_chances(view, states, [{**owned, t: me} for t in open_tasks], cfg, ctx)
    else:
        chance = [_fit_or_strength(view, t) for t in open_tasks]
    score = [
        c + (0.0 if f is None else cfg.fit_weight * (f - 0.5))
        for c, f in zip(chance, fit, strict=True)
    ]
    ranked = sorted(range(len(open_tasks)), key=lambda i: (-score[i], open_tasks[i]))
    return [open_tasks[i] for i in ranked if score[i] >= 0.5][:share]


def _all_to(view: View, seat: int) -> dict[int, int]:
    return {t.task: seat for t in view.tasks}


def choose_volunteer(
    view: View, memory: Memory, rng: random.Random, cfg: Settings, ctx: search.Context
) -> Decision:
    legal, now = _legal(view, memory, rng)
    me = view.turn
    answers = {a.yes for a in legal if isinstance(a, Volunteer)}
    if len(answers) == 1:
        yes = answers.pop()
        return Decision(Volunteer(me, yes), Said("the only answer allowed"))
    # the engine's order of asking, and who of them may say yes (public facts only)
    later = [s for s in volunteers_after(now) if may_volunteer(now, s)]
    if view.rules.distribution == DIST_TWO_VOLUNTEERS:
        yes = _hand_strength(view, me) >= 2.0
        return Decision(Volunteer(me, yes), Said("hand strength") if yes else Said("a weak hand"))
    if later:
        states = _samples(view, memory, rng, cfg.task_samples)
        ch = _task_chances(view, states, [_all_to(view, s) for s in [me, *later]], cfg, ctx)
        yes = ch[0] >= max(ch[1:]) - 0.05
        return Decision(
            Volunteer(me, yes),
            Said(
                "all tasks done in {pct}% of sampled deals with this seat, best later seat {best}%",
                pct=round(100 * ch[0]),
                best=round(100 * max(ch[1:])),
            ),
        )
    yes = _hand_strength(view, me) >= 2.5
    return Decision(Volunteer(me, yes), Said("hand strength") if yes else Said("a weak hand"))


def choose_give(
    view: View, memory: Memory, rng: random.Random, cfg: Settings, ctx: search.Context
) -> Decision:
    legal, _ = _legal(view, memory, rng)
    gives = [a for a in legal if isinstance(a, GiveAll)]
    humans = [a for a in gives if not (view.players == 2 and a.to == TONOJA)] or gives
    states = _samples(view, memory, rng, cfg.task_samples)
    ch = _task_chances(view, states, [_all_to(view, a.to) for a in humans], cfg, ctx)
    # the giver knows only its own hand: others are judged on random hands, which is fair
    # to them; keeping is preferred on a tie (communication stays open)
    order = sorted(range(len(humans)), key=lambda i: (-ch[i], humans[i].to != view.seat))
    a = humans[order[0]]
    return Decision(
        a, Said("all tasks done in {pct}% of sampled deals", pct=round(100 * ch[order[0]]))
    )


def choose_assign(
    view: View, memory: Memory, rng: random.Random, cfg: Settings, ctx: search.Context
) -> Decision:
    legal, now = _legal(view, memory, rng)
    assigns = [a for a in legal if isinstance(a, Assign)]
    owned = _owned(view)
    states = _samples(view, memory, rng, cfg.task_samples)
    if len(assigns) * len(states) > cfg.task_judgements:
        # two dozen tasks and more (the epilogue): the first task laid out that is still
        # open is given now, to the seat that suits it best; the others come after
        first = next(t.task for t in view.tasks if any(a.task == t.task for a in assigns))
        assigns = [a for a in assigns if a.task == first]
    sampled = states
    states = states[: max(1, cfg.task_judgements // len(assigns))]
    ch = _task_chances(view, states, [{**owned, a.task: a.to} for a in assigns], cfg, ctx)

    def key(i: int) -> tuple[float, bool, int]:
        return (ch[i], assigns[i].to == view.seat, -i)

    # the best few judged again on the whole distribution: the tasks still open must find
    # owners too (``_whole_chances``)
    i = _best_on_the_whole(view, memory, rng, cfg, ctx, now, assigns, ch, key, sampled)
    a = assigns[i]
    values = {"task": a.task, "seat": a.to + 1, "pct": round(100 * ch[i])}
    return Decision(
        a,
        Said("task {task} to seat {seat}: done in {pct}% of sampled deals", **values),
    )


def choose_predict(
    view: View, memory: Memory, rng: random.Random, cfg: Settings, ctx: search.Context
) -> Decision:
    legal, _ = _legal(view, memory, rng)
    preds = [a for a in legal if isinstance(a, Predict) and controls(view, a.seat)]
    if not preds:
        raise NothingToDecide(Said("seat {seat} has no prediction to make", seat=view.seat))
    seat = preds[0].seat
    preds = [a for a in preds if a.seat == seat]
    guess = round(_hand_strength(view, seat)) if seat == view.seat else 1
    preds.sort(key=lambda a: (abs(a.tricks - guess), a.tricks))
    cands = preds[:5]
    states = _samples(view, memory, rng, cfg.task_samples)
    # a partner's prediction still to be made is theirs to fit to the deal: judged without
    # it (a secret one already made is sampled with the deals)
    owned = {
        t: o
        for t, o in _owned(view).items()
        if get_task(t).prediction is None or o == seat or view.predicted[o]
    }
    nodes = _task_nodes(cfg, len(cands) * len(states))

    def predicted(st: GameState, k: int) -> GameState:
        pr = {s: p for s, p in enumerate(st.predictions) if p >= 0}
        pr[cands[k].seat] = cands[k].tricks
        return search.with_tasks(st, owned, pr)

    scores, judged = search.score_each(states, len(cands), predicted, nodes, ctx)
    states = states[:judged]
    i = max(range(len(cands)), key=lambda i: (scores[i], -i))
    return Decision(
        cands[i],
        Said(
            "{n} tricks: all tasks done in {pct} of sampled deals",
            n=cands[i].tricks,
            pct=_pct(scores[i], len(states)),
        ),
    )


def choose_action(
    view: View, memory: Memory, rng: random.Random, cfg: Settings = DEFAULT
) -> Decision:
    """The action for the seat whose turn it is (this seat, or Tonoja for her captain).

    Covers taking or passing a task, volunteering, giving all tasks (a crew or captain choice),
    assigning tasks (free choice, volunteers' split), predictions and cards. Signals and the
    distress signal are asked separately (``choose_signal``, ``choose_distress``).
    """
    if view.result:
        raise NothingToDecide(Said("the attempt is over ({result})", result=Said(view.result)))
    if view.turn >= 0 and not controls(view, view.turn):
        turn, seat = view.turn, view.seat
        raise NothingToDecide(
            Said("it is seat {turn}'s turn, not seat {seat}'s", turn=turn, seat=seat)
        )
    choose = _CHOOSERS.get(view.phase)
    if choose is None:
        raise NothingToDecide(Said("nothing to decide in phase {phase}", phase=repr(view.phase)))
    ctx = search.Context(cfg.deadline)  # this decision's own solver, node count and deadline
    return _costed(choose(view, memory, rng, cfg, ctx), ctx)


def _costed(d: Decision, ctx: search.Context) -> Decision:
    """``d`` with what its search cost."""
    return replace(d, spent=ctx.spent, cut=ctx.cut)


_CHOOSERS = {
    Phase.PLAY: choose_play,
    Phase.DISTRIBUTE: choose_distribution,
    Phase.VOLUNTEER: choose_volunteer,
    Phase.GIVE: choose_give,
    Phase.ASSIGN: choose_assign,
    Phase.PREDICT: choose_predict,
}


# ---------------------------------------------------------------------------------------------
# signals


def _signal_options(view: View) -> list[Signal]:
    """Every card this seat may still show, with its one true token position (the engine's
    claims: the only card of a colour, its highest, its lowest)."""
    hand = mask_of(view.hand)
    shown = {sv.card for sv in view.signals}
    return [
        Signal(view.seat, card, position)
        for card in view.hand
        if card not in shown
        for position in true_positions(hand, card)
    ]


def _task_cards(view: View, owners: set[int]) -> dict[int, int]:
    """Cards named by pending tasks of ``owners``: card -> owner."""
    out: dict[int, int] = {}
    for t in view.tasks:
        if t.owner in owners and t.status == "pending":
            for c in _named_cards(t.task):
                out[c] = t.owner
    return out


def _signal_value(view: View, sig: Signal) -> float:
    others = {s for s in range(view.seats) if s != view.seat}
    theirs = _task_cards(view, others)
    mine = _task_cards(view, {view.seat})
    hand = mask_of(view.hand)
    colour = SUIT_MASKS[suit_of(sig.card)]
    value = 0.0
    if sig.card in theirs:
        value += 3.0  # the owner learns where the card is (and that it comes when led)
    for c in theirs:
        if colour >> c & 1 and c != sig.card:
            # tells the owner whether this hand can over- or under-take that card
            value += 1.0 if hand >> c & 1 else 0.5
    for c in mine:
        if colour >> c & 1 and not hand >> c & 1:
            value += 1.0  # partners learn how this hand stands in the colour this seat needs
    if sig.position == Position.MIDDLE and hand & SUIT_MASKS[SUB]:
        value += 0.5  # soon void, with a trump to take tricks
    if sig.position == Position.TOP and value_of(sig.card) == 9:
        value += 0.5  # a sure winner, telling partners who takes that colour
    return value


def choose_signal(
    view: View, memory: Memory, rng: random.Random, cfg: Settings = DEFAULT
) -> Decision:
    """Whether to communicate now, and what. Called when the communication window before a
    trick is open and this seat may communicate.

    Policy: show the card that tells most about cards named on pending tasks (a task card
    itself, the top or bottom of a colour where a partner needs a card, the colour this seat
    needs); communicate before the first trick when that is clearly useful, later with a lower
    bar, and hold back on shared tokens (heavy noise) unless it matters.
    """
    opts = _signal_options(view)
    if (
        not opts
        or not view.tokens_left[view.seat]
        or not any(t.status == "pending" for t in view.tasks)
    ):
        return Decision(None, Said("nothing worth showing"))
    scored = sorted(opts, key=lambda s: (-_signal_value(view, s), s.card))
    best = scored[0]
    value = _signal_value(view, best)
    bar = SIGNAL_BAR[0] if view.tricks_played == 0 else SIGNAL_BAR[1]
    if view.rules.communication == HEAVY_NOISE:
        bar += 1.0
    # missions 10 and 13: tasks given away close communication after trick 1; now or never
    if view.tricks_played == 0 and view.given_away:
        bar = min(bar, 0.0)
    if value < bar:
        return Decision(None, Said("no card would tell the crew enough now"))
    claim = Said(POSITION_CLAIMS[best.position])
    why = Said("{card} is this hand's {claim} of its colour", card=card_str(best.card), claim=claim)
    return Decision(best, why)


# ---------------------------------------------------------------------------------------------
# distress


def choose_distress(
    view: View, memory: Memory, rng: random.Random, cfg: Settings = DEFAULT
) -> Decision:
    """This seat's vote on the distress signal (a crew decision).

    It costs an attempt in the logbook, so the vote is yes only when the sampled deals say the
    tasks can rarely be done as things stand.
    """
    ctx = search.Context()
    owned = {t.task: t.owner for t in view.tasks if t.owner >= 0 and t.status == "pending"}
    owned = {t: s for t, s in owned.items() if get_task(t).prediction is None}
    if not owned or not memory.usable(view):
        return Decision(None, Said("no need for the distress signal"))
    states = _samples(view, memory, rng, cfg.task_samples)
    ch = _task_chances(view, states, [owned], cfg, ctx)[0]
    if ch < 0.25:
        return _costed(
            Decision(
                None,
                Said(
                    "the tasks look hard (done in {pct}% of sampled deals): send it, left",
                    pct=round(100 * ch),
                ),
                direction="left",
            ),
            ctx,
        )
    said = Said("the tasks are done in {pct}% of sampled deals: no need", pct=round(100 * ch))
    return _costed(Decision(None, said), ctx)


def choose_distress_card(
    view: View, memory: Memory, rng: random.Random, direction: str
) -> Decision:
    """The card this seat passes when the crew sends the distress signal.

    A card a receiver's task names goes to them; otherwise the lowest card of the shortest
    colour (it helps this hand become void and keeps its high cards).
    """
    hand = mask_of(view.hand)
    to = distress_target(view.players, view.seat, direction)
    theirs = _task_cards(view, {to})
    colours = [c for c in range(36) if hand >> c & 1]
    if not colours:
        raise ValueError("a hand of submarines only cannot pass a card")
    gift = [c for c in colours if c in theirs]
    if gift:
        c = gift[0]
        return Decision(
            None, Said("{card} is named on a task of the receiver", card=card_str(c)), card=c
        )

    def key(c: int) -> tuple[int, int]:
        return ((hand & SUIT_MASKS[suit_of(c)]).bit_count(), value_of(c))

    c = min(colours, key=key)
    return Decision(
        None, Said("{card}: the lowest of the shortest colour", card=card_str(c)), card=c
    )
