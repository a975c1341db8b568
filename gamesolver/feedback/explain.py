"""Explaining a move in words: a small controlled language that reads what the search found.

The slides "Course 9: Games" ask an interface to "explain why a move is better than another ... by
generating explanations in natural language: invent a controlled language and parameterize it".
This module is that language. It does not search: the searches are the solver notebook's, handed
in as plain functions, so that nothing here depends on which algorithm found the values::

    moves = assess(game, state, player, value, line, plies, chosen)  # every move, its value,
                                                                     # the line after it
    print(explain(game, state, player, chosen, moves))               # one sentence per move

For tic-tac-toe, ``X`` to move after ``X (0, 0), O (0, 1)``::

    I play (1, 1). If you answer (2, 2), I play (1, 0), you play (0, 2) and I play (1, 2);
    whatever you do, I win in 2 more moves.
    (0, 2) only draws: you would answer (1, 1) and hold the draw.
    (1, 0) is just as good.

**The grammar.** An explanation is the move paragraph, then one reason per other move (in the
game's order). The move paragraph is ``ends`` if the move ends the game, else ``plays``, the
*reading* of the line of best play and the *verdict*, joined by ``verdict``. The reading is
``answer`` for the opponent's reply, then ``mine`` and ``yours`` in turn, joined by ``then``, the
last by ``last``; a reply that ends the game is read ``answer_ends`` and needs no verdict. "I" is
the player who moves, "you" the opponent. With ``v`` the value of the move played, ``w`` that of
another move, ``u`` the utility of a finished game (all the mover's), and ``n`` a count of one
player's moves (mine after this one; yours, your answer included, as chess counts "mate in n"):

- outcome: ``won`` (u > 0), ``drawn`` (u = 0), ``lost`` (u < 0);
- verdict: ``win_next``, ``win_in``, ``win`` (v = best; n = 1, > 1, unknown), ``draw`` (v = 0),
  ``loss_next``, ``loss_in``, ``loss`` (v = worst), ``better`` and ``worse`` (in between);
- reason: ``stronger`` (w > v), ``same`` (w = v), ``wins_now``, ``wins_next``, ``wins_in`` (w =
  v = best, sooner or later), ``loses_now``, ``loses_in``, ``loses`` (w = worst), ``draws`` (w =
  0 < v), ``weaker`` (another w < v), ``ends_early`` (w < v and the move ends the game).

``{move}`` and ``{reply}`` (the first move of the line after the other move: the refutation) are
``game.move_name``; ``{value}`` is a value as the play widget's status line says it, from your
side (``gamesolver.words.in_terms``).

**The brief form** (``Explanation.brief``, which ``Play`` shows under its status line): the move
and its verdict (``decides``, or ``ends``), then the other moves grouped by their reason's kind,
the best first, each group worded by its ``would_*`` template (``_GROUPED``), the group of all
of them named ``every_other``, the groups joined by ``groups``; ``would_lose_now_to`` names the
reply a whole group loses to at once::

    I play (0, 2): I win.
    (1, 2) would only draw; (2, 0), (2, 1) and (2, 2) would lose: you would win at once with (1, 2).

The language is parameterized by the game (its move names and utility range) and by a
``Language``, e.g. for Nim, whose move names are verbs: ``Language(plays="I {move}.", mine="I
{move}", yours="you {move}")``.
"""

from __future__ import annotations

import html
from collections.abc import Callable, Sequence
from dataclasses import dataclass, fields
from typing import Generic

from gamesolver.game import Game, Player, State, Value
from gamesolver.words import in_terms

ValueSearch = Callable[[State, Player], Value]
"""``value(state, player)``: the value of ``state`` for ``player``, the player to move there."""

PliesSearch = Callable[[State, Player], "int | None"]
"""``plies(state, player)``: after how many moves (of both players) best play ends the game:
the quickest win the winner can force, 0 for a finished state, ``None`` if none (or unknown)."""

LineSearch = Callable[[State, Player, "int | None"], Sequence[State]]
"""``line(state, player, length)``: the states of a line of best play from ``state``, to the end
of the game, or for ``length`` moves (the solver's ``principal_variation``)."""


