"""Sentences as messages: one catalog of whole-sentence templates with named fields.

Every sentence the engine writes (the trace's ``text``) is a template of the catalog
``data/messages-en.toml``, looked up by a stable message ID (``"round.play"``) and filled
from named fields (``{actor}``, ``{card}``, ``{position}`` …), so a translator translates
whole sentences: the possessive (``{actor}'s {card}``), the word order and the plurals are
in the template, never glued from pieces in the code.

- A **plain** message is one template: ``play = "{actor} plays {card} into the Garden …"``.
- A message **with forms** is a table naming the field that counts (``count``) and one
  template per plural category of the catalog's language (``one``, ``other``; another
  language has its own categories: :data:`PLURAL_RULES`).
- A field may hold another message (:class:`Msg`), rendered in the same catalog, or a list
  (:class:`Join`) whose separator is itself a catalog entry (``list.comma`` is ``", "``).
- A case the code distinguishes (a card copied by an Elder, an operation that sets rather
  than adds) is a template of its own, not a fragment added to another.

The catalog is read once, when a sentence is first rendered (an untraced run never reads
it). :func:`using` swaps it for a block (tests, a pseudo-translation: :func:`pseudo`).
"""
from __future__ import annotations

import functools
import string
import tomllib
import weakref
from collections.abc import Callable, Iterable, Iterator, Mapping
from contextlib import contextmanager
from pathlib import Path
from typing import Any, Generic, TypeVar

#: The shipped catalog: English, the only language for now. Its messages live in
#: ``messages-en.toml`` and in part files ``messages-en-<part>.toml`` beside it (one per
#: area of the code: apps, analysis …), read together as one catalog; an ID defined in two
#: files is an error.
CATALOG_FILE = Path(__file__).resolve().parents[1] / "data" / "messages-en.toml"


def catalog_files() -> list[Path]:
    """The shipped catalog's files: the main one, then its parts in name order."""
    return [CATALOG_FILE, *sorted(CATALOG_FILE.parent.glob(CATALOG_FILE.stem + "-*.toml"))]


def _english_plural(n: int) -> str:
    return "one" if n == 1 else "other"


#: A language's plural categories (CLDR's names): the form of a counted message to use for n.
PLURAL_RULES: dict[str, Callable[[int], str]] = {"en": _english_plural}
_FORMATTER = string.Formatter()
T = TypeVar("T")


class CatalogError(ValueError):
    """A catalog that cannot be used: the message names the entry and what is wrong."""


class Msg:
    """A message not yet rendered: its ID and its fields. Formatting it (``str()``, or as a
    field of another message) renders it in the current catalog."""

    __slots__ = ("id", "fields")

    def __init__(self, id: str, fields: Mapping[str, Any] | None = None) -> None:
        self.id = id
        self.fields = fields

    def __format__(self, spec: str) -> str:
        return catalog().render(self.id, self.fields)

    def __str__(self) -> str:
        return catalog().render(self.id, self.fields)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Msg) and (self.id, self.fields) == (other.id, other.fields)

    def __hash__(self) -> int:
        return hash(self.id)

    def __repr__(self) -> str:
        return f"Msg({self.id!r}, {self.fields!r})"


class Join:
    """A list as one field: its items (names, numbers or :class:`Msg`) joined by the catalog
    entry ``sep`` (``last`` between the last two, if given: "A, B and C"); with no items, the
    catalog entry ``empty`` (if given)."""

    __slots__ = ("items", "sep", "empty", "last")

    def __init__(self, items: Iterable[Any], sep: str = "list.comma", empty: str | None = None,
                 last: str | None = None) -> None:
        self.items = tuple(items)
        self.sep = sep
        self.empty = empty
        self.last = last

    def __format__(self, spec: str) -> str:
        c = catalog()
        items = self.items
        if not items and self.empty is not None:
            return c.render(self.empty)
        words = [format(x, "") for x in items]
        if self.last is not None and len(words) > 1:
            return c.render(self.sep).join(words[:-1]) + c.render(self.last) + words[-1]
        return c.render(self.sep).join(words)

    def __str__(self) -> str:
        return format(self, "")

    def __repr__(self) -> str:
        return f"Join({self.items!r}, {self.sep!r}, {self.empty!r})"


