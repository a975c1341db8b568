"""``python -m gamesolver``: the command line (see ``gamesolver.tools.cli``)."""

from gamesolver.tools.cli import main

raise SystemExit(main())