@dataclass(frozen=True)
class Language:
    """The sentence templates of explanations; the module docstring says when each is used.

    Replace some to fit a game or a class, e.g. ``Language(plays="I {move}.")``; ``check`` (run
    on construction) makes sure every template uses only the placeholders it is given.
    """

    plays: str = "I play {move}."
    ends: str = "I play {move}: {outcome}."
    answer: str = "If you answer {move}"
    answer_ends: str = "If you answer {move}, {outcome}"
    mine: str = "I play {move}"
    yours: str = "you play {move}"
    won: str = "I win"
    drawn: str = "it is a draw"
    lost: str = "you win"
    win_next: str = "whatever you do, I win with my next move"
    win_in: str = "whatever you do, I win in {n} more moves"
    win: str = "whatever you do, I win"
    draw: str = "with best play on both sides it is a draw"
    loss_next: str = "you can win with your next move"
    loss_in: str = "you can win in {n} moves, whatever I do"
    loss: str = "you can win, whatever I do"
    better: str = "with best play it is better for me ({value})"
    worse: str = "with best play it is better for you ({value})"
    same: str = "{move} is just as good."
    wins_now: str = "{move} wins too, at once."
    wins_next: str = "{move} wins too, with my next move."
    wins_in: str = "{move} wins too, in {n} more moves."
    loses_now: str = "{move} loses: you would win at once with {reply}."
    loses_in: str = "{move} loses: you would answer {reply} and win in {n} moves."
    loses: str = "{move} loses: you would win with {reply}."
    draws: str = "{move} only draws: you would answer {reply} and hold the draw."
    weaker: str = "{move} is worse for me ({value}): you would answer {reply}."
    ends_early: str = "{move} would end the game: {outcome}."
    stronger: str = "{move} would be better ({value})."
    then: str = ", "
    """Between the moves of the reading."""
    last: str = " and "
    """Before the last move of the reading."""
    verdict: str = "; "
    """Between the reading and the verdict."""
    decides: str = "I play {move}: {verdict}."
    every_other: str = "every other move"
    would_better: str = "{moves} would be better ({value})"
    would_same: str = "{moves} would be just as good"
    would_win_now: str = "{moves} would win too, at once"
    would_win_next: str = "{moves} would win too, with my next move"
    would_win_in: str = "{moves} would win too, in {n} more moves"
    would_lose_now: str = "{moves} would lose: you would win at once"
    would_lose_now_to: str = "{moves} would lose: you would win at once with {reply}"
    would_lose_in: str = "{moves} would lose: you would win in {n} moves"
    would_lose: str = "{moves} would lose"
    would_draw: str = "{moves} would only draw"
    would_weaken: str = "{moves} would be worse for me ({value})"
    would_end: str = "{moves} would end the game: {outcome}"
    groups: str = "; "
    """Between the groups of other moves in the brief form."""

    def __post_init__(self) -> None:
        self.check()

    def check(self) -> None:
        """Raise ``ValueError`` if a template uses a placeholder it is not given."""
        for field in fields(self):
            template = getattr(self, field.name)
            allowed = {"move", "reply", "value", "n", "outcome"}
            if field.name == "decides":
                allowed = {"move", "verdict"}
            elif field.name.startswith("would_"):
                allowed = {"moves", "reply", "value", "n", "outcome"}
            try:
                template.format(**dict.fromkeys(allowed, ""))
            except (KeyError, IndexError, ValueError) as error:
                raise ValueError(
                    f"the template {field.name}={template!r} is not valid: {error!r} "
                    f"(placeholders: {', '.join(sorted(allowed))})"
                ) from None


ENGLISH = Language()
"""The default wording."""


@dataclass(frozen=True)
class Assessment(Generic[State]):
    """What the searches found out about one move: the state it leads to (``after``), its value
    for the mover, the line of best play after it (the refutation first; empty only if the move
    ends the game) and ``plies`` (``PliesSearch``)."""

    after: State
    value: Value
    line: tuple[State, ...] = ()
    plies: int | None = None

    @property
    def reply(self) -> State | None:
        """The opponent's best answer: the first state of the line (``None`` if it is empty)."""
        return self.line[0] if self.line else None


