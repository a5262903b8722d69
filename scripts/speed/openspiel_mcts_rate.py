#!/usr/bin/env python3
"""OpenSpiel's C++ MCTS rate: simulations per second of pyspiel.MCTSBot (UCT, c = 1.4, one
random rollout per simulation, no solver) choosing one move from a game's start.

    python scripts/speed/openspiel_mcts_rate.py GAME SIMULATIONS ROUNDS

GAME is an OpenSpiel game name (othello, checkers, einstein_wurfelt_nicht). For EinStein the
setup chance nodes take their first outcome and the die shows 3, so the bot searches a real move
(the position boardlab's side of scripts/speed/speed_vs_peers.sh uses). Prints one line a round:
`openspiel GAME sims N seconds S sims_per_s R` (wall clock, process CPU beside it).
"""
import resource
import sys
import time

try:
    import pyspiel
except ImportError:
    sys.exit("pyspiel missing: `bash scripts/ci/pyenv.sh` installs open_spiel (scripts/ci/requirements.txt)")


def start_state(game, name):
    state = game.new_initial_state()
    if not name.startswith("einstein"):
        return state
    while state.is_chance_node():
        outcomes = state.chance_outcomes()
        if len(outcomes) == 6:  # the die: face 3
            state.apply_action(outcomes[2][0])
        else:
            state.apply_action(outcomes[0][0])
    return state


def main():
    if len(sys.argv) != 4:
        sys.exit(__doc__)
    name, sims, rounds = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
    game = pyspiel.load_game(name)
    for r in range(rounds):
        state = start_state(game, name)
        evaluator = pyspiel.RandomRolloutEvaluator(1, 1)
        bot = pyspiel.MCTSBot(game, evaluator, 1.4, sims, 1_000_000, False, 42 + r, False)
        cpu0 = resource.getrusage(resource.RUSAGE_SELF).ru_utime
        t0 = time.perf_counter()
        bot.step(state)
        wall = time.perf_counter() - t0
        cpu = resource.getrusage(resource.RUSAGE_SELF).ru_utime - cpu0
        print(f"openspiel {name} sims {sims} seconds {wall:.4f} cpu {cpu:.4f} "
              f"sims_per_s {sims / wall:.0f}", flush=True)


main()
