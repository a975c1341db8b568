"""gamesolver.table: how numbers are written in the notebooks' tables and status lines."""

from __future__ import annotations

import math

import pytest

from gamesolver.table import Table, fmt


@pytest.mark.parametrize(
    ("value", "text"),
    [
        (1234567, "1,234,567"),
        (0.25, "0.25"),
        (2.0, "2"),
        (1234.5678, "1,234.568"),
        (-0.5, "-0.5"),
        (-0.0, "0"),  # a negated estimate of 0.0
        (-0.0001, "0"),  # rounds to 0 at 3 decimals: no "-0"
        (0.0004, "0"),
        (math.inf, "inf"),
        (math.nan, "nan"),
        (True, "True"),
        (None, "None"),
        ("x", "x"),
    ],
)
def test_fmt(value: object, text: str) -> None:
    assert fmt(value) == text


def test_a_table_right_aligns_numbers() -> None:
    table = Table(["name", "calls"], title="counts")
    table.add("minimax", 549946)
    table.add("alpha_beta", -0.0)
    assert repr(table).splitlines() == [
        "counts",
        "name        calls",
        "----------  -------",
        "minimax     549,946",
        "alpha_beta        0",
    ]
