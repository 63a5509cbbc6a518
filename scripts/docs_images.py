"""The pictures in ``docs/images/``, drawn by the package itself: regenerate them after a
change to the graphs' look (the colours are ``aristofarsa/render/theme.py``'s, the layout
``render/dot.py``'s) so the docs show what the tools draw.

    python scripts/docs_images.py            # redraw every image
    python scripts/docs_images.py --check    # name the images that differ; exit 1 if any

Each image is one bundled lesson's effect graph, as ``aristofarsa graph LESSON.toml -o
IMAGE.svg`` draws it (Graphviz through the ``pygraphviz`` wheel of the ``apps`` extra).
``tests/test_docs_images.py`` runs the check.
"""
from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
IMAGES = ROOT / "docs" / "images"
#: Every image in docs/images: file name -> the bundled lesson whose effect graph it is.
GRAPHS = {"b13-bishop-chain.svg": "b13-bishop-chain"}


def draw(lesson: str) -> str:
    """A bundled lesson's effect graph as SVG, exactly as ``aristofarsa graph -o`` writes it."""
    from aristofarsa import SCENARIOS_DIR, scenario
    from aristofarsa.analysis.graph import build_graph
    from aristofarsa.render.dot import graph_dot
    from aristofarsa.render.svg import dot_to_svg

    sc = scenario.load(Path(SCENARIOS_DIR) / f"{lesson}.toml")
    data = {**scenario.run(sc).to_json(), "title": sc.title}
    return dot_to_svg(graph_dot(build_graph(data)))


def stale() -> list[str]:
    """The images whose file differs from what the package draws now (or is missing)."""
    return [name for name, lesson in GRAPHS.items()
            if not (IMAGES / name).is_file() or (IMAGES / name).read_text(encoding="utf-8") != draw(lesson)]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="only name the images that differ")
    args = parser.parse_args(argv)
    if args.check:
        names = stale()
        for name in names:
            print(f"docs/images/{name} is stale: run python scripts/docs_images.py")
        return 1 if names else 0
    IMAGES.mkdir(parents=True, exist_ok=True)
    for name, lesson in GRAPHS.items():
        (IMAGES / name).write_text(draw(lesson), encoding="utf-8")
        print(f"docs/images/{name}")
    return 0


if __name__ == "__main__":
    sys.path.insert(0, str(ROOT))
    sys.exit(main())
