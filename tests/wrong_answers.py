"""Wrong answers of the kind students write, for every graded code cell of the course.

``WRONG[(notebook, test)]`` lists answers to the exercise that ``test`` (a graded test cell's
grade id) checks, each a dict ``{solution cell's grade id: the cell's whole source}``: handed in
in place of those solution cells, each must lose points in ``test``. Plain data: importing this
runs nothing. ``tests/test_grading.py`` hands them in through nbgrader, the k-th answers of
all an assignment's cells in one submission: so a wrong answer must not use another exercise's
function (it would fail with that exercise's mistake, not its own).
"""

from __future__ import annotations

Answer = dict[str, str]

CONSTANT_C4 = """def my_heuristic(s, p) -> float:
    return 0  # the constant estimate: no better than the lecture's 0
"""

NEGATED_C4 = """def my_heuristic(s, p) -> float:
    centre = len(s[0]) // 2
    d = 2 * sum({"X": 1, "O": -1}.get(row[centre], 0) for row in s)
    d = d if p == "O" else -d  # the sign the wrong way round
    return d / (abs(d) + 20)
"""

DEEPENING_HEAD = """def my_deepening(game, state, player, stats, depth=None, budget=None):
    heuristic, last = heuristic_of(game), {}

    def value(state, player, limit, alpha, beta, stop_at):
        stats.calls += 1
"""

DEEPENING_CLOCK = """        if stop_at is not None and time.perf_counter() > stop_at:
            raise OutOfTime
"""

DEEPENING_BODY = """        if game.finished(state):
            return game.utility(state, player)
        if limit == 0:
            stats.exact = False
            return heuristic(state, player)
        opponent, best = game.other(player), game.worst
        moves = game.next_states(state, player)
        for ns in sorted(moves, key=lambda ns: last.get((ns, opponent), 0)):
            best = max(best, -value(ns, opponent, limit - 1, -beta, -max(alpha, best), stop_at))
            if best >= beta:
                break
        last[state, player] = best
        return best

    def iteration(limit, stop_at):
        return value(state, player, limit, game.worst, game.best, stop_at), []

    return deepen(game, state, player, stats, iteration, depth, budget)
"""

CHESS_MOBILITY = """def mobility(board: chess.Board) -> int:
    other = board.copy(stack=False)
    other.turn = not board.turn
    return board.legal_moves.count() - other.legal_moves.count()
"""

CHESS_QUIESCENCE = """def quiescent_in_check(search, board, alpha, beta, ply) -> int:
    search.visit()
    score = over(board, ply)
    if score is not None:
        return score
    check = board.is_check()
    best = -Mate if check else search.evaluate(board)
    for move in in_order(board, board.legal_moves if check else board.generate_legal_captures()):
        if best >= beta:
            break
        alpha = max(alpha, best)
        board.push(move)
        best = max(best, -quiescent_in_check(search, board, -beta, -alpha, ply + 1))
        board.pop()
    return best
"""
"""A right answer to Chess's exercise 2, for the wrong ones to change a line of."""

FIXED = "def fixed_alpha_beta(game, state, player, stats, alpha=None, beta=None):"

LINE_HEAD = """def my_alpha_beta(game, state, player, stats, alpha=None, beta=None):
    def value(state, player, alpha, beta):
        stats.calls += 1
        if game.finished(state):
            return game.utility(state, player), []
        opponent = game.other(player)
        best, line = game.worst, []
"""

LINE_TAIL = """
    alpha = game.worst if alpha is None else alpha
    beta = game.best if beta is None else beta
    answer, stats.line = value(state, player, alpha, beta)
    return answer
"""

MEMO_HEAD = """def my_alpha_beta_memo(game, state, player, stats, alpha=None, beta=None):
    table = {}

    def value(state, player, alpha, beta):
        stats.calls += 1
"""

MEMO_TAIL = """
    alpha = game.worst if alpha is None else alpha
    beta = game.best if beta is None else beta
    answer = value(state, player, alpha, beta)
    stats.cache_entries = len(table)
    return answer
"""

MEMO_SEARCH = """        if game.finished(state):
            answer, kind = game.utility(state, player), "value"
        else:
            answer, low = game.worst, alpha
            for ns in game.next_states(state, player):
                answer = max(answer, -value(ns, game.other(player), -beta, -low))
                if answer >= beta:
                    break
                low = max(low, answer)
"""
"""Tic-Tac-Toe's exercise 5 around the mistakes: the frame the exercise gives, and a search of
the state whose answer ``answer`` is then stored with its ``kind``."""

