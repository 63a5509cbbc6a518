"""Build step: ship the app notebooks (sources in notebooks/) and docs/rulings.md inside the package.

The notebooks live in the top-level ``notebooks/`` folder (the contract's address; they open
in JupyterLab from a clone). A wheel carries a copy in ``aristofarsa/notebooks/`` so that
``aristofarsa serve`` works from any folder after ``pip install``. Everything else about the
build is in pyproject.toml.

The copies keep their sources' times (``shutil.copy2``), so two builds of the same checkout write
the same wheel; with ``SOURCE_DATE_EPOCH`` set (``aristofarsa site`` sets it) every file's time in
the wheel is that one, whatever the checkout's.
"""
import shutil
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

HERE = Path(__file__).resolve().parent


class BuildPyWithNotebooks(build_py):
    def run(self) -> None:
        super().run()
        target = Path(self.build_lib) / "aristofarsa" / "notebooks"
        target.mkdir(parents=True, exist_ok=True)
        for notebook in sorted((HERE / "notebooks").glob("*.ipynb")):
            shutil.copy2(notebook, target / notebook.name)
        # the rulings' texts, shown in the apps' ruling panels (controllers/rulings_text.py)
        docs = Path(self.build_lib) / "aristofarsa" / "docs"
        docs.mkdir(parents=True, exist_ok=True)
        shutil.copy2(HERE / "docs" / "rulings.md", docs / "rulings.md")


setup(cmdclass={"build_py": BuildPyWithNotebooks})
