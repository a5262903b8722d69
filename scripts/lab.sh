# Sourced by the shell scripts of scripts/ (`. "$(dirname "$0")/../lab.sh"`): goes to the
# repository's top folder and names the boardlab binary once, as scripts/lab.py does for Python.
# BOARDLAB: the binary to run (default: this checkout's release build).
top=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$top"
BOARDLAB=${BOARDLAB:-$top/target/release/boardlab}
export BOARDLAB
