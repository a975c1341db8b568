"""What a student gets told: a game checked, an exercise checked, a move explained.

- ``check``: ``check_game(game)``, the validator of a game (or of a game with a heuristic);
- ``exercises``: ``check_algorithm`` (a student's search against its specification) and
  ``check_heuristic`` (a student's estimate: its contract, then how well it chooses);
- ``deepening``: ``check_deepening``, Search-in-Depth's exercise 4 (answers, calls, budget);
- ``hints``: the likely mistake behind a counterexample of ``check_algorithm``, in a sentence;
- ``explain``: a move explained in a small controlled language, from real searches.
"""
