"""The rules of The Crew: Mission Deep Sea as text, for ``crew rules`` and the in-game help.

Each :class:`Topic` is a short explanation in this project's own words, split into paragraphs (a
paragraph that starts with ``- `` is a list item). Points the printed rules leave open are
settled by the project's house rulings (:data:`HOUSE_RULINGS`, numbered as in the project's
rulings document); a topic names the rulings that apply to it, and every display of one must
label it "House ruling N" so nobody takes it for printed text.

Plain data only: no terminal library is imported here.
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = [
    "HOUSE_RULINGS",
    "HouseRuling",
    "TOPICS",
    "Topic",
    "UnknownTopicError",
    "find_topic",
    "join_paragraphs",
    "ruling",
    "topic_names",
]


@dataclass(frozen=True, slots=True)
class HouseRuling:
    """One of the project's binding decisions where the printed rules are silent or unclear."""

    number: int
    area: str
    text: str

    @property
    def label(self) -> str:
        """How a ruling is always introduced: ``House ruling 17``."""
        return f"House ruling {self.number}"


@dataclass(frozen=True, slots=True)
class Topic:
    """One help topic: a key for the command line, a title, paragraphs and the rulings it uses."""

    key: str
    title: str
    paragraphs: tuple[str, ...]
    rulings: tuple[int, ...] = ()
    aliases: tuple[str, ...] = ()

    @property
    def text(self) -> str:
        """The paragraphs joined by blank lines (list items stay one per line)."""
        return join_paragraphs(self.paragraphs)

    def house_rulings(self) -> tuple[HouseRuling, ...]:
        """The house rulings that apply to this topic, in number order."""
        return tuple(ruling(n) for n in sorted(self.rulings))


def join_paragraphs(paragraphs: tuple[str, ...]) -> str:
    """Paragraphs joined by blank lines, list items (``- ...``) one per line."""
    out: list[str] = []
    for p in paragraphs:
        if out and p.startswith("- ") and out[-1].startswith("- "):
            out[-1] += "\n" + p
        else:
            out.append(p)
    return "\n\n".join(out)


class UnknownTopicError(ValueError):
    """A help topic name that does not exist (the message lists the topics)."""