class Forms:
    """A message with one template per plural category, chosen by the field ``count``."""

    __slots__ = ("count", "cases")

    def __init__(self, count: str, cases: Mapping[str, str]) -> None:
        self.count = count
        self.cases = dict(cases)


Template = str | Forms


class Catalog:
    """Message ID -> template, in one language."""

    def __init__(self, templates: Mapping[str, Template], language: str = "en") -> None:
        if language not in PLURAL_RULES:
            raise CatalogError(f"language {language!r} has no plural rule (known: "  # i18n: developer
                               f"{', '.join(sorted(PLURAL_RULES))})")
        self.language = language
        self.templates = dict(templates)
        self._plain = {k: v for k, v in self.templates.items() if isinstance(v, str)}
        self._plural = PLURAL_RULES[language]
        self._views: dict[str, Catalog] = {}

    def render(self, id: str, fields: Mapping[str, Any] | None = None) -> str:
        """The sentence of message ``id`` with ``fields`` filled in."""
        t = self._plain.get(id)
        if t is None:
            forms = self.templates.get(id)
            if not isinstance(forms, Forms):
                raise CatalogError(f"no message {id!r} in the catalog")  # i18n: developer
            if fields is None or forms.count not in fields:
                raise CatalogError(  # i18n: developer (a catalog's or a caller's mistake)
                    f"message {id!r} counts {forms.count!r}, which was not given")
            t = forms.cases[self._plural(fields[forms.count])]
        try:
            return t.format_map(fields) if fields else t.format_map({})
        except KeyError as missing:
            raise CatalogError(f"message {id!r} needs the field {missing}, not given "  # i18n: developer
                               f"(given: {', '.join(sorted(fields or ())) or 'none'})") from None

    def view(self, name: str) -> Catalog:
        """The catalog as the view ``name`` says its messages: a message with a template of
        its own under ``name.`` (``plain.scenario-error.missing-garden``: the Dispute
        resolver's table, which shows no file syntax) is said with that one, any other as
        written. The view's own templates are the catalog's (a translation translates them
        too); code never edits a rendered sentence to suit a view."""
        seen = self._views.get(name)
        if seen is None:
            prefix = name + "."
            own = {k[len(prefix):]: t for k, t in self.templates.items() if k.startswith(prefix)}
            seen = self._views[name] = Catalog({**self.templates, **own}, self.language)
        return seen

    def ids(self) -> list[str]:
        return list(self.templates)

    def map(self, change: Callable[[str], str]) -> Catalog:
        """The same catalog with every template (each form of a counted one) changed."""
        out: dict[str, Template] = {}
        for k, v in self.templates.items():
            out[k] = (change(v) if isinstance(v, str)
                      else Forms(v.count, {c: change(t) for c, t in v.cases.items()}))
        return Catalog(out, self.language)

    def __iter__(self) -> Iterator[str]:
        return iter(self.templates)

    def __len__(self) -> int:
        return len(self.templates)

    @classmethod
    def from_toml(cls, text: str, where: str = "catalog") -> Catalog:
        """A catalog from TOML: ``[language] code = "en"`` and groups of messages, nested
        by the dots of their IDs; a table with a ``count`` key is a message with forms."""
        data = tomllib.loads(text)
        meta = data.pop("language", {})
        language = meta.get("code", "en") if isinstance(meta, dict) else "en"
        templates: dict[str, Template] = {}

        def walk(prefix: str, table: Mapping[str, Any]) -> None:
            for key, value in table.items():
                mid = f"{prefix}{key}"
                if isinstance(value, str):
                    templates[mid] = value
                elif isinstance(value, dict) and "count" in value:
                    cases = {c: t for c, t in value.items() if c != "count"}
                    if not all(isinstance(t, str) for t in cases.values()) or "other" not in cases:
                        raise CatalogError(f"{where}: message {mid!r}: a counted message needs "
                                           "text forms, 'other' among them")  # i18n: developer
                    templates[mid] = Forms(value["count"], cases)
                elif isinstance(value, dict):
                    walk(mid + ".", value)
                else:
                    raise CatalogError(f"{where}: {mid!r} must be a text or a table")  # i18n: developer
        walk("", data)
        for mid, t in templates.items():
            for form in ([t] if isinstance(t, str) else t.cases.values()):
                for name in fields_of(form):
                    if not name.isidentifier():
                        raise CatalogError(f"{where}: message {mid!r}: field {{{name}}} must be "
                                           "a name such as {actor}")  # i18n: developer
        return cls(templates, language)

    @classmethod
    def from_files(cls, paths: Iterable[Path]) -> Catalog:
        """One catalog from several TOML files of the same language; an ID may be defined
        in only one of them."""
        templates: dict[str, Template] = {}
        where: dict[str, str] = {}
        language = "en"
        for path in paths:
            part = cls.from_toml(path.read_text(encoding="utf-8"), path.name)
            language = part.language
            for mid, t in part.templates.items():
                if mid in templates:
                    raise CatalogError(f"{path.name}: message {mid!r} is already defined in "
                                       f"{where[mid]}; an ID lives in one file")  # i18n: developer
                templates[mid], where[mid] = t, path.name
        return cls(templates, language)


