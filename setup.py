"""Build step: ship the app notebooks (sources in notebooks/) and docs/rulings.md inside the package.

The notebooks live in the top-level ``notebooks/`` folder (the contract's address; they open
in JupyterLab from a clone). A wheel carries a copy in ``aristofarsa/notebooks/`` so that
``aristofarsa serve`` works from any folder after ``pip install``. Everything else about the
build is in pyproject.toml.
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
            shutil.copyfile(notebook, target / notebook.name)
        # the rulings' texts, shown in the apps' ruling panels (controllers/rulings_text.py)
        docs = Path(self.build_lib) / "aristofarsa" / "docs"
        docs.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(HERE / "docs" / "rulings.md", docs / "rulings.md")


setup(cmdclass={"build_py": BuildPyWithNotebooks})
