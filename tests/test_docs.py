"""Docs stay current with the code: every ruling, variant, command, option, module, scenario key
and relative link in README.md and docs/ is checked against the package.

Each checker is a function of the text, so the last tests plant a mistake of each kind and
check that it is reported.
"""
import json
import re
from pathlib import Path

from aristofarsa.cli import build_parser
from aristofarsa.core.rulings import RULINGS
from aristofarsa.core.variants import VARIANTS
from aristofarsa.scenario import EXPECT_KEYS, PLAYER_KEYS, TOP_KEYS

ROOT = Path(__file__).resolve().parents[1]
DOCS = ROOT / "docs"
PACKAGE = ROOT / "aristofarsa"
PAGES = [ROOT / "README.md", *sorted(DOCS.glob("*.md"))]
SUBPACKAGES = ("core", "scenario", "games", "analysis", "render", "controllers", "widgets", "cli")


def _commands() -> dict:
    """{command: its argparse parser}."""
    sub = next(a for a in build_parser()._actions if a.dest == "command")
    return dict(sub.choices)


def _options(parser) -> set[str]:
    return {o for a in parser._actions for o in a.option_strings}


def _without_code_blocks(text: str) -> str:
    kept, inside = [], False
    for line in text.splitlines():
        if line.startswith("```"):
            inside = not inside
        elif not inside:
            kept.append(line)
    return "\n".join(kept)


# ------------------------------------------------------------------ checkers (text -> problems)
def unknown_options(text: str, commands: dict) -> list[str]:
    """Every `aristofarsa CMD ... --flag` on one line: CMD exists and knows --flag.

    The command line ends at a backtick, a `#` comment, `&&`, `;` or an unescaped table `|`;
    `aristofarsa CMD:` starts a message, not a command line."""
    problems = []
    for n, line in enumerate(text.splitlines(), 1):
        for m in re.finditer(r"aristofarsa\s+([a-z]+)\b(?!:)((?:[^`\n#&;]|\\\|)*)", line):
            cmd, rest = m.group(1), re.split(r"(?<!\\)\|", m.group(2))[0]
            if cmd not in commands:
                continue
            known = _options(commands[cmd])
            for flag in re.findall(r"(?<![\w-])(--?[a-zA-Z][\w-]*)", rest):
                if flag not in known:
                    problems.append(f"line {n}: `aristofarsa {cmd}` has no option {flag}")
    return problems


def undocumented_options(cli_md: str, commands: dict) -> list[str]:
    """Every command has a `## \\`cmd\\`` section naming each of its options (long or short)."""
    sections = {}
    for part in re.split(r"^## ", cli_md, flags=re.M)[1:]:
        m = re.match(r"`([a-z]+)`", part)
        if m:
            sections[m.group(1)] = part
    problems = []
    for cmd, parser in commands.items():
        if cmd not in sections:
            problems.append(f"no section ## `{cmd}`")
            continue
        for action in parser._actions:
            flags = [o for o in action.option_strings if o not in ("-h", "--help")]
            if flags and not any(re.search(rf"(?<![\w-]){re.escape(o)}(?![\w-])", sections[cmd])
                                 for o in flags):
                problems.append(f"## `{cmd}` does not mention {'/'.join(flags)}")
    return problems


def _slug(heading: str) -> str:
    """GitHub's anchor for a heading: lower case, punctuation dropped, spaces to hyphens."""
    heading = re.sub(r"[`*]", "", heading).strip().lower()
    return re.sub(r"[^\w\- ]", "", heading).replace(" ", "-")


def anchors(text: str) -> set[str]:
    found, seen = set(), {}
    for heading in re.findall(r"^#{1,6} (.+)$", _without_code_blocks(text), flags=re.M):
        slug = _slug(heading)
        seen[slug] = seen.get(slug, -1) + 1
        found.add(slug if seen[slug] == 0 else f"{slug}-{seen[slug]}")
    return found


def broken_links(page: Path, text: str) -> list[str]:
    """Every relative Markdown link of ``page`` names a file that exists and, for a page, a
    heading it has."""
    problems = []
    for target in re.findall(r"\]\(([^)\s]+)\)", _without_code_blocks(text)):
        if re.match(r"[a-z]+:", target):
            continue  # https:, mailto: ...
        path, _, anchor = target.partition("#")
        file = (page.parent / path) if path else page
        if not file.exists():
            problems.append(f"{target}: no such file")
        elif anchor and file.suffix == ".md":
            body = text if file == page else file.read_text(encoding="utf-8")
            if anchor not in anchors(body):
                problems.append(f"{target}: no such heading")
    return problems


