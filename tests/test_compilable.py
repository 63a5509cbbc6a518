"""The engine core keeps free of what stops a compiler such as mypyc (issue 24): no nested
classes, no class attributes read through ``self``, no ``__new__`` called by hand. The core is
the modules of the folders ``core/`` and ``games/`` (typed strictly by pyproject.toml too)."""
from __future__ import annotations

import ast
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


#: The layers a compiler would build (issue 24: the one-round core and whole games; the
#: scenario formats' zone layout fills a PlayerState through ``object.__new__`` for speed).
COMPILED_LAYERS = ("core", "games")


def core_modules() -> list[Path]:
    return [path for layer in COMPILED_LAYERS
            for path in sorted((ROOT / "aristofarsa" / layer).glob("*.py"))]


def _is_dataclass(cls: ast.ClassDef) -> bool:
    return any("dataclass" in ast.unparse(d) for d in cls.decorator_list)


def _class_attributes(cls: ast.ClassDef) -> set[str]:
    """Names a class body binds to a value that instances would read through the class."""
    names: set[str] = set()
    for stmt in cls.body:
        if isinstance(stmt, ast.Assign):
            names |= {t.id for t in stmt.targets if isinstance(t, ast.Name)}
        elif isinstance(stmt, ast.AnnAssign) and stmt.value is not None and \
                isinstance(stmt.target, ast.Name) and not _is_dataclass(cls):
            names.add(stmt.target.id)
    return names - {"__slots__", "__match_args__"}


def compiler_problems(source: str, where: str) -> list[str]:
    tree = ast.parse(source)
    problems = []
    for node in ast.walk(tree):
        if isinstance(node, (ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            for inner in ast.walk(node):
                if inner is not node and isinstance(inner, ast.ClassDef):
                    problems.append(f"{where}:{inner.lineno}: class {inner.name} nested in {node.name}")
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and \
                node.func.attr == "__new__":
            problems.append(f"{where}:{node.lineno}: {ast.unparse(node.func)}() called by hand")
        if isinstance(node, ast.Assign) and isinstance(node.value, ast.Attribute) and \
                node.value.attr == "__new__":
            problems.append(f"{where}:{node.lineno}: {ast.unparse(node.value)} taken by hand")
        if isinstance(node, ast.ClassDef):
            shared = _class_attributes(node)
            for inner in ast.walk(node):
                if isinstance(inner, ast.Attribute) and isinstance(inner.ctx, ast.Load) and \
                        isinstance(inner.value, ast.Name) and inner.value.id == "self" and \
                        inner.attr in shared:
                    problems.append(f"{where}:{inner.lineno}: class attribute {node.name}.{inner.attr} "
                                    "read through self")
    return problems


def test_the_engine_core_is_compilable() -> None:
    modules = core_modules()
    assert len(modules) >= 20 and all(m.exists() for m in modules)
    problems = [p for m in modules
                for p in compiler_problems(m.read_text(encoding="utf-8"), m.name)]
    assert problems == []


def test_the_checker_finds_each_pattern() -> None:
    planted = '''
class A:
    limit = 3
    class Inner:
        pass
    def f(self):
        return self.limit
def g():
    class Local:
        pass
    return object.__new__(A)
'''
    found = compiler_problems(planted, "x.py")
    assert sorted(re.sub(r"^x.py:\d+: ", "", p) for p in found) == sorted([
        "class Inner nested in A", "class Local nested in g", "object.__new__() called by hand",
        "class attribute A.limit read through self"])
