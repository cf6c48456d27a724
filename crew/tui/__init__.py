"""The hot-seat Textual TUI: the whole game at one shared terminal (``crew``, ``crew play``)."""
