"""What the course adds to nbgrader's feedback pages (``nbgrader generate_feedback``), so that a
student reads them whole, offline, and is told what is still to be graded; both parts are set
in ``course/nbgrader_config.py``:

- ``MathML`` (a preprocessor) writes the markdown cells' formulas as MathML, which browsers draw
  themselves (nbgrader's page loads MathJax from a CDN: offline, formulas showed as raw LaTeX);
- ``finish`` (the ``post_convert_hook``) removes the page of a notebook with nothing graded in
  it, and on the others drops MathJax, wraps long lines of output, and says how many points of
  written answers wait for the lecturer (nbgrader counts them as 0 until then).
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from latex2mathml.converter import convert
from nbgrader.preprocessors import NbGraderPreprocessor

_MATH = re.compile(
    r"\$\$(?P<display>.+?)\$\$|(?<![\\$])\$(?P<inline>(?:(?!\n\s*\n)[^$])+?)\$", re.S
)
"""A formula: ``$$...$$``, or ``$...$`` within a paragraph (it may wrap over lines)."""
_CODE = re.compile(r"(```.*?```|`[^`\n]*`)", re.S)
_MATHJAX = re.compile(
    r"<script[^>]*>(?:(?!</script>).)*?MathJax(?:(?!</script>).)*?</script>|"
    r"<script[^>]*src=\"[^\"]*mathjax[^\"]*\"[^>]*>\s*</script>|"
    r"<!--[^>]*mathjax[^>]*-->",
    re.S | re.I,
)
"""nbgrader's MathJax: its configuration, the script from a CDN and their comments."""

STYLE = """<style>
/* gamesolver: long lines wrap inside the page instead of running off its edge */
div.output_area pre, div.output_text pre, div.output_subarea pre {
  white-space: pre-wrap; overflow-wrap: anywhere;
}
math { font-size: 1.05em; }
p.gamesolver-waiting { color: #8a5a00; font-weight: bold; }
</style>
"""


def mathml(text: str) -> str:
    """``text`` (markdown) with its ``$...$`` and ``$$...$$`` formulas written as MathML; code
    spans and blocks are left as they are (a ``$`` in code is not a formula)."""
    parts = _CODE.split(text)
    for index in range(0, len(parts), 2):  # the parts outside code
        parts[index] = _MATH.sub(_formula, parts[index])
    return "".join(parts)


def _formula(match: re.Match[str]) -> str:
    display = match["display"] is not None
    latex = (match["display"] if display else match["inline"]).strip()
    try:
        return str(convert(latex, display="block" if display else "inline"))
    except Exception:  # a formula latex2mathml cannot read stays as it was written
        return match[0]


class MathML(NbGraderPreprocessor):  # type: ignore[misc]  # nbgrader has no type hints
    """The markdown cells' formulas as MathML (``mathml``)."""

    def preprocess_cell(self, cell: Any, resources: Any, index: int) -> tuple[Any, Any]:
        if cell.cell_type == "markdown":
            cell.source = mathml(cell.source)
        return cell, resources


def _graded(notebook: Path) -> bool:
    cells = json.loads(notebook.read_text(encoding="utf-8")).get("cells", [])
    return any(cell.get("metadata", {}).get("nbgrader", {}).get("grade") for cell in cells)


def waiting_points(course: Path, assignment: str, student: str, notebook: str) -> float:
    """The points of ``notebook``'s written answers (and tasks) that wait for grading by hand."""
    from gamesolver.tools.grade import open_gradebook  # here: it imports SQLAlchemy

    with open_gradebook(course) as book:
        found = book.find_submission_notebook(notebook, assignment, student)
        return float(
            sum(
                grade.max_score
                for grade in found.grades
                if grade.auto_score is None and grade.manual_score is None
            )
        )


def finish(assignment: str, student: str, notebooks: list[str]) -> None:
    """nbgrader's ``post_convert_hook`` (see the module) for the autograded ``notebooks``,
    ``autograded/<student>/<assignment>/<name>.ipynb``: the student and the assignment are read
    from those paths (nbgrader passes its command line's patterns, ``*`` for every student)."""
    for name in notebooks:
        path = Path(name)
        course, student, assignment = path.parents[3], path.parent.parent.name, path.parent.name
        page = course / "feedback" / student / assignment / f"{path.stem}.html"
        if not page.is_file():
            continue
        if not _graded(path):
            page.unlink()
            continue
        html = _MATHJAX.sub("", page.read_text(encoding="utf-8"))
        html = html.replace("</head>", f"{STYLE}</head>", 1)
        waiting = waiting_points(course, assignment, student, path.stem)
        if waiting:
            said = (
                f"{waiting:g} points of written answers are not graded yet: they count as 0 "
                "in the score above until your lecturer grades them."
            )
            html = re.sub(r"(</h4>)", rf'\1<p class="gamesolver-waiting">{said}</p>', html, count=1)
        page.write_text(html, encoding="utf-8")


def feedback_preprocessors() -> list[type]:
    """nbgrader's feedback preprocessors, ``MathML`` first."""
    from nbgrader.converters import GenerateFeedback

    steps: list[type] = GenerateFeedback.class_traits()["preprocessors"].default()
    return [MathML, *steps]