HOUSE_RULINGS: tuple[HouseRuling, ...] = (
    HouseRuling(1, "logbook", "Mission 3 has difficulty 3 and mission 4 has difficulty 4."),
    HouseRuling(
        2, "logbook", "Mission 16 played without the timer: nobody may communicate at all."
    ),
    HouseRuling(
        3,
        "logbook",
        "Mission 26 has difficulty 10 when played with the 5:00 timer and 12 when played "
        "untimed, without unknown terrain; the crew chooses timed or untimed before the tasks are "
        "drawn.",
    ),
    HouseRuling(
        4,
        "logbook",
        "Mission 25: the captain takes no task. Distribution starts with the player to the "
        "captain's left, and for the passing rule only the other crew members count.",
    ),
    HouseRuling(
        5,
        "logbook",
        "Mission 19: the captain's first task must be one of the highest difficulty for this "
        "crew size; among equally hard tasks the captain chooses.",
    ),
    HouseRuling(
        6,
        "logbook",
        "Missions 10 and 13: the captain keeps every task or gives all of them to one other crew "
        "member (who cannot refuse). If the tasks are given away, communication is allowed only "
        "before the first trick.",
    ),
    HouseRuling(
        7,
        "logbook",
        "Mission 12: leading a pink card or a submarine is a legal play, but it loses the attempt "
        "at once.",
    ),
    HouseRuling(
        8,
        "logbook",
        "Mission 27 with three players: if the yellow 5 is the card left unplayed, the attempt "
        "is lost.",
    ),
    HouseRuling(
        9,
        "logbook",
        "Epilogue: mission 32+k has difficulty 17+k (mission 33 is 18, mission 34 is 19, ...) "
        "with free task choice.",
    ),
    HouseRuling(10, "tasks", "Task 10 (the pink 9 and the yellow 8) has difficulty 2/3/3."),
    HouseRuling(
        11, "tasks", "The values 1-4 on task cards mean coloured cards only, never submarines."
    ),
    HouseRuling(
        12,
        "tasks",
        "Tasks about the values inside one trick (sums, all above or below a value, all odd or "
        "all even) need a trick without any submarine in it.",
    ),
    HouseRuling(
        13,
        "tasks",
        "Prediction tasks: the owner fixes the number after distribution and after any distress "
        "exchange, before the first trick and before anybody communicates. A secret prediction "
        "stays hidden from the others until the attempt ends.",
    ),
    HouseRuling(
        14,
        "tasks",
        "A task's status is judged from public information only: cards played, tricks won, trick "
        "counts and the tricks still to come. A task is never declared failed because of where a "
        "card sits in a hidden hand. The one exception is the card left over with three players, "
        "which counts as never played once the 13th trick is done.",
    ),
    HouseRuling(
        15,
        "tasks",
        "Drawing: a task card that would overshoot the target goes to the bottom of the stack. "
        "Used tasks go to a discard pile, shuffled back in only when the stack runs out.",
    ),
    HouseRuling(
        16,
        "tasks",
        "Two drawn tasks conflict when they can never both succeed for two different owners "
        "(both need trick 1, both need the last trick, both need the same card, both need most "
        "tricks, ...). If the draw has such a pair and no more tasks than crew members, the later "
        "card of the pair goes back into the stack and another task of the same difficulty "
        "replaces it. Deals that make a submarine task impossible are dealt again instead. "
        "Neither counts as an attempt.",
    ),
    HouseRuling(
        17,
        "communication",
        "A card that is the only one of its colour in your hand may only be shown as 'only' "
        "(token in the middle); 'highest' and 'lowest' need at least two cards of the colour.",
    ),
    HouseRuling(
        18,
        "communication",
        "Under currents the player still picks which of the three statements is true, and the "
        "program checks it; the others only see that a card was shown, statement hidden.",
    ),
    HouseRuling(
        19,
        "two players",
        "Tonoja is the third seat (seat 2): play goes crew member, crew member, Tonoja. She is "
        "never captain, never communicates, and follows suit with her face-up cards only.",
    ),
    HouseRuling(
        20,
        "two players",
        "Distress with two players: the two crew members swap one non-submarine card each; "
        "Tonoja's piles are not involved.",
    ),
    HouseRuling(21, "two players", "Heavy noise with two players: one shared token (crew size 3)."),
    HouseRuling(
        22, "two players", "When the captain asks for volunteers, the captain answers for Tonoja."
    ),
)

_RULINGS = {r.number: r for r in HOUSE_RULINGS}


def ruling(number: int) -> HouseRuling:
    """House ruling ``number``; ValueError naming the number when there is none."""
    try:
        return _RULINGS[number]
    except KeyError:
        raise ValueError(
            f"there is no house ruling {number}: they are numbered 1-{len(HOUSE_RULINGS)}"
        ) from None