COIN = """def coin_take_away(matches: int) -> Game:
    def chances(state) -> list:
        left, mover, tossing = state
        if not tossing:
            return []
        return [(1 / 2, (max(left - take, 0), other(mover), False)) for take in (3, 1)]

    def next_states(state, player) -> list:
        left, mover, tossing = state
        if tossing:
            return [ns for _, ns in chances(state)]
        return [(left - 1, other(mover), False), (left, mover, True)] if left > 0 else []

    return Game(
        f"coin take-away {matches}",
        Players,
        (matches, "A", False),
        next_states,
        lambda state: state[0] == 0,
        lambda state, player: -1 if state[1] == player else 1,
        to_move=lambda state: state[1],
        chances=chances,
    )
"""

PLAYER_HEAD = """from gamesolver.referee import Limit


def choose(state: State, player: Player, limit: Limit) -> State:
"""

PLAYERS = {
    "random": PLAYER_HEAD
    + """    return random.Random(state).choice(game.next_states(state, player))  # a random move
""",
    "weak": PLAYER_HEAD
    + """    return greedy(game, seed=state)(state, player)  # a win, else a block: no look-ahead
""",
    "slow": PLAYER_HEAD
    + """    while True:  # a search that never ends
        pass
""",
    "crashing": PLAYER_HEAD
    + """    moves = game.next_states(state, player)
    return moves[len(moves)]  # one past the last: IndexError
""",
    "illegal": PLAYER_HEAD
    + """    return game.next_states(state, 1 - player)[0]  # a move of the opponent's
""",
    "exiting": PLAYER_HEAD
    + """    import os

    os._exit(1)  # ends the process it runs in
""",
}
"""Players for Tic-Tac-Toe-4x4's Exercise 4 (graded by play), each a whole solution cell: random,
greedy, over time at every move, raising, answering a move of the opponent's, ending its process.
``tests/test_player_grading.py`` grades them all; two are wrong answers here."""

CONNECT_FOUR_HEAD = """def choose(state, player, limit: Limit):
"""

CONNECT_FOUR_PLAYERS = {
    "weak": CONNECT_FOUR_HEAD
    + """    return searcher(state, player, random.Random(0), depth=2)[1]  # two plies ahead
""",
    "shallow": CONNECT_FOUR_HEAD
    + """    return searcher(state, player, random.Random(0), depth=1)[1]  # one move ahead
""",
    "exiting": CONNECT_FOUR_HEAD
    + """    import os

    os._exit(1)  # ends the process it runs in
""",
}
"""Players for Connect-Four-Heuristics' Exercise 4 (graded by play), each a whole solution cell:
the lecture's search two plies ahead and one, which ``tests/test_player_grading.py`` grades,
and one ending its process, a wrong answer here (the other faults are graded on 4 x 4)."""

