"""Hints: the likely mistake behind a counterexample of ``check_algorithm``, in one sentence.

The check says which condition an answer broke; a hint says what in the code to look at. Each
rule (``window_hint``, ``unnegated_hint``, ``early_cut_hint``) reads the student's recorded
calls (``gamesolver.trace``) for something no correct search does, so that a hint is never
guessed where the calls do not show it. ``NO_PRUNING`` and ``default_window_hint`` are for
failures that the calls do not show (``exercises`` knows them).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from gamesolver.game import Value, is_nan, is_number
from gamesolver.guard import shown
from gamesolver.stepper import Stepper, number, window_text
from gamesolver.trace import Call, Search
from gamesolver.words import LONGEST, digits

NO_PRUNING = (
    "Likely mistake: no pruning. Your function looks at every child: it never cuts off, so it "
    "searches as minimax does; leave a node's loop once its best reaches β."
)


NOT_TURNED = "Likely mistake: the window you hand a child is not turned round."


def default_window_hint(window: tuple[Value, Value], found: list[str]) -> str:
    """Why the student's own trials pass: with the default ``window`` the answer is right; and
    if the window was ``found`` not turned round, why (a window like [-1, 1] turned is itself)."""
    said = window_text(window)
    why = "try it with alpha and beta given"
    if any(hint.startswith(NOT_TURNED) for hint in found) and window[0] == -window[1]:
        why = f"turned round, {said} is itself"
    return (
        f"With the default window {said} your function answers right here, which is why your "
        f"own trials pass: {why}."
    )


def mistakes(search: Search, utility_range: tuple[Value, Value]) -> list[str]:
    """The hints that the recorded ``search`` shows (none for a correct search). A negamax
    ``value`` that answers from the root player's side is read so (``_sides``)."""
    if _sides(search) == {"root"}:
        for call in search.calls:
            call.perspective = search.player
    rules: list[Callable[[], str | None]] = [
        lambda: window_hint(search),
        lambda: unnegated_hint(search),
        lambda: early_cut_hint(search, utility_range),
    ]
    return [hint for rule in rules if (hint := rule()) is not None]


def _sides(search: Search) -> set[str]:
    """From whose side the calls of ``value`` answer at the finished states where the root
    player's utility and the mover's differ: ``"root"`` or ``"mover"`` for each."""
    game, sides = search.game, set()
    for call in search.calls:
        if call.function != "value" or call.children or not call.returned:
            continue
        if not game.finished(call.state):
            continue
        rooted = game.utility(call.state, search.player)
        if game.utility(call.state, call.player) != rooted:
            sides.add("root" if call.result == rooted else "mover")
    return sides


def _negamax(call: Call) -> bool:
    """The call is of a negamax ``value`` whose window and answer are the mover's."""
    return call.function == "value" and call.perspective == call.player


def _numbers(*values: object) -> bool:
    return all(is_number(value) for value in values)


def text(value: Any) -> str:
    """A value as the report writes it: as the traces do (``stepper.number``: ``10``, ``-∞``),
    an int too long to write by its number of digits."""
    if not is_number(value) and not is_nan(value):
        return shown(value)
    if isinstance(value, int) and digits(value) > LONGEST:
        return shown(value)
    return number(value if isinstance(value, int | float) else float(value))


def window_hint(search: Search) -> str | None:
    """The first child whose window is not inside its parent's, seen from Max's side (alpha-beta
    only narrows it); in negamax, a child given its parent's ``beta`` got it not turned round."""
    view = Stepper(search)
    for call in search.calls:
        if call.parent is None:
            continue
        parent = search.calls[call.parent]
        mine, theirs = view.window(call.index), view.window(parent.index)
        if mine is None or theirs is None or not _numbers(*mine, *theirs):
            continue
        if theirs[0] <= mine[0] and mine[1] <= theirs[1]:
            continue
        child, above = search.text(call.state), search.text(parent.state)
        if _negamax(call) and _negamax(parent) and call.beta == parent.beta:
            alpha, beta = text(call.alpha), text(call.beta)
            return (
                f"{NOT_TURNED} {child} got alpha = {alpha}, beta = {beta}, as {above} had them; "
                "a child needs -beta, -alpha."
            )
        return (
            "Likely mistake: the window you hand a child is not its parent's. "
            f"{child} got {window_text(mine)} (for Max), not within {above}'s "
            f"{window_text(theirs)}; pass alpha and beta down."
        )
    return None


def _answers(search: Search, call: Call) -> list[Value] | None:
    """The answers of the calls ``call`` made, if it returned and each of them returned a
    number (``None`` if not, or if it made none)."""
    answers = [search.calls[child].result for child in call.children]
    if not answers or not call.returned or not _numbers(call.result, *answers):
        return None
    return answers  # type: ignore[return-value]


def unnegated_hint(search: Search) -> str | None:
    """A negamax search in which every call answers the largest of its children's answers as
    they came (or its ``alpha``), and one of them neither the largest of their negations nor, as
    a fail-hard search may, an ``alpha`` above it."""
    unnegated: Call | None = None
    mover_sided = _sides(search) == {"mover"}
    for call in search.calls:
        answers = _answers(search, call)
        turned = all(search.calls[child].perspective != call.perspective for child in call.children)
        if answers is None or not _negamax(call) or not turned:
            continue
        if call.result not in (max(answers), call.alpha):
            return None  # (not every call answers so: some other form, or some other mistake)
        negated = max(-answer for answer in answers)
        fail_hard = call.result == call.alpha and call.alpha >= negated  # type: ignore[operator]
        # where the leaves do not show the mover's side, a call of the other player does: one
        # answering from the root player's side would take the smallest answer
        other = call.player != search.player and min(answers) != max(answers)
        shown = mover_sided or other
        if unnegated is None and call.result != negated and not fail_hard and shown:
            unnegated = call
    if unnegated is None:
        return None
    return (
        "Likely mistake: a value not negated. "
        f"{search.text(unnegated.state)} returned {text(unnegated.result)}, the largest of "
        "its children's answers as they came; each is the opponent's value: use -value(...)."
    )


def early_cut_hint(search: Search, utility_range: tuple[Value, Value]) -> str | None:
    """The first call that cut off with its best still inside its window (below ``beta`` for the
    mover); not judged where a position was called twice (a memo may narrow the window)."""
    positions = [(call.state, call.player) for call in search.calls]
    if len(set(positions)) < len(positions):
        return None  # a position called twice: a memo table may have narrowed the window
    view = Stepper(search)
    for call in search.calls:
        window, best = call.window, call.result
        if _answers(search, call) is None or window is None or not search.pruned(call.index):
            continue
        if not _negamax(call):  # the Max/Min form: Max's side
            window, best = view.window(call.index), view.value(call.index)
        if window is None or best is None or not _numbers(best, *window):
            continue
        low, high = window
        maximizes = _negamax(call) or call.player == search.game.Players[0]
        if best >= min(high, utility_range[1]) if maximizes else best <= max(low, utility_range[0]):
            continue  # a cut off at β, or at the best value the game has
        where = search.text(call.state)
        bound = f"below β = {text(high)}" if maximizes else f"above α = {text(low)}"
        needs = "best ≥ β" if maximizes else "best ≤ α"
        return (
            f"Likely mistake: a cut at the wrong bound. {where} stopped searching its moves "
            f"with best = {text(best)}, {bound}; cut off only when {needs}."
        )
    return None
