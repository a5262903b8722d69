#!/usr/bin/env python3
"""Opens a `boardlab replay` page in headless Chromium, steps through one game with the arrow
keys (real key events through the DevTools protocol), and after every key reads the board from
the DOM: the `data-position` of the board and the discs of the SVG (`data-sq`/`data-piece`),
compared with the positions boardlab itself gives for the record (`boardlab show --moves`).

Usage: scripts/tools/replay_browser.py BOARDLAB REPLAY_HTML GAMES_JSONL [--game N] [--screenshot PNG]
Needs only Python's standard library and Debian's `chromium` (the DevTools client below is a
minimal WebSocket client: text frames, masked, no extensions)."""

import argparse
import base64
import json
import os
import shutil
import socket
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from lab import read_records  # noqa: E402
import urllib.request


class DevTools:
    def __init__(self, ws_url):
        assert ws_url.startswith("ws://")
        hostport, path = ws_url[5:].split("/", 1)
        host, port = hostport.split(":")
        self.sock = socket.create_connection((host, int(port)), timeout=30)
        key = base64.b64encode(os.urandom(16)).decode()
        self.sock.sendall(
            (f"GET /{path} HTTP/1.1\r\nHost: {hostport}\r\nUpgrade: websocket\r\n"
             f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n").encode())
        head = b""
        while b"\r\n\r\n" not in head:
            chunk = self.sock.recv(1)
            if not chunk:
                raise RuntimeError("DevTools closed the connection during the handshake")
            head += chunk
        if b" 101 " not in head.split(b"\r\n")[0]:
            raise RuntimeError(f"WebSocket handshake refused: {head[:200]!r}")
        self.next_id = 0

    def _recv_exact(self, n):
        buf = b""
        while len(buf) < n:
            chunk = self.sock.recv(n - len(buf))
            if not chunk:
                raise RuntimeError("DevTools connection closed")
            buf += chunk
        return buf

    def _send(self, text):
        data = text.encode()
        header = bytearray([0x81])
        n = len(data)
        if n < 126:
            header.append(0x80 | n)
        elif n < 1 << 16:
            header.append(0x80 | 126)
            header += n.to_bytes(2, "big")
        else:
            header.append(0x80 | 127)
            header += n.to_bytes(8, "big")
        mask = os.urandom(4)
        header += mask
        self.sock.sendall(bytes(header) + bytes(b ^ mask[i % 4] for i, b in enumerate(data)))

    def _recv(self):
        message = b""
        while True:
            b0, b1 = self._recv_exact(2)
            n = b1 & 0x7F
            if n == 126:
                n = int.from_bytes(self._recv_exact(2), "big")
            elif n == 127:
                n = int.from_bytes(self._recv_exact(8), "big")
            payload = self._recv_exact(n)
            if b0 & 0x0F == 0x8:
                raise RuntimeError("DevTools closed the WebSocket")
            if b0 & 0x0F in (0x9, 0xA):
                continue
            message += payload
            if b0 & 0x80:
                return json.loads(message)

    def call(self, method, **params):
        self.next_id += 1
        my = self.next_id
        self._send(json.dumps({"id": my, "method": method, "params": params}))
        while True:
            reply = self._recv()
            if reply.get("id") == my:
                if "error" in reply:
                    raise RuntimeError(f"{method}: {reply['error']}")
                return reply.get("result", {})

    def eval(self, expression):
        r = self.call("Runtime.evaluate", expression=expression, returnByValue=True)
        if "exceptionDetails" in r:
            raise RuntimeError(f"page script failed: {r['exceptionDetails']}")
        return r["result"].get("value")

    def key(self, name, code):
        for kind in ("keyDown", "keyUp"):
            self.call("Input.dispatchKeyEvent", type=kind, key=name, code=name,
                      windowsVirtualKeyCode=code, nativeVirtualKeyCode=code)


def start_chromium(profile):
    exe = shutil.which("chromium") or shutil.which("chromium-browser")
    if not exe:
        sys.exit("chromium is not installed (Debian: apt-get install -y chromium)")
    proc = subprocess.Popen(
        [exe, "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync",
         f"--user-data-dir={profile}", "--remote-debugging-port=0", "--window-size=1400,900",
         "about:blank"],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    port_file = os.path.join(profile, "DevToolsActivePort")
    for _ in range(600):
        if os.path.exists(port_file):
            lines = open(port_file).read().split()
            if lines:
                return proc, int(lines[0])
        if proc.poll() is not None:
            sys.exit("chromium exited at start")
        time.sleep(0.05)
    proc.kill()
    sys.exit("chromium did not open its DevTools port in 30 s")


def expected_positions(boardlab, record):
    """The position after every ply as boardlab gives it: `show --position START --moves ...`."""
    out = []
    for k in range(len(record["moves"]) + 1):
        args = [boardlab, "show", "--game", record["game"], "--rules", record["rules"],
                f"--position={record['start']}"]
        if k:
            args.append("--moves=" + " ".join(record["moves"][:k]))
        text = subprocess.run(args, check=True, capture_output=True, text=True).stdout
        line = [l for l in text.splitlines() if l.startswith("position: ")]
        out.append(line[0][len("position: "):])
    return out


READ_BOARD = """(() => {
  const b = document.getElementById('board');
  const discs = {};
  for (const c of b.querySelectorAll('[data-piece]')) discs[c.dataset.sq] = c.dataset.piece;
  const last = b.querySelector('[data-last]');
  return {ply: +b.dataset.ply, game: b.dataset.game, position: b.dataset.position, discs,
          last: last ? last.dataset.last : null,
          current: (document.querySelector('#moves span.mv.current') || {}).textContent || null};
})()"""


def othello_discs(position):
    squares = position.split()[0]
    return {f"{'abcdefgh'[i % 8]}{i // 8 + 1}": c for i, c in enumerate(squares) if c in "XO"}


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("boardlab")
    ap.add_argument("html")
    ap.add_argument("games")
    ap.add_argument("--game", type=int, default=0, help="index in the page's game list")
    ap.add_argument("--screenshot")
    a = ap.parse_args()
    records = read_records(a.games)
    records.sort(key=lambda r: r["index"])
    record = records[a.game]
    want = expected_positions(a.boardlab, record)
    profile = tempfile.mkdtemp(prefix="boardlab-chromium-")
    proc, port = start_chromium(profile)
    try:
        targets = json.load(urllib.request.urlopen(f"http://127.0.0.1:{port}/json/list", timeout=30))
        page = [t for t in targets if t.get("type") == "page"][0]
        dt = DevTools(page["webSocketDebuggerUrl"])
        dt.call("Page.enable")
        dt.call("Page.navigate", url="file://" + os.path.abspath(a.html))
        for _ in range(400):
            if dt.eval("document.readyState") == "complete" and dt.eval("!!document.querySelector('#board svg')"):
                break
            time.sleep(0.05)
        else:
            sys.exit("the page did not draw a board")
        # Open the wanted game with the down arrow (the page opens the first game).
        for _ in range(a.game):
            dt.key("ArrowDown", 40)
        checked = 0
        for ply, position in enumerate(want):
            if ply:
                dt.key("ArrowRight", 39)
            got = dt.eval(READ_BOARD)
            where = f"game {record['index']} ply {ply}"
            if got["game"] != str(record["index"]) or got["ply"] != ply:
                sys.exit(f"{where}: the page shows game {got['game']} ply {got['ply']}")
            if got["position"] != position:
                sys.exit(f"{where}: board position {got['position']!r}, the record gives {position!r}")
            if record["game"] == "othello":
                if got["discs"] != othello_discs(position):
                    sys.exit(f"{where}: the SVG discs {got['discs']} differ from {position!r}")
                mv = record["moves"][ply - 1] if ply else None
                expect_last = None if mv is None else mv
                if got["last"] != expect_last:
                    sys.exit(f"{where}: highlight {got['last']!r}, last move {expect_last!r}")
            checked += 1
        # Past the end the page stays on the last ply; Left goes back one, Home to the start.
        dt.key("ArrowRight", 39)
        if dt.eval(READ_BOARD)["ply"] != len(want) - 1:
            sys.exit("ArrowRight past the end moved off the last ply")
        dt.key("ArrowLeft", 37)
        got = dt.eval(READ_BOARD)
        if got["ply"] != len(want) - 2 or got["position"] != want[-2]:
            sys.exit(f"ArrowLeft: ply {got['ply']}")
        dt.key("Home", 36)
        if dt.eval(READ_BOARD)["position"] != want[0]:
            sys.exit("Home did not show the start")
        if a.screenshot:
            for _ in range(min(20, len(want) - 1)):
                dt.key("ArrowRight", 39)
            shot = dt.call("Page.captureScreenshot", format="png")
            with open(a.screenshot, "wb") as f:
                f.write(base64.b64decode(shot["data"]))
        print(f"replay page: game {record['index']}, {checked} plies stepped with the arrow keys, "
              f"board equal to the record at each")
    finally:
        proc.kill()
        proc.wait()
        shutil.rmtree(profile, ignore_errors=True)


if __name__ == "__main__":
    main()
