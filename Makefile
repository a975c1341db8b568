# gamesolver: `make lab` opens the lectures, `make test` checks everything.
# Both bootstrap .venv on a fresh clone (Python 3.11+ and make are all they need).

PYTHON ?= python3
# The pinned versions of a passing install (README, "Installs that hold"); CONSTRAINTS= installs
# the newest versions pyproject.toml allows instead, to refresh them (make constraints).
CONSTRAINTS ?= constraints.txt
PIN    := $(if $(CONSTRAINTS),-c $(CONSTRAINTS),)
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed-stamp
# JupyterLab refuses to run as root unless told; lecturers' laptops are not root.
ROOT_FLAG := $(if $(filter 0,$(shell id -u)),--allow-root,)

.PHONY: all lab test lint typecheck shape pytest notebooks clean bench release constraints
.PHONY: hub hub-stop hub-test

all: test

$(STAMP): pyproject.toml $(CONSTRAINTS)
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet $(PIN) -e '.[test,teach]'
	touch $(STAMP)

# Pin the install that .venv holds (run it after make test passed): every package but gamesolver.
constraints: $(STAMP)
	{ sed -n '/^#/p' constraints.txt; $(BIN)/python -m pip freeze --exclude gamesolver; } > constraints.txt.new
	mv constraints.txt.new constraints.txt