@dataclass(frozen=True)
class Explanation(Generic[State]):
    """Why a move was played: the move paragraph and one reason per other move, one a line
    (``str``, ``repr``); ``line`` is what a board draws (``BoardWidget.draw_line``)."""

    chosen: Assessment[State]
    others: tuple[Assessment[State], ...]
    summary: str
    """The move paragraph: the move, the reading of its line, the verdict."""
    reasons: tuple[str, ...]
    """One sentence per other move, in the game's order of moves."""
    brief_lines: tuple[str, ...] = ()
    """The brief form (see ``brief``), line by line; empty: the move paragraph stands for it."""

    @property
    def brief(self) -> str:
        """The brief form (the module's), or the move paragraph without other moves."""
        return "\n".join(self.brief_lines) if self.brief_lines else self.summary

    @property
    def line(self) -> tuple[State, ...]:
        """The line of best play after the chosen move."""
        return self.chosen.line

    @property
    def sentences(self) -> tuple[str, ...]:
        """The move paragraph, then the reasons."""
        return (self.summary, *self.reasons)

    def __str__(self) -> str:
        return "\n".join(self.sentences)

    def __repr__(self) -> str:
        return str(self)

    def brief_html(self) -> str:
        """The brief form as HTML: one paragraph, its lines broken with ``<br>``."""
        return f"<p>{'<br>'.join(html.escape(line) for line in self.brief.splitlines())}</p>"


# -- the searches -------------------------------------------------------------------------------


def assess(
    game: Game[State, Player],
    state: State,
    player: Player,
    value: ValueSearch[State, Player],
    line: LineSearch[State, Player],
    plies: PliesSearch[State, Player] | None = None,
    chosen: State | None = None,
) -> list[Assessment[State]]:
    """Every move of ``player`` in ``state``, in the game's order, assessed by the searches.

    For each next state: its value for ``player`` (``-value(after, opponent)``), the line of
    best play after it (``line``) and, with ``plies``, after how many moves it ends. With
    ``chosen`` (the move played), only its line is followed to the end; the other moves get
    the first move of theirs, the reply that their sentences name (which saves most of the
    searching).
    """
    opponent = game.other(player)
    result: list[Assessment[State]] = []
    for after in game.next_states(state, player):
        length = None if chosen is None or after == chosen else 1
        played = line(after, opponent, length)
        decided = None if plies is None else plies(after, opponent)
        result.append(Assessment(after, -value(after, opponent), tuple(played), decided))
    return result


class ExactExplainer(Generic[State, Player]):
    """Why a move is played, for a game small enough to know the exact value of every position:
    a ``gamesolver.widgets.play.Explainer`` built on ``exact`` alone.

    ``explainer(state, player, after)`` is the ``explain`` of ``assess`` with three searches:
    ``exact`` itself; ``decided_in``, after how many moves best play ends the game when one side
    can force a win (the winner's quickest win, the loser's slowest loss); and ``best_play``, the
    line in which every move keeps the value and takes that quickest win (slowest loss). The
    counts are remembered per position, per symmetry class if the game has ``canonical``, since
    one game asks about the same positions again and again.
    """

    def __init__(self, game: Game[State, Player], exact: ValueSearch[State, Player]) -> None:
        """``exact(state, player)``: the value of ``state`` for ``player``, by any exact search."""
        self.game, self.exact = game, exact
        self._key: Callable[[State], State] = game.canonical or (lambda state: state)
        self._decided: dict[tuple[State, Player], int | None] = {}

    def __call__(self, state: State, player: Player, after: State) -> Explanation[State]:
        """Why ``player`` moves from ``state`` to ``after``, in words, from every move's line."""
        moves = assess(
            self.game, state, player, self.exact, self.best_play, self.decided_in, chosen=after
        )
        return explain(self.game, state, player, after, moves)

    def decided_in(self, state: State, player: Player) -> int | None:
        """After how many moves best play ends the game from ``state`` if one side can force a
        win (0: it is over), else ``None``: the winner's quickest win, the loser's slowest loss."""
        key = (self._key(state), player)
        if key not in self._decided:
            self._decided[key] = self._count(key[0], player)
        return self._decided[key]

    def _count(self, state: State, player: Player) -> int | None:
        """``decided_in`` of ``state``, from those of its moves that keep the value."""
        game, value = self.game, self.exact(state, player)
        if value not in (game.worst, game.best):
            return None
        if game.finished(state):
            return 0
        opponent = game.other(player)
        keep = [ns for ns in game.next_states(state, player) if -self.exact(ns, opponent) == value]
        plies = [self.decided_in(ns, opponent) or 0 for ns in keep]
        return 1 + (min(plies) if value == game.best else max(plies))

    def preference(self, after: State, player: Player) -> tuple[Value, int]:
        """How much ``player`` wants to move to ``after``: its value, then the quickest win (or
        the slowest loss)."""
        opponent = self.game.other(player)
        value, plies = -self.exact(after, opponent), self.decided_in(after, opponent) or 0
        return value, -plies if value > 0 else plies

    def best_play(self, state: State, player: Player, length: int | None = None) -> list[State]:
        """The line of best play from ``state``, to the end or for ``length`` moves: each move
        the mover's ``preference``, the first in the game's order among equals."""
        game = self.game
        line: list[State] = []
        while not game.finished(state) and (length is None or len(line) < length):
            mover = player
            state = max(game.next_states(state, mover), key=lambda ns: self.preference(ns, mover))
            player = game.other(player)
            line.append(state)
        return line


