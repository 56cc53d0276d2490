"""Files: where the bundled components and templates live (``bundled``), files written
whole or not at all (``fileio``), reads kept inside their tree (``confined``), and
problems located in files (``problems``).
"""
