"""The Textual app: ``crew`` (title screen) and ``crew play ...`` (straight into a game).

The app is built from one :class:`AppSettings` value by :func:`create_app`, the factory shared by
:func:`main`, :func:`replay_main` and the tests.
"""

from __future__ import annotations

import sys

from textual import events, on
from textual.app import App
from textual.binding import Binding

from crew import storage
from crew.i18n import N_, _
from crew.table import (
    GameSpec,
    SeatScope,
    Session,
    SessionError,
    is_realtime,
    summarize,
)
from crew.table.keeping import keep_abandoned, played_a_card
from crew.table.review import Review

from . import guard
from .render import mission_rule, tasks_table
from .screens.game import GameScreen
from .screens.result import AfterResult
from .screens.title import MenuItem, TitleScreen
from .settings import AppSettings

__all__ = ["COMPUTER_PACE", "AppSettings", "CrewApp", "create_app", "main", "replay_main"]

#: Seconds a computer's move stays on screen before the table moves on (Space: at once).
COMPUTER_PACE = 0.8
#: The app's title (a terminal's window title), said in the language in use once it runs.
TITLE = N_("crew: The Crew, Mission Deep Sea")


class CrewApp(App[int]):
    """The whole game at one shared terminal."""

    CSS_PATH = "crew.tcss"
    ENABLE_COMMAND_PALETTE = False
    BINDINGS = [
        Binding("ctrl+c", "request_quit", N_("Quit"), show=False, priority=True),
        Binding("ctrl+q", "request_quit", N_("Quit"), show=False, priority=True),
        Binding("q", "request_quit", N_("Quit"), show=False),
        Binding("question_mark", "help", N_("Help"), show=False),
    ]

    def __init__(self, settings: AppSettings, spec: GameSpec | None) -> None:
        """The app as :func:`create_app` makes it: ``spec`` is the game ``settings`` ask for,
        already checked."""
        super().__init__()
        #: an attempt to show in the replay viewer straight away (``crew replay``)
        self.replay = settings.replay
        #: ask before showing it (an attempt not over: every hand of it would be open)
        self.ask_first = settings.ask_first
        self.pace = COMPUTER_PACE if settings.pace is None else settings.pace
        # seconds a new choice is on screen before keys act on it (see guard.py)
        self.settle = guard.KEY_SETTLE if settings.settle is None else settings.settle
        self.timing = guard.KeyTiming(self.settle, settings.clock, settings.key_age)
        # the heartbeat that tells a stall of the event loop (keys typed then do not act)
        self.liveness = guard.Liveness()
        self._loop_clock = settings.loop_clock
        #: the computers' search effort (a test may give cheap settings)
        self.settings = settings.search
        self.spec = spec
        self.session: Session | None = None
        self.title_message = ""
        self.save_error = ""  # told on the terminal after the app closes
        self.start_notice = ""  # told in the app and again on the terminal
        self.clock_interval = settings.clock_interval
        self._clock = settings.clock
        self._last_tick = settings.clock()

    def now(self) -> float:
        """The app's clock (monotonic seconds; a test may give its own)."""
        return self._clock()

    # -- start --------------------------------------------------------------------------------

    def on_mount(self) -> None:
        self.title = _(TITLE)
        self.push_screen(TitleScreen())
        storage.tidy()
        if self.start_notice:
            # said on the title screen, where Continue offers the game again (and on the
            # terminal afterwards), not over the new game's questions
            self.tell_title(self.start_notice)
        if self.spec is not None:
            try:
                session = Session.new(self.spec, settings=self.settings)
            except (SessionError, storage.StorageError) as exc:
                self.tell_title(str(exc))
            else:
                self.open_game(session)
        if self.replay is not None:
            from .screens.replay import show_replay

            shown = self.replay

            def declined() -> None:
                self.exit(0)  # crew replay was for this attempt only

            show_replay(self, shown, ask=self.ask_first, declined=declined)
        if self.clock_interval:
            self.set_interval(self.clock_interval, self.tick_clock)
        if self.settle > 0:
            self.set_interval(guard.BEAT, self.beat)

    # -- keys that come too early ---------------------------------------------------------------

    def beat(self) -> bool:
        """The event loop runs; after a stall the choice on screen counts as seen from now.

        Returns whether the loop had stalled."""
        stalled = self.liveness.beat(self._loop_clock())
        if stalled and isinstance(self.screen, guard.GuardedScreen):
            self.screen.stalled()
        return stalled

    async def on_event(self, event: events.Event) -> None:
        # a key or a click on a guarded choice acts only if it was typed once the choice had
        # been seen a moment (guard.py); Ctrl+C and Ctrl+Q only ask whether to quit
        if (
            isinstance(event, (events.Key, events.MouseDown, events.MouseUp))
            and not event.is_forwarded
            and self.settle > 0
            and not (isinstance(event, events.Key) and event.key in ("ctrl+c", "ctrl+q"))
        ):
            self.beat()
            screen = self.screen
            if isinstance(screen, guard.GuardedScreen) and not screen.takes_input(event):
                return
        await super().on_event(event)

    def open_game(self, session: Session) -> None:
        self.session = session
        self._last_tick = self._clock()
        self.push_screen(GameScreen(SeatScope(session), timing=self.timing, pace=self.pace))
        if session.notice:
            self.notify(session.notice, severity="warning", timeout=10)

    def tell_title(self, message: str) -> None:
        """What the title screen says (why a game could not start or continue; '' nothing)."""
        self.title_message = message
        title = self._title_screen()
        if title is not None:
            title.tell(message)

    def _title_screen(self) -> TitleScreen | None:
        return next((s for s in self.screen_stack if isinstance(s, TitleScreen)), None)

    def continue_game(self) -> None:
        try:
            rec = storage.load_game()
            if rec is None:
                raise SessionError(_("there is no unfinished game"))
        except (SessionError, storage.StorageError) as exc:
            self.tell_title(str(exc))
            return
        try:
            session = Session.resume(rec, settings=self.settings)
        except SessionError as exc:
            # a save that cannot be continued is kept aside like a damaged one
            self.tell_title(f"{storage.keep_damaged_game(str(exc))} " + _("Start a new game."))
            return
        except storage.StorageError as exc:
            self.tell_title(str(exc))
            return
        self.open_game(session)

    @on(TitleScreen.Picked)
    def _title_picked(self, event: TitleScreen.Picked) -> None:
        from .screens.title import LogbookScreen

        what = event.what
        if what == MenuItem.CONTINUE:
            self.continue_game()
        elif what == MenuItem.NEW:
            self.new_game()
        elif what == MenuItem.LOGBOOK:
            self.push_screen(LogbookScreen())
        elif what == MenuItem.HISTORY:
            from .screens.replay import HistoryScreen

            self.push_screen(HistoryScreen())
        elif what == MenuItem.RULES:
            self.show_rules()
        elif what == MenuItem.QUIT:
            self.action_request_quit()  # the menu's Quit asks as q does everywhere

    @on(GameScreen.AttemptOver)
    def _attempt_over(self, event: GameScreen.AttemptOver) -> None:
        self.show_result()

    def new_game(self) -> None:
        from .screens.dialogs import ConfirmScreen
        from .screens.newgame import NewGameScreen

        def made(spec: GameSpec | None) -> None:
            if spec is None:
                return
            if saved is not None:
                # the game the new one replaces stays in the history
                problem = keep_abandoned(saved)
                if problem:
                    self.notify(str(problem), title=_("Not kept"), severity="warning")
            try:
                session = Session.new(spec, settings=self.settings)
            except (SessionError, storage.StorageError) as exc:
                self.tell_title(str(exc))
                self.notify(str(exc), severity="error")
                return
            self.tell_title("")
            self.open_game(session)

        def confirmed(yes: bool | None) -> None:
            if yes:
                self.push_screen(NewGameScreen(), made)

        try:
            saved = storage.load_game()
        except storage.StorageError:
            saved = None
        has_save = saved is not None
        if has_save:
            self.push_screen(
                ConfirmScreen(_("Start a new game? The unfinished game will be replaced.")),
                confirmed,
            )
        else:
            confirmed(True)

    def show_rules(self) -> None:
        from .screens.dialogs import HelpScreen

        self.push_screen(HelpScreen(keys=False))

    # -- the end of an attempt ------------------------------------------------------------------

    def show_result(self) -> None:
        from .screens.result import ResultScreen

        assert self.session is not None
        summary = summarize(self.session)
        self.push_screen(ResultScreen(summary, timing=self.timing), self._after_result)

    def _after_result(self, choice: AfterResult | None) -> None:
        from .screens.dialogs import PickScreen
        from .widgets.choices import Choice

        s = self.session
        assert s is not None
        game = self._game_screen()
        if choice in (AfterResult.SAME, AfterResult.NEW):
            s.retry(same_tasks=choice == AfterResult.SAME)
        elif choice == AfterResult.NEXT:
            nxt = (s.mission or 0) + 1
            if is_realtime(nxt):

                def timed(answer: bool | None) -> None:
                    s.next_mission(timed=bool(answer))
                    self._last_tick = self._clock()
                    if game is not None:
                        game.sync()

                self.push_screen(
                    PickScreen(
                        _("Mission {number} is a real-time mission").format(number=nxt),
                        [Choice(_("Timed"), True), Choice(_("Untimed"), False)],
                        timing=self.timing,
                    ),
                    timed,
                )
                return
            s.next_mission()
        else:
            s.forget()
            self.back_to_title()
            return
        self._last_tick = self._clock()
        if isinstance(game, GameScreen):
            game.sync()

    def _game_screen(self) -> GameScreen | None:
        for screen in reversed(self.screen_stack):
            if isinstance(screen, GameScreen):
                return screen
        return None

    def back_to_title(self) -> None:
        self.session = None
        while len(self.screen_stack) > 1 and not isinstance(self.screen, TitleScreen):
            self.pop_screen()
        if isinstance(self.screen, TitleScreen):
            self.screen.refresh_menu()

    # -- real time ------------------------------------------------------------------------------

    def tick_clock(self) -> None:
        now = self._clock()
        dt = now - self._last_tick
        self._last_tick = now
        self.advance_clock(dt)

    def advance_clock(self, seconds: float) -> None:
        """Let time pass on the mission clock; at zero the attempt is lost (TimeUp)."""
        from .screens.gate import GateScreen

        s = self.session
        if s is None or not s.clock_running:
            return
        ran_out = s.tick(seconds)
        game = self._game_screen()
        if ran_out:
            while self.screen is not game and len(self.screen_stack) > 1:
                self.pop_screen()
            if isinstance(game, GameScreen):
                game.clock_ran_out()
            return
        if isinstance(self.screen, (GameScreen, GateScreen)):
            self.screen.refresh_clock()

    # -- help and quitting ------------------------------------------------------------------------

    def action_help(self) -> None:
        from .screens.dialogs import HelpScreen

        if isinstance(self.screen, HelpScreen):
            return
        s = self.session
        if s is None:
            self.push_screen(HelpScreen())
            return
        # the tasks in full (public view: a secret prediction stays secret)
        table = SeatScope(s)
        tasks = tasks_table(table, wrap=True) if table.setup.task_ids else None
        self.push_screen(HelpScreen(mission_rule(table), tasks=tasks))

    def action_request_quit(self) -> None:
        from .screens.dialogs import QuitScreen

        # one question at a time (a question closed by the clock running out does not count)
        if any(isinstance(screen, QuitScreen) for screen in self.screen_stack):
            return

        def answer(yes: bool | None) -> None:
            if yes:
                self.save_now()
                self.exit(0)

        saved = _(" The game is saved: choose Continue next time.") if self.session else ""
        self.push_screen(QuitScreen(_("Quit crew?") + saved), answer)

    def save_now(self) -> None:
        s = self.session
        if s is not None and not s.state.over:
            if played_a_card(s.record):
                s.keep()  # quit half-way: kept as unfinished (Continue plays it on)
            s.save()
            if s.save_problem:
                # every action was saved already, or the screen said it was not
                problem = s.save_problem.short()
                self.save_error = _(
                    "crew: the game could not be saved on quitting: {problem}"
                ).format(problem=problem)


