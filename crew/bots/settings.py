"""How hard a computer crewmate searches: deals sampled per decision and solver nodes per deal.

The effort is counted in solver nodes, never in seconds, so the same view, memory and seed
give the same decision on any machine; only :data:`AT_THE_TABLE` adds a clock, as a guard for
a person waiting.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

__all__ = ["AT_THE_TABLE", "DEFAULT", "Settings"]


@dataclass(frozen=True)
class Settings:
    """Search effort: deals sampled per decision and solver nodes per deal (no clock)."""

    #: 24 deals: four players, 50 deals each of missions 7 and 9, won 38 and 33 (12 deals: 35
    #: and 26; 48 deals: 35 and 29, at twice the time); decision p95 0.66 s
    samples: int = 24
    nodes: int = 4000
    task_samples: int = 6
    task_nodes: int = 2000
    #: solver nodes for one whole task decision (take, volunteer, give, assign, predict): with
    #: many tasks and seats each option's judgement gets a smaller share, at least
    #: ``min_task_nodes`` (4 players, mission 82: an assignment judged 40 options on 6 deals
    #: with 2,000 nodes each, 4.3 s a decision)
    task_budget: int = 200_000
    min_task_nodes: int = 300
    #: judgements of one task decision at most (options times sampled deals): each costs a
    #: solver set-up whatever its nodes (two players, mission 210: 1,080 of them, 20 s)
    task_judgements: int = 240
    #: solver nodes for one whole card decision: early in a deal (many cards, many unknowns)
    #: each sampled deal gets a smaller share, so a decision stays within about a second
    budget: int = 240_000
    #: when the first deals were cheap to judge (late in a deal: few cards), more deals may be
    #: sampled until the decision has searched ``wide_budget`` nodes or ``max_samples`` deals
    #: (mission 6, trick 8: 12 deals favoured a losing card, 200 the winning one). With 24
    #: deals, four players, 50 deals each: mission 6 won 39 instead of 34, mission 9 35 instead
    #: of 33 (the same 24 deals with twice the nodes each: 35 and 33)
    wide_budget: int = 200_000
    max_samples: int = 96
    #: the least solver nodes any sampled deal gets, however small its share of ``budget``
    min_nodes: int = 1000
    #: a card clearly beaten on the deals judged so far is not judged on the rest, and once one
    #: card is left the decision ends (``search.Race``): the same card in 554 of 554 recorded
    #: decisions of missions 11-33 with 0.78 of the positions; four players, missions 11-33,
    #: two games each at the table: 10-13% less time in all (False: judge every card on every
    #: deal, for measuring)
    race: bool = True
    #: how many of the partners' cards in the current trick weigh each sampled deal
    #: (``partners``: a deal where a partner's card would have looked poor to it counts less),
    #: judged on ``infer_samples`` deals of that partner's sampling with ``infer_nodes`` each;
    #: 0: every deal counts once. Off by default: four players, one game a mission, 3 cards
    #: weighed (4 deals, 500 nodes) paired with 0 on the same deals: missions 11-33 seed t1 9
    #: won each (2 and 2 only one side won, p 1.0), missions 22-33 seed c1 5 won vs 7 (0 and 2,
    #: p 0.5), all decisions 1.14x and 1.20x the time, the slowest 2-3x
    infer_plays: int = 0
    infer_samples: int = 4
    infer_nodes: int = 500
    #: seconds after which a decision (a card, or a task choice) settles for the deals judged
    #: so far, every option on the same deals (None: never).
    #: The budgets above decide on their own (the same choice on any machine); the app sets
    #: this as a guard for the person waiting, so a busy machine cannot stall the table.
    deadline: float | None = None
    #: weight of a task's fit to the own hand (``_task_fit``) when taking tasks. Without it the
    #: owner of a "win this card" task held that card no more often than anyone else (131
    #: tasks: 24% vs 25%). Four players, 50 deals each: mission 7 won 38 instead of 34,
    #: mission 9 38 instead of 35 (weight 1.0: the same games); on 50 other deals each (seeds
    #: 51-100) 36 instead of 36, and 32 instead of 30
    fit_weight: float = 0.5
    #: free task choice among computers: what a task is worth more when given to a seat that
    #: said it would like it (``Memory.wishes``, judged by that seat with its own hand), when the
    #: crew's choice is made (0: the wishes are not asked for). The crew's own table talk (rules
    #: I4). Four players, missions 28-31, five games each (seed w1): 0.25 won 6 of 20 and 0 won
    #: 6 (3 and 3 won by one side only, p 1.0); missions 17, 28-31 and 33, four games each (fw1):
    #: 1.0 won 9 of 24 and 0.25 won 7 (2 and 0, p 0.5)
    wish_weight: float = 1.0
    #: free task choice: the wishes said in turns from the captain, each seat asking for one
    #: open task at a time on top of those already asked for (``task_claims``), so each task is
    #: asked for by one seat at most and a person choosing for the crew can follow them; False:
    #: each seat's own list, said at once (``task_wishes``). With ``wish_weight`` 1.0 against
    #: the lists at 0.25, missions 17, 28-31 and 33, eight games each (seed cl1): 15 won of 48
    #: each (8 and 8 won by one side only, p 1.0), the first assignment about a second slower
    claims: bool = True
    #: card play: sampled deals weighed by how well each partner's hand fits the tasks naming
    #: cards it chose to take (``inference``): a deal's weight is exp(infer_tasks x the fits,
    #: each less one half); 0: every deal as sampled. Off by default: four players, missions
    #: 11, 18-20, 22, 24, 25, 33, three games each (seed it1), 2.0 won 6 of 24 where 0 won 8
    #: (1 and 3 won by one side only, sign test p 0.63), the same decision times
    infer_tasks: float = 0.0
    #: the distress vote (``talk.choose_distress``): the attempts the signal must save, counted
    #: from the open-hand shares of sampled deals in which the tasks are done before and after
    #: the passes (1/before - 1/after), before it is worth the attempt it costs in the logbook
    #: (0.5: the crew wins about half of what open hands could); None: never send it. A crew of
    #: computers sends it only when all vote for it: four players, missions 11-33, two games
    #: each (seed dx1), never sent, the same 46 games as with None
    distress_cost: float | None = 0.5


DEFAULT = Settings()
#: the computers at a table where people wait: the same search, a decision settles for the deals
#: judged after 2.5 s (on a quiet machine the budgets end it well before)
AT_THE_TABLE = replace(DEFAULT, deadline=2.5)