# -- the words ----------------------------------------------------------------------------------


def explain(
    game: Game[State, Player],
    state: State,
    player: Player,
    chosen: State,
    moves: Sequence[Assessment[State]],
    language: Language = ENGLISH,
) -> Explanation[State]:
    """Why ``player`` plays from ``state`` to ``chosen``, from the ``moves`` that ``assess`` made.

    ``moves`` must hold ``chosen``; a move that does not end the game needs its line.
    """
    if not moves:
        raise ValueError("there is no move to explain: moves is empty")
    found = [move for move in moves if move.after == chosen]
    if not found:
        raise ValueError(
            f"the chosen move {game.move_name(state, chosen)} is not among the assessed moves"
        )
    for move in moves:
        if not move.line and not game.finished(move.after):
            raise ValueError(
                f"{game.move_name(state, move.after)} does not end the game, "
                "but its assessment has no line of best play"
            )
    words = _Words(game, state, player, language)
    me = found[0]
    others = tuple(move for move in moves if move.after != chosen)
    reasons = tuple(words.reason(o, me) for o in others)
    brief = (words.decision(me), words.grouped(others, me)) if others else ()
    return Explanation(me, others, words.summary(me), reasons, brief)


@dataclass(frozen=True)
class _Judgement:
    """Why one other move was not played: the name of its template, and what fills it."""

    kind: str
    """The sentence's template: ``same``, ``loses_in``, ...; ``Language`` has them all."""
    n: int | None = None
    value: str = ""
    outcome: str = ""
    reply: str = ""


_GROUPED = {
    "stronger": "would_better",
    "same": "would_same",
    "wins_now": "would_win_now",
    "wins_next": "would_win_next",
    "wins_in": "would_win_in",
    "loses_now": "would_lose_now",
    "loses_in": "would_lose_in",
    "loses": "would_lose",
    "draws": "would_draw",
    "weaker": "would_weaken",
    "ends_early": "would_end",
}
"""The brief form's template for a group of moves of each sentence's kind."""


