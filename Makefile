# gamesolver: `make lab` opens the lectures, `make test` checks everything.
# Both bootstrap .venv on a fresh clone (Python 3.11+ and make are all they need).

PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed-stamp
# JupyterLab refuses to run as root unless told; lecturers' laptops are not root.
ROOT_FLAG := $(if $(filter 0,$(shell id -u)),--allow-root,)

.PHONY: all lab test lint typecheck pytest notebooks clean

all: test

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[test]'
	touch $(STAMP)

lab: $(STAMP)
	$(BIN)/jupyter lab $(ROOT_FLAG) --notebook-dir=notebooks --LabApp.default_url=/lab/tree/Index.ipynb

lint: $(STAMP)
	$(BIN)/ruff check gamesolver tests
	$(BIN)/ruff format --check gamesolver tests
	$(BIN)/nbqa ruff notebooks
	$(BIN)/nbqa "ruff format --check" notebooks

typecheck: $(STAMP)
	$(BIN)/mypy

pytest: $(STAMP)
	$(BIN)/pytest --nbval --nbval-current-env --nbval-sanitize-with nbval_sanitize.cfg

test: lint typecheck pytest

# Re-execute every notebook in place and store its outputs (run after changing one).
notebooks: $(STAMP)
	cd notebooks && for nb in *.ipynb; do \
	  ../$(BIN)/jupyter nbconvert --to notebook --execute --inplace --ExecutePreprocessor.record_timing=False --ExecutePreprocessor.store_widget_state=False "$$nb" || exit 1; \
	done

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache .hypothesis artifacts
