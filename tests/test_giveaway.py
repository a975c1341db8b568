"""No assignment gives away an answer it grades (issue 39).

For every assignment, as ``gamesolver.tools.course`` builds it (``assignments``,
``build_source``), the *graded answers* are the functions that the solution cells of its graded
exercises define, as the instructor's copy has them (nested functions included: the answer of
an exercise is often the body of an inner ``value``). What a student *sees* is every code cell
of every notebook of the assignment, support notebooks such as the Solver included, with the
solutions cleared as nbgrader's ``ClearSolutions`` clears them for the release. No function
defined in what a student sees may be equivalent to a graded answer.

**Equivalence** is equality of the functions' bodies after normalizing their syntax trees:

- docstrings, comments and type annotations are dropped (``x: T = v`` is ``x = v``);
- statements that only count (an assignment to an attribute, ``stats.calls += 1`` or
  ``stats.cutoffs += 1``) are dropped: they are the course's bookkeeping, not the algorithm;
- every name but Python's builtins (``max``, ``len``, ``ValueError``) is renamed by the order of
  its first use: arguments, locals and the enclosing function's names alike, so that renaming
  ``best`` to ``val`` or ``state`` to ``s`` changes nothing, while ``max`` for ``min`` does;
- a body of fewer than three statements is no answer (``return state`` is in every notebook).

This catches an answer copied from a lecture, a variable renamed, a counter left out or an
annotation added; it does not catch an answer rewritten in other words (a ``while`` for a
``for``), which no syntactic test can.
"""

from __future__ import annotations

import ast
import builtins
import json
from pathlib import Path

import nbformat
import pytest
from nbgrader.preprocessors import ClearSolutions

from gamesolver.tools import course
from gamesolver.tools.course import OVERVIEW, Assignment, assignments, build_source

MIN_STATEMENTS = 3
"""A function body shorter than this (after normalizing) is too small to be an answer."""

BUILTINS = frozenset(dir(builtins))


class _Normal(ast.NodeTransformer):
    """A function's syntax tree without what does not change the algorithm (the docstring)."""

    def __init__(self) -> None:
        self.names: dict[str, str] = {}

    def rename(self, name: str) -> str:
        if name in BUILTINS:
            return name
        return self.names.setdefault(name, f"v{len(self.names)}")

    def visit_Name(self, node: ast.Name) -> ast.AST:
        return ast.copy_location(ast.Name(self.rename(node.id), ast.Load()), node)

    def visit_arg(self, node: ast.arg) -> ast.AST:
        return ast.arg(self.rename(node.arg))

    def visit_FunctionDef(self, node: ast.FunctionDef) -> ast.AST:
        name = self.rename(node.name)
        args = self.visit(node.args)
        body = self.statements(node.body)
        return ast.FunctionDef(name=name, args=args, body=body, decorator_list=[])

    def visit_AnnAssign(self, node: ast.AnnAssign) -> ast.AST | None:
        if node.value is None:
            return None
        return self.visit(ast.Assign([node.target], node.value))

    def visit_Lambda(self, node: ast.Lambda) -> ast.AST:
        return ast.Lambda(self.visit(node.args), self.visit(node.body))

    def statements(self, body: list[ast.stmt]) -> list[ast.stmt]:
        kept = []
        for number, statement in enumerate(body):
            if number == 0 and _is_docstring(statement):
                continue
            if _only_counts(statement):
                continue
            new = self.visit(statement)
            if new is not None:
                kept.append(new)
        return kept

    def generic_visit(self, node: ast.AST) -> ast.AST:
        for field, value in ast.iter_fields(node):
            if isinstance(value, list) and value and isinstance(value[0], ast.stmt):
                setattr(node, field, self.statements(value))
            elif isinstance(value, list):
                setattr(
                    node, field, [self.visit(v) if isinstance(v, ast.AST) else v for v in value]
                )
            elif isinstance(value, ast.AST):
                setattr(node, field, self.visit(value))
        return node


def _is_docstring(statement: ast.stmt) -> bool:
    return (
        isinstance(statement, ast.Expr)
        and isinstance(statement.value, ast.Constant)
        and isinstance(statement.value.value, str)
    )


def _only_counts(statement: ast.stmt) -> bool:
    """``stats.calls += 1``, ``stats.cache_entries = len(cache)``: an attribute set, no more."""
    if isinstance(statement, ast.AugAssign | ast.AnnAssign):
        return isinstance(statement.target, ast.Attribute)
    if isinstance(statement, ast.Assign):
        return all(isinstance(target, ast.Attribute) for target in statement.targets)
    return False