@dataclass(frozen=True)
class _Words(Generic[State, Player]):
    """The sentences for one position: the game names the moves, the language words them."""

    game: Game[State, Player]
    state: State
    player: Player
    language: Language

    def summary(self, me: Assessment[State]) -> str:
        """The move paragraph: ``ends``, or ``plays`` + reading + verdict."""
        if self.game.finished(me.after):
            return self.decision(me)
        words, name = self.language, self.game.move_name(self.state, me.after)
        reading = self.reading(me.after, me.line)
        if len(me.line) == 1 and self.game.finished(me.line[0]):
            return f"{words.plays.format(move=name)} {reading}."  # the reading says it all
        verdict = self.verdict(me)
        return f"{words.plays.format(move=name)} {reading}{words.verdict}{verdict}."

    def reading(self, after: State, line: Sequence[State]) -> str:
        """The line of best play after ``after``, move by move, the opponent's answer first."""
        words = self.language
        steps: list[str] = []
        before = after
        for number, state in enumerate(line):
            name = self.game.move_name(before, state)
            if number == 0:
                template = words.answer
            else:
                template = words.yours if number % 2 == 0 else words.mine
            steps.append(template.format(move=name))
            before = state
        if len(steps) == 1 and self.game.finished(line[0]):
            return words.answer_ends.format(move=name, outcome=self.outcome(line[0]))
        if len(steps) <= 2:
            return words.then.join(steps)
        return self.listed(steps)

    def listed(self, items: Sequence[str]) -> str:
        """Two or more items joined by ``then``, the last two by ``last``: "a, b and c"."""
        words = self.language
        return words.then.join(items[:-1]) + words.last + items[-1]

    def verdict(self, me: Assessment[State]) -> str:
        """What the value of the move promises, from the player's point of view."""
        words, game, v = self.language, self.game, me.value
        if v >= game.best:
            mine = None if me.plies is None else me.plies // 2  # my moves after this one
            if mine is None or mine < 1:
                return words.win
            return words.win_next if mine == 1 else words.win_in.format(n=mine)
        if v <= game.worst:
            yours = None if me.plies is None else (me.plies + 1) // 2  # your moves
            if yours is None or yours < 1:
                return words.loss
            return words.loss_next if yours == 1 else words.loss_in.format(n=yours)
        if v == 0:
            return words.draw
        return (words.better if v > 0 else words.worse).format(value=self.value(v))

    def judge(self, other: Assessment[State], me: Assessment[State]) -> _Judgement:
        """Why ``other`` was not played instead of ``me``: which sentence, filled with what."""
        game = self.game
        w, v = other.value, me.value
        if w > v:
            return _Judgement("stronger", value=self.value(w))
        different = other.plies is not None and other.plies != me.plies
        if w == v and not (w <= game.worst and different):
            if w >= game.best and different and other.plies is not None:
                mine = other.plies // 2  # my moves after this one
                if mine == 0:
                    return _Judgement("wins_now")
                return _Judgement("wins_next" if mine == 1 else "wins_in", n=mine)
            return _Judgement("same")
        if other.reply is None:  # the other move ends the game, worse than this one
            return _Judgement("ends_early", outcome=self.outcome(other.after))
        reply = game.move_name(other.after, other.reply)
        if w <= game.worst:  # lower than v, or as low but sooner or later
            yours = None if other.plies is None else (other.plies + 1) // 2  # your answer included
            if yours is None or yours < 1:
                return _Judgement("loses", reply=reply)
            if yours == 1:
                return _Judgement("loses_now", reply=reply)
            return _Judgement("loses_in", n=yours, reply=reply)
        if w == 0:
            return _Judgement("draws", reply=reply)
        return _Judgement("weaker", value=self.value(w), reply=reply)

    def reason(self, other: Assessment[State], me: Assessment[State]) -> str:
        """One sentence on why ``other`` was not played instead of ``me``."""
        name = self.game.move_name(self.state, other.after)
        judged = self.judge(other, me)
        template: str = getattr(self.language, judged.kind)
        return template.format(
            move=name, reply=judged.reply, value=judged.value, n=judged.n, outcome=judged.outcome
        )

    def decision(self, me: Assessment[State]) -> str:
        """The brief form's first line: the move and its verdict, without the reading."""
        words, name = self.language, self.game.move_name(self.state, me.after)
        if self.game.finished(me.after):
            return words.ends.format(move=name, outcome=self.outcome(me.after))
        return words.decides.format(move=name, verdict=self.verdict(me))

    def grouped(self, others: Sequence[Assessment[State]], me: Assessment[State]) -> str:
        """The brief form's second line: the other moves grouped by their sentences' kinds.

        One group per kind and number (of moves, or value), the best moves first, then in the
        game's order; the reply is named only for a loss at once that the group shares.
        """
        words = self.language
        groups: dict[tuple[str, int | None, str, str], list[tuple[Assessment[State], str]]] = {}
        for other in others:
            judged = self.judge(other, me)
            key = (judged.kind, judged.n, judged.value, judged.outcome)
            groups.setdefault(key, []).append((other, judged.reply))
        ordered = sorted(groups.items(), key=lambda item: -item[1][0][0].value)  # stable
        parts = []
        for (kind, n, value, outcome), members in ordered:
            names = [self.game.move_name(self.state, other.after) for other, _ in members]
            if len(members) == len(others) > 1:
                moves = words.every_other
            elif len(names) == 1:
                moves = names[0]
            else:
                moves = self.listed(names)
            template: str = getattr(words, _GROUPED[kind])
            replies = {reply for _, reply in members}
            if kind == "loses_now" and len(replies) == 1:
                template = words.would_lose_now_to
            parts.append(
                template.format(moves=moves, reply=replies.pop(), value=value, n=n, outcome=outcome)
            )
        text = words.groups.join(parts) + "."
        return text[:1].upper() + text[1:]

    def value(self, mine: Value) -> str:
        """My value ``mine`` as the status line says it: from your side, in the game's terms."""
        return f"{in_terms(self.game, -mine + 0.0 if isinstance(mine, float) else -mine)} for you"

    def outcome(self, finished: State) -> str:
        """How a finished game ended, for the player."""
        utility = self.game.utility(finished, self.player)
        words = self.language
        return words.won if utility > 0 else words.drawn if utility == 0 else words.lost
