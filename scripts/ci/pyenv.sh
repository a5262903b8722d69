#!/usr/bin/env bash
# Creates (once) the virtual environment for cross-check scripts and prints its python path.
# The venv lives in $BOARDLAB_VENV, default .venv at the top of the repository.
set -euo pipefail
. "$(dirname "$0")/../lab.sh"
venv=${BOARDLAB_VENV:-$top/.venv}
req="$top/scripts/ci/requirements.txt"
stamp="$venv/.requirements.sha"
want=$(sha256sum "$req" | cut -d' ' -f1)
if [ ! -x "$venv/bin/python" ] || [ "$(cat "$stamp" 2>/dev/null)" != "$want" ]; then
  python3 -m venv "$venv" >&2
  "$venv/bin/pip" install -q --upgrade pip >&2
  "$venv/bin/pip" install -q -r "$req" >&2
  echo "$want" > "$stamp"
fi
echo "$venv/bin/python"
