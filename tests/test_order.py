"""The order in which ``make test``'s two workers take the test files (tests/conftest.py)."""

from __future__ import annotations

import types
from typing import Any

import conftest
import pytest


def items(*nodeids: str) -> list[Any]:
    return [types.SimpleNamespace(nodeid=nodeid) for nodeid in nodeids]


def test_a_worker_takes_the_longest_files_first_each_file_in_its_order(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(conftest, "LONGEST", {"tests/test_long.py": 300.0, "nb/Long.ipynb": 100.0})
    found = items(
        "tests/test_a.py::one",
        "tests/test_long.py::b[2]",
        "tests/test_many.py::x",
        "tests/test_long.py::a[1]",
        "tests/test_many.py::y",
        "nb/Long.ipynb::Cell 0",
    )
    worker = types.SimpleNamespace(workerinput={})
    conftest.pytest_collection_modifyitems(worker, found)  # type: ignore[arg-type]
    assert [item.nodeid for item in found] == [
        "tests/test_long.py::b[2]",
        "tests/test_long.py::a[1]",
        "nb/Long.ipynb::Cell 0",
        "tests/test_many.py::x",  # then by the number of tests, as pytest-xdist orders them
        "tests/test_many.py::y",
        "tests/test_a.py::one",
    ]


def test_without_workers_the_order_stays() -> None:
    found = items("tests/test_a.py::one", "tests/test_grading.py::two")
    conftest.pytest_collection_modifyitems(types.SimpleNamespace(), found)  # type: ignore[arg-type]
    assert [item.nodeid for item in found] == ["tests/test_a.py::one", "tests/test_grading.py::two"]
