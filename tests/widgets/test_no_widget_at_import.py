"""No widget module makes a widget when imported: the static site's Python snapshot holds every
widget module imported (site/snapshot.mjs), and a widget must be made by the page's kernel to
reach the page. The chip rows' shared layouts and styles are made when a view is built, shared by
every row, and made again once closed (a preheated kernel's warm-up closes what it made)."""
from __future__ import annotations

import pkgutil
import subprocess
import sys

import ipywidgets as ipw  # type: ignore[import-untyped]

import aristofarsa.widgets
from aristofarsa.widgets import builder

MODULES = sorted(f"aristofarsa.widgets.{m.name}" for m in pkgutil.iter_modules(aristofarsa.widgets.__path__))

# In a fresh Python: count the widgets every widgets module made when imported (none imported before).
COUNT = """
import importlib, sys
from ipywidgets.widgets.widget import _instances
assert not any(n.startswith("aristofarsa.widgets") for n in sys.modules)
made = {}
for name in sys.argv[1:]:
    before = set(_instances)
    importlib.import_module(name)
    made[name] = sorted(type(_instances[k]).__name__ for k in set(_instances) - before)
print(made)
print(len(_instances))
"""


def test_importing_every_widgets_module_makes_no_widget() -> None:
    assert "aristofarsa.widgets.builder" in MODULES and len(MODULES) >= 10
    done = subprocess.run([sys.executable, "-c", COUNT, *MODULES], capture_output=True, text=True,
                          timeout=120)
    assert done.returncode == 0, done.stderr
    per_module, total = done.stdout.strip().splitlines()
    assert eval(per_module) == {name: [] for name in MODULES}  # noqa: S307  (our own repr of a dict)
    assert total == "0"


def test_chip_rows_share_layouts_made_when_built_and_again_once_closed() -> None:
    first = builder.chips([("A", 1), ("B", 2)], 1, "af-test", label="Pick")
    second = builder.chips([("C", 3)], None, "af-test", label="Other")
    toggle, again = builder._toggle(first), builder._toggle(second)
    assert toggle.layout is again.layout and toggle.style is again.style
    assert (toggle.layout.width, toggle.layout.max_width) == ("auto", "100%")
    assert toggle.style.button_width == "auto"
    assert first.layout is second.layout and first.layout.flex_flow == "row wrap"
    assert first.children[0].layout is second.children[0].layout
    toggle.layout.close()
    toggle.style.close()
    third = builder._toggle(builder.chips([("D", 4)], 4, "af-test"))
    assert third.layout is not toggle.layout and third.layout.comm is not None
    assert third.style is not toggle.style and third.style.comm is not None
    assert third.layout.width == "auto" and third.style.button_width == "auto"
    assert isinstance(third, ipw.ToggleButtons) and "af-test" in third._dom_classes
