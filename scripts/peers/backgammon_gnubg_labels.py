# Labelled positions for fitting boardlab's handcrafted backgammon evaluator. Runs inside GNU
# Backgammon:
#
#   BOARDLAB_GAMES=1000 BOARDLAB_OUT=labels.tsv gnubg -t -q -p scripts/peers/backgammon_gnubg_labels.py
#
# gnubg plays itself cubeless money games at 0 ply with evaluation noise (BOARDLAB_NOISE,
# default 0.05, so that the positions vary), seeded (BOARDLAB_SEED); every position a side had to
# play is evaluated by gnubg at 0 ply, cubeless, for the side on roll, and written as
#   <gnubg position id>  <win> <win gammon> <win backgammon> <lose gammon> <lose backgammon>
# (one line per distinct position; the position id is from the side on roll's view).
import os

import gnubg

games = int(os.environ.get('BOARDLAB_GAMES', '100'))
noise = float(os.environ.get('BOARDLAB_NOISE', '0.05'))
out_path = os.environ['BOARDLAB_OUT']
gnubg.command('set rng mersenne')
gnubg.command('set seed %d' % int(os.environ.get('BOARDLAB_SEED', '1')))
for p in (0, 1):
    gnubg.command('set player %d gnubg' % p)
    gnubg.command('set player %d chequerplay evaluation plies 0' % p)
    gnubg.command('set player %d chequerplay evaluation noise %f' % (p, noise))
gnubg.command('set cube use off')
gnubg.command('set jacoby off')
gnubg.command('set automatic game off')
gnubg.command('set display off')
gnubg.command('new session')
for _ in range(games - 1):
    gnubg.command('new game')
seen = set()
ec = gnubg.evalcontext(0, 0, 0, 1, 0.0)
ci = gnubg.cubeinfo(1, -1, 0, 0, (0, 0), 0, 0)
with open(out_path, 'w') as out:
    for game in gnubg.match(0, 1, 0, 0)['games']:
        for rec in game['game']:
            posid = rec.get('board')
            if rec.get('action') != 'move' or not posid or posid in seen:
                continue
            seen.add(posid)
            p = gnubg.evaluate(gnubg.positionfromid(posid), ci, ec)
            out.write('%s\t%.6f\t%.6f\t%.6f\t%.6f\t%.6f\n' % ((posid,) + tuple(p[:5])))
