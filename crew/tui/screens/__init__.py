"""The screens of the TUI: title, new game, table, gate, result, logbook, dialogs."""