def module_map_problems(architecture_md: str, package: Path) -> list[str]:
    """The module table names every module (a flat one in its own row; one of a subpackage in
    its own row or in its package's row), and every `x.py` in its first column exists."""
    table = architecture_md.split("## Module map", 1)[1].split("\n## ", 1)[0]
    rows = [line.split("|")[1:3] for line in table.splitlines() if line.startswith("| `")]
    first = " ".join(cell for cell, _ in rows)
    problems = []
    for path in sorted(package.glob("*.py")):
        if f"`{path.name}`" not in first:
            problems.append(f"the module table has no row for {path.name}")
    for sub in SUBPACKAGES:
        row = " ".join(rest for cell, rest in rows if f"`{sub}/`" in cell)
        for path in sorted((package / sub).glob("*.py")):
            if path.stem == "__init__" and sub != "cli":
                continue
            if f"`{sub}/{path.name}`" not in first and f"`{path.stem}`" not in row:
                problems.append(f"the module table does not name {sub}/{path.name}")
    for name in re.findall(r"`([\w/]+\.py)`", first):
        if not (package / name).exists():
            problems.append(f"the module table names {name}, which does not exist")
    return problems


#: Paths that exist only in an installed wheel (setup.py copies them there).
WHEEL_ONLY = ("aristofarsa/notebooks/", "aristofarsa/docs/")


def missing_paths(text: str, root: Path) -> list[str]:
    """Every `path` the text names in the repository's folders exists (no wildcards)."""
    return [path for path in re.findall(
                r"`((?:aristofarsa|tests|benchmarks|scripts|notebooks|docs|binder)/[\w./-]*)`", text)
            if not path.startswith(WHEEL_ONLY) and not (root / path).exists()]


def unknown_dotted_names(text: str) -> list[str]:
    """Every `aristofarsa.module.Name` the text names imports (a module, then attributes).
    A module whose optional extra is not installed (ipywidgets ...) is not judged."""
    import importlib
    problems = []
    for dotted in sorted(set(re.findall(r"`(aristofarsa(?:\.\w+)+)(?:\(\))?`", text))):
        parts = dotted.split(".")
        for k in range(len(parts), 0, -1):
            try:
                obj = importlib.import_module(".".join(parts[:k]))
                break
            except ModuleNotFoundError as exc:
                if exc.name and not exc.name.startswith("aristofarsa"):
                    obj = None   # an extra that is not installed
                    break
        if obj is None:
            continue
        for name in parts[k:]:
            if not hasattr(obj, name):
                problems.append(f"{dotted}: no {name}")
                break
            obj = getattr(obj, name)
    return problems


def unknown_lessons(text: str, scenarios: Path) -> list[str]:
    """Every lesson the text names in backticks (`b13-bishop-chain`, `m4-...toml`) is bundled."""
    return [name for name in re.findall(r"`((?:example|[a-z]\d{1,2})-[a-z0-9-]+)(?:\.toml)?`", text)
            if not (scenarios / f"{name}.toml").exists()]


def unknown_rulings(text: str) -> list[str]:
    """Every ruling ID the text names (B10, X7 ...) is one the engine knows."""
    return [f"line {n}: {rid}" for n, line in enumerate(text.splitlines(), 1)
            for rid in re.findall(r"(?<![\w/.-])([MDPBSEX]\d{1,2})(?![\w-])", line)
            if rid not in RULINGS]


# ------------------------------------------------------------------ the docs as they are
def test_every_ruling_has_a_section():
    text = (DOCS / "rulings.md").read_text(encoding="utf-8")
    headings = set(re.findall(r"^### ([A-Z]\d+)\b", text, flags=re.M))
    assert sorted(set(RULINGS) - headings) == []
    assert sorted(headings - set(RULINGS)) == [], "a section for a ruling the engine does not know"


def test_every_variant_is_documented():
    text = (DOCS / "rulings.md").read_text(encoding="utf-8")
    for name, (rule, _) in VARIANTS.items():
        assert re.search(rf"^\| `{name}` \| {rule}\b", text, flags=re.M), \
            f"rulings.md's variants table lacks the row of {name} (replaces {rule})"


def test_every_command_is_documented():
    text = (DOCS / "cli.md").read_text(encoding="utf-8")
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    for name in _commands():
        assert f"## `{name}`" in text, name
        assert f"[`{name}`](#{name})" in text, f"cli.md's command table lacks {name}"
        assert f"`aristofarsa {name}" in readme, f"README's command table lacks {name}"


def test_every_option_shown_exists():
    commands = _commands()
    problems = [f"{page.relative_to(ROOT)}: {p}" for page in PAGES
                for p in unknown_options(page.read_text(encoding="utf-8"), commands)]
    assert problems == []


