"""The package's layers: imports point down, no cycles, third-party UI/graph imports in place.

Reads every module of ``aristofarsa/`` with :mod:`ast` (nothing is imported), collects
every import — at module level, inside functions and methods, and under
``if TYPE_CHECKING:`` — and checks them against the table below. Type-only imports count
like any other: a layer may not even name an upper layer's types, and a circle through one
is a circle. The checker works on a
plain ``{module name: source}`` mapping, so the last tests plant violations in a synthetic
package and check that each one is caught.
"""
from __future__ import annotations

import ast
import sys
from dataclasses import dataclass
from fnmatch import fnmatch
from pathlib import Path

PACKAGE = "aristofarsa"
ROOT = Path(__file__).resolve().parents[1] / PACKAGE

# --------------------------------------------------------------------------- the layer map
#: The layers, bottom to top. A layer is a subpackage of the package, and a module's layer is
#: the subpackage it lives in (``core/round.py`` is in ``core``): no list of modules to keep.
#: A module may import its own layer and every layer below it.
LADDER: tuple[str, ...] = ("core", "scenario", "games", "analysis", "render", "controllers",
                           "widgets")

#: Beside the ladder: the command line may import everything but the widgets; nothing
#: imports it.
MAY_IMPORT_EXTRA: dict[str, frozenset[str]] = {
    "cli": frozenset({"core", "scenario", "games", "analysis", "render", "controllers", "cli"}),
}

#: The only modules outside a layer's folder, each named: the package's face (its constants,
#: read by every layer, and the finder of the old module paths; it imports no layer) and the
#: pytest plugin (a front end like the CLI; its entry point names ``aristofarsa.pytest_plugin``)
#: and ``__main__`` (``python -m aristofarsa``: the CLI's ``main``). Any other top-level module
#: is in no layer and fails ``test_every_module_is_in_a_layer``: move it into the folder of its
#: layer.
TOP_LEVEL: dict[str, str] = {"": "core", "pytest_plugin": "cli", "__main__": "cli"}

#: The layer of a module the table cannot place (a new top-level module).
NO_LAYER = "(no layer)"

#: The one upward edge allowed, and only inside a hand-off method: a model's one-line
#: hand-off to its renderer (``RoundResult._repr_html_`` imports ``render.html`` when called;
#: docs/architecture.md). A hand-off is a method named ``_repr_*_`` or ``to_*`` (or one of
#: ``LAZY_HANDOFF_NAMES``, the other ``render`` hand-offs by name).
LAZY_HANDOFF_TO: frozenset[str] = frozenset({"render"})
LAZY_HANDOFF_NAMES: frozenset[str] = frozenset({"summary_text", "plot"})

#: Third-party packages allowed only in some places: top-level name -> module patterns.
ONLY_IN: dict[str, tuple[str, ...]] = {
    "ipywidgets": ("widgets", "widgets.*"),
    "IPython": ("widgets", "widgets.*"),
    "pygraphviz": ("render.svg",),
    "graphviz": ("render", "render.*"),
}


#: Layers that must import with the standard library alone (the core install has no
#: dependencies): their module-level imports are stdlib or the package. Optional extras
#: (tqdm, dask, matplotlib) are imported inside the function that needs them.
STDLIB_ONLY: frozenset[str] = frozenset({"core", "scenario", "games"})


# --------------------------------------------------------------------------- reading imports
@dataclass(frozen=True)
class Import:
    source: str          # importing module, below the package: "result", "cli.games"
    target: str          # a module of the package ("render.text", "" = the package) or a
    internal: bool       #   third-party top-level name ("ipywidgets") when not internal
    line: int
    lazy: bool           # inside a function or method: runs when called, not on import
    typing_only: bool    # under ``if TYPE_CHECKING:``: never runs
    function: str = ""   # the innermost function or method it is in ("" at module level)
    name: str = ""       # the name a ``from ... import name`` takes ("" for ``import x``)


