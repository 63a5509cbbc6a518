"""No English sentence is written in the package's code: every sentence a user reads is a
template of the message catalog (issue 24, item 4; aristofarsa/core/messages.py).

The check reads every module's source (its syntax tree) and flags each string literal, or
literal part of an f-string, that reads as words of a sentence. A literal that is not a
sentence for a reader of the apps, the CLI or the files' errors says so with a comment on
one of the lines of its statement, ``# i18n: REASON``, where REASON is one of:

- ``code``: JavaScript, CSS, HTML attributes, Graphviz or SQL text, a regular expression;
- ``developer``: a message only a developer of the package meets (a broken invariant, a
  deprecation warning, an internal registry's misuse), never a user's input;
- ``data``: the game's own data in its one definition (a card's texts, a ruling's title);
- ``docs``: text written into the repository's English docs by a generator script.

Docstrings are not checked. The test is parametrised by module, so
``pytest tests/test_sentences_in_catalog.py -k widgets/builder`` checks one file.
"""
from __future__ import annotations

import ast
import io
import re
import tokenize
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[1] / "aristofarsa"
MODULES = sorted(p for p in PACKAGE.rglob("*.py") if "serving" not in p.parts[-3:-1])
REASONS = {"code", "developer", "data", "docs"}
MARK = re.compile(r"#\s*i18n:\s*([\w-]+)")
#: a word of a sentence: letters, perhaps an apostrophe, then perhaps punctuation
WORD = re.compile(r"[A-Za-z][a-z]*(?:'[a-z]+)?[.,:;!?)]*")
#: what in a literal is no word of a sentence: tags, fields, code spans, addresses, entities
NOT_WORDS = re.compile(r"<[^>]*>|\{[^{}]*\}|`[^`]*`|\b\w+://\S+|&\w+;|%\(\w+\)\w|\$\w+")


def sentence_words(literal: str) -> list[str]:
    """The words of a sentence in a literal: whitespace-separated tokens that are plain words
    once markup, fields, code spans and addresses are taken out."""
    rest = NOT_WORDS.sub(" ", literal)
    return [t for t in rest.split() if WORD.fullmatch(t) and len(t.strip(".,:;!?)")) > 1]


def is_sentence(literal: str) -> bool:
    """Two plain words side by side ("the record", "Check my answer") make a sentence."""
    words = sentence_words(literal)
    return len(words) >= 2


def _docstrings(tree: ast.AST) -> set[int]:
    out = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            body = node.body
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
                out.add(id(body[0].value))
    return out


def _marks(source: str) -> dict[int, str]:
    """Line number -> the reason of its ``# i18n:`` comment."""
    marks = {}
    for tok in tokenize.generate_tokens(io.StringIO(source).readline):
        if tok.type == tokenize.COMMENT and (m := MARK.search(tok.string)):
            marks[tok.start[0]] = m.group(1)
    return marks


def _statements(tree: ast.AST) -> dict[int, tuple[int, int]]:
    """For each node: the line span of the innermost statement holding it (a literal's mark
    may sit on any line of its statement; for a def or class, of its header or decorators)."""
    spans: dict[int, tuple[int, int]] = {}

    def visit(node: ast.AST, span: tuple[int, int]) -> None:
        if isinstance(node, ast.stmt):
            end = node.end_lineno or node.lineno
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                first = min([node.lineno, *(d.lineno for d in node.decorator_list)])
                end = node.body[0].lineno - 1 if node.body else end
                span = (first, max(end, node.lineno))
            elif isinstance(body := getattr(node, "body", None), list) and body:
                span = (node.lineno, max(body[0].lineno - 1, node.lineno))   # its header
            else:
                span = (node.lineno, end)
        spans[id(node)] = span
        for child in ast.iter_child_nodes(node):
            visit(child, span)

    visit(tree, (1, 1))
    return spans


def unmarked_sentences(path: Path, root: Path = PACKAGE.parent) -> list[str]:
    """Each literal of the module that reads as a sentence and has no ``# i18n:`` mark."""
    source = path.read_text(encoding="utf-8")
    tree = ast.parse(source)
    docs = _docstrings(tree)
    marks = _marks(source)
    spans = _statements(tree)
    problems = []
    for node in ast.walk(tree):
        if not (isinstance(node, ast.Constant) and isinstance(node.value, str)):
            continue
        if id(node) in docs or not is_sentence(node.value):
            continue
        first, last = spans[id(node)]
        lines = range(min(first, node.lineno), max(last, node.end_lineno or node.lineno) + 1)
        reasons = {marks[n] for n in lines if n in marks}
        if not reasons:
            problems.append(f"{path.relative_to(root)}:{node.lineno}: "
                            f"{node.value[:70]!r}")
    return problems


@pytest.mark.parametrize("path", MODULES, ids=lambda p: str(p.relative_to(PACKAGE)))
def test_no_sentence_is_written_outside_the_catalog(path: Path) -> None:
    problems = unmarked_sentences(path)
    assert not problems, ("English written in the code; put it in the message catalog "
                          "(docs/architecture.md, Sentences) or mark what it is with "
                          "'# i18n: code|developer|data|docs':\n" + "\n".join(problems))


def test_every_mark_names_a_known_reason() -> None:
    wrong = [f"{p.relative_to(PACKAGE.parent)}:{line}: {reason}"
             for p in MODULES for line, reason in _marks(p.read_text(encoding="utf-8")).items()
             if reason not in REASONS]
    assert not wrong, f"allowed reasons: {sorted(REASONS)}\n" + "\n".join(wrong)


def test_the_check_finds_a_sentence_and_respects_its_mark(tmp_path: Path) -> None:
    """The check flags English in code, in an f-string's text too, and passes markup, fields,
    identifiers, docstrings and a marked line."""
    assert is_sentence("Check my answer") and is_sentence("the record diverges at decision ")
    assert not is_sentence("<div class='af-note'>{body}</div>")
    assert not is_sentence("display:none; margin:.2em 0") and not is_sentence("round.play")
    assert not is_sentence("Ana") and not is_sentence("`seed` 3")
    module = tmp_path / "m.py"
    module.write_text('"""A docstring of many words."""\n'
                      'def f(n):\n'
                      '    """Words in a docstring too."""\n'
                      '    a = f"the record diverges at decision {n}"\n'
                      '    b = ("const x = this.value; if (x) go now"  # i18n: code\n'
                      '         )\n'
                      '    return a, b, "round.play"\n', encoding="utf-8")
    assert unmarked_sentences(module, tmp_path) == [
        "m.py:4: 'the record diverges at decision '"]
