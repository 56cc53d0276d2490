"""Where the bundled components and templates live, found through ``importlib.resources``.

The repository keeps ``components/`` and ``templates/`` at its top level; a wheel ships
them inside the package as ``generator/_bundled/components`` and ``…/templates``
(``setup.py`` maps them there). So the same lookup works in a source checkout, an
editable install and ``pip install .``.
"""

from __future__ import annotations

from importlib import resources
from pathlib import Path

PACKAGE = Path(str(resources.files("generator")))
SOURCE_TREE = PACKAGE.parent if (PACKAGE.parent / "pyproject.toml").is_file() else None
"""The repository this package runs from, or None when it is installed from a wheel."""


def bundled(name: str) -> Path:
    """The bundled folder ``name`` (``components`` or ``templates``)."""
    packaged = PACKAGE / "_bundled" / name
    if packaged.is_dir() or SOURCE_TREE is None:
        return packaged
    return SOURCE_TREE / name


BUNDLED_COMPONENTS = bundled("components")
BUNDLED_TEMPLATES = bundled("templates")
BUNDLED_ROOTS = {"components": BUNDLED_COMPONENTS, "templates": BUNDLED_TEMPLATES}
