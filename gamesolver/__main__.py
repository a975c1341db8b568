"""``python -m gamesolver``: the command line (see ``gamesolver.cli``)."""

from gamesolver.cli import main

raise SystemExit(main())
