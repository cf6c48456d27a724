"""The ``crew`` command: quick rules answers in a shell, game records, and the TUI launcher.

Only ``crew`` (no arguments) and ``crew play`` import the Textual app; every other command
starts without it.
"""
