"""Widgets of the TUI: a hand of cards and a list of choices."""
