"""Connect Four beyond its lecture: what the Connect Four notebooks use that none of them is about.

- ``notation``: Pons' notation (a game as the columns played) on the lecture's rows of marks, the
  board sizes it can write, and the solver's bitboard positions written as moves;
- ``solver``: Connect-Four-Solver's search with every idea, a second copy written for speed (the
  same value calls as the notebook's readable one).

The rules stay in the notebooks: these modules take the lecture's functions as arguments or
work on the solver's bitboards, whose layout Connect-Four-Solver.ipynb explains.
"""
