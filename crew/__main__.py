"""``python -m crew``: the same as the ``crew`` command."""

from crew.cli.main import main

raise SystemExit(main())
