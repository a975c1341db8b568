"""What the Tic-Tac-Toe lecture uses that it is not about: boards as text (``text``) and the
notation of positions that the command line reads and writes (``notation``). The rules stay in
the notebook, passed in."""
