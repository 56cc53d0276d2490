"""Packaging that pyproject.toml cannot say: the top-level components/ and templates/
folders ship inside the wheel as generator/_bundled/… (found by generator/files/bundled.py)."""

from setuptools import find_packages, setup

BUNDLED = {f"generator._bundled.{name}": name for name in ("components", "templates")}

setup(
    packages=find_packages(include=["generator", "generator.*"]) + list(BUNDLED),
    package_dir=BUNDLED,
    package_data={"generator": ["scaffold/**/*"],  # what `copperplate new` copies
                  **{name: ["**/*.yaml", "**/*.j2"] for name in BUNDLED}},
)