def read_package(root: Path = ROOT) -> dict[str, str]:
    """``{module: source}`` for every module below ``root`` (a package's ``__init__`` is
    named after its folder; the root package itself is ``""``)."""
    out = {}
    for path in sorted(root.rglob("*.py")):
        parts = list(path.relative_to(root).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        out[".".join(parts)] = path.read_text(encoding="utf-8")
    return out


def _is_type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING")


def _packages(modules: dict[str, str]) -> set[str]:
    """Modules that are packages: those with modules below them, and the root."""
    pkgs = {""}
    for name in modules:
        parts = name.split(".")
        pkgs.update(".".join(parts[:k]) for k in range(1, len(parts)))
    return pkgs


def imports(modules: dict[str, str]) -> list[Import]:
    """Every import statement of every module, resolved to a module where it is internal."""
    packages = _packages(modules)
    found: list[Import] = []

    def internal(dotted: str) -> str | None:
        """``aristofarsa.x.y`` -> ``x.y``; None for a third-party name."""
        if dotted == PACKAGE:
            return ""
        if dotted.startswith(PACKAGE + "."):
            return dotted[len(PACKAGE) + 1:]
        return None

    def join(base: str, name: str) -> str:
        return f"{base}.{name}" if base else name

    def add(src: str, target: str, is_internal: bool, node: ast.stmt, lazy: bool, typing: bool,
            function: str, name: str = "") -> None:
        found.append(Import(src, target, is_internal, node.lineno, lazy, typing, function, name))

    for src, text in modules.items():
        tree = ast.parse(text, filename=src or "__init__")
        here = src if src in packages else src.rpartition(".")[0]

        def visit(node: ast.AST, lazy: bool, typing: bool, src: str = src, here: str = here,
                  fn: str = "") -> None:
            if isinstance(node, ast.Import):
                for alias in node.names:
                    mod = internal(alias.name)
                    if mod is None:
                        add(src, alias.name.split(".")[0], False, node, lazy, typing, fn)
                    else:
                        add(src, mod, True, node, lazy, typing, fn)
            elif isinstance(node, ast.ImportFrom):
                if node.level:
                    base_parts = here.split(".") if here else []
                    if node.level > 1:
                        base_parts = base_parts[:len(base_parts) - (node.level - 1)]
                    base = ".".join(base_parts)
                    if node.module:
                        base = join(base, node.module)
                else:
                    if node.module == "__future__":
                        return
                    resolved = internal(node.module or "")
                    if resolved is None:
                        add(src, (node.module or "").split(".")[0], False, node, lazy, typing, fn)
                        return
                    base = resolved
                for alias in node.names:
                    sub = join(base, alias.name)
                    add(src, sub if sub in modules else base, True, node, lazy, typing, fn,
                        alias.name)
            elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
                name = getattr(node, "name", "<lambda>")
                for child in ast.iter_child_nodes(node):
                    visit(child, True, typing, fn=name)
            elif isinstance(node, ast.If) and _is_type_checking(node.test):
                for child in node.body:
                    visit(child, lazy, True, fn=fn)
                for child in node.orelse:
                    visit(child, lazy, typing, fn=fn)
            else:
                for child in ast.iter_child_nodes(node):
                    visit(child, lazy, typing, fn=fn)

        visit(tree, False, False)
    return found


# --------------------------------------------------------------------------- the checks
def layer_of(module: str) -> str:
    """The folder a module lives in (``core.round`` -> ``core``; ``core`` itself, its
    ``__init__``, too); a top-level module from :data:`TOP_LEVEL`, else :data:`NO_LAYER`."""
    if module in TOP_LEVEL:
        return TOP_LEVEL[module]
    folder = module.split(".")[0]
    return folder if folder in LADDER or folder in MAY_IMPORT_EXTRA else NO_LAYER


def unplaced(modules: dict[str, str]) -> list[str]:
    """Modules in no layer: a top-level module not in :data:`TOP_LEVEL`, or a folder that is
    not a layer."""
    return [f"{PACKAGE}/{m.replace('.', '/')}.py is in no layer: move it into the folder of its "
            f"layer ({', '.join(f'{x}/' for x in (*LADDER, *MAY_IMPORT_EXTRA))})"
            for m in sorted(modules) if layer_of(m) == NO_LAYER]


def moved_paths(found: list[Import], moved: dict[str, str]) -> list[str]:
    """Imports of a module by its old, deprecated path (``from .. import round``,
    ``from aristofarsa.round import Round``): they work, through the package's finder of old
    paths, but the import should name where the module lives."""
    problems = []
    for i in found:
        name = i.target if i.target in moved else i.name if i.target == "" else ""
        if i.internal and name in moved:
            problems.append(f"{_where(i)}: imports {PACKAGE}.{name}, an old path: import "
                            f"{PACKAGE}.{moved[name]}")
    return problems


def may_import(source_layer: str, target_layer: str) -> bool:
    if NO_LAYER in (source_layer, target_layer):   # reported once, by unplaced()
        return True
    if source_layer in MAY_IMPORT_EXTRA:
        return target_layer in MAY_IMPORT_EXTRA[source_layer]
    if target_layer not in LADDER:          # nothing on the ladder imports the cli
        return False
    return LADDER.index(target_layer) <= LADDER.index(source_layer)


def _where(i: Import) -> str:
    return f"{PACKAGE}/{(i.source or '__init__').replace('.', '/')}.py:{i.line}"


def is_handoff(function: str) -> bool:
    """A model's renderer hand-off: ``_repr_html_``, ``_repr_svg_``, ``to_text`` …"""
    return ((function.startswith("_repr_") and function.endswith("_")) or
            function.startswith("to_") or function in LAZY_HANDOFF_NAMES)


def handoff(i: Import) -> bool:
    """The one upward edge allowed: a lazy import of a renderer in a hand-off method (the
    renderer naming the model's type in return is no circle)."""
    return (i.internal and i.lazy and not i.typing_only and is_handoff(i.function)
            and layer_of(i.target) in LAZY_HANDOFF_TO and layer_of(i.source) in LADDER
            and not may_import(layer_of(i.source), layer_of(i.target)))


def upward_edges(found: list[Import]) -> list[str]:
    """Imports that point up a layer, type-only ones included (a lazy hand-off to
    ``render/`` inside a ``_repr_*_``/``to_*`` method excepted)."""
    problems = []
    for i in found:
        if not i.internal:
            continue
        src, dst = layer_of(i.source), layer_of(i.target)
        if may_import(src, dst):
            continue
        if handoff(i):
            continue
        problems.append(f"{_where(i)}: {src} module {i.source!r} imports {dst} module "
                        f"{i.target!r}{' (inside a function)' if i.lazy else ''}; "
                        f"{src} may import {', '.join(_allowed(src))}")
    return problems


def _allowed(layer: str) -> list[str]:
    if layer in MAY_IMPORT_EXTRA:
        return sorted(MAY_IMPORT_EXTRA[layer])
    return list(LADDER[:LADDER.index(layer) + 1])


def misplaced_third_party(found: list[Import]) -> list[str]:
    """``ipywidgets``/``IPython`` outside widgets/, Graphviz outside its renderers."""
    problems = []
    for i in found:
        if i.internal or i.target not in ONLY_IN:
            continue
        allowed = ONLY_IN[i.target]
        if not any(fnmatch(i.source, p) for p in allowed):
            problems.append(f"{_where(i)}: imports {i.target}, allowed only in "
                            + " or ".join(f"{PACKAGE}/{p.replace('.', '/')}" for p in allowed))
    return problems


def third_party_at_import(found: list[Import]) -> list[str]:
    """Module-level imports of non-stdlib packages in the dependency-free layers."""
    return [f"{_where(i)}: {layer_of(i.source)} module {i.source!r} imports {i.target} when "
            "imported; import it inside the function that needs it (an optional extra)"
            for i in found
            if not i.internal and not i.lazy and not i.typing_only
            and layer_of(i.source) in STDLIB_ONLY and i.target not in sys.stdlib_module_names]


def cycles(found: list[Import], lazy: bool = True) -> list[list[str]]:
    """Import cycles among the package's modules, each as a path ``[a, b, ..., a]``.

    Imports under ``TYPE_CHECKING`` count too: they never run, but a circle through them
    still ties the two modules' types together (``round`` and ``scoring`` typed against each
    other). ``lazy``: count imports inside functions too (they run later, but a circle
    through them breaks as soon as one becomes a module-level import).
    """
    graph: dict[str, set[str]] = {}
    for i in found:
        if i.internal and (lazy or not i.lazy) and i.target != i.source and not handoff(i):
            graph.setdefault(i.source, set()).add(i.target)
    return [_cycle_in(scc, graph) for scc in _strongly_connected(graph) if len(scc) > 1]


def _strongly_connected(graph: dict[str, set[str]]) -> list[list[str]]:
    """Tarjan's algorithm, iterative; components in a deterministic order."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    out: list[list[str]] = []
    counter = 0
    for start in sorted(graph):
        if start in index:
            continue
        work = [(start, iter(sorted(graph.get(start, ()))))]
        index[start] = low[start] = counter
        counter += 1
        stack.append(start)
        on_stack.add(start)
        while work:
            node, children = work[-1]
            for child in children:
                if child not in index:
                    index[child] = low[child] = counter
                    counter += 1
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(graph.get(child, ())))))
                    break
                if child in on_stack:
                    low[node] = min(low[node], index[child])
            else:
                work.pop()
                if work:
                    low[work[-1][0]] = min(low[work[-1][0]], low[node])
                if low[node] == index[node]:
                    scc = []
                    while True:
                        member = stack.pop()
                        on_stack.discard(member)
                        scc.append(member)
                        if member == node:
                            break
                    out.append(sorted(scc))
    return sorted(out)


def _cycle_in(scc: list[str], graph: dict[str, set[str]]) -> list[str]:
    """One readable circle through the component's first module (breadth-first, shortest)."""
    members = set(scc)
    start = scc[0]
    paths = {start: [start]}
    queue = [start]
    while queue:
        node = queue.pop(0)
        for nxt in sorted(graph.get(node, ())):
            if nxt == start:
                return paths[node] + [start]
            if nxt in members and nxt not in paths:
                paths[nxt] = paths[node] + [nxt]
                queue.append(nxt)
    raise AssertionError(f"no circle in {scc}")  # a strongly connected component has one


def describe(cycle: list[str]) -> str:
    return " -> ".join(c or PACKAGE for c in cycle)


# --------------------------------------------------------------------------- the package
MODULES = read_package()
FOUND = imports(MODULES)


def test_the_whole_package_is_read():
    assert {"", "core.round", "core.result", "core.trace", "scenario", "scenario.model",
            "games.game", "cli", "cli.games", "render.text"} <= set(MODULES)
    assert len(MODULES) >= 30
    readers = {i.source for i in FOUND}
    assert {"core.result", "games.game", "cli.rounds", "render.markdown"} <= readers


def test_every_module_is_in_a_layer():
    problems = unplaced(MODULES)
    assert not problems, "\n".join(problems)
    assert {layer_of(m) for m in MODULES} == {*LADDER, *MAY_IMPORT_EXTRA}  # every layer used
    assert set(MAY_IMPORT_EXTRA) <= set(MAY_IMPORT_EXTRA["cli"]) | set(LADDER) | {"cli"}


def test_the_layers_are_the_package_folders():
    folders = {path.name for path in ROOT.iterdir() if (path / "__init__.py").is_file()}
    assert folders == {*LADDER, *MAY_IMPORT_EXTRA}
    assert layer_of("core.round") == "core" and layer_of("scenario") == "scenario"
    assert layer_of("games.bots") == "games" and layer_of("pytest_plugin") == "cli"
    assert layer_of("messages") == NO_LAYER      # a new top-level module is in no layer


def test_imports_point_down():
    problems = upward_edges(FOUND)
    assert not problems, "upward imports:\n" + "\n".join(problems)


def test_no_module_imports_an_old_path():
    import aristofarsa
    problems = moved_paths(FOUND, aristofarsa.MOVED)
    assert not problems, "\n".join(problems)


def test_no_import_cycles():
    found = [describe(c) for c in cycles(FOUND)]
    assert not found, "import cycles (imports inside functions count too):\n" + "\n".join(found)


def test_jupyter_and_graphviz_only_in_their_layers():
    problems = misplaced_third_party(FOUND)
    assert not problems, "\n".join(problems)


def test_core_scenario_and_games_import_with_the_standard_library_alone():
    problems = third_party_at_import(FOUND)
    assert not problems, "\n".join(problems)


# --------------------------------------------------------------------------- the checker itself
def _package(**sources: str) -> dict[str, str]:
    """A synthetic package: keyword ``cli__games`` is module ``cli.games``."""
    return {name.replace("__", "."): text for name, text in sources.items()}


def test_the_reader_resolves_every_form_of_import():
    found = imports(_package(
        cli="", cli__games="from .. import records\nfrom ..render import text\nimport aristofarsa.game\n",
        records="", game="", render="", render__text="",
        result=("from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from .game import Game\n"
                "def f():\n    from .render.text import x\nclass C:\n    import json\n"),
    ))
    got = {(i.source, i.target, i.internal, i.lazy, i.typing_only) for i in found}
    assert got == {
        ("cli.games", "records", True, False, False),
        ("cli.games", "render.text", True, False, False),
        ("cli.games", "game", True, False, False),
        ("result", "typing", False, False, False),
        ("result", "game", True, False, True),
        ("result", "render.text", True, True, False),
        ("result", "json", False, False, False),
    }


CLEAN = dict(
    core="", core__cards="", core__round="from . import cards\n",
    scenario="from ..core.round import x\n", scenario__model="from . import x\n",
    games="", games__game="from ..core import round\nfrom ..scenario import model\n",
    analysis="", analysis__graph="from .. import scenario\n",
    render="", render__text="from ..analysis import graph\n", render__svg="import pygraphviz\n",
    render__dot="import graphviz\n",
    core__result="def to_text(self):\n    from ..render.text import x\n",  # the lazy hand-off
    controllers="", controllers__play="from ..render import text\n",
    widgets="", widgets__play="import ipywidgets\nfrom ..controllers import play\n",
    cli="", cli__games="from ..controllers import play\nfrom ..render import svg\n",
    pytest_plugin="def f():\n    from . import scenario\n",
)


def test_a_clean_synthetic_package_passes():
    found = imports(_package(**CLEAN))
    assert upward_edges(found) == []
    assert misplaced_third_party(found) == []
    assert cycles(found) == []
    assert third_party_at_import(found) == []


def test_planted_upward_imports_are_caught():
    planted = {
        "core__cards": "from ..scenario import load\n",               # core -> scenario
        "scenario__model": "from ..games.game import x\n",            # scenario -> games
        "games__game": "from ..analysis import graph\n",              # games -> analysis
        "analysis__graph": "from ..render import text\n",              # analysis -> render
        "render__text": "from ..controllers import play\n",            # render -> controllers
        "controllers__play": "def f():\n    from ..widgets import play\n",  # lazy, not to render
        "cli__games": "from ..widgets import play\n",                  # the cli never imports widgets
        "core__round": "from ..cli import games\n",                    # nothing imports the cli
        "scenario": "from .. import pytest_plugin\n",                 # nor the pytest plugin
    }
    for module, text in planted.items():
        found = imports(_package(**{**CLEAN, module: text}))
        problems = upward_edges(found)
        assert len(problems) == 1, (module, problems)
        assert module.replace("__", ".") in problems[0]


def test_planted_third_party_imports_are_caught():
    planted = {
        "controllers__play": "import ipywidgets\n",
        "core__result": "def _repr_html_(self):\n    from IPython.display import HTML\n",
        "render__dot": "import pygraphviz\n",
        "analysis__graph": "import graphviz\n",
    }
    for module, text in planted.items():
        problems = misplaced_third_party(imports(_package(**{**CLEAN, module: text})))
        assert len(problems) == 1 and "allowed only in" in problems[0], (module, problems)
    lazy_ok = imports(_package(**{**CLEAN, "core__cards": "def f():\n    import matplotlib\n"}))
    assert third_party_at_import(lazy_ok) == []
    for layer in ("core", "scenario", "games"):
        eager = imports(_package(**{**CLEAN, f"{layer}__x": "import matplotlib\n"}))
        assert len(third_party_at_import(eager)) == 1, layer


def test_planted_cycles_are_caught_even_through_a_function():
    top = imports(_package(**{**CLEAN, "core__cards": "from . import round\n"}))
    assert [describe(c) for c in cycles(top)] == ["core.cards -> core.round -> core.cards"]
    lazy = imports(_package(**{**CLEAN, "core__cards": "def f():\n    from .round import x\n"}))
    assert [describe(c) for c in cycles(lazy)] == ["core.cards -> core.round -> core.cards"]
    assert cycles(lazy, lazy=False) == []
    typing_only = "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from .round import x\n"
    assert [describe(c) for c in cycles(imports(_package(**{**CLEAN, "core__cards": typing_only})))] \
        == ["core.cards -> core.round -> core.cards"]  # types tied in a circle are a circle too
    # the hand-off and its renderer naming the model's type: no circle
    handoff_pair = {**CLEAN, "render__text": typing_only.replace(".round", "..core.result")}
    assert cycles(imports(_package(**handoff_pair))) == []


def test_planted_type_only_and_misplaced_lazy_imports_are_caught():
    typing_up = "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from ..controllers import play\n"
    problems = upward_edges(imports(_package(**{**CLEAN, "render__text": typing_up})))
    assert len(problems) == 1 and "render.text" in problems[0], problems
    not_a_handoff = "def helper(self):\n    from ..render.text import x\n"
    problems = upward_edges(imports(_package(**{**CLEAN, "core__result": not_a_handoff})))
    assert len(problems) == 1 and "inside a function" in problems[0], problems
    for name in ("_repr_html_", "to_markdown"):
        ok = f"def {name}(self):\n    from ..render.text import x\n"
        assert upward_edges(imports(_package(**{**CLEAN, "core__result": ok}))) == [], name


def test_planted_module_outside_a_layer_and_old_paths_are_caught():
    package = _package(**{**CLEAN, "messages": "from .core import cards\n",
                          "serving": "", "serving__x": "",
                          "analysis__graph": "from .. import round\nfrom ..scenario_model import x\n"})
    assert unplaced(package) == [
        "aristofarsa/messages.py is in no layer: move it into the folder of its layer (core/, "
        "scenario/, games/, analysis/, render/, controllers/, widgets/, cli/)",
        "aristofarsa/serving.py is in no layer: move it into the folder of its layer (core/, "
        "scenario/, games/, analysis/, render/, controllers/, widgets/, cli/)",
        "aristofarsa/serving/x.py is in no layer: move it into the folder of its layer (core/, "
        "scenario/, games/, analysis/, render/, controllers/, widgets/, cli/)"]
    found = imports(package)
    assert upward_edges(found) == []          # a module in no layer is reported once, above
    moved = {"round": "core.round", "scenario_model": "scenario.model"}
    assert moved_paths(found, moved) == [
        "aristofarsa/analysis/graph.py:1: imports aristofarsa.round, an old path: import "
        "aristofarsa.core.round",
        "aristofarsa/analysis/graph.py:2: imports aristofarsa.scenario_model, an old path: import "
        "aristofarsa.scenario.model"]
    assert moved_paths(imports(_package(**CLEAN)), moved) == []


# --------------------------------------------------------------------------- function lengths
#: The longest a function or method may be, in lines (its decorators aside, its docstring in).
MAX_FUNCTION_LINES = 80
#: Today's longer functions, each a debt to pay off: ``module:function`` -> its length now.
#: The list may only shrink (a listed function that grows, or a new one, fails).
LONG_FUNCTIONS: dict[str, int] = {}


def function_lengths(modules: dict[str, str]) -> dict[str, int]:
    """``module:qualified.name`` -> lines, for every function and method."""
    out: dict[str, int] = {}

    def visit(node: ast.AST, module: str, prefix: str) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef)):
                name = f"{prefix}{child.name}"
                out[f"{module}:{name}"] = (child.end_lineno or child.lineno) - child.lineno + 1
                visit(child, module, name + ".")
            elif isinstance(child, ast.ClassDef):
                visit(child, module, f"{prefix}{child.name}.")
            else:
                visit(child, module, prefix)

    for module, text in modules.items():
        visit(ast.parse(text), module or "__init__", "")
    return out


def too_long(lengths: dict[str, int]) -> list[str]:
    return [f"{PACKAGE}/{name.split(':')[0].replace('.', '/')}.py: {name.split(':')[1]} has "
            f"{n} lines (at most {LONG_FUNCTIONS.get(name, MAX_FUNCTION_LINES)}); split it into "
            "named steps" for name, n in sorted(lengths.items())
            if n > LONG_FUNCTIONS.get(name, MAX_FUNCTION_LINES)]


def test_functions_are_at_most_80_lines():
    lengths = function_lengths(MODULES)
    assert lengths["core.round:Round.play"] < 20  # methods are measured too
    problems = too_long(lengths)
    assert not problems, "\n".join(problems)
    stale = [name for name in LONG_FUNCTIONS if lengths.get(name, 0) <= MAX_FUNCTION_LINES]
    assert not stale, f"no longer too long: drop {stale} from LONG_FUNCTIONS"


def test_a_planted_long_function_is_caught():
    body = "def f():\n" + "    x = 1\n" * MAX_FUNCTION_LINES
    problems = too_long(function_lengths(_package(**{**CLEAN, "core__cards": body})))
    assert len(problems) == 1 and "core/cards.py: f has 81 lines" in problems[0], problems