def fields_of(template: str) -> list[str]:
    """The named fields of a template, in order (``{n:+d}`` names ``n``)."""
    return [name for _, name, _, _ in _FORMATTER.parse(template) if name is not None]


_catalog: Catalog | None = None


def catalog() -> Catalog:
    """The catalog in use (the shipped English one, read on first use)."""
    global _catalog
    if _catalog is None:
        _catalog = Catalog.from_files(catalog_files())
    return _catalog


def set_catalog(new: Catalog | None) -> Catalog | None:
    """Use ``new`` from now on (None: the shipped one again); returns the one replaced."""
    global _catalog
    old, _catalog = _catalog, new
    return old


@contextmanager
def using(new: Catalog) -> Iterator[Catalog]:
    """Render with ``new`` inside the block. Sentences already rendered keep their words."""
    old = set_catalog(new)
    try:
        yield new
    finally:
        set_catalog(old)


class PerCatalog(Generic[T]):
    """A function's results cached per catalog in use (see :func:`per_catalog`)."""

    def __init__(self, fn: Callable[..., T]) -> None:
        self.fn = fn
        self.results: weakref.WeakKeyDictionary[Catalog, dict[Any, T]] = weakref.WeakKeyDictionary()
        functools.update_wrapper(self, fn)

    def __call__(self, *args: Any) -> T:
        mine = self.results.setdefault(catalog(), {})
        if args not in mine:
            mine[args] = self.fn(*args)
        return mine[args]

    def cache_clear(self) -> None:
        self.results.clear()


def per_catalog(fn: Callable[..., T]) -> PerCatalog[T]:
    """Cache ``fn``'s results (what it renders: a page of sentences) per catalog in use, as
    ``functools.cache`` does per arguments: after :func:`using` or :func:`set_catalog` it
    renders again in the new catalog's words, and a catalog no longer used is forgotten with
    its results. The cached function keeps ``cache_clear()``."""
    return PerCatalog(fn)


def text(id: str, **fields: Any) -> str:
    """Message ``id`` rendered now in the catalog in use."""
    return catalog().render(id, fields)


#: Pseudo-translation: each ASCII letter of a template's own words becomes a look-alike, so
#: any plain letter left in a pseudo-translated sentence came from a field
_ACCENTS = str.maketrans("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ",
                         "áƀçđéƒĝĥíĵķĺɱñóþʠŕšţúṽŵẋýžÁɃÇĐÉƑĜĤÍĴĶĹṀÑÓÞꝖŔŠŢÚṼŴẊÝŽ")
OPEN, CLOSE = "⟦", "⟧"


def pseudo_template(template: str) -> str:
    """``⟦…⟧`` around the template, its own words accented, its fields untouched."""
    out = []
    for literal, name, spec, conversion in _FORMATTER.parse(template):
        out.append(literal.replace("{", "{{").replace("}", "}}").translate(_ACCENTS))
        if name is not None:
            out.append("{" + name + ("!" + conversion if conversion else "")
                       + (":" + spec if spec else "") + "}")
    return OPEN + "".join(out) + CLOSE


def pseudo(base: Catalog | None = None) -> Catalog:
    """A pseudo-translation of ``base`` (default: the shipped catalog): every sentence built
    from it reads ``⟦Bálçóñý çárd 1 íš révéáléd: Ana's Witch.⟧``, so a test sees at once any
    word written outside the catalog."""
    return (base or catalog()).map(pseudo_template)
