"""Side-by-side benchmarks: gamesolver's algorithms against easyAI, aima3 and OpenSpiel.

``make bench`` (or ``python -m benchmarks``) runs every comparison, prints the table and writes
``benchmarks/results.csv`` and ``benchmarks/results.md``. One module per comparison
(``tic_tac_toe``, ``nim``) defines its ``CASE``; ``harness`` times and reports, ``libraries`` knows
how each library searches. The peers are the optional extra ``bench``; the project never needs
them, and without them only our own rows run.
"""
