# Runs inside GNU Backgammon (`gnubg -t -q -p scripts/crosscheck/backgammon_gnubg_inner.py`), driven by
# scripts/crosscheck/backgammon_gnubg.py. Reads jobs (JSON lines) from $BOARDLAB_GNUBG_JOBS and
# writes one answer line per job to $BOARDLAB_GNUBG_OUT:
#   {"kind": "moves", "board": [opponent[25], on_roll[25]], "dice": [d1, d2]}
#       -> {"posid": gnubg's position id of the board, "moves": [every legal play, gnubg's text]}
#          (gnubg's `hint` at 0 ply lists every legal play when asked for enough of them)
#   {"kind": "matchid", "cubeinfo": [...gnubg.cubeinfo args], "posinfo": [...gnubg.posinfo args]}
#       -> {"matchid": gnubg's match id of those fields}
# Boards are gnubg's: index i is the point i + 1 from that side's own view, index 24 its bar.
import json
import os

import gnubg

gnubg.command('set player 0 human')
gnubg.command('set player 1 human')
gnubg.command('set evaluation chequerplay evaluation plies 0')
gnubg.command('set display off')
gnubg.command('set jacoby off')  # boardlab's default; the match id's bit 66 says it
gnubg.command('new game')

with open(os.environ['BOARDLAB_GNUBG_JOBS']) as jobs, open(os.environ['BOARDLAB_GNUBG_OUT'], 'w') as out:
    for line in jobs:
        job = json.loads(line)
        if job['kind'] == 'moves':
            board = (tuple(job['board'][0]), tuple(job['board'][1]))
            posid = gnubg.positionid(board)
            gnubg.command('set board ' + posid)
            gnubg.command('set dice %d %d' % tuple(job['dice']))
            try:
                moves = [m['move'] for m in gnubg.hint(100000)['hint']]
            except Exception:
                moves = []  # no legal play: gnubg has no hint to give
            answer = {'posid': posid, 'moves': moves}
        elif job['kind'] == 'matchid':
            ci = gnubg.cubeinfo(*job['cubeinfo'])
            pi = gnubg.posinfo(*[tuple(x) if isinstance(x, list) else x for x in job['posinfo']])
            answer = {'matchid': gnubg.matchid(ci, pi)}
        else:
            answer = {'error': 'unknown job'}
        out.write(json.dumps(answer) + '\n')
