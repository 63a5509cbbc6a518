"""`aristofarsa graph`, `explain`, `variants` and `whatif`: one round, looked at from every side."""
from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from ..core.messages import Join, text
from .args import EXIT_OK, UsageError, whole_number, write_json

GRAPH_FORMATS = (".svg", ".dot", ".png")


def add_commands(sub: Any) -> None:
    """Register the analysis commands on the main parser's subparsers."""
    file_help = text("cli-help.resolve.file")
    json_help = text("cli-help.resolve.json")
    p = sub.add_parser("graph", help=text("cli-help.graph.help"),
                       description=text("cli-help.graph.description"))
    p.add_argument("file", help=file_help)
    p.add_argument("-o", "--output", metavar="OUT", help=text("cli-help.graph.output"))
    p.add_argument("--step", type=whole_number("--step"), metavar="K", help=text("cli-help.graph.step"))
    p.add_argument("--json", action="store_true",
                   help=text("cli-help.graph.json", json='{"nodes": [...], "edges": [...]}'))
    p.add_argument("--viewer", metavar="NAME", help=text("cli-help.graph.viewer"))
    p.set_defaults(func=cmd_graph)

    p = sub.add_parser("explain", help=text("cli-help.explain.help"),
                       description=text("cli-help.explain.description"))
    p.add_argument("file", help=file_help)
    fmt = p.add_mutually_exclusive_group()
    fmt.add_argument("--markdown", action="store_true", help=text("cli-help.explain.markdown"))
    fmt.add_argument("--html", action="store_true", help=text("cli-help.explain.html"))
    p.set_defaults(func=cmd_explain)

    p = sub.add_parser("variants", help=text("cli-help.variants.help"),
                       description=text("cli-help.variants.description"))
    p.add_argument("file", help=file_help)
    p.add_argument("--json", action="store_true", help=json_help)
    p.set_defaults(func=cmd_variants)

    p = sub.add_parser("whatif", help=text("cli-help.whatif.help"),
                       description=text("cli-help.whatif.description"))
    p.add_argument("file", help=file_help)
    p.add_argument("--player", required=True, metavar="NAME", help=text("cli-help.whatif.player"))
    p.add_argument("--garden", action="store_true", help=text("cli-help.whatif.garden"))
    p.add_argument("--json", action="store_true", help=json_help)
    p.set_defaults(func=cmd_whatif)


def _load(path: str) -> tuple[Any, str]:
    from .. import scenario
    try:
        sc = scenario.load(path)
    except scenario.ScenarioError as exc:
        raise UsageError(str(exc)) from None
    return sc, Path(path).read_text(encoding="utf-8")


def _run(sc: Any) -> dict[str, Any]:
    from .. import scenario
    try:
        result = scenario.run(sc)
    except scenario.ScenarioError as exc:
        raise UsageError(str(exc)) from None
    return {**result.to_json(), "title": sc.title}


def cmd_graph(args: argparse.Namespace) -> int:
    from ..analysis.graph import GraphError, build_graph
    from ..render.dot import graph_dot
    out = Path(args.output) if args.output else None
    if out is not None and out.suffix.lower() not in GRAPH_FORMATS:
        raise UsageError(text("cli-analysis.unknown-format", output=args.output,
                              suffix=out.suffix or text("cli-analysis.no-format"),
                              allowed=Join("OUT" + s for s in GRAPH_FORMATS)))
    sc, _ = _load(args.file)
    data = _run(sc)
    if args.step is not None and not 0 <= args.step <= len(data["trace"]):
        raise UsageError(text("cli-analysis.step", length=len(data["trace"]), step=args.step))
    try:
        g = build_graph(data, step=args.step, viewer=_player(sc, args.viewer))
    except GraphError as exc:
        raise UsageError(str(exc)) from None
    dot = graph_dot(g)
    if out is not None:
        _write_graph(out, dot)
    if args.json:
        write_json(g.to_json())
    elif out is None:
        sys.stdout.write(dot)
    return EXIT_OK


def _player(sc: Any, name: str | None) -> str | None:
    if name is None:
        return None
    for p in sc.players:
        if p.name.lower() == name.strip().lower():
            return str(p.name)
    raise UsageError(text("cli-analysis.viewer", name=repr(name),
                          players=Join(p.name for p in sc.players)))


def _write_graph(out: Path, dot: str) -> None:
    suffix = out.suffix.lower()
    try:
        if suffix == ".dot":
            out.write_text(dot, encoding="utf-8")
            return
        from ..render.svg import RenderError, dot_to_png, dot_to_svg
        try:
            if suffix == ".svg":
                out.write_text(dot_to_svg(dot), encoding="utf-8")
            else:
                out.write_bytes(dot_to_png(dot))
        except RenderError as exc:
            raise UsageError(str(exc)) from None
    except OSError as exc:
        raise UsageError(text("cli-analysis.cannot-write", output=out,
                              error=exc.strerror or exc)) from None


def cmd_explain(args: argparse.Namespace) -> int:
    from ..analysis.explain import explain
    from ..render.explain import explanation_html, explanation_markdown, explanation_text
    sc, _ = _load(args.file)
    x = explain(_run(sc))
    if args.markdown:
        sys.stdout.write(explanation_markdown(x))
    elif args.html:
        sys.stdout.write(explanation_html(x) + "\n")
    else:
        sys.stdout.write(explanation_text(x))
    return EXIT_OK


def cmd_variants(args: argparse.Namespace) -> int:
    from .. import scenario
    from ..analysis.compare import compare_variants
    from ..render.analysis import variants_text
    sc, _ = _load(args.file)
    try:
        table = compare_variants(sc)
    except scenario.ScenarioError as exc:
        raise UsageError(str(exc)) from None
    if args.json:
        write_json(table.to_json())
    else:
        sys.stdout.write(variants_text(table))
    return EXIT_OK


def cmd_whatif(args: argparse.Namespace) -> int:
    from ..analysis.whatif import WhatIfError, what_if
    from ..render.analysis import whatif_text
    sc, source = _load(args.file)
    _run(sc)   # the round as written must be valid first
    try:
        w = what_if(source, sc, args.player, garden=args.garden)
    except WhatIfError as exc:
        raise UsageError(str(exc)) from None
    if args.json:
        write_json(w.to_json())
    else:
        sys.stdout.write(whatif_text(w))
    return EXIT_OK