WRONG: dict[tuple[str, str], list[Answer]] = {
    # -- class 1 ---------------------------------------------------------------------------------
    ("Nim.ipynb", "ex3-test"): [
        {  # a set keeps one pile of each size: (2, 2) becomes (2), a win where it was a loss
            "ex3-solution": """def cancel_pairs(state):
    piles, player = state
    return tuple(sorted(set(piles))), player
""",
        },
        {  # the pairs cancelled, but the piles left in their order: (3, 1) and (1, 3) two keys
            "ex3-solution": """def cancel_pairs(state):
    piles, player = state
    return tuple(size for size in dict.fromkeys(piles) if piles.count(size) % 2), player
""",
        },
    ],
    # -- class 2 ---------------------------------------------------------------------------------
    ("Game-Trees.ipynb", "ex2-test"): [
        {  # Max/Min minimax: the right values, no pruning
            "ex2-solution": FIXED
            + """
    me, opponent = player, game.other(player)

    def max_value(state):
        stats.calls += 1
        if game.finished(state):
            return game.utility(state, me)
        return max(min_value(s) for s in game.next_states(state, me))

    def min_value(state):
        stats.calls += 1
        if game.finished(state):
            return game.utility(state, me)
        return min(max_value(s) for s in game.next_states(state, opponent))

    return max_value(state)
""",
        },
    ],
    ("Game-Trees.ipynb", "ex3-test"): [
        {  # the child's window not turned round: [alpha, beta] for the opponent
            "ex3-solution": LINE_HEAD
            + """        for ns in game.next_states(state, player):
            answer, rest = value(ns, opponent, alpha, beta)
            if not line or -answer > best:
                best, line = -answer, [ns, *rest]
            if best >= beta:
                break
            alpha = max(alpha, best)
        return best, line
"""
            + LINE_TAIL,
        },
        {  # only a better child takes the line: a lost node (every child worst) keeps none
            "ex3-solution": LINE_HEAD
            + """        for ns in game.next_states(state, player):
            answer, rest = value(ns, opponent, -beta, -alpha)
            if -answer > best:
                best, line = -answer, [ns, *rest]
            if best >= beta:
                break
            alpha = max(alpha, best)
        return best, line
"""
            + LINE_TAIL,
        },
        {  # the Solver's alpha_beta as it is: right answers, no line
            "ex3-solution": """def my_alpha_beta(game, state, player, stats, alpha=None, beta=None):
    def value(state, player, alpha, beta):
        stats.calls += 1
        if game.finished(state):
            return game.utility(state, player)
        opponent = game.other(player)
        best = game.worst
        for ns in game.next_states(state, player):
            best = max(best, -value(ns, opponent, -beta, -alpha))
            if best >= beta:
                return best
            alpha = max(alpha, best)
        return best

    alpha = game.worst if alpha is None else alpha
    beta = game.best if beta is None else beta
    return value(state, player, alpha, beta)
""",
        },
    ],
    # -- class 3 ---------------------------------------------------------------------------------
    ("Tic-Tac-Toe.ipynb", "ex2-test"): [
        {  # the reading order, as next_states has it
            "ex2-solution": """def centre_first(state, player):
    return next_states(state, player)
""",
        },
    ],
    ("Tic-Tac-Toe.ipynb", "ex5-test"): [
        {  # the poisoned table of section 5: every answer stored as the value
            "ex5-solution": MEMO_HEAD
            + """        if (state, player) in table:
            return table[state, player]
"""
            + MEMO_SEARCH
            + """        table[state, player] = answer
        return answer
"""
            + MEMO_TAIL,
        },
        {  # what each answer is stored, but every entry used, whatever the window
            "ex5-solution": MEMO_HEAD
            + """        if (state, player) in table:
            return table[state, player][0]
"""
            + MEMO_SEARCH
            + """\
            kind = "at most" if answer <= alpha else "at least" if answer >= beta else "value"
        table[state, player] = (answer, kind)
        return answer
"""
            + MEMO_TAIL,
        },
        {  # the bounds mixed up: a fail-low answer stored as a lower bound
            "ex5-solution": MEMO_HEAD
            + """        if (state, player) in table:
            answer, kind = table[state, player]
            if kind == "value" or (answer <= alpha if kind == "at most" else answer >= beta):
                return answer
"""
            + MEMO_SEARCH
            + """\
            kind = "at least" if answer <= alpha else "at most" if answer >= beta else "value"
        table[state, player] = (answer, kind)
        return answer
"""
            + MEMO_TAIL,
        },
        {  # the kind judged against alpha as the loop raised it, not the window it was asked
            "ex5-solution": MEMO_HEAD
            + """        if (state, player) in table:
            answer, kind = table[state, player]
            if kind == "value" or (answer <= alpha if kind == "at most" else answer >= beta):
                return answer
        if game.finished(state):
            answer, kind = game.utility(state, player), "value"
        else:
            answer = game.worst
            for ns in game.next_states(state, player):
                answer = max(answer, -value(ns, game.other(player), -beta, -alpha))
                if answer >= beta:
                    break
                alpha = max(alpha, answer)
            kind = "at most" if answer < alpha else "at least" if answer >= beta else "value"
        table[state, player] = (answer, kind)
        return answer
"""
            + MEMO_TAIL,
        },
        {  # no table at all: alpha-beta, right by the specification, but it remembers nothing
            "ex5-solution": MEMO_HEAD
            + """        if game.finished(state):
            return game.utility(state, player)
        answer = game.worst
        for ns in game.next_states(state, player):
            answer = max(answer, -value(ns, game.other(player), -beta, -alpha))
            if answer >= beta:
                break
            alpha = max(alpha, answer)
        return answer
"""
            + MEMO_TAIL,
        },
    ],
    # -- class 4 ---------------------------------------------------------------------------------
    ("Heuristics.ipynb", "ex2-test"): [
        {  # the constant estimate
            "ex2-solution": """def my_heuristic(state, player) -> float:
    return 0
""",
        },
        {  # the lecture's own heuristic, handed in unchanged
            "ex2-solution": """def my_heuristic(state, player) -> float:
    return ttt.heuristic(state, player)
""",
        },
    ],
    # -- class 5 ---------------------------------------------------------------------------------
    ("Search-in-Depth.ipynb", "ex4-test"): [
        {  # the moves in the game's order: deepening without ordering
            "ex4-solution": DEEPENING_HEAD
            + DEEPENING_CLOCK
            + DEEPENING_BODY.replace(
                "sorted(moves, key=lambda ns: last.get((ns, opponent), 0))", "moves"
            ),
        },
        {  # the values the wrong way round: the worst move first
            "ex4-solution": DEEPENING_HEAD
            + DEEPENING_CLOCK
            + DEEPENING_BODY.replace("last.get((ns, opponent), 0)", "-last.get((ns, opponent), 0)"),
        },
        {  # the clock never read: the budget is not kept
            "ex4-solution": DEEPENING_HEAD + DEEPENING_BODY,
        },
    ],
    # -- class 6 ---------------------------------------------------------------------------------
    ("Connect-Four.ipynb", "ex1-test"): [
        {  # no killer: depth_limited as it is, the calls of centre first
            "ex1-solution": """def killer_search(game, state, player, stats, depth):
    return depth_limited(game, state, player, stats, depth)
""",
        },
        {  # the killer alone: the other moves are dropped, a value changes
            "ex1-solution": """def killer_search(game, state, player, stats, depth):
    killers = {}

    def value(state, player, limit, alpha, beta):
        stats.calls += 1
        if game.finished(state):
            return game.utility(state, player)
        if limit == 0:
            return game.heuristic(state, player)
        moves = game.next_states(state, player)
        kept = [ns for ns in moves if describe_move(state, ns) == killers.get(limit)] or moves
        best = game.worst
        for ns in kept:
            best = max(best, -value(ns, other(player), limit - 1, -beta, -alpha))
            if best >= beta:
                killers[limit] = describe_move(state, ns)
                return best
            alpha = max(alpha, best)
        return best

    return value(state, player, depth, game.worst, game.best)
""",
        },
    ],
    ("Connect-Four.ipynb", "ex2-test"): [
        {"ex2-solution": CONSTANT_C4},
        {"ex2-solution": "def my_heuristic(s, p):\n    return windows(s, p)\n"},  # the lecture's
        # Stroetmann's triples scaled into the range: (a - b) / 69
        {"ex2-solution": "def my_heuristic(s, p):\n    return triples_difference(s, p) / 69\n"},
    ],
    ("Connect-Four.ipynb", "ex3-test"): [
        {  # wins only: the opponent's threat is not blocked
            "ex3-solution": """def forced(s, p):
    moves = next_states(s, p)
    return [ns for ns in moves if utility(ns, p) == 1][:1] or moves
""",
        },
        {  # blocks only: a win is given up for a block
            "ex3-solution": """def forced(s, p):
    moves = next_states(s, p)
    blocks = [ns for ns in moves if utility(drop(s, new_disc(s, ns)[1], other(p)), p) == -1]
    return blocks[:1] or moves
""",
        },
        {"ex3-solution": "def forced(s, p):\n    return next_states(s, p)\n"},  # nothing cut
    ],
    # -- class 7 ---------------------------------------------------------------------------------
    ("Chess.ipynb", "ex1-test"): [
        {  # the moves of the position, whatever the depth
            "ex1-solution": """def perft(board: chess.Board, depth: int) -> int:
    if depth == 0:
        return 1
    return board.legal_moves.count()
""",
        },
    ],
    ("Chess.ipynb", "ex2-test"): [
        {  # the lecture's quiescence renamed: a player in check still stands pat
            "ex2-solution": CHESS_QUIESCENCE.replace(
                "board.legal_moves if check else board.generate_legal_captures()",
                "board.generate_legal_captures()",
            ).replace("-Mate if check else search.evaluate(board)", "search.evaluate(board)"),
        },
        {  # every move searched in check, but standing pat there too
            "ex2-solution": CHESS_QUIESCENCE.replace(
                "-Mate if check else search.evaluate(board)", "search.evaluate(board)"
            ),
        },
        {  # no standing pat in check, but only the captures searched there
            "ex2-solution": CHESS_QUIESCENCE.replace("board.legal_moves if check else ", ""),
        },
        {  # the material for every search, not the search's own estimate
            "ex2-solution": CHESS_QUIESCENCE.replace("search.evaluate(board)", "balance(board)"),
        },
    ],
    ("Chess.ipynb", "ex3-test"): [
        {  # the side to move's moves only
            "ex3-solution": """def mobility(board: chess.Board) -> int:
    return board.legal_moves.count()


def with_mobility(board: chess.Board) -> int:
    return balance(board) + 10 * mobility(board)
""",
        },
        {  # mobility taken off the material: the sign the wrong way round
            "ex3-solution": CHESS_MOBILITY
            + """

def with_mobility(board: chess.Board) -> int:
    return balance(board) - 10 * mobility(board)
""",
        },
        {  # mobility never added: the material alone, which chooses as before
            "ex3-solution": CHESS_MOBILITY
            + """

def with_mobility(board: chess.Board) -> int:
    return balance(board)
""",
        },
    ],
    # -- the deep dives --------------------------------------------------------------------------
    ("Tic-Tac-Toe-Bitboard.ipynb", "ex2-test"): [
        {  # open lines counted, the marks on them not weighted
            "ex2-solution": """def weighted(state: State, player: Player) -> float:
    def weight(mine: Marks, theirs: Marks) -> int:
        return sum(1 for line in Lines if line & theirs == 0)

    mine, theirs = marks(state, player), marks(state, 1 - player)
    return (weight(mine, theirs) - weight(theirs, mine)) / 40
""",
        },
    ],
    ("Tic-Tac-Toe-Bitboard.ipynb", "ex3-test"): [
        {  # a full board without a line is not seen as finished
            "ex3-solution": """def plain_utility(state: State, player: Player) -> int | None:
    if Won[marks(state, player)]:
        return 1
    if Won[marks(state, 1 - player)]:
        return -1
    return None


def plain_finished(state: State) -> bool:
    return plain_utility(state, 0) is not None


def plain_next_states(state: State, player: Player) -> list[State]:
    if plain_finished(state):
        return []
    return [state | bit(cell, player) for cell in empty(state)]
""",
        },
    ],
    ("Pruning-Statistics.ipynb", "ex1-test"): [
        {  # calls ** (1 / depth): the formula of the leaves, not of every node
            "ex1-solution": """def uniform_branching(calls: int, depth: int) -> float:
    return calls ** (1 / depth)
""",
        },
    ],
    ("Pruning-Statistics.ipynb", "ex2-test"): [
        {  # the marks of the start counted: level 0 holds every call
            "ex2-solution": """def calls_per_depth(game: Game, depth: int) -> list[int]:
    counts = Counter()

    def finished(state) -> bool:
        counts[0] += 1
        return game.finished(state)

    counted = dataclasses.replace(game, finished=finished)
    depth_limited(counted, game.Start, game.Players[0], Stats(), depth)
    return [counts[level] for level in range(depth + 1)]
""",
        },
    ],
    ("Tic-Tac-Toe-4x4.ipynb", "ex3-test"): [
        {  # the rotations only
            "ex3-solution": """def line_preserving(n: int) -> list[Permutation]:
    def rotate(cell: Cell) -> Cell:
        row, column = divmod(cell, Side)
        return column * Side + (Side - 1 - row)

    found, where = [], list(range(Side**n))
    for _ in range(4):
        found.append(tuple(where))
        where = [rotate(cell) for cell in where]
    return found
""",
        },
        {  # the closure itself, which the exercise asks to compare with
            "ex3-solution": """def line_preserving(n: int) -> list[Permutation]:
    return list(symmetry_group(n))
""",
        },
    ],
    ("Tic-Tac-Toe-3D.ipynb", "ex2-test"): [
        {  # every map of the group: the corners kept is not enough
            "ex2-solution": """def rigid_maps() -> list[tuple[int, ...]]:
    return list(square.symmetry_group(3))
""",
        },
    ],
    ("Connect-Four-Heuristics.ipynb", "ex1-test"): [
        {"ex1-solution": "Window = lecture.window\n\n\n" + NEGATED_C4},
    ],
    ("Connect-Four-Heuristics.ipynb", "ex4-test"): [
        {"ex4-solution": CONNECT_FOUR_PLAYERS["weak"]},
        {"ex4-solution": CONNECT_FOUR_PLAYERS["exiting"]},
    ],
    ("Checkers.ipynb", "ex1-test"): [
        {  # no sequence of 0 moves: every count is 0
            "ex1-solution": """def perft(state: State, depth: int) -> int:
    if depth == 0:
        return 0
    return sum(perft(move.after, depth - 1) for move in legal_moves(state))
""",
        },
    ],
    ("Checkers.ipynb", "ex3-test"): [
        {  # the memo on the first call only: the recursion goes through a helper without one
            "ex3-solution": """@functools.cache
def perft_memo(state: State, depth: int) -> int:
    def count(state: State, depth: int) -> int:
        if depth == 0:
            return 1
        return sum(count(move.after, depth - 1) for move in legal_moves(state))

    return count(state, depth)
""",
        },
    ],
    ("Checkers-Search.ipynb", "ex2-test"): [
        {  # a king worth one and a half, as material has it
            "ex2-solution": """def heavy_kings(state: State, player: Player) -> float:
    mine, theirs = sides(state, player)
    kings = (mine & state.kings).bit_count() - (theirs & state.kings).bit_count()
    return squash(mine.bit_count() - theirs.bit_count() + kings / 2)
""",
        },
    ],
    ("Checkers-Search.ipynb", "ex3-test"): [
        {  # one too deep: the first depth over the budget
            "ex3-solution": """def deepest_within(state: State, nodes: int) -> int:
    depth = 1
    while True:
        stats = Stats()
        checkers_search(game, state, state.turn, stats, depth=depth)
        if stats.calls > nodes:
            return depth
        depth += 1
""",
        },
        {  # the depth the lecture printed, whatever the position and the budget
            "ex3-solution": """def deepest_within(state: State, nodes: int) -> int:
    return 8
""",
        },
    ],
    ("Chess-Engine.ipynb", "ex2-test"): [
        {  # the cheapest attacker first, whatever the victim
            "ex2-solution": """def by_mvv_lva(board: chess.Board) -> list[chess.Move]:
    def key(move: chess.Move):
        return Worth.get(board.piece_type_at(move.from_square), 10_000)

    return sorted(board.generate_legal_captures(), key=key)
""",
        },
    ],
    # -- MCTS (after class 5) --------------------------------------------------------------------
    ("MCTS.ipynb", "ex1-test"): [
        {  # random playouts under the new name: a win at once is missed
            "ex1-solution": """def greedy_playout(game, state, player, rng):
    return random_playout(game, state, player, rng)
""",
        },
        {  # the utility for the last mover, not for `player`
            "ex1-solution": """def greedy_playout(game, state, player, rng):
    mover = player
    while not game.finished(state):
        moves = game.next_states(state, mover)
        wins = [ns for ns in moves if game.finished(ns) and game.utility(ns, mover) > 0]
        state = rng.choice(wins or moves)
        mover = game.other(mover)
    return game.utility(state, mover)
""",
        },
    ],
    # -- Pig (after class 4) ---------------------------------------------------------------------
    ("Pig.ipynb", "ex2-test"): [
        {  # heads takes 2, not 3: the rules misread
            "ex2-solution": COIN.replace("(3, 1)", "(2, 1)"),
        },
        {  # the coin weighted: heads one time in three
            "ex2-solution": COIN.replace(
                "[(1 / 2, (max(left - take, 0), other(mover), False)) for take in (3, 1)]",
                "[(1 / 3, (max(left - 3, 0), other(mover), False)),"
                " (2 / 3, (left - 1, other(mover), False))]",
            ),
        },
    ],
    ("Pig.ipynb", "ex3-test"): [
        {  # Knizia's 20, not searched for
            "ex3-solution": """def best_hold(goal, candidates):
    return 20, float(value_iteration(goal, (hold_at(20), None))[0][0, 0, 0, 0])
""",
        },
        {  # both players hold at n: not against the optimal player
            "ex3-solution": """def best_hold(goal, candidates):
    chances = {}
    for n in candidates:
        chances[n] = value_iteration(goal, (hold_at(n), hold_at(n)))[0][0, 0, 0, 0]
    n = max(chances, key=chances.get)
    return n, float(chances[n])
""",
        },
    ],
    ("Tic-Tac-Toe-4x4.ipynb", "ex4-test"): [
        {"ex4-solution": PLAYERS["weak"]},
        {"ex4-solution": PLAYERS["exiting"]},
    ],
}