TOPICS: tuple[Topic, ...] = (
    Topic(
        "overview",
        "What the game is",
        (
            "The Crew: Mission Deep Sea is a cooperative trick-taking game for 3 to 5 players, "
            "or 2 players with the dummy crew member Tonoja. The crew wins or loses together.",
            "Every attempt of a mission lays out task cards. Each task belongs to one crew member "
            "and says which cards or tricks that member must (or must not) win. The attempt is "
            "won the moment every task is done and lost the moment any task can no longer be "
            "done.",
            "Nobody may talk about their cards. The only information allowed is sonar "
            "communication: one card shown per player per attempt, with a token saying whether "
            "it is the highest, the only or the lowest of its colour.",
            "Missions come from the logbook: the introductory mission, missions 1 to 32 and the "
            "open-ended epilogue. They get harder and add modifiers such as currents, heavy noise "
            "or real time.",
        ),
        aliases=("game", "about"),
    ),
    Topic(
        "cards",
        "The cards and how this program writes them",
        (
            "40 playing cards: four colours, pink (P), blue (B), green (G) and yellow (Y), each "
            "with the values 1 to 9, and four submarines (S) with the values 1 to 4. The "
            "submarines are the trump suit. Every colour also has its own symbol, so no "
            "information depends on telling colours apart.",
            "A card is written as its letter and its value: P7 is the pink 7, S4 is submarine 4. "
            "Upper or lower case both work, and so do words: pink7, blue 3, sub3, submarine4.",
            "96 task cards, each showing one task and three difficulty values: for a crew of 3, "
            "of 4 and of 5. Only the value for your crew size counts (two players with Tonoja "
            "count as three). This program numbers the task cards 1 to 96; `crew tasks` lists "
            "them.",
        ),
        aliases=("deck", "notation", "card"),
    ),
    Topic(
        "setup",
        "Dealing and the captain",
        (
            "Shuffle the 40 playing cards and deal them all: 10 each with 4 players, 8 each with "
            "5, and 14/13/13 with 3 players (after the 13th trick one card is left that is never "
            "played). An attempt has 13 tricks with 3 players (or 2 with Tonoja), 10 with 4 and "
            "8 with 5.",
            "Whoever holds submarine 4 is the captain for this attempt. The captain picks the "
            "first task and leads the first trick, and is an ordinary crew member otherwise. "
            "Every new deal may make someone else captain.",
            "Seats are numbered from 0 clockwise; everything goes round the table clockwise.",
        ),
        aliases=("deal", "captain", "seats"),
    ),
    Topic(
        "tasks",
        "Drawing tasks and completing them",
        (
            "Each mission has a target difficulty. Task cards are turned over one at a time: a "
            "card is kept when its difficulty for your crew size keeps the total at or under the "
            "target, and skipped when it would go over. The draw stops when the kept cards add "
            "up to the target exactly; only they are used in this attempt.",
            "If two drawn tasks contradict each other and would have to go to different crew "
            "members, the later one goes back and another task of the same difficulty replaces "
            "it. A few submarine tasks are impossible with certain deals (the holdings are "
            "printed on the card); then the cards are dealt again. Neither counts as an attempt.",
            "A task is done the moment its condition is met and nothing can spoil it any more. "
            "Tasks with 'exactly', 'none', 'only', comparisons or predictions are mostly settled "
            "at the end. The attempt is lost the moment any task can no longer be done, and won "
            "the moment every task is done, even before the last trick.",
            "The task families:",
            "- win certain cards (one to three named cards, in any tricks);",
            "- win a number of cards of a value, a colour or submarines (at least, or exactly);",
            "- win none of certain cards, colours or values;",
            "- win a trick with a certain card;",
            "- win certain tricks (the first, the last, the first and the last, none of the "
            "first few, ...);",
            "- win a number of tricks, or tricks in a row;",
            "- compare your trick count with the captain's or with everyone else's;",
            "- win a trick whose card values fit a rule (sum, all above or below, all odd or "
            "all even);",
            "- never open a trick with certain colours;",
            "- predict how many tricks you will win, openly or in secret.",
        ),
        rulings=(10, 11, 12, 13, 14, 15, 16),
        aliases=("task", "draw", "completing"),
    ),
    Topic(
        "distribution",
        "Handing out the tasks",
        (
            "The drawn tasks lie face up in the middle. The captain takes one first, then each "
            "crew member clockwise takes one, round after round, until none are left. Shares may "
            "be uneven and someone may get none.",
            "Passing is only allowed when there are fewer tasks than crew members. Then anybody "
            "on their turn, the captain too, may decline, but every task must be taken within "
            "one round, so players late in the round can be forced to take one.",
            "With as many tasks as crew members or more, nobody may pass: distribution goes on "
            "around the table until every task is taken.",
            "The captain may never take a task that compares its owner's tricks with the "
            "captain's (more, fewer or as many tricks as the captain).",
            "While tasks are handed out nothing may be said or shown about anyone's cards. Some "
            "missions change how tasks are handed out (one volunteer, two volunteers, the "
            "captain gives all, the crew picks one, free choice): see the topic modifiers.",
        ),
        rulings=(4, 5, 6, 22),
        aliases=("distribute", "taking"),
    ),
    Topic(
        "tricks",
        "Playing tricks",
        (
            "The captain leads the first trick; whoever wins a trick leads the next one. Each "
            "player plays one card, clockwise.",
            "Follow suit: if you hold a card of the suit that was led, you must play one. That "
            "includes submarines: when a submarine is led, everyone holding a submarine must "
            "play one. Only a player who cannot follow may play any card; a submarine is then "
            "allowed but never required.",
            "The winner: the highest submarine in the trick; without submarines, the highest "
            "card of the colour that was led. A card of another colour never wins, whatever its "
            "value.",
            "Nobody has to win a trick or play high. Only the last completed trick may be looked "
            "at again.",
            "Ask this program: `crew check trick P5 P9 S1 G3` says who wins and why; "
            '`crew check legal --hand "P3 P7 B2 S4" --trick B5` says what may be played.',
        ),
        aliases=("trick", "trump", "follow", "play"),
    ),
    Topic(
        "communication",
        "Sonar communication",
        (
            "Nobody may talk about their cards. Instead each player has one sonar token and may "
            "communicate once per attempt:",
            "- when: after every task has been handed out, and only before a trick (before the "
            "first or between two), never while a trick is under way; any player may, not only "
            "the one who leads next;",
            "- how: lay one colour card from your hand face up and put the token on it: at the "
            "top for 'my highest card of this colour', in the middle for 'my only card of this "
            "colour', at the bottom for 'my lowest card of this colour';",
            "- the statement must be true when it is made; a card that is neither the highest, "
            "the lowest nor the only one of its colour cannot be shown, and submarines can never "
            "be shown;",
            "- the shown card stays part of your hand and is played later like any other; the "
            "token never moves, even when its statement is no longer true.",
            "Silence is information too: when nobody communicates, the crew expects no trouble.",
            'Ask this program: `crew check signal --hand "P3 P7 B2 S4" P7`.',
        ),
        rulings=(17, 18),
        aliases=("sonar", "signal", "signals", "token", "tokens"),
    ),
    Topic(
        "distress",
        "The distress signal",
        (
            "Once per attempt, after the tasks are handed out and before the first trick, any "
            "communication or any prediction, the crew may decide together to send the distress "
            "signal.",
            "The crew agrees on one direction, left or right, and every crew member passes "
            "exactly one card to the neighbour on that side: everybody or nobody. Submarines are "
            "never passed. In this program left means to the next seat clockwise (seat + 1) and "
            "right to the previous one.",
            "Once sent, the signal stays active until the mission is won: at the start of each "
            "further attempt of the mission the crew may pass cards again, or not.",
            "The price: the number of attempts written in the logbook for the mission goes up "
            "by 1, once, however many attempts used it.",
        ),
        rulings=(13, 20),
        aliases=("distress-signal", "passing"),
    ),
    Topic(
        "modifiers",
        "Mission modifiers and special missions",
        (
            "Logbook missions add rules of their own (`crew missions N` explains each one):",
            "- currents: you still show a card that must be your highest, only or lowest of its "
            "colour, but the others are not told which of the three;",
            "- heavy noise (rapture of the deep): no personal tokens; players minus 2 shared "
            "tokens lie in the middle (1 with 3 players, 2 with 4, 3 with 5); anybody may take "
            "one and communicate at once, several times while tokens remain;",
            "- unknown terrain: before each deal a card is drawn: 1-3 normal communication, "
            "4-6 currents, 7-9 heavy noise; a submarine is drawn again;",
            "- no communication: nobody may communicate; some missions only forbid it before "
            "the first trick has been played;",
            "- one volunteer: the captain asks each crew member clockwise, the captain last, for "
            "a plain yes or no; the first yes takes every task, and the last one asked must say "
            "yes if nobody has;",
            "- two volunteers: asked the same way until two have said yes; they split the tasks "
            "as they like, each taking at least one;",
            "- the captain gives all: the captain keeps every task or gives all of them to one "
            "other crew member;",
            "- the crew picks one: the whole crew chooses one member who takes every task;",
            "- free task choice: the crew agrees openly who takes which task; uneven shares are "
            "fine, but the captain still may not take a task that compares with the captain;",
            "- the captain takes the hardest task first, or the captain takes no task;",
            "- real time: once the tasks are handed out a timer runs, and only then may anybody "
            "communicate or play; when time runs out the attempt is lost. Played without the "
            "timer, the mission names a replacement: a communication restriction or a higher "
            "difficulty;",
            "- missions without task cards have a condition instead (won coloured 9s or 1s kept "
            "level, no trick opened with pink or a submarine, the first trick's winner always "
            "ahead, the yellow 5 played last); they are won when the condition held through the "
            "last trick.",
        ),
        rulings=(2, 3, 4, 5, 6, 7, 8, 21),
        aliases=("modifier", "missions", "realtime", "real-time", "currents", "terrain"),
    ),
    Topic(
        "two-players",
        "Two players with Tonoja",
        (
            "With two players the dummy crew member Tonoja joins the crew.",
            "Set submarine 4 aside and shuffle the other 39 cards. Lay 7 of them face down in a "
            "row and one face up on each: these 7 piles are Tonoja's. Shuffle submarine 4 into "
            "the other 25 cards and deal 13 to each player.",
            "The player holding submarine 4 is captain; Tonoja never is. The captain controls "
            "Tonoja alone, without asking the other player: which tasks she takes and which card "
            "she plays. She may only play face-up cards; when one is played, the card beneath "
            "it is turned face up after the trick, never during it. She has no sonar token.",
            "Every task value and rule is the one for three players. 13 tricks are played and "
            "Tonoja keeps one card that is never played.",
            "In this program and its game records the players are seats 0 and 1 and Tonoja is "
            "seat 2; play goes 0, 1, Tonoja.",
        ),
        rulings=(19, 20, 21, 22),
        aliases=("two-player", "2p", "two", "tonoja", "duo"),
    ),
    Topic(
        "intro",
        "The introductory mission",
        (
            "Before the logbook the crew plays the introductory mission (mission 0 in this "
            "program).",
            "Deal as usual. Turn task cards over until one shows difficulty 1 for your crew "
            "size and use only that card. The captain takes it or passes, then clockwise; "
            "somebody must take it within the one round. The captain leads, and normal sonar "
            "communication is allowed.",
            "Play it again until its owner completes it, then start mission 1.",
        ),
        aliases=("introduction", "mission0", "tutorial"),
    ),
    Topic(
        "logbook",
        "The logbook and attempts",
        (
            "The logbook holds missions 1 to 32. Playing them in order is recommended; any "
            "order and replays are allowed. Each mission gives a target difficulty and perhaps "
            "modifiers.",
            "After a failed attempt the cards are shuffled and dealt again; the crew keeps the "
            "same task cards or draws new ones.",
            "After a success the crew writes down how many attempts it needed, the successful "
            "one included, plus 1 if the distress signal was used. An attempt that was doomed "
            "from the deal and tasks alone, through nobody's fault, need not be counted.",
            "After mission 32 the epilogue goes on with open-ended missions with free task "
            "choice at difficulty 18, 19, 20 and so on.",
            "`crew logbook` shows your crews' logbooks and `crew missions` lists the missions.",
        ),
        rulings=(1, 9),
        aliases=("attempts", "campaign", "epilogue"),
    ),
    Topic(
        "house-rulings",
        "House rulings",
        (
            "Where the printed rules are silent or unclear, this program decides as follows. "
            "These are house rulings of this program, not printed rules.",
        ),
        rulings=tuple(r.number for r in HOUSE_RULINGS),
        aliases=("rulings", "house", "ruling"),
    ),
)

_BY_KEY: dict[str, Topic] = {t.key: t for t in TOPICS}
_BY_NAME: dict[str, Topic] = {}
for _t in TOPICS:
    for _name in (_t.key, *_t.aliases):
        assert _name not in _BY_NAME, _name
        _BY_NAME[_name] = _t


def topic_names() -> list[str]:
    """The topic keys, in reading order."""
    return [t.key for t in TOPICS]


def find_topic(name: str) -> Topic:
    """The topic called ``name`` (its key or an alias, any case, ``_`` or ``-``).

    In another language its name there is taken too (Dutch "slagen" for "tricks"). Raises
    UnknownTopicError naming the input and listing the topics by their names in the language
    in use.
    """
    from .texts import topic_by_name, topic_name

    key = name.strip().lower().replace("_", "-").replace(" ", "-")
    topic = _BY_NAME.get(key)
    if topic is None:
        # the topic's name in the language in use ("slagen" in Dutch)
        topic = _BY_KEY.get(topic_by_name(key) or "")
    if topic is None:
        from .i18n import _

        raise UnknownTopicError(
            _("there is no rules topic {name}; topics: {topics}").format(
                name=repr(name), topics=", ".join(topic_name(t) for t in TOPICS)
            )
        )
    return topic
