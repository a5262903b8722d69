#!/usr/bin/env python3
"""wildbg as a GNU Backgammon external player, so that gnubg referees boardlab against wildbg.

Listens on --listen HOST:PORT; gnubg connects (`set player 1 external HOST:PORT`) and sends a
FIBS board line at each of the player's decisions (gnubg's layout: positive counts are gnubg's
player 1 on its own points 1..24, negative counts player 0 on its points 25 - i, field 0 player
0's bar, field 25 player 1's bar; `turn` 1 when player 1 rolls). The line is turned into
wildbg-cli's `move d1 d2 p0..p25` (the side on roll positive, moving 24 -> 1, p25 its bar, p0
the other's bar) and wildbg's `bestmove` is the reply. wildbg's line tool has no cube: in cube
games this player rolls and takes (the cubeless matches never ask).

wildbg: github.com/carsten-wenderdel/wildbg (the `nets` branch; boardlab's results use @8c42b06f
with its built-in nets), with the line tool `wildbg-cli` built in its folder. The folder comes
from --wildbg-dir or $BOARDLAB_PEERS/wildbg.
"""
import argparse
import os
import socket
import subprocess
import sys


def wildbg_position(fields, turn):
    """p0..p25 of the side on roll from gnubg's 26 point fields."""
    if turn > 0:
        return list(fields)
    return [-fields[25 - j] for j in range(26)]


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--listen", required=True)
    ap.add_argument("--wildbg-dir", default=os.path.join(os.environ.get("BOARDLAB_PEERS", ""), "wildbg"))
    ap.add_argument("--log")
    args = ap.parse_args()
    exe = os.path.join(args.wildbg_dir, "wildbg-cli")
    if not os.path.exists(exe):
        sys.exit("wildbg-cli not found in {!r} (give --wildbg-dir or BOARDLAB_PEERS)".format(args.wildbg_dir))
    wild = subprocess.Popen([exe], cwd=args.wildbg_dir, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    if not wild.stdout.readline().startswith("ready"):
        sys.exit("wildbg-cli did not start")
    host, port = args.listen.rsplit(":", 1)
    srv = socket.socket()
    srv.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    srv.bind((host, int(port)))
    srv.listen(1)
    print("wildbg player: listening on {}".format(args.listen), file=sys.stderr, flush=True)
    conn, _ = srv.accept()
    log = open(args.log, "a") if args.log else None
    buf = b""
    while True:
        data = conn.recv(65536)
        if not data:
            break
        buf += data
        while b"\n" in buf:
            raw, buf = buf.split(b"\n", 1)
            line = raw.replace(b"\0", b"").decode("utf-8", "replace").strip()
            if not line:
                continue
            f = line.split(":")
            try:
                fields = [int(x) for x in f[6:32]]
                turn, d1, d2, doubled = int(f[32]), int(f[33]), int(f[34]), int(f[40])
            except (ValueError, IndexError):
                reply = "Error: not a board line"
            else:
                if doubled:
                    reply = "take"
                elif d1 == 0:
                    reply = "roll"
                else:
                    pos = wildbg_position(fields, turn)
                    wild.stdin.write("move {} {} {}\n".format(d1, d2, " ".join(map(str, pos))))
                    wild.stdin.flush()
                    answer = wild.stdout.readline().strip()
                    if answer.startswith("bestmove"):
                        mv = answer[len("bestmove"):].strip()
                        reply = "" if mv == "none" else mv
                    else:
                        reply = "Error: wildbg said {}".format(answer)
            if log:
                log.write("{}\t{}\n".format(line, reply))
                log.flush()
            conn.sendall((reply + "\n").encode())
    wild.stdin.write("quit\n")
    wild.stdin.flush()


if __name__ == "__main__":
    main()
