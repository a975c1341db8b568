"""Play a game in a terminal (``python -m gamesolver play NOTEBOOK``): the seed lecture's
``input()``-based ``play_game``, generalized. It knows nothing about search: the computer's move
comes from a ``choose`` function; input and output go through ``read`` and ``write``, so a test
can script a whole game.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from typing import Any

from gamesolver.errors import GameSolverError
from gamesolver.game import Game, Player, State
from gamesolver.match import Choice, names, read_answer
from gamesolver.words import number_text, player_name, value_words

Read = Callable[[str], str]
"""Reads one line of input after showing a prompt, like ``input``."""
Write = Callable[[str], None]
"""Shows one message, like ``print``."""

QUIT = ("q", "quit", "exit")
"""What a human can type to end the game early (unless a move has that name)."""


class GameAbandoned(GameSolverError):
    """The human ended the game before it was over (quit, end of input or Ctrl-C)."""


_NUMBERED = re.compile(r"^(\D*)(\d+)(\D*)$", re.ASCII)


def _normalized(text: str) -> str:
    """A move name without case, blanks, brackets and commas: ``"(0, 1)"`` and ``"0,1"`` agree."""
    return "".join(c for c in text.lower() if c.isalnum())


def numbered(names: Sequence[str]) -> list[int] | None:
    """The number in each move's name, if every name is the same words around one whole number
    (Connect Four's ``"column 4"``, ``"column 2"``); ``None`` otherwise. Such moves are typed
    by their own numbers, so the list shows no numbers of its own."""
    matches = [_NUMBERED.match(name) for name in names]
    found = [match for match in matches if match is not None]
    if not names or len(found) != len(names) or len({(m[1], m[3]) for m in found}) != 1:
        return None
    return [int(match[2]) for match in found]


def parse_move(text: str, names: Sequence[str]) -> int | None:
    """The index in ``names`` of the move that ``text`` means, or ``None`` if it means none:
    its name as listed (exactly, or ignoring case, blanks and punctuation: ``0,1`` for
    ``(0, 1)``), or its number in the list from 1. An exact name wins over a number; where every
    move is ``numbered`` (``"column 4"``), a number is the move's own, never its place."""
    text = text.strip()
    if not text:
        return None
    if text in names:
        return list(names).index(text)
    numbers = numbered(names)
    if text.isascii() and text.isdecimal():
        if numbers is not None:
            return numbers.index(int(text)) if numbers.count(int(text)) == 1 else None
        if 1 <= int(text) <= len(names):
            return int(text) - 1
    matches = [i for i, name in enumerate(names) if _normalized(name) == _normalized(text)]
    return matches[0] if len(matches) == 1 else None


def move_list(names: Sequence[str], width: int = 78) -> str:
    """The moves numbered from 1, ``"Your moves:  [1] (0, 0)  [2] (0, 1) ..."``, wrapped; moves
    that are ``numbered`` by their names, in the order of their numbers and without ours
    (``"Your moves:  column 1  column 2 ..."``). Lines break between moves, never inside one.
    """
    head = "Your moves:"
    numbers = numbered(names)
    if numbers is None:
        items = [f"  [{number}] {name}" for number, name in enumerate(names, start=1)]
    else:
        items = [f"  {name}" for _, name in sorted(zip(numbers, names, strict=True))]
    lines, line = [], head
    for item in items:
        if len(line) + len(item) > width and line.strip() != head:
            lines.append(line)
            line = " " * len(head)
        line += item
    lines.append(line)
    return "\n".join(lines)


def get_move(
    game: Game[State, Player],
    state: State,
    player: Player,
    read: Read = input,
    write: Write = print,
) -> State:
    """Ask the human playing ``player`` for a move in ``state``; the state that move reaches.

    Lists the legal moves with their numbers and asks again, saying why, until the answer is one
    of them. Raises ``GameAbandoned`` if the human types ``q``, or the input ends.
    """
    moves = list(game.next_states(state, player))
    names = [game.move_name(state, ns) for ns in moves]
    write(move_list(names))
    prompt = f"{player_name(player)}, your move (its number or name; q to quit): "
    while True:
        try:
            answer = read(prompt)
        except EOFError:
            raise GameAbandoned("\nGame abandoned: no more input.") from None
        choice = parse_move(answer, names)
        if choice is not None:
            return moves[choice]
        if answer.strip().lower() in QUIT:
            raise GameAbandoned("Game abandoned: you quit.")
        shown = answer.strip()
        numbers = numbered(names)
        which = (
            f"one of {', '.join(map(str, sorted(numbers)))}"
            if numbers is not None
            else f"a number from 1 to {len(moves)}"
        )
        hint = f"ype {which}, or a move as listed, e.g. {names[0]}"
        write(f"{shown!r} is not one of your moves: t{hint}" if shown else f"T{hint}")


def result_text(game: Game[State, Player], state: State, human: Player) -> str:
    """The end of the game in words, from the human's side, e.g. ``"Game over: a draw."``."""
    utility = game.utility(state, human)
    computer = game.other(human)
    if utility > 0:
        verdict = f"you win ({player_name(human)})"
    elif utility < 0:
        verdict = f"the computer wins ({player_name(computer)})"
    else:
        verdict = "a draw"
    if utility not in (game.best, game.worst, 0):
        verdict += f", with utility {number_text(utility)} for you"
    return f"Game over: {verdict}."


def computer_says(
    game: Game[State, Player], state: State, choice: Choice[State], human: Player
) -> str:
    """The computer's move ``choice`` in ``state`` in words, with the value it sees as the play
    widget says it (``gamesolver.words``): with the search's stats, exact or an estimate and
    from which depth."""
    said = f"My move: {game.move_name(state, choice.state)}."
    if choice.value is None:
        return said
    stats = choice.stats
    seen = value_words(
        game,
        choice.value,
        game.other(human),
        exact=None if stats is None else stats.exact,
        depth=None if stats is None else stats.depth,
        names=lambda p: ("I", "me") if p != human else ("you", "you"),
        reader=human,
    )
    return f"{said} I see {seen}."


def play_in_terminal(
    game: Game[State, Player],
    choose: Callable[..., Any],
    human_first: bool = True,
    read: Read = input,
    write: Write = print,
) -> State | None:
    """Play ``game`` between a human (through ``read`` and ``write``) and ``choose``.

    The human plays ``Players[0]`` if ``human_first``. The computer's move comes from
    ``choose(state, player)``, answering as the play widget's ``choose`` does, with the states
    before ``state`` as ``earlier`` if it takes them; it says the value it sees
    (``computer_says``). The final state, or ``None`` if the human abandoned the game (``q``,
    end of input, Ctrl-C): one line instead of a traceback.
    """
    human = game.Players[0] if human_first else game.Players[1]
    state, player = game.Start, game.Players[0]
    played, remembers = [state], names(choose, "earlier")
    write(
        f"{game.name}: you play {player_name(human)}, "
        f"the computer plays {player_name(game.other(human))}."
    )
    try:
        while not game.finished(state):
            write(game.text(state))
            if player == human:
                state = get_move(game, state, player, read, write)
            else:
                known = {"earlier": tuple(played[:-1])} if remembers else {}
                choice = read_answer(game, state, player, choose(state, player, **known))
                write(computer_says(game, state, choice, human))
                state = choice.state
            played.append(state)
            player = game.other(player)
    except GameAbandoned as reason:
        write(str(reason))
        return None
    except KeyboardInterrupt:
        write("\nGame abandoned: interrupted.")
        return None
    write(game.text(state))
    write(result_text(game, state, human))
    return state
