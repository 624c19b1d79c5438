"""``environment.yml`` (conda) in step with ``pyproject.toml`` (pip): the same packages, the same versions.

Every dependency of the package, of its ``app`` extra and of its ``test`` extra is
in ``environment.yml`` with the same version range (from conda-forge, or under
``pip:`` where conda-forge lacks it), and ``environment.yml`` holds nothing else
besides Python itself, pip and the package (``-e .``).
"""

from __future__ import annotations

import tomllib
from pathlib import Path

import yaml
from packaging.requirements import Requirement
from packaging.specifiers import SpecifierSet
from packaging.utils import canonicalize_name

ROOT = Path(__file__).resolve().parents[2]
EXTRAS = ("app", "test")


def pyproject() -> tuple[dict[str, SpecifierSet], SpecifierSet]:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    lines = list(project["dependencies"]) + [r for extra in EXTRAS for r in project["optional-dependencies"][extra]]
    reqs = [Requirement(line) for line in lines]
    return {canonicalize_name(r.name): r.specifier for r in reqs}, SpecifierSet(project["requires-python"])


def environment() -> tuple[dict[str, SpecifierSet], SpecifierSet, list[str]]:
    env = yaml.safe_load((ROOT / "environment.yml").read_text(encoding="utf-8"))
    found: dict[str, SpecifierSet] = {}
    python = SpecifierSet()
    pip_lines: list[str] = []
    for dep in env["dependencies"]:
        if isinstance(dep, dict):
            pip_lines += dep["pip"]
            continue
        req = Requirement(dep)
        if req.name == "python":
            python = req.specifier
        elif req.name != "pip":
            found[canonicalize_name(req.name)] = req.specifier
    for line in pip_lines:
        if line.strip() != "-e .":
            req = Requirement(line)
            found[canonicalize_name(req.name)] = req.specifier
    return found, python, pip_lines


def test_the_same_packages_with_the_same_versions():
    wanted, _ = pyproject()
    found, _, _ = environment()
    assert sorted(set(wanted) - set(found)) == [], "in pyproject.toml, missing from environment.yml"
    assert sorted(set(found) - set(wanted)) == [], "in environment.yml, not in pyproject.toml"
    differ = {name: (str(wanted[name]), str(found[name])) for name in wanted if wanted[name] != found[name]}
    assert differ == {}, "version ranges that differ (pyproject.toml, environment.yml)"


def test_the_same_python_and_the_package_itself():
    _, requires = pyproject()
    _, python, pip_lines = environment()
    assert python == requires
    assert "-e ." in [line.strip() for line in pip_lines]
