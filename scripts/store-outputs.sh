#!/usr/bin/env bash
# Run the app notebooks (or those given) and store their outputs, so that
# `pytest --nbval notebooks/` (run by scripts/test.sh) checks them. Run it after editing a notebook
# or the app it shows. Timings and widget state are not stored; stderr outputs are dropped
# (strict nbval compares them, and the Graphviz wheel's fontconfig warnings are not the app's).
set -euo pipefail
cd "$(dirname "$0")/.."
PY="${PYTHON:-.venv/bin/python}"
[ -x "$PY" ] || PY=python3
if [ "$#" -eq 0 ]; then set -- notebooks/*.ipynb; fi
PYTHONPATH="$PWD${PYTHONPATH:+:$PYTHONPATH}" "$PY" - "$@" <<'PYEOF'
import re
import sys

import nbformat
from nbclient import NotebookClient


def same(a: str, b: str) -> bool:
    """Equal but for widget model ids (random on every run): keep the file then."""
    ids = re.compile(r'"model_id": "[0-9a-f]{32}"')
    return ids.sub("", a) == ids.sub("", b)


for path in sys.argv[1:]:
    before = open(path, encoding="utf-8").read()
    nb = nbformat.read(path, as_version=4)
    NotebookClient(nb, timeout=600, kernel_name="python3", record_timing=False,
                   resources={"metadata": {"path": "notebooks"}}).execute()
    for cell in nb.cells:
        if cell.cell_type == "code":
            cell.outputs = [o for o in cell.outputs if not (o.output_type == "stream" and o.name == "stderr")]
    nb.metadata.pop("widgets", None)      # stale widget state: noise in diffs, dead views in Lab
    after = nbformat.writes(nb) + "\n"
    if same(before, after):
        print(f"unchanged: {path}")
        continue
    with open(path, "w", encoding="utf-8") as f:
        f.write(after)
    print(f"stored outputs: {path}")
PYEOF
