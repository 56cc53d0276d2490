"""Spreadsheets as component files: ``.xlsx`` workbooks and ``.csv`` tables.

A component file's data becomes tables (``tables``): one sheet per list of mappings
(``pieces``, ``colors``…, one row an item, one column a field, nested fields as dotted
column names), the pieces' faces in a ``faces`` sheet (its ``piece`` column names the
piece), and every other key in a ``file`` sheet of ``key``/``value`` rows. ``xlsx`` and
``csvfile`` read and write those tables (``raw``: what both read and refuse), ``source``
loads them into a located ``Source`` whose problems name the sheet and cell. A whole game
folder is turned from one format into another a level up, by ``convert``.
"""
