"""A small table: HTML in JupyterLab, aligned text elsewhere. nbval compares the text, so every
number shown is checked on every run; timings (``"0.123 s"``) and ratios (``"×12.3"``) are the
two patterns ``nbval_sanitize.cfg`` masks.
"""

from __future__ import annotations

import html
import math
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field


def fmt(value: object) -> str:
    """A cell as text: integers with thousands separators, floats with up to 3 decimals."""
    if isinstance(value, bool) or value is None:
        return str(value)
    if isinstance(value, int):
        return f"{value:,}"
    if isinstance(value, float):
        if not math.isfinite(value):
            return str(value)
        value = round(value, 3) + 0.0  # + 0.0: -0.0 (and -0.0001, rounded) is written 0, not -0
        return f"{value:,.3f}".rstrip("0").rstrip(".") if value != int(value) else f"{value:,.0f}"
    return str(value)


def seconds(value: float) -> str:
    """A duration as the notebooks print it (masked by the nbval sanitizer)."""
    return f"{value:.3f} s"


def ratio(value: float) -> str:
    """A speed-up or saving factor as the notebooks print it (masked by the nbval sanitizer)."""
    return f"×{value:.1f}"


_NUMBERLIKE = re.compile(r"^[-+×]?\d")


@dataclass
class Table:
    """Rows under a header; numbers right-aligned."""

    columns: Sequence[str]
    rows: list[Sequence[object]] = field(default_factory=list)
    title: str = ""

    def add(self, *row: object) -> None:
        """Append one row (one value per column)."""
        if len(row) != len(self.columns):
            raise ValueError(f"expected {len(self.columns)} values, got {len(row)}")
        self.rows.append(row)

    def _cells(self) -> Iterable[list[str]]:
        return ([fmt(v) for v in row] for row in self.rows)

    @staticmethod
    def _numeric(row: Sequence[object]) -> list[bool]:
        """Which cells align right: numbers, and texts that read as numbers ("0.1 s", "×3")."""
        return [
            (isinstance(v, int | float) and not isinstance(v, bool))
            or (isinstance(v, str) and bool(_NUMBERLIKE.match(v)))
            for v in row
        ]

    def __repr__(self) -> str:
        cells = list(self._cells())
        widths = [len(c) for c in self.columns]
        for row in cells:
            widths = [max(w, len(c)) for w, c in zip(widths, row, strict=True)]
        lines = [self.title] if self.title else []
        header = "  ".join(c.ljust(w) for c, w in zip(self.columns, widths, strict=True))
        lines.append(header.rstrip())
        lines.append("  ".join("-" * w for w in widths))
        for raw, row in zip(self.rows, cells, strict=True):
            parts = [
                c.rjust(w) if num else c.ljust(w)
                for c, w, num in zip(row, widths, self._numeric(raw), strict=True)
            ]
            lines.append("  ".join(parts).rstrip())
        return "\n".join(lines)

    def _repr_html_(self) -> str:
        head = "".join(f"<th>{html.escape(c)}</th>" for c in self.columns)
        body = []
        for raw, row in zip(self.rows, self._cells(), strict=True):
            tds = "".join(
                f'<td style="text-align:{"right" if num else "left"}">{html.escape(c)}</td>'
                for c, num in zip(row, self._numeric(raw), strict=True)
            )
            body.append(f"<tr>{tds}</tr>")
        caption = f"<caption>{html.escape(self.title)}</caption>" if self.title else ""
        return (
            f'<table class="gamesolver-table">{caption}<thead><tr>{head}</tr></thead>'
            f"<tbody>{''.join(body)}</tbody></table>"
        )
