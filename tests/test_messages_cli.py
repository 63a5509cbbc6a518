"""The command line and the served pages' own words come from the catalog (issue 24 item 4).

Under the pseudo-translation (``messages.pseudo()``: every template wrapped in ⟦…⟧, its own
letters look-alikes) each command's ``--help``, each refusal (exit 2) of every command, and
the landing page of ``serve`` and of the static site have no plain English word outside the
markers: what is left is data (option names, metavars, command and file names, the values a
user typed, player names).
"""
from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

from aristofarsa import SCENARIOS_DIR
from aristofarsa.cli import COMMAND_MODULES, main
from aristofarsa.cli import apps as apps_cli
from aristofarsa.cli import site as site_cli
from aristofarsa.cli.args import UsageError
from aristofarsa.core.messages import CLOSE, OPEN, pseudo, text, using
from aristofarsa.core.variants import Variant
from aristofarsa.games.bots import BOTS

LESSON = str(sorted(Path(SCENARIOS_DIR).glob("*.toml"))[0])
COMMANDS = ["resolve", "check", "cards", "scenarios", "play", "replay", "simulate", "graph",
            "explain", "variants", "whatif", "serve", "share", "notebook", "site"]
#: words a field may hold in the CLI's text: the program, its commands, the variants' and bots'
#: names, the graph's JSON keys, the apps extra's pip command, the lessons' players, a
#: positional argument's name ("file")
DATA = ({"aristofarsa", "pip", "install", "apps", "nodes", "edges", "Ana", "Bruno", "Caio",
         "file"}
        | set(COMMANDS) | {v.value for v in Variant} | set(BOTS))
OPTION = re.compile(r"(?<![\w-])-{1,2}[A-Za-z][\w-]*(?:=\S*)?")
METAVAR = re.compile(r"\b[A-Z][A-Z_]+(?:\.[a-z]+)?\b|\bN\b|\bK\b|\bS\b|\bW\b")


def outside_markers(said: str) -> str:
    """What is left of pseudo-translated output once every ⟦…⟧ (nested) is taken out."""
    rest = said
    while (inner := re.sub(r"⟦[^⟦⟧]*⟧", " ", rest)) != rest:
        rest = inner
    return rest


def plain_words(said: str, data: set[str] = frozenset()) -> list[str]:     # type: ignore[assignment]
    """The English left outside the catalog's markers: words that are no option, metavar,
    path or known data."""
    rest = outside_markers(said)
    rest = OPTION.sub(" ", rest)
    rest = re.sub(r"\S*[/\\]\S*|\S+\.(?:toml|txt|ipynb|json|svg|dot)\b", " ", rest)  # paths, files
    rest = METAVAR.sub(" ", rest)
    words = re.findall(r"[A-Za-z][A-Za-z']+", rest)
    return [w for w in words if w.strip("'") not in DATA | data]


@pytest.mark.parametrize("command", ["", *COMMANDS])
def test_every_commands_help_is_catalog_text(command, capsys):
    """`aristofarsa [COMMAND] --help`: the description, every option's help, the epilog and
    argparse's own words ("usage:", "options", "show this help message and exit")."""
    with using(pseudo()), pytest.raises(SystemExit) as done:
        main([command, "--help"] if command else ["--help"])
    assert done.value.code == 0
    said = capsys.readouterr().out
    assert said.count(OPEN) >= 4 and said.count(OPEN) == said.count(CLOSE), said
    assert not plain_words(said), (plain_words(said), said)


def test_every_command_is_in_the_help_and_in_this_test(capsys):
    with pytest.raises(SystemExit):
        main(["--help"])
    listed = re.findall(r"^    ([a-z]+)\b", capsys.readouterr().out, re.M)
    assert listed == COMMANDS
    assert COMMAND_MODULES == ("rounds", "games", "analysis", "apps", "site")