def test_every_option_is_documented():
    assert undocumented_options((DOCS / "cli.md").read_text(encoding="utf-8"), _commands()) == []


def test_every_relative_link_resolves():
    problems = [f"{page.relative_to(ROOT)}: {p}" for page in PAGES
                for p in broken_links(page, page.read_text(encoding="utf-8"))]
    assert problems == []


def test_module_map_names_every_module():
    assert module_map_problems((DOCS / "architecture.md").read_text(encoding="utf-8"), PACKAGE) == []


def test_play_json_fields_are_listed_in_order():
    from aristofarsa.games.game import play_game
    text = (DOCS / "cli.md").read_text(encoding="utf-8")
    listed = re.search(r"Its fields, in this order: (.*?)\n\n", text, flags=re.S).group(1)
    names = re.findall(r"`(\w+)`", listed.split("and with `--trace`")[0])
    assert names == list(play_game(3, seed=1).to_json(trace=False))


def problems_on_every_page(check) -> list[str]:
    """``check(text)``'s problems on every docs page and the README, each named by its page."""
    return [f"{page.relative_to(ROOT)}: {p}" for page in PAGES
            for p in check(page.read_text(encoding="utf-8"))]


def test_every_path_named_exists():
    assert problems_on_every_page(lambda text: missing_paths(text, ROOT)) == []


def test_every_dotted_name_imports():
    assert problems_on_every_page(unknown_dotted_names) == []


def test_every_lesson_named_exists():
    assert problems_on_every_page(lambda text: unknown_lessons(text, PACKAGE / "scenarios")) == []


def test_every_ruling_id_named_exists():
    assert problems_on_every_page(unknown_rulings) == []


def test_scenario_format_example_json_is_what_resolve_prints():
    from aristofarsa import scenario
    text = (DOCS / "scenario-format.md").read_text(encoding="utf-8")
    block = re.search(r"prints \(trace shortened\):\n\n```json\n(.*?)```", text, flags=re.S).group(1)
    head, _, trace = block.partition('"trace": [')
    shown = json.loads(head.rstrip().rstrip(",") + "}")
    first_event = json.loads(trace.split("},", 1)[0] + "}")
    got = scenario.run(scenario.load(PACKAGE / "scenarios" / "example-merchant-crowns-aristocrat.toml"))
    want = got.to_json()
    assert first_event == want.pop("trace")[0]
    assert shown == want and list(shown) == list(want), "scenario-format.md's example JSON drifted"


def sample_runs(markdown: str) -> list[tuple[str, list[str]]]:
    """The `$ aristofarsa ...` (and `$ head -n N FILE`) lines of the code blocks, each with the
    sample output printed below it."""
    runs: list[tuple[str, list[str]]] = []
    inside = False
    for line in markdown.splitlines():
        if line.startswith("```"):
            inside = not inside
            if not inside:
                runs.append(("", []))   # a block ends the sample above it
        elif inside and line.startswith("$ "):
            runs.append((line[2:], []))
        elif inside and runs:
            runs[-1][1].append(line)
    return [run for run in runs if run[0]]


def run_sample(command: str, tmp: Path) -> str:
    """What the command prints today: `aristofarsa` run in this process, `| head -c N` and
    `| tail -N` applied, /tmp/ files in ``tmp``."""
    import contextlib
    import io
    import shlex

    from aristofarsa.cli import main
    command, _, pipe = command.replace("/tmp/", f"{tmp}/").partition(" | ")
    words = shlex.split(command)
    if words[0] == "head":
        out = "".join(Path(words[3]).read_text(encoding="utf-8").splitlines(True)[:int(words[2])])
    else:
        buffer = io.StringIO()
        with contextlib.redirect_stdout(buffer):
            assert main(words[1:]) == 0, command
        out = buffer.getvalue()
    if pipe.startswith("head -c "):
        out = out[:int(pipe.split()[-1])]
    elif pipe.startswith("tail -"):
        out = "".join(out.splitlines(True)[-int(pipe.split("-")[-1]):])
    return out


def stale_sample_lines(markdown: str, tmp: Path) -> list[str]:
    """Every output line of the samples, but for the elided ones (… or ...), is a line the
    command prints today."""
    problems = []
    for command, sample in sample_runs(markdown):
        if " -o " in command:
            continue  # writes a file in the current folder
        printed = set(run_sample(command, tmp).splitlines())
        problems += [f"`{command}` no longer prints: {line}" for line in sample
                     if line.strip() and "…" not in line and "..." not in line and line not in printed]
    return problems


def test_cli_samples_are_what_the_commands_print(tmp_path, monkeypatch):
    monkeypatch.chdir(ROOT)
    assert stale_sample_lines((DOCS / "cli.md").read_text(encoding="utf-8"), tmp_path) == []


