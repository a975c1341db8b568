"""One student of the hub's cycle in a real browser: Debian's Chromium (Playwright) logs in on
the hub and uses the Assignments tab of JupyterLab (nbgrader's) to fetch, submit and fetch the
feedback. Screenshots of the tab go to artifacts/hub-<step>.png."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING

from .conftest import ROOT, Hub

if TYPE_CHECKING:
    from playwright.sync_api import Locator, Page

CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
WAIT_MS = 120_000


class AssignmentsTab:
    """The student's JupyterLab on the hub with the Assignments tab open."""

    def __init__(self, page: Page, assignment: str) -> None:
        self.page, self.assignment = page, assignment

    def row(self, section: str) -> Locator:
        """The assignment's row in a section: released, fetched or submitted."""
        rows = self.page.locator(f"#{section}_assignments_list > .list_item")
        return rows.filter(has_text=self.assignment).first

    def click(self, section: str, button: str, then: str, step: str) -> None:
        """Click the row's ``button``, wait until the assignment shows in section ``then``."""
        self.row(section).get_by_role("button", name=button, exact=True).click()
        self.row(then).wait_for(timeout=WAIT_MS)
        self.shot(step)

    def shot(self, step: str) -> None:
        """The page as the student sees it now: artifacts/hub-STEP.png."""
        self.page.screenshot(path=str(ROOT / "artifacts" / f"hub-{step}.png"))

    def refresh(self) -> None:
        self.page.locator("#refresh_assignments_list").click()
        self.page.locator("#submitted_assignments_list_loading").wait_for(
            state="hidden", timeout=WAIT_MS
        )


@contextmanager
def assignments_tab(
    hub: Hub, student: str, password: str, assignment: str
) -> Iterator[AssignmentsTab]:
    """Log in as ``student`` with the class's password; the Assignments tab, open."""
    from playwright.sync_api import sync_playwright

    (ROOT / "artifacts").mkdir(exist_ok=True)
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=str(CHROMIUM), headless=True, args=CHROMIUM_ARGS
        )
        try:
            page = browser.new_page(viewport={"width": 1280, "height": 800})
            page.goto(f"{hub.url}/hub/login")
            page.fill("input[name=username]", student)
            page.fill("input[name=password]", password)
            page.click("[type=submit]")
            page.wait_for_url(f"**/user/{student}/lab**", timeout=WAIT_MS)
            page.get_by_text("Nbgrader", exact=True).click()
            page.get_by_text("Assignment List", exact=True).click()
            page.locator("#released_assignments_list_loading").wait_for(
                state="hidden", timeout=WAIT_MS
            )
            yield AssignmentsTab(page, assignment)
        finally:
            browser.close()
