"""Task choices, volunteering, giving, assigning and predictions, judged on sampled deals with
only the tasks decided so far; taking and assigning a task are then judged on the whole
distribution (the open tasks must still find owners: ``can_hand_out``, ``_whole_chances``).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from crew.engine.actions import (
    Action,
    Assign,
    GiveAll,
    Pass,
    Predict,
    Take,
    Volunteer,
)
from crew.engine.cards import (
    COLOR_CARDS_MASK,
    SUB,
    SUIT_MASKS,
    cards_in,
    mask_of,
    parse_cards,
    suit_of,
    value_of,
)
from crew.engine.game import apply
from crew.engine.handing_out import can_hand_out, doomed_hand_out
from crew.engine.missions import DIST_TWO_VOLUNTEERS
from crew.engine.phases.distribution import (
    choosers_after,
    may_take,
    may_volunteer,
    volunteers_after,
)
from crew.engine.state import TONOJA, GameState
from crew.engine.tasks import get_task
from crew.engine.view import View
from crew.i18n import Said

from . import search
from .common import (
    Decision,
    NothingToDecide,
    controls,
    hand_of,
    legal_now,
    share_str,
)
from .memory import Memory
from .sampler import sample_states
from .settings import DEFAULT, Settings

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


def _owned(view: View) -> dict[int, int]:
    return {t.task: t.owner for t in view.tasks if t.owner >= 0}


def task_chances(
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
    nodes = task_nodes(cfg, solves or len(options) * len(states))
    laid = [{t: s for t, s in o.items() if get_task(t).prediction is None} for o in options]
    scores, judged = search.score_each(
        states, len(laid), lambda st, k: search.with_tasks(st, laid[k], {}), nodes, ctx
    )
    return [x / max(judged, 1) for x in scores]


def task_nodes(cfg: Settings, solves: int) -> int:
    """Solver nodes for each of the ``solves`` judgements of one task decision."""
    share = cfg.task_budget // max(solves, 1)
    return max(cfg.min_task_nodes, min(cfg.task_nodes, share))


def _hand_strength(view: View, seat: int) -> float:
    """A rough count of tricks a hand can take (for choices made without the solver)."""
    hand = mask_of(view.hand) if seat == view.seat else 0
    subs = (hand & SUIT_MASKS[SUB]).bit_count()
    high = sum(1 for c in cards_in(hand & COLOR_CARDS_MASK) if value_of(c) >= 8)
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


def named_cards(task: int) -> list[int]:
    """The cards a task names ("win the yellow 9 and the blue 7"); none for most categories."""
    return parse_cards(getattr(get_task(task).card.params, "cards", None) or ())


def _task_fit(view: View, task: int, seat: int) -> float | None:
    """How well the hand of ``seat`` (the own, or Tonoja's face-up cards) fits a task that names
    cards (the mean ``_card_fit`` of them); None for a task that names none."""
    want = named_cards(task)
    if not want:
        return None
    hand = hand_of(view, seat)
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
            total[k] += fallback[k] if x == search.UNDECIDED else x
    return [x / judged for x in total]


def _first_hopeful(
    now: GameState, options: Sequence[Action], ranked: list[int], n: int
) -> list[int]:
    """The first ``n`` of ``ranked`` (indices into ``options``) that do not leave the open tasks
    impossible to hand out without a clash (the engine's ``can_hand_out`` after it), asked in
    that order and no further than needed; the first ``n`` of ``ranked`` when every one does."""
    out: list[int] = []
    for i in ranked:
        if can_hand_out(apply(now, options[i])[0]) is not False:
            out.append(i)
            if len(out) == n:
                break
    return out or ranked[:n]


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
    hand out (``_first_hopeful``) are judged again on the whole distribution (``_whole_chances``,
    on ``sampled`` and more deals): their ``chance`` is replaced by that judgement, in place."""
    ranked = sorted(range(len(options)), key=key, reverse=True)
    short = _first_hopeful(now, options, ranked, WHOLE_OPTIONS)
    if len(short) > 1:
        chosen = [options[i] for i in short]
        deals = sampled + sample_states(view, memory, rng, max(0, _whole_deals(cfg) - len(sampled)))
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
    legal, now = legal_now(view, memory, rng)
    takes = [a for a in legal if isinstance(a, Take)]
    can_pass = any(isinstance(a, Pass) for a in legal)
    me = view.turn
    if not takes:
        return Decision(Pass(me), Said("no task may be taken"))
    owned = _owned(view)
    later = choosers_after(now)  # the engine's order; public facts only
    states = sample_states(view, memory, rng, cfg.task_samples)
    cands_of = [[s for s in later if may_take(now, s, a.task)] for a in takes]
    options = len(takes) + sum(len(c) for c in cands_of)
    partial = states[: max(1, cfg.task_judgements // options)]
    solves = len(partial) * options
    # every option judged on the same deals (a deadline may end the judging early)
    options_of = [[me, *cands] for cands in cands_of]
    pairs = zip(takes, options_of, strict=True)
    flat = [{**owned, a.task: s} for a, who in pairs for s in who]
    ch = task_chances(view, partial, flat, cfg, ctx, solves)
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
    # a doomed choice is made only when every choice is (the engine's check, public facts)
    doomed = doomed_hand_out(apply(now, best)[0])
    if doomed is not None and len(doomed) == 2:
        why = Said(
            "{why}; every choice here loses the attempt (#{a} and #{b} can never both succeed)",
            why=why,
            a=doomed[0],
            b=doomed[1],
        )
    elif doomed is not None:
        why = Said(
            "{why}; every choice here loses the attempt ({tasks} can never all succeed)",
            why=why,
            tasks=", ".join(f"#{t}" for t in doomed),
        )
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
        states = sample_states(view, memory, rng, cfg.task_samples)
        ctx = search.Context(cfg.deadline)
        chance = task_chances(view, states, [{**owned, t: me} for t in open_tasks], cfg, ctx)
    else:
        chance = [_fit_or_strength(view, t) for t in open_tasks]
    score = [
        c + (0.0 if f is None else cfg.fit_weight * (f - 0.5))
        for c, f in zip(chance, fit, strict=True)
    ]
    ranked = sorted(range(len(open_tasks)), key=lambda i: (-score[i], open_tasks[i]))
    return [open_tasks[i] for i in ranked if score[i] >= 0.5][:share]


#: free task choice, table talk in turns (``task_claims``): a seat says a task when it still
#: expects the tasks said so far to be done with that one added in at least this share of the
#: sampled deals where they are done without it (its fit counted as in ``task_wishes``)
CLAIM_BAR = 0.5


def task_claims(
    asked: Sequence[tuple[int, View, Memory, random.Random]],
    allowed: dict[int, tuple[int, ...]],
    cfg: Settings = DEFAULT,
) -> dict[int, tuple[int, ...]]:
    """The crew's talk in a free task choice, in turns: going round ``asked`` (seat, its own
    view, memory and random source; in the order they speak), each says the open task it would
    take next, or nothing, until every task is said or a whole round says nothing. A seat judges
    on its own sampled deals with the tasks already said counted as taken by whoever said them:
    it says the task it does best on top of those (``CLAIM_BAR``), so two seats never ask for
    the same task and a seat with several asks for ones that go together. ``allowed``: open
    task -> the seats that may own it (the engine's). Only task numbers are said (rules I4).
    Returns seat -> the tasks it said, in order."""
    said: dict[int, int] = {}  # task -> seat
    sampled: dict[int, list[GameState]] = {}
    quiet = 0
    while len(said) < len(allowed) and quiet < len(asked):
        for seat, view, memory, rng in asked:
            if len(said) == len(allowed) or quiet >= len(asked):
                break
            cands = sorted(t for t, who in allowed.items() if t not in said and seat in who)
            if not cands:
                quiet += 1
                continue
            owned = {**_owned(view), **said}
            fit = [_task_fit(view, t, seat) for t in cands]
            if memory.usable(view):
                if seat not in sampled:
                    sampled[seat] = sample_states(view, memory, rng, cfg.task_samples)
                ctx = search.Context(cfg.deadline)
                opts = [{**owned, t: seat} for t in cands]
                if owned:  # the share of the deals where the tasks said so far are done
                    chance = task_chances(view, sampled[seat], [owned, *opts], cfg, ctx)
                    floor = 1 / max(1, len(sampled[seat]))
                    base = max(chance[0], floor)
                    chance = [min(1.0, c / base) for c in chance[1:]]
                else:
                    chance = task_chances(view, sampled[seat], opts, cfg, ctx)
            else:
                chance = [_fit_or_strength(view, t) for t in cands]
            score = [
                c + (0.0 if f is None else cfg.fit_weight * (f - 0.5))
                for c, f in zip(chance, fit, strict=True)
            ]
            best = max(range(len(cands)), key=lambda i: (score[i], -cands[i]))
            if score[best] < CLAIM_BAR:
                quiet += 1
                continue
            said[cands[best]] = seat
            quiet = 0
    out: dict[int, tuple[int, ...]] = {seat: () for seat, *_ in asked}
    for t, seat in said.items():
        out[seat] = (*out[seat], t)
    return out


def _all_to(view: View, seat: int) -> dict[int, int]:
    return {t.task: seat for t in view.tasks}


def _leaves(group: tuple[int, ...], yes: bool) -> Said:
    """Why the other answer is not given (``yes``: the answer given): the tasks it would leave
    together, which can never all succeed."""
    if len(group) == 2:
        a, b = group
        if yes:
            return Said(
                "saying no leaves #{a} and #{b} together, which can never both succeed", a=a, b=b
            )
        return Said(
            "saying yes leaves #{a} and #{b} together, which can never both succeed", a=a, b=b
        )
    tasks = ", ".join(f"#{t}" for t in group)
    if yes:
        return Said(
            "saying no leaves {tasks} together, whose owners' tricks can never add up", tasks=tasks
        )
    return Said(
        "saying yes leaves {tasks} together, whose owners' tricks can never add up", tasks=tasks
    )


def choose_volunteer(
    view: View, memory: Memory, rng: random.Random, cfg: Settings, ctx: search.Context
) -> Decision:
    legal, now = legal_now(view, memory, rng)
    me = view.turn
    answers = {a.yes for a in legal if isinstance(a, Volunteer)}
    if len(answers) == 1:
        yes = answers.pop()
        return Decision(Volunteer(me, yes), Said("the only answer allowed"))
    # an answer after which the tasks can only be handed out with two that can never both
    # succeed is not given while the other leaves a way (the engine's, from public facts)
    doomed = {y: doomed_hand_out(apply(now, Volunteer(me, y))[0]) for y in (True, False)}
    if (doomed[True] is None) != (doomed[False] is None):
        yes = doomed[True] is None
        group = doomed[not yes]
        assert group is not None
        return Decision(Volunteer(me, yes), _leaves(group, yes))
    # the engine's order of asking, and who of them may say yes (public facts only)
    later = [s for s in volunteers_after(now) if may_volunteer(now, s)]
    if view.rules.distribution == DIST_TWO_VOLUNTEERS:
        yes = _hand_strength(view, me) >= 2.0
        return Decision(Volunteer(me, yes), Said("hand strength") if yes else Said("a weak hand"))
    if later:
        states = sample_states(view, memory, rng, cfg.task_samples)
        ch = task_chances(view, states, [_all_to(view, s) for s in [me, *later]], cfg, ctx)
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
    legal, _ = legal_now(view, memory, rng)
    gives = [a for a in legal if isinstance(a, GiveAll)]
    humans = [a for a in gives if not (view.players == 2 and a.to == TONOJA)] or gives
    states = sample_states(view, memory, rng, cfg.task_samples)
    ch = task_chances(view, states, [_all_to(view, a.to) for a in humans], cfg, ctx)
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
    legal, now = legal_now(view, memory, rng)
    assigns = [a for a in legal if isinstance(a, Assign)]
    owned = _owned(view)
    states = sample_states(view, memory, rng, cfg.task_samples)
    if len(assigns) * len(states) > cfg.task_judgements:
        # two dozen tasks and more (the epilogue): the first task laid out that is still
        # open is given now, to the seat that suits it best; the others come after
        first = next(t.task for t in view.tasks if any(a.task == t.task for a in assigns))
        assigns = [a for a in assigns if a.task == first]
    sampled = states
    states = states[: max(1, cfg.task_judgements // len(assigns))]
    ch = task_chances(view, states, [{**owned, a.task: a.to} for a in assigns], cfg, ctx)

    heard = memory.wishes  # what the others said they would like (free task choice)
    liked = [cfg.wish_weight if a.task in heard.get(a.to, ()) else 0.0 for a in assigns]

    def key(i: int) -> tuple[float, bool, int]:
        return (ch[i] + liked[i], assigns[i].to == view.seat, -i)

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
    legal, _ = legal_now(view, memory, rng)
    preds = [a for a in legal if isinstance(a, Predict) and controls(view, a.seat)]
    if not preds:
        raise NothingToDecide(Said("seat {seat} has no prediction to make", seat=view.seat))
    seat = preds[0].seat
    preds = [a for a in preds if a.seat == seat]
    guess = round(_hand_strength(view, seat)) if seat == view.seat else 1
    preds.sort(key=lambda a: (abs(a.tricks - guess), a.tricks))
    cands = preds[:5]
    states = sample_states(view, memory, rng, cfg.task_samples)
    # a partner's prediction still to be made is theirs to fit to the deal: judged without
    # it (a secret one already made is sampled with the deals)
    owned = {
        t: o
        for t, o in _owned(view).items()
        if get_task(t).prediction is None or o == seat or view.predicted[o]
    }
    nodes = task_nodes(cfg, len(cands) * len(states))

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
            pct=share_str(scores[i], len(states)),
        ),
    )