def create_app(settings: AppSettings | None = None) -> CrewApp:
    """The app ``settings`` describe (none: the title screen, run as on a terminal). Raises
    SessionError for an impossible game."""
    settings = AppSettings() if settings is None else settings
    return CrewApp(settings, settings.game())


def _keep_unfinished_game() -> str:
    """A game started from the command line loses nothing of the saved one.

    A saved attempt that has ended is in the history (written again now if that failed when
    it ended): its save is let go, and nothing needs saying. An unfinished one is set aside
    (``saves/unfinished-*.json``): Continue offers it again once this game is over; the short
    sentence returned says so ('' when there is nothing to say).
    """
    from crew.records import RecordError, replay

    try:
        rec = storage.load_game()
        over = rec is not None and bool(replay(rec, "saved game").state.over)
    except (storage.StorageError, RecordError, ValueError):
        rec, over = None, False  # set aside all the same: Continue says what is wrong with it
    if rec is not None and over and not keep_abandoned(rec):
        storage.discard_game()
        return ""
    kept = storage.keep_unfinished()
    if kept is None:
        return ""
    if over:
        # its attempt is over but the history could not take it: it must not be lost
        return _("The last game was kept as {name}.").format(name=kept.name)
    return _("Your unfinished game was set aside: Continue offers it after this game.")


def replay_main(review: Review, *, ask: bool = False) -> int:
    """Run the TUI on the replay of one attempt (``crew replay``); ``ask``: whether to show
    every hand first (an attempt not over; No closes the app)."""
    app = create_app(AppSettings(replay=review, ask_first=ask))
    result = app.run()
    return int(result or 0)


def main(settings: AppSettings | None = None) -> int:
    """Run the TUI (``settings``: the game to open, from ``crew play``); returns the exit code
    (2 for an impossible game)."""
    try:
        app = create_app(settings)
    except SessionError as exc:
        sys.stderr.write(f"crew: {exc}\n")
        return 2
    if app.spec is not None:
        try:
            app.start_notice = _keep_unfinished_game()
        except storage.StorageError as exc:
            sys.stderr.write(_("crew: not starting a new game: {error}").format(error=exc) + "\n")
            return 1
    result = app.run()
    if app.start_notice:
        sys.stderr.write(f"crew: {app.start_notice}\n")
    if app.save_error:
        sys.stderr.write(app.save_error + "\n")
    if app.return_code not in (None, 0):
        return int(app.return_code)
    return int(result or 0)
