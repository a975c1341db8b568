"""The second half of the core path's lectures as live slides: every slide fits (the checks and
why: test_browser_slides.py). A file of its own, so that the two workers of ``make test`` share
the lectures."""

from __future__ import annotations

from typing import Any

import pytest

from .test_browser_slides import halves, slides_fit


@pytest.mark.parametrize("lecture", halves()[1])
def test_every_slide_fits(lecture: str, jupyterlab: Any, page: Any, artifacts: Any) -> None:
    slides_fit(lecture, jupyterlab, page, artifacts)
