"""The repository's owner/name is written once (``aristofarsa.REPOSITORY``): the README's
Binder badge is made from it, and no other owner/name hides in the package or the docs."""
from __future__ import annotations

import re
from pathlib import Path

import aristofarsa
from aristofarsa import BINDER_BADGE, BINDER_URL, REPOSITORY
from aristofarsa.analysis.explain import RULINGS_DOC

ROOT = Path(__file__).resolve().parents[1]
#: A link to a GitHub repository or a Binder of one: the owner/name it names.
SLUG = re.compile(r"(?:github\.com/|mybinder\.org/v2/gh/)([\w.-]+/[\w.-]+)")
#: Repositories that are not this project's (cited sources).
OTHERS = {"pallets/jinja"}


def test_readme_badge_is_made_from_the_constant() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert BINDER_BADGE in readme, f"paste this Binder badge into README.md:\n{BINDER_BADGE}"
    assert BINDER_URL.startswith(f"https://mybinder.org/v2/gh/{REPOSITORY}/")
    assert RULINGS_DOC.startswith(f"https://github.com/{REPOSITORY}/")
    assert (ROOT / "docs" / "scoring-checklist.md").is_file()      # linked from the Learn app


def test_no_other_owner_name_is_written_anywhere() -> None:
    files = [ROOT / "README.md", *(ROOT / "docs").rglob("*.md"), *(ROOT / "binder").iterdir(),
             *Path(aristofarsa.__file__).parent.rglob("*.py")]
    found = {}
    for path in files:
        for slug in SLUG.findall(path.read_text(encoding="utf-8", errors="replace")):
            if slug.split("/")[1] != "blob" and slug not in OTHERS and slug != REPOSITORY:
                found[str(path.relative_to(ROOT))] = slug
    assert not found, f"owner/name other than REPOSITORY = {REPOSITORY!r}: {found}"
    package = Path(aristofarsa.__file__).parent
    written = [str(p.relative_to(ROOT)) for p in package.rglob("*.py")
               if REPOSITORY in p.read_text(encoding="utf-8")]
    assert written == ["aristofarsa/__init__.py"], written        # said once, in one place
