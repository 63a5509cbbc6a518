"""A lesson's light Markdown, read in one pass: visitor text never meets a backtracking regex.

A description comes from anyone's file, share code or line, and is rendered again at every
step of the Lab, so its time must grow with its length only. Each mark is found with
``str.find`` from left to right, as the regular expressions it replaces matched it, leftmost
first and shortest (``**bold**``, ``*italic*`` not inside a word, ```quoted```), and once no
closing mark is left none is looked for again: a 64 kB ``.*a.*a…`` takes milliseconds,
where ``(?<![\\w*])\\*(?!\\s)(.+?)…`` took seconds (issue 30).

:func:`marks` applies the three marks, :func:`plain` drops them (the CLI's text output),
:func:`paragraphs`, :func:`items` and :func:`list_item` split a description as ``markdown_html`` lays it
out. :func:`md_literal`, :func:`md_light` and :func:`md_code` write text into Markdown
(``aristofarsa notebook``, ``resolve --markdown``) so it cannot become HTML, a link or an
image, nor break out of a code span. Pure functions on strings.
"""
from __future__ import annotations

from collections.abc import Callable

__all__ = ["items", "list_item", "marks", "md_code", "md_light", "md_literal", "paragraphs", "plain"]

Wrap = Callable[[str], str]


def _pairs(text: str, mark: str, wrap: Wrap, least: int = 1) -> str:
    """Every ``mark X mark`` (X at least ``least`` characters, the first closing mark that
    allows it) replaced by ``wrap(X)``, leftmost first; linear in ``text``."""
    out: list[str] = []
    k, n = 0, len(mark)
    while True:
        i = text.find(mark, k)
        if i < 0:
            break
        j = text.find(mark, i + n + least)
        if j < 0:
            break                       # no closing mark after i: none after a later one either
        out += [text[k:i], wrap(text[i + n:j])]
        k = j + n
    out.append(text[k:])
    return "".join(out)


def _keep(text: str) -> str:
    return text


def _code(text: str, wrap: Wrap, least: int = 1, outside: Wrap = _keep) -> str:
    """```X``` (X without a backtick, at least ``least`` long) replaced by ``wrap(X)``; the
    text between spans replaced by ``outside(text)``."""
    out: list[str] = []
    k = 0
    i = text.find("`")
    while i >= 0:
        j = text.find("`", i + 1)
        if j < 0:
            break
        if j - i - 1 < least:           # `` : the second backtick may open the next one
            i = j
            continue
        out += [outside(text[k:i]), wrap(text[i + 1:j])]
        k = j + 1
        i = text.find("`", k)
    out.append(outside(text[k:]))
    return "".join(out)


def _word(ch: str) -> bool:
    return ch.isalnum() or ch == "_"


def _italic(text: str, wrap: Wrap) -> str:
    """``*X*`` whose opening star follows no word character or star and precedes no blank,
    and whose closing star follows no blank and precedes no word character or star."""
    n = len(text)
    stars, j = [], text.find("*", 1)
    while j >= 0:                        # only the stars are looked at, with str.find
        stars.append(j)
        j = text.find("*", j + 1)
    closings = [j for j in stars if not text[j - 1].isspace()
                and not (j + 1 < n and (_word(text[j + 1]) or text[j + 1] == "*"))]
    out: list[str] = []
    k, c = 0, 0                          # c: the first closing star not yet passed
    i = text.find("*") if closings else -1
    while i >= 0 and c < len(closings):
        opens = (i + 1 < n and not text[i + 1].isspace()
                 and not (i > 0 and (_word(text[i - 1]) or text[i - 1] == "*")))
        if opens:
            while c < len(closings) and closings[c] < i + 2:
                c += 1
            if c == len(closings):
                break
            j = closings[c]
            out += [text[k:i], wrap(text[i + 1:j])]
            k = j + 1
            i = text.find("*", k)
        else:
            i = text.find("*", i + 1)
    out.append(text[k:])
    return "".join(out)