# The course's notebooks are trusted, so that JupyterLab shows their stored outputs as they are
# (an untrusted notebook's stored style sheet is dropped until its first cell runs again).
# Alt-R presents the open lecture as live slides (RISE, jupyterlab-rise: docs/teaching.md, "Presenting").
lab: $(STAMP)
	$(BIN)/jupyter trust notebooks/*.ipynb notebooks/play/*.ipynb >/dev/null
	$(BIN)/jupyter lab $(ROOT_FLAG) --notebook-dir=notebooks --LabApp.default_url=/lab/tree/Index.ipynb

lint: $(STAMP)
	$(BIN)/ruff check gamesolver tests benchmarks course/nbgrader_config.py
	$(BIN)/ruff format --check gamesolver tests benchmarks course/nbgrader_config.py
	$(BIN)/nbqa ruff notebooks
	$(BIN)/nbqa "ruff format --check" notebooks

typecheck: $(STAMP)
	$(BIN)/mypy

# Two workers, one per core (pytest-xdist): a test file, or a notebook with all its cells in one
# kernel, stays on one worker (--dist loadfile; the grading of the classes and of the deep dives
# are two files, so that they run side by side). The files start longest first (LONGEST in
# tests/conftest.py; --no-loadscope-reorder keeps that order), so that the workers end together.
# The browser tests run in the same session: a worker that takes one starts its own JupyterLab
# and browser, and the one time they assert (a play page's board, the faster of two visits)
# holds on two busy cores. One session instead of two: the tests are collected once, and no
# worker waits idle for the other at the end of the first. The whole course is released once
# for the run, shared by the workers (tests/conftest.py). The slowest tests are listed at the
# end (--durations), to keep the whole make test within its 15 minutes on two cores.
XDIST := -n 2 --dist loadfile --no-loadscope-reorder
pytest: $(STAMP)
	$(BIN)/pytest $(XDIST) --nbval --nbval-current-env --nbval-sanitize-with nbval_sanitize.cfg \
	  --durations=25 --durations-min=20

# The course's time plan (minutes per class and deep dive, from the syllabus in Index.ipynb) and
# the shape of every lecture: fails if a lecture breaks it (gamesolver/tools/syllabus.py). It
# names, too, what a class (or a short path) uses before it is taught, and fails on each.
shape: $(STAMP)
	$(BIN)/python -m gamesolver.tools.syllabus

test: lint typecheck shape pytest
	@echo "make test passed; CI (.ci/run) then runs make hub-test, the hub test (as root)."

# Play a game against the computer in a browser: make play GAME=Nim serves the game's play page,
# notebooks/play/Nim.ipynb (its rules and the board, no code; Voila; Ctrl-C stops). Without GAME
# it lists the games. The pages come from gamesolver/tools/pages.py (python -m
# gamesolver.tools.pages write); it starts Voila too (python -m gamesolver.tools.pages serve
# GAME), with the pages' own template (nothing fetched from the web; the board beside the
# rules; a word when the server is gone) and a login kept in Jupyter's runtime folder, so that
# the URL stays the same when make play starts again and a tab reloaded after it plays.
# Voila keeps one kernel preheated (the page already run) for the next visitor: the board shows
# 2-3 s after opening the page (about 1 s on a reload) instead of 3-4 s (measured on 2 busy
# cores). More Voila options in VOILA_ARGS, e.g. VOILA_ARGS=--preheat_kernel=False.
.PHONY: play
play: PORT ?= 8866
play: $(STAMP)
	@if [ -z "$(GAME)" ]; then $(BIN)/python -m gamesolver.tools.pages list; exit 0; fi; \
	exec $(BIN)/python -m gamesolver.tools.pages serve "$(GAME)" --port=$(PORT) $(VOILA_ARGS)

# Side-by-side benchmarks against easyAI, aima3 and OpenSpiel (the extra `bench`) and sunfish (its
# own venv, .venv-sunfish, made on first use), like for like technique by technique, then best
# against best, on tic-tac-toe, Nim, Connect Four, checkers and chess, in CPU seconds (medians of
# 7 interleaved runs): prints every row and writes benchmarks/results.csv and
# benchmarks/results.md (about 15 minutes on a shared 2-core machine); then
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
# Last, chess: Win at Chess (300 positions) for ours and sunfish at 0.5 s and 2 s of CPU a position,
# Stockfish at 0.1 s, Stockfish's judgement of our moves, the ablation and the ladder of dynamic
# values (10 games a rung at 0.1 s a move): benchmarks/chess.md (about 45 minutes on a shared
# 2-core machine; the whole ablation, --ablation-positions 300,
# about 10 more; sunfish goes into .venv-sunfish on first use; Stockfish, if missing:
# apt-get install stockfish). CHESS_ARGS, e.g. CHESS_ARGS="--positions 50 --parts ours,sunfish".
CHESS_ARGS ?= --ablation-positions 60
$(VENV)/.bench-stamp: $(STAMP)
	$(BIN)/python -m pip install --quiet $(PIN) -e '.[test,bench]'
	touch $@

bench: $(VENV)/.bench-stamp
	$(BIN)/python -m benchmarks $(BENCH_ARGS)
	$(BIN)/python -m benchmarks.pons $(PONS_ARGS)
	$(BIN)/python -m benchmarks.tic_tac_toe_nd $(ND_ARGS)
	$(BIN)/python -m benchmarks.checkers $(CHECKERS_ARGS)
	$(BIN)/python -m benchmarks.chess $(CHESS_ARGS)

# The students' copies (gamesolver/tools/course.py): course/source/ from the lectures, an nbgrader
# assignment per class and per deep dive, then nbgrader's generate_assignment into course/release/
# (the lecturer's own folders there, submitted/ autograded/ feedback/ gradebook.db, stay).
# SOLUTIONS=1 also releases the notebooks marked as another lecture's solutions.
release: $(STAMP)
	$(BIN)/python -m gamesolver.tools.course release $(if $(filter 1 yes true,$(SOLUTIONS)),--solutions,)

# A trial JupyterHub for a class on this machine (docs/deploy.md): make hub starts it at
# http://127.0.0.1:$(HUB_PORT)/ with an instructor and three students (gs-instructor,
# gs-student1..3; as root, system users; one shared password, printed: a trial setup), the
# course in their environment, nbgrader's exchange in hub/run/exchange and the Formgrader for
# the instructor. Ctrl-C, or make hub-stop from another shell, stops it and every server.
# The hub's environment, hub/venv, is made from a Python that every user can run
# (HUB_PYTHON: Debian's /usr/bin/python3 where it exists); its proxy, configurable-http-proxy,
# comes from npm into hub/node_modules (pinned by hub/package-lock.json). Its pins are
# constraints.txt's but soupsieve's (4.x needs Python 3.11.5; Debian 12's is 3.11.2).
HUB_PYTHON ?= $(if $(wildcard /usr/bin/python3),/usr/bin/python3,$(PYTHON))
HUB_PORT   ?= 8800
HUB_BIN    := hub/venv/bin
HUB_STAMP  := hub/venv/.installed-stamp
HUB_PROXY  := hub/node_modules/.bin/configurable-http-proxy

$(HUB_STAMP): pyproject.toml $(CONSTRAINTS)
	$(HUB_PYTHON) -m venv hub/venv
	$(HUB_BIN)/python -m pip install --quiet --upgrade pip
	sed '/^soupsieve==/d' $(or $(CONSTRAINTS),/dev/null) > hub/venv/constraints.txt
	$(HUB_BIN)/python -m pip install --quiet $(if $(CONSTRAINTS),-c hub/venv/constraints.txt,) -e '.[teach,hub]'
	touch $(HUB_STAMP)

$(HUB_PROXY): hub/package.json hub/package-lock.json
	npm ci --prefix hub --no-audit --no-fund --loglevel=error
	touch $(HUB_PROXY)

hub: $(HUB_STAMP) $(HUB_PROXY)
	$(HUB_BIN)/python hub/trial.py setup --port $(HUB_PORT)
	exec $(HUB_BIN)/python hub/trial.py start

hub-stop:
	$(HUB_BIN)/python hub/trial.py stop

# The class's whole cycle on a hub of its own (tests/hub: release, fetch, submit, collect,
# autograde, feedback), as root (it makes system users; without root it fails). Not part of
# make test: .ci/run runs it after make test.
hub-test: $(STAMP) $(HUB_STAMP) $(HUB_PROXY)
	GAMESOLVER_HUB_TEST=1 $(BIN)/pytest -m hub tests/hub

# Re-execute every notebook in place and store its outputs (run after changing one).
notebooks: $(STAMP)
	cd notebooks && for nb in *.ipynb play/*.ipynb; do \
	  ../$(BIN)/jupyter nbconvert --to notebook --execute --inplace --ExecutePreprocessor.record_timing=False --ExecutePreprocessor.store_widget_state=False "$$nb" || exit 1; \
	done

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache .hypothesis artifacts
