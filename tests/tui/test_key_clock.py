"""The key guard's clock on its own (crew/tui/guard.py, issue 19): times given by hand."""

from __future__ import annotations

from textual import events

from crew.tui.guard import KeyGuard, KeyTiming, Liveness, key_age

SETTLE = 0.45


def test_the_clock_starts_at_the_first_paint_not_when_the_choice_is_made() -> None:
    g = KeyGuard(SETTLE)
    arming = g.arm()  # the screen is built at 10.0
    assert not g.takes(10.6)  # never painted: nobody has seen it
    assert g.painted(10.3, arming)  # drawn 0.3 s later (a busy machine)
    assert not g.takes(10.6)  # 0.6 s after it was made, only 0.3 s after it could be seen
    assert g.takes(10.3 + SETTLE + 0.001)
    assert not g.painted(11.0, arming)  # a later paint does not restart the clock


def test_a_paint_of_an_older_choice_does_not_count() -> None:
    g = KeyGuard(SETTLE)
    first = g.arm()
    second = g.arm()  # the next choice came before the first was drawn
    assert not g.painted(1.0, first)
    assert not g.takes(5.0)
    assert g.painted(2.0, second)
    assert not g.takes(2.0 + SETTLE - 0.01) and g.takes(2.0 + SETTLE + 0.001)


def test_a_key_typed_in_a_stall_between_paint_and_key_does_not_act() -> None:
    # painted at 0; the loop ran every 50 ms until 0.25, then nothing ran until 1.25; the key
    # typed in the stall is read at 1.26: typed-at says 1.26 > 0.45, but the stall says unknown
    g = KeyGuard(SETTLE)
    live = Liveness(0.2)
    g.painted(0.0, g.arm())
    for k in range(6):
        assert not live.beat(k * 0.05)
    assert live.beat(1.26)  # the first beat after the stall
    g.seen_anew(1.26)
    assert not g.takes(1.26)
    assert not g.takes(1.26 + SETTLE - 0.01)
    assert g.takes(1.26 + SETTLE + 0.001)


def test_a_key_read_during_the_stall_and_handled_after_it_does_not_act() -> None:
    # the input thread read the key at 0.3 while the loop was blocked; handled at 1.25
    g = KeyGuard(SETTLE)
    live = Liveness(0.2)
    g.painted(0.0, g.arm())
    live.beat(0.25)
    assert live.beat(1.25)
    g.seen_anew(1.25)
    assert not g.takes(0.3)


def test_a_calm_loop_is_no_stall_and_the_guard_can_be_off() -> None:
    live = Liveness(0.2)
    assert not any(live.beat(k * 0.1) for k in range(50))
    assert not live.beat(4.0)  # an older reading (another thread's) is no stall either
    off = KeyGuard(0.0)
    off.arm()
    assert off.takes(0.0)  # settle 0: every key acts at once


def test_a_key_is_as_old_as_the_moment_the_terminal_read_it() -> None:
    # the app's guard judges a key by when it was read, not when it is handled
    fresh, old = events.Key("enter", "\r"), events.Key("enter", "\r")
    old.time -= 1.0  # read a second before the other one
    aged = key_age(old)
    assert aged >= 1.0 and key_age(fresh) < aged
    assert KeyTiming().age is key_age  # the app's default: the terminal's own times