REFUSALS = [
    # argparse's own refusals, in its words from the catalog
    ["nope"], ["cards", "extra"], ["cards", "--json=1"], ["scenarios", "--bogus"],
    ["play"], ["play", "--players"], ["resolve", "--json", "--markdown", LESSON],
    ["replay"], ["explain"], ["explain", LESSON, "--markdown", "--html"], ["variants"],
    ["whatif", LESSON], ["serve", "--max-k", "3"], ["site"],
    # the commands' own
    ["resolve"], ["check", "/nonexistent-folder-i24"],
    ["play", "--players", "9"], ["simulate", "--games", "1", "--players", "3", "--workers", "0"],
    ["graph", LESSON, "-o", "x.txt"], ["graph", LESSON, "-o", "x"], ["graph", LESSON, "--step", "9999"],
    ["graph", LESSON, "--viewer", "Nobody"],
    ["serve", "--cull-idle", "0"], ["serve", "--pool-size", "99"], ["serve", "--port", "70000"],
    ["serve", "--cull-open-idle", "5"], ["serve", "--max-kernels", "0"],
    ["serve", "--max-kernels-per-client", "0"], ["serve", "--connect-wait", "1"],
    ["share"], ["share", "--decode", "x", LESSON], ["share", LESSON, "--text", "--url", "http://x"],
    ["share", LESSON, "--url", "ftp://x"],
    ["notebook", LESSON, "-o", "x.txt"], ["notebook", LESSON, "-o", "/nonexistent-i24/x.ipynb"],
]


@pytest.mark.parametrize("argv", REFUSALS, ids=lambda a: " ".join(a).replace(LESSON, "LESSON"))
def test_every_refusal_is_catalog_text(argv, capsys):
    """Each refusal exits 2 with a message from the catalog; the usage lines argparse adds
    hold only the program's names, options and metavars."""
    pytest.importorskip("voila") if argv[0] == "serve" else None
    with using(pseudo()):
        try:
            code = main(argv)
        except SystemExit as exc:
            code = exc.code
    said = capsys.readouterr().err
    assert code == 2, said
    last = said.strip().splitlines()[-1]           # argparse's usage lines come first
    assert last.startswith(OPEN) and last.endswith(CLOSE), said
    typed = {w for a in argv for w in re.findall(r"[A-Za-z]+", a)}
    assert not plain_words(said, typed), (plain_words(said, typed), said)


def test_the_english_refusals_and_help_are_unchanged(capsys):
    """The English words did not change on their way into the catalog (tests and
    docs/cli.md quote them)."""
    assert main(["serve", "--port", "70000"]) == 2
    assert capsys.readouterr().err == "aristofarsa serve: --port must be 0 to 65535, got 70000\n"
    assert main(["graph", LESSON, "-o", "x"]) == 2
    assert capsys.readouterr().err == ("aristofarsa graph: -o x: unknown format (none); "
                                       "allowed: OUT.svg, OUT.dot, OUT.png\n")
    with pytest.raises(SystemExit):
        main(["play"])
    assert capsys.readouterr().err.endswith(
        "aristofarsa play: error: the following arguments are required: --players\n")
    with pytest.raises(SystemExit):
        main(["play", "--help"])
    out = capsys.readouterr().out
    assert out.startswith("usage: aristofarsa play [-h] --players N")
    assert "\noptions:\n  -h, --help            show this help message and exit\n" in out
    assert "bots: random, greedy, search (default random)" in " ".join(out.split())
    import argparse
    assert argparse._("usage: ") == "usage: "        # type: ignore[attr-defined]  # put back


def test_a_failed_site_step_names_the_step_and_quotes_a_short_tail():
    """A build tool that fails with a huge line (Node quoting a minified pyodide.asm.js line)
    is quoted by its last lines, each cut to a width: the message names what failed."""
    script = ("import sys\nfor n in range(30): print('line', n, file=sys.stderr)\n"
              "print('x' * 50000 + ' Error: the end', file=sys.stderr)\nsys.exit(3)")
    with pytest.raises(UsageError) as failed:
        site_cli.run(text("cli-site.step-snapshot"), [sys.executable, "-c", script])
    said = str(failed.value)
    assert said.startswith("making the Python snapshot (node site/snapshot.mjs) failed (")
    assert "exit 3):\n" in said and len(said) < 1000
    lines = said.split(":\n", 1)[1].splitlines()
    assert len(lines) == site_cli.TAIL_LINES and lines[0] == "line 16"
    assert lines[-1].endswith("Error: the end") and "…" in lines[-1]
    assert len(lines[-1]) <= site_cli.TAIL_WIDTH
    with using(pseudo()), pytest.raises(UsageError) as pseudo_failed:
        site_cli.run(text("cli-site.step-snapshot"), [sys.executable, "-c", script])
    assert str(pseudo_failed.value).startswith(OPEN + OPEN)   # the step, inside the message


