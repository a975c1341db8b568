"""What the Tic-Tac-Toe lecture uses that it is not about: the notation of positions that the
command line reads and writes (``notation``). The rules stay in the notebook, passed in."""
