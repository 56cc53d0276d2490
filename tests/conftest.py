"""Suite-wide settings."""

from __future__ import annotations

import os

# Tests patch code in memory (limits, checks), which no content digest can see: validate
# remembers nothing unless a test asks for it (tests/core/test_validate_memo.py).
os.environ.setdefault("COPPERPLATE_VALIDATE_MEMO", "off")