def _landing(env_globals_from: object = None) -> str:
    import jinja2

    folder = apps_cli.JUPYTER_DATA_DIR / "voila" / "templates" / apps_cli.TEMPLATE
    env = jinja2.Environment(loader=jinja2.FileSystemLoader(folder), autoescape=True)
    env.globals["af_texts"] = apps_cli.landing_texts
    return env.get_template("tree.html").render(
        contents={"content": [{"name": "learn.ipynb"}]}, base_url="/")


def _page_words(page: str) -> list[str]:
    import html

    body = page.split("</style>", 1)[1]
    body = html.unescape(re.sub(r"<[^>]*>", " ", body))
    return [w for w in re.findall(r"[A-Za-z]{2,}", outside_markers(body)) if w != "Aristofarsa"]


def test_the_landing_pages_are_told_by_the_catalog():
    """The served landing page (title, lead, each app's title and what it is for, "not
    installed with this copy", the footer) and the static site's (with its docs link and
    note) say nothing outside the catalog; the page's language is the catalog's."""
    pytest.importorskip("jinja2")
    with using(pseudo()):
        served = _landing()
        static = site_cli.landing_page()
    for page in (served, static):
        assert not _page_words(page), _page_words(page)
        assert page.count(OPEN) >= 13
    assert "<title>⟦" in served and '<html lang="en">' in served
    assert served.count('class="af-app-link"') == 1 and static.count('class="af-app-link"') == 6
    english = _landing()
    assert "<strong>Scenario Lab</strong><span>not installed with this copy</span>" in english


def test_the_page_titles_and_field_names_come_from_the_catalog():
    """Each app page's title and heading, the fields' accessible names and the too-big
    upload's sentence are catalog text that serve gives the templates as resources."""
    with using(pseudo()):
        titles, texts = apps_cli.page_titles(), apps_cli.page_texts()
    assert titles["af_title_lab"].startswith(OPEN) and "⟦Šçéñáŕíó Ĺáƀ⟧" in titles["af_title_lab"]
    assert all(v.startswith(OPEN) and v.endswith(CLOSE) for v in {**titles, **texts}.values())
    assert "{name}" in texts["af_too_big"] and "{limit}" in texts["af_too_big"]
    assert apps_cli.page_titles()["af_title_exiled"] == "The Exiled expansion · Aristofarsa"


def test_the_static_sites_own_words_come_from_the_catalog():
    """The static site's app pages (the bar above each app, the words when Python never
    starts, each page's title) get their words as the Jinja global af_site_texts that
    `aristofarsa site` gives Voici; both templates use it."""
    with using(pseudo()):
        said = site_cli.site_texts()
    assert all(v.startswith(OPEN) and v.endswith(CLOSE) for v in said.values())
    assert {"bar", "all_apps", "docs", "note", "not_started", "reload", "af_title_lab"} <= set(said)
    folder = apps_cli.JUPYTER_DATA_DIR / "voila" / "templates" / "aristofarsa-static"
    for name in ("index.html.j2", "page_problems.html.j2"):
        template = (folder / name).read_text(encoding="utf-8")
        assert "af_site_texts()" in template
        assert "Runs entirely in your browser" not in template and "Python has not started" not in template


def test_the_pytest_plugins_report_counts_in_the_catalog():
    assert text("pytest-plugin.mismatch", path="a.toml", count=1).endswith("(1 field differs):")
    assert text("pytest-plugin.mismatch", path="a.toml", count=2).endswith("(2 fields differ):")


def test_python_dash_m_aristofarsa_is_the_command():
    """`python -m aristofarsa` runs the same command as `python -m aristofarsa.cli`."""
    for module in ("aristofarsa", "aristofarsa.cli"):
        done = subprocess.run([sys.executable, "-m", module, "--version"], capture_output=True,
                              text=True, timeout=120)
        assert (done.returncode, done.stdout) == (0, "aristofarsa 0.1.0\n"), done.stderr
    done = subprocess.run([sys.executable, "-m", "aristofarsa", "share"], capture_output=True,
                          text=True, timeout=120)
    assert done.returncode == 2
    assert done.stderr == "aristofarsa share: give a scenario FILE to share, or --decode CODE\n"
