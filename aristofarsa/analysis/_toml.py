"""A small TOML writer for scenario data (used until ``aristofarsa.scenario_toml`` is available)."""
from __future__ import annotations

import json
from typing import Any


def _value(v: Any) -> str:
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, int):
        return str(v)
    if isinstance(v, str):
        if "\n" in v:
            return '"""\n' + v.replace("\\", "\\\\").replace('"""', '\\"\\"\\"') + '"""'
        return json.dumps(v, ensure_ascii=False)
    if isinstance(v, list):
        return "[" + ", ".join(_value(x) for x in v) + "]"
    if isinstance(v, dict):
        return "{ " + ", ".join(f"{_key(k)} = {_value(x)}" for k, x in v.items()) + " }"
    raise TypeError(f"cannot write {type(v).__name__} as TOML")


def _key(k: str) -> str:
    return k if k and all(c.isalnum() or c in "_-" for c in k) else json.dumps(k, ensure_ascii=False)


def dumps(data: dict[str, Any]) -> str:
    lines = []
    tables = {k: v for k, v in data.items() if k in ("player", "expect")}
    for k, v in data.items():
        if k not in tables:
            lines.append(f"{_key(k)} = {_value(v)}")
    for p in tables.get("player") or []:
        lines += ["", "[[player]]"] + [f"{_key(k)} = {_value(v)}" for k, v in p.items()]
    if "expect" in tables:
        lines += ["", "[expect]"] + [f"{_key(k)} = {_value(v)}" for k, v in tables["expect"].items()]
    return "\n".join(lines) + "\n"
