"""What the Connect Four notebooks use that none of them is about: Pons' notation and test set
(``notation``), the lines' patterns read fast (``lines``), the lecture's value calls side by
side (``calls``) and a second copy of
Connect-Four-Solver's search, written for speed (``solver``). The rules stay in the notebooks,
passed in as functions or bitboards.
"""