def normal_form(function: ast.FunctionDef) -> str | None:
    """The function's body, normalized (the module's docstring), or ``None`` if too small."""
    copy = ast.parse(ast.unparse(function)).body[0]
    assert isinstance(copy, ast.FunctionDef)
    normal = _Normal()
    for argument in ast.walk(copy.args):  # the arguments first: their order names them
        if isinstance(argument, ast.arg):
            normal.rename(argument.arg)
    body = normal.statements(copy.body)
    if len(body) < MIN_STATEMENTS:
        return None
    return ast.dump(ast.Module(body, []))


def functions(source: str) -> list[ast.FunctionDef]:
    """Every function the code defines, nested ones too (IPython's magics skipped)."""
    code = "\n".join(
        "" if line.lstrip().startswith(("%", "!")) else line for line in source.splitlines()
    )
    try:
        tree = ast.parse(code)
    except SyntaxError:
        return []
    return [node for node in ast.walk(tree) if isinstance(node, ast.FunctionDef)]


def _text(cell: dict) -> str:
    source = cell.get("source", "")
    return "".join(source) if isinstance(source, list) else source


def graded_answers(path: Path) -> list[tuple[str, str, ast.FunctionDef]]:
    """The functions of the solution code cells under a graded exercise of the notebook at
    ``path`` (the instructor's copy): ``(exercise, grade id, function)``."""
    cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
    heading, graded, answers = "Exercises", set(), []
    for cell in cells:
        marks = cell.get("metadata", {}).get("nbgrader", {})
        if cell["cell_type"] == "markdown" and (match := course._EXERCISE.search(_text(cell))):
            heading = match[1]
        if marks.get("grade"):
            graded.add(heading)
        if cell["cell_type"] == "code" and marks.get("solution"):
            answers += [(heading, marks["grade_id"], f) for f in functions(_text(cell))]
    return [answer for answer in answers if answer[0] in graded]


def released_functions(folder: Path) -> list[tuple[str, str]]:
    """What the students see of the assignment in ``folder`` (its source): ``(notebook, normal
    form)`` of every function in a code cell of its notebooks, the solutions cleared."""
    found = []
    for path in sorted(folder.glob("*.ipynb")):
        notebook, _ = ClearSolutions().preprocess(nbformat.read(path, as_version=4), {})
        for cell in notebook.cells:
            if cell.cell_type == "code":
                for function in functions(cell.source):
                    if (form := normal_form(function)) is not None:
                        found.append((f"{path.name}: {function.name}", form))
    return found


def give_aways(assignment: Assignment, source: Path) -> list[str]:
    """The graded answers of ``assignment`` that its released notebooks show, each as a line."""
    build_source(assignment, course.NOTEBOOKS, source)
    folder = source / assignment.name
    seen = released_functions(folder)
    found = []
    for path in sorted(folder.glob("*.ipynb")):
        if path.name == OVERVIEW:
            continue
        for exercise, cell, function in graded_answers(path):
            form = normal_form(function)
            found += [
                f"{assignment.name}: {path.name} {exercise} ({cell}, {function.name}) is "
                f"shown as {where}"
                for where, shown in seen
                if form is not None and shown == form
            ]
    return found


@pytest.mark.parametrize("assignment", assignments(), ids=lambda a: a.name)
def test_no_assignment_shows_an_answer_it_grades(assignment: Assignment, tmp_path: Path) -> None:
    assert give_aways(assignment, tmp_path) == []


def test_equivalence_sees_through_names_counters_and_annotations() -> None:
    """A copy with other names, its counter left out and annotations added is the same answer;
    ``min`` for ``max`` is not."""
    lecture = '''
def alpha_beta(game, state, player, stats, alpha, beta):
    """Negamax."""
    stats.calls += 1
    if game.finished(state):
        return game.utility(state, player)
    best: int = game.worst
    for ns in game.next_states(state, player):
        best = max(best, -alpha_beta(game, ns, game.other(player), stats, -beta, -alpha))
        if best >= beta:
            stats.cutoffs += 1
            return best
        alpha = max(alpha, best)
    return best
'''
    copied = lecture.replace("best", "val").replace("ns", "s").replace('"""Negamax."""', "")
    copied = copied.replace("            stats.cutoffs += 1\n", "")
    other = lecture.replace("max(alpha", "min(alpha")
    forms = [normal_form(functions(code)[0]) for code in (lecture, copied, other)]
    assert forms[0] is not None and forms[0] == forms[1] != forms[2]
    assert normal_form(functions("def f(s):\n    return s\n")[0]) is None