def marks(text: str) -> str:
    """Escaped text with its marks as HTML: ``**X**`` bold, ``*X*`` and ```X``` italic."""
    text = _pairs(text, "**", lambda x: f"<b>{x}</b>")
    text = _italic(text, lambda x: f"<i>{x}</i>")
    return _code(text, lambda x: f"<i>{x}</i>")


def plain(text: str) -> str:
    """A description as plain text: its marks dropped, the words kept."""
    return _code(_italic(_pairs(text, "**", _keep), _keep), _keep, least=0)


def paragraphs(text: str) -> list[str]:
    """The paragraphs of ``text``: runs of lines between blank lines."""
    out: list[list[str]] = [[]]
    for line in text.strip().split("\n"):
        if line.strip():
            out[-1].append(line)
        elif out[-1]:
            out.append([])
    return ["\n".join(p) for p in out if p] or [""]


def items(paragraph: str) -> list[tuple[int, str, str]]:
    """A paragraph as ``markdown_html`` lays it out: ``(indent, marker, text)`` for each
    numbered or bulleted item (its continuation lines joined to it), and ``(-1, "", text)``
    for prose (prose lines before any marker joined into one). Each line is read once and each
    text joined once at the end: a paragraph of 30 000 short lines takes as long as one line
    of the same length (joining a growing text line by line took time quadratic in them)."""
    out: list[tuple[int, str, list[str]]] = []
    for line in paragraph.splitlines():
        item = list_item(line)
        if item:
            out.append((item[0], item[1], [item[2]]))
        elif out:                                   # a continuation, or more prose
            out[-1][2].append(line.strip())
        else:
            out.append((-1, "", [line.strip()]))
    return [(indent, marker, " ".join(words)) for indent, marker, words in out]


def list_item(line: str) -> tuple[int, str, str] | None:
    """``(indent, marker, text)`` of a numbered (``1.``) or bulleted (``-``, ``*``) item
    line, or None: blanks, the marker, at least one blank, the text."""
    body = line.lstrip()
    indent = len(line) - len(body)
    k = 0
    while k < len(body) and body[k].isdigit():
        k += 1
    if k and body[k:k + 1] == ".":
        marker = body[:k + 1]
    elif not k and body[:1] in ("-", "*"):
        marker = body[:1]
    else:
        return None
    rest = body[len(marker):]
    if not rest[:1].isspace():
        return None
    return indent, marker, rest.strip()


_MD_PUNCTUATION = frozenset("\\`*_{}[]()<>#+-.!|~\"'&:;=/?@$%^,")


def md_literal(text: str) -> str:
    """``text`` shown as it is by any Markdown renderer: every ASCII punctuation mark escaped
    with a backslash (no emphasis, HTML, link, heading or list can start), lines joined."""
    flat = " ".join(text.split("\n"))
    return "".join("\\" + ch if ch in _MD_PUNCTUATION else ch for ch in flat)


def _md_text(text: str) -> str:
    out = text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
    return "".join("\\" + ch if ch in "\\[]()!|_#`" else ch for ch in out)


def md_light(text: str) -> str:
    """A description for Markdown output: its light marks (``**``, ``*``, lists, ```quoted```
    spans, kept as they are inside) kept, but nothing outside a span that makes HTML, a link or
    an image (``<``, ``>`` and ``&`` as entities; brackets, parentheses, ``!``, ``_``, ``#``,
    ``|``, an unpaired backtick and backslashes escaped). Every ``<`` is inside a code span
    that opened before it on its line (a span never crosses a line: a list item or paragraph
    that starts on the next line would end it), so no renderer reads a tag."""
    out = []
    for line in text.splitlines(keepends=True) or [""]:
        body = line.rstrip("\r\n\x0b\x0c\x1c\x1d\x1e\x85\u2028\u2029")
        out.append(_md_line(body) + line[len(body):])
    return "".join(out)


def _md_line(text: str) -> str:
    return _code(text, lambda x: f"`{x}`", outside=_md_text)


def md_code(text: str) -> str:
    """``text`` as an inline code span when it can be one exactly (no backtick, one line),
    else as :func:`md_literal` text: a name never breaks out of its span."""
    if "`" in text or "\n" in text or "\r" in text or not text.strip():
        return md_literal(text)
    return f"`{text}`"
