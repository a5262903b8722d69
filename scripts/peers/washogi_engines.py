#!/usr/bin/env python3
"""The two Wa shogi engines boardlab is measured against, found or installed the same way by
every script that needs them:

- HaChu (H.G. Muller, Debian package `hachu`, 0.21-29-gdf26f4a in bookworm): XBoard,
  `variant wa-shogi` is Wa shogi without drops.
- CrazyWa (H.G. Muller, Debian package `crazywa`, git 2019-06-13 in bookworm): XBoard,
  `variant crazywa` is Wa shogi with drops.

Both are installed with `apt-get install -y` when missing (as root; otherwise the script says
what to run). The Debian CrazyWa crashes (SIGSEGV) in Wa shogi as soon as it searches five plies
from the start: its attack map has a one-rank guard band, and the Treacherous Fox's and
Heavenly Horse's two-rank jumps write past it (AddressSanitizer: global-buffer-overflow in
MoveGen, dropper.c:917). When the installed binary fails that check, `crazywa()` builds a copy
from the Debian source package (`apt-get source crazywa`, through a private apt configuration
that adds the deb-src line without touching the system's) with the Debian patches and
scripts/peers/patches/crazywa-attack-map-guard.patch, which widens the guard to two ranks and changes
nothing else, into target/peers/crazywa-fixed.

    python3 scripts/peers/washogi_engines.py            # prints the two engine paths
"""
import os
import shutil
import subprocess
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
import lab  # noqa: E402
import tempfile

TOP = lab.TOP
PATCH = os.path.join(TOP, "scripts", "peers", "patches", "crazywa-attack-map-guard.patch")
FIXED_DIR = os.path.join(TOP, "target", "peers")
FIXED = os.path.join(FIXED_DIR, "crazywa-fixed")


def say(msg):
    print(f"[washogi_engines] {msg}", file=sys.stderr, flush=True)


def apt_install(package):
    if os.geteuid() != 0:
        sys.exit(f"{package} is not installed; run: sudo apt-get install -y {package}")
    say(f"installing {package} with apt-get")
    subprocess.run(["apt-get", "install", "-y", package], check=True,
                   stdout=subprocess.DEVNULL)


def installed(name):
    for path in (shutil.which(name), f"/usr/games/{name}"):
        if path and os.path.exists(path):
            return path
    return None


def package_version(package):
    out = subprocess.run(["dpkg-query", "-W", "-f=${Version}", package],
                         capture_output=True, text=True)
    return out.stdout.strip() or "unknown"


def hachu():
    path = installed("hachu")
    if not path:
        apt_install("hachu")
        path = installed("hachu")
    return path


def survives_deep_search(binary):
    """True when the engine answers a 6-ply search from the Wa shogi start with a move."""
    try:
        out = subprocess.run([binary], input="xboard\nprotover 2\nnew\nvariant crazywa\nsd 6\ngo\n",
                             capture_output=True, text=True, timeout=60)
    except subprocess.TimeoutExpired:
        return False
    return any(line.startswith("move ") for line in out.stdout.splitlines())


def build_fixed_crazywa():
    work = tempfile.mkdtemp(prefix="crazywa-src-")
    lists = os.path.join(work, "lists")
    os.makedirs(os.path.join(lists, "partial"))
    src_list = os.path.join(work, "sources.list")
    codename = subprocess.run(["sh", "-c", ". /etc/os-release && echo $VERSION_CODENAME"],
                              capture_output=True, text=True).stdout.strip() or "bookworm"
    with open(src_list, "w") as f:
        f.write("deb-src [signed-by=/usr/share/keyrings/debian-archive-keyring.gpg] "
                f"http://deb.debian.org/debian {codename} main\n")
    apt = ["apt-get", "-o", f"Dir::Etc::SourceList={src_list}", "-o", "Dir::Etc::SourceParts=/dev/null",
           "-o", f"Dir::State::Lists={lists}"]
    say("fetching the Debian source of crazywa (private apt configuration in " + work + ")")
    subprocess.run(apt + ["update"], check=True, stdout=subprocess.DEVNULL)
    subprocess.run(apt + ["source", "--download-only", "crazywa"], check=True, cwd=work,
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    orig = [f for f in os.listdir(work) if f.endswith(".orig.tar.xz") or f.endswith(".orig.tar.gz")]
    deb = [f for f in os.listdir(work) if f.endswith(".debian.tar.xz")]
    if not orig:
        sys.exit("no crazywa source tarball downloaded")
    subprocess.run(["tar", "xf", orig[0]], check=True, cwd=work)
    srcdir = os.path.join(work, next(d for d in os.listdir(work)
                                     if d.startswith("crazywa-") and os.path.isdir(os.path.join(work, d))))
    if deb:
        subprocess.run(["tar", "xf", os.path.join(work, deb[0])], check=True, cwd=srcdir)
        series = os.path.join(srcdir, "debian", "patches", "series")
        if os.path.exists(series):
            for p in open(series).read().split():
                subprocess.run(["patch", "-p1", "-s", "-i", os.path.join("debian", "patches", p)],
                               check=True, cwd=srcdir)
    subprocess.run(["patch", "-p1", "-s", "-i", PATCH], check=True, cwd=srcdir)
    os.makedirs(FIXED_DIR, exist_ok=True)
    cc = shutil.which("gcc") or shutil.which("cc")
    if not cc:
        sys.exit("building the fixed CrazyWa needs a C compiler (apt-get install -y gcc)")
    subprocess.run([cc, "-O2", "-o", FIXED, "dropper.c"], check=True, cwd=srcdir,
                   stderr=subprocess.DEVNULL)
    shutil.rmtree(work, ignore_errors=True)
    say(f"built {FIXED}")


def crazywa():
    """The path of a CrazyWa that survives Wa shogi searches, and a note saying which it is."""
    path = installed("crazywa")
    if not path:
        apt_install("crazywa")
        path = installed("crazywa")
    if survives_deep_search(path):
        return path, f"Debian crazywa {package_version('crazywa')}"
    say(f"{path} crashes searching Wa shogi (known: attack-map overflow); using a fixed build")
    if not (os.path.exists(FIXED) and survives_deep_search(FIXED)):
        build_fixed_crazywa()
    if not survives_deep_search(FIXED):
        sys.exit("the fixed CrazyWa still fails the 6-ply search")
    return FIXED, (f"Debian crazywa {package_version('crazywa')} rebuilt from its source package "
                   "with scripts/peers/patches/crazywa-attack-map-guard.patch")


if __name__ == "__main__":
    print("hachu", hachu(), package_version("hachu"))
    path, note = crazywa()
    print("crazywa", path, note)
