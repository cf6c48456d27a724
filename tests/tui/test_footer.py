"""The footer (``crew.tui.base.CrewFooter``): rebuilt when the keys it shows change, and only
then."""

from __future__ import annotations

from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.pilot import Pilot
from textual.widget import Widget
from textual.widgets import Static

from crew.tui.base import CrewFooter, CrewScreen


class Keys(CrewScreen[None]):
    BINDINGS = [Binding("a", "go", "Go"), Binding("b", "stop", "Stop")]
    stop_allowed = True

    def compose(self) -> ComposeResult:
        yield Static("keys")
        yield CrewFooter()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        return action != "stop" or self.stop_allowed  # False: not shown

    def action_go(self) -> None:
        pass

    def action_stop(self) -> None:
        pass


class KeysApp(App[None]):
    ENABLE_COMMAND_PALETTE = False

    def on_mount(self) -> None:
        self.push_screen(Keys())


async def _settle(pilot: Pilot[None]) -> None:
    """Refreshed bindings reach the footer when the screen is idle, and it rebuilds after the
    next refresh: a few idle turns."""
    for _ in range(3):
        await pilot.pause()


def _keys(app: App[None]) -> list[Widget]:
    """The footer's key widgets (one a key shown)."""
    return list(app.screen.query_one(CrewFooter).children)


def _shown(app: App[None]) -> list[str]:
    return [str(getattr(k, "description", "")) for k in _keys(app)]


async def test_the_footer_is_rebuilt_when_its_keys_change_and_kept_when_they_do_not() -> None:
    app = KeysApp()
    async with app.run_test() as pilot:
        await pilot.pause()
        assert _shown(app) == ["Go", "Stop"]
        before = _keys(app)
        screen = app.screen
        assert isinstance(screen, Keys)
        for _ in range(3):  # the same keys: the same widgets stay
            screen.refresh_bindings()
            await _settle(pilot)
        assert _keys(app) == before
        screen.stop_allowed = False  # a key no longer allowed: not shown
        screen.refresh_bindings()
        await _settle(pilot)
        assert _shown(app) == ["Go"]
        assert _keys(app) != before
        screen.stop_allowed = True
        screen.refresh_bindings()
        await _settle(pilot)
        assert _shown(app) == ["Go", "Stop"]
