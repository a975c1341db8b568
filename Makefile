# gamesolver: `make lab` opens the lectures, `make test` checks everything.
# Both bootstrap .venv on a fresh clone (Python 3.11+ and make are all they need).

PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed-stamp
# JupyterLab refuses to run as root unless told; lecturers' laptops are not root.
ROOT_FLAG := $(if $(filter 0,$(shell id -u)),--allow-root,)

.PHONY: all lab test lint typecheck pytest notebooks clean bench

all: test

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[test]'
	touch $(STAMP)

lab: $(STAMP)
	$(BIN)/jupyter lab $(ROOT_FLAG) --notebook-dir=notebooks --LabApp.default_url=/lab/tree/Index.ipynb

lint: $(STAMP)
	$(BIN)/ruff check gamesolver tests benchmarks
	$(BIN)/ruff format --check gamesolver tests benchmarks
	$(BIN)/nbqa ruff notebooks
	$(BIN)/nbqa "ruff format --check" notebooks

typecheck: $(STAMP)
	$(BIN)/mypy

pytest: $(STAMP)
	$(BIN)/pytest --nbval --nbval-current-env --nbval-sanitize-with nbval_sanitize.cfg

test: lint typecheck pytest

# Play a game notebook as an app, without its code: make play GAME=Nim (Voila; Ctrl-C stops).
.PHONY: play
play: GAME ?= Tic-Tac-Toe
play: PORT ?= 8866
play: $(STAMP)
	@test -f "notebooks/$(GAME).ipynb" || { echo "make play: there is no notebooks/$(GAME).ipynb" >&2; exit 2; }
	@echo "Starting $(GAME): open the URL that Voila prints below (with its token) in a browser."
	exec $(BIN)/voila "notebooks/$(GAME).ipynb" --no-browser --Voila.ip=127.0.0.1 --port=$(PORT) --Voila.auto_token=True

# Side-by-side benchmarks against easyAI, aima3 and OpenSpiel (the extra `bench`): prints the
# table and writes benchmarks/results.csv and benchmarks/results.md (about 20 minutes); then
# Pons' Connect Four test sets, solved: benchmarks/pons.md (about 15 minutes); then seed 004's
# budgets and matches on 4x4 and 4x4x4 tic-tac-toe: benchmarks/tic_tac_toe_nd.md (a few minutes);
# then checkers' perft, depth, matches, OpenSpiel's MCTS, minimax and the ladder of estimates:
# benchmarks/checkers.md (about 75 minutes at the issue's sizes below, more on a busy machine:
# the ladder 30 to 45 minutes, 10 openings x 2 games x 5 rungs of 150-250 plies at 0.1 s a move;
# the 100 games against random and greedy about 15 minutes; the 20 against MCTS about 15).
# Options go in BENCH_ARGS, e.g. make bench BENCH_ARGS="--case tic-tac-toe --runs 3",
# PONS_ARGS, e.g. PONS_ARGS="--sample 100", ND_ARGS, e.g. ND_ARGS="--boards 2 --games 10",
# and CHECKERS_ARGS, e.g. CHECKERS_ARGS="--games 10 --mcts-games 4 --parts perft,matches".
CHECKERS_ARGS ?= --games 50 --mcts-games 20 --ladder-openings 10 --ladder-budget 0.1
$(VENV)/.bench-stamp: $(STAMP)
	$(BIN)/python -m pip install --quiet -e '.[test,bench]'
	touch $@

bench: $(VENV)/.bench-stamp
	$(BIN)/python -m benchmarks $(BENCH_ARGS)
	$(BIN)/python -m benchmarks.pons $(PONS_ARGS)
	$(BIN)/python -m benchmarks.tic_tac_toe_nd $(ND_ARGS)
	$(BIN)/python -m benchmarks.checkers $(CHECKERS_ARGS)

# Re-execute every notebook in place and store its outputs (run after changing one).
notebooks: $(STAMP)
	cd notebooks && for nb in *.ipynb; do \
	  ../$(BIN)/jupyter nbconvert --to notebook --execute --inplace --ExecutePreprocessor.record_timing=False --ExecutePreprocessor.store_widget_state=False "$$nb" || exit 1; \
	done

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache .hypothesis artifacts