def test_every_scenario_key_is_documented():
    text = (DOCS / "scenario-format.md").read_text(encoding="utf-8")
    for key in (*TOP_KEYS, *PLAYER_KEYS, *EXPECT_KEYS):
        assert f"`{key}`" in text or f"{key} =" in text or f"[[{key}]]" in text or f"[{key}]" in text, key


# ------------------------------------------------------------------ the checkers catch mistakes
def test_planted_unknown_option_is_reported():
    commands = _commands()
    assert unknown_options("`aristofarsa play --players 4 --sed 7`", commands) == [
        "line 1: `aristofarsa play` has no option --sed"]
    assert unknown_options("| `aristofarsa explain FILE [--markdown\\|--htm]` | x --nope |",
                           commands) == ["line 1: `aristofarsa explain` has no option --htm"]
    assert unknown_options("aristofarsa simulate --games 1 --players 4  # --anything", commands) == []
    assert unknown_options("`aristofarsa simulate: --seed must be ... -n like n`", commands) == []


def test_planted_undocumented_option_is_reported():
    commands = _commands()
    text = (DOCS / "cli.md").read_text(encoding="utf-8").replace("--pool-size", "--pool")
    assert undocumented_options(text, commands) == ["## `serve` does not mention --pool-size"]


def test_planted_broken_link_is_reported():
    page = DOCS / "apps.md"
    text = "[a](cli.md#serve) [b](cli.md#no-such) [c](nowhere.md) [d](#binder) [e](https://x.org/y.md)"
    assert broken_links(page, text) == ["cli.md#no-such: no such heading", "nowhere.md: no such file",
                                        "#binder: no such heading"]


def test_planted_module_map_mistakes_are_reported():
    text = (DOCS / "architecture.md").read_text(encoding="utf-8")
    dropped = re.sub(r"^\| `games/records\.py` \|.*\n", "", text, flags=re.M)
    assert module_map_problems(dropped, PACKAGE) == ["the module table does not name games/records.py"]
    top = re.sub(r"^\| `pytest_plugin\.py` \|.*\n", "", text, flags=re.M)
    assert module_map_problems(top, PACKAGE) == ["the module table has no row for pytest_plugin.py"]
    extra = text.replace("| `core/files.py` |", "| `ghost.py` | a module that is gone |\n| `core/files.py` |")
    assert module_map_problems(extra, PACKAGE) == ["the module table names ghost.py, which does not exist"]
    row = text.replace("`dispute` (the Dispute and Graphs pages' pieces), ", "")
    assert module_map_problems(row, PACKAGE) == ["the module table does not name render/dispute.py"]


def test_planted_unknown_ruling_is_reported():
    # B0 can never be real: every section numbers its rulings from 1 (B15 was the next free ID)
    assert all(int(rid[1:]) >= 1 for rid in RULINGS)
    assert unknown_rulings("as ruling B10 says (see B0, X7; not b10, M4b or x86-64/E5.svg)") == [
        "line 1: B0"]


def test_planted_stale_sample_is_reported(tmp_path, monkeypatch):
    monkeypatch.chdir(ROOT)
    markdown = ("```\n$ aristofarsa scenarios | head -c 21\nb1-balcony-one-by-one\n```\n\n"
                "```\n$ aristofarsa scenarios | tail -1\n…\nx9-no-such-lesson.toml: gone\n```\n")
    assert stale_sample_lines(markdown, tmp_path) == [
        "`aristofarsa scenarios | tail -1` no longer prints: x9-no-such-lesson.toml: gone"]


def test_planted_missing_path_is_reported():
    text = "`tests/test_docs.py`, `benchmarks/bench_gone.py`, `aristofarsa/notebooks/lab.ipynb`, `x/y.py`"
    assert missing_paths(text, ROOT) == ["benchmarks/bench_gone.py"]


def test_planted_unknown_dotted_name_is_reported():
    text = "`aristofarsa.games.game.play_game`, `aristofarsa.scenario.share.decode()`, " \
           "`aristofarsa.games.game.run_game`, " \
           "`aristofarsa.nowhere.thing`, `aristofarsa.controllers.play.PlayController.result_json`"
    assert unknown_dotted_names(text) == ["aristofarsa.games.game.run_game: no run_game",
                                          "aristofarsa.nowhere.thing: no nowhere"]


def test_planted_unknown_lesson_is_reported():
    text = "`b13-bishop-chain`, `b10-bishop-replay.toml`, `b13-bishop-chian`, `x86-64`, `M4`"
    assert unknown_lessons(text, PACKAGE / "scenarios") == ["b13-bishop-chian", "x86-64"]
